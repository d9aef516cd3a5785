/**
 * The yard visit form (spec 001 §2 Yard visits create: fee payer, yard, report date, start and end time, payment
 * type, waste type, actual quantity with unit and processed time; several waste records). A plain POST that works
 * without JavaScript (yard staff on tablets with a poor connection): the payer search and adding or removing a waste
 * row go through the action (decisions 0005, 0011).
 */
import type { SubmissionResult } from "@conform-to/react";
import { useTranslation } from "~/i18n/use-translation";
import { useSearchableForm } from "~/lib/use-schema-form";
import { EntityForm } from "~/components/entity-form";
import { SectionCard } from "~/components/section-card";
import { EnumSelectField, InputField, SelectField } from "~/components/field";
import { FormActions } from "~/components/form-actions";
import { PickerField } from "~/components/search-in-form";
import { FormRows } from "~/components/list-row-buttons";
import { PAYMENT_TYPES } from "#contract/enums";
import {
  QUANTITY_UNITS,
  yardReportFormSchema,
  yardReportUpdateSchema,
  type YardReportDetail,
} from "#contract/yard-report";
import { toPragueLocal } from "#contract/calendar";
import { PAYER_SEARCH, payerSearchSchema, type PayerOption, type WasteOption } from "./ui";
import { idOptions } from "~/lib/list-filters";

type RecordValues = { yardWasteId: string; quantity: string; unit: string; processedAt: string };
export type YardReportValues = {
  feePayerId: string;
  yardId: string;
  reportDate: string;
  startTime: string;
  endTime: string;
  paymentType: string;
  records: RecordValues[];
  /** The edit's version (decision 0020); none on create. */
  version?: string;
};
export const emptyRecord: RecordValues = { yardWasteId: "", quantity: "", unit: "kg", processedAt: "" };

/** A recorded visit as the edit form's values (the weighing time in Prague, as a datetime-local input shows it). */
export function toYardReportValues(r: YardReportDetail): YardReportValues {
  return {
    feePayerId: String(r.feePayerId),
    yardId: String(r.yardId),
    reportDate: r.reportDate,
    startTime: r.startTime ?? "",
    endTime: r.endTime ?? "",
    paymentType: r.paymentType,
    records: r.records.map((w) => ({
      yardWasteId: String(w.yardWasteId),
      quantity: w.quantity.includes(".") ? w.quantity.replace(/\.?0+$/, "") : w.quantity,
      unit: w.unit,
      processedAt: w.processedAt ? toPragueLocal(w.processedAt) : "",
    })),
    version: String(r.version),
  };
}

export function YardReportForm(props: {
  lastResult?: SubmissionResult<string[]> | null;
  defaultValue: YardReportValues;
  yards: { id: number; name: string }[];
  wastes: WasteOption[];
  payers: PayerOption[];
  payerSearch?: string;
  cancelTo: string;
  /** The edit's schema (with the version) and its save button; create by default. */
  schema?: typeof yardReportFormSchema | typeof yardReportUpdateSchema;
  submitLabel?: string;
}) {
  const { t } = useTranslation();
  const [form, fields, busy] = useSearchableForm<YardReportValues>(
    PAYER_SEARCH,
    payerSearchSchema,
    props.schema ?? yardReportFormSchema,
    { id: "yard-report-form", lastResult: props.lastResult, defaultValue: props.defaultValue },
  );
  const yardOptions = idOptions(props.yards);
  const unitOptions = QUANTITY_UNITS.map((u) => ({ value: u, label: u }));
  return (
    <EntityForm form={form} listIntentsThroughAction>
      <SectionCard title={t("yardReport:section.visit")} contentClassName="grid gap-4 md:grid-cols-2">
        <PickerField
          className="space-y-2 md:col-span-2"
          meta={fields.feePayerId}
          label={t("yardReport:field.feePayer")}
          options={idOptions(props.payers)}
          emptyOption={t("yardReport:field.choose")}
          searchId="payer-search"
          searchName="payerSearch"
          intent={PAYER_SEARCH}
          search={props.payerSearch}
          searchLabel={t("yardReport:field.payerSearch")}
          searchHelp={t("yardReport:field.payerSearchHelp")}
          buttonLabel={t("yardReport:action.search")}
        />
        <SelectField
          meta={fields.yardId}
          label={t("yardReport:field.yard")}
          options={yardOptions}
          emptyOption={t("yardReport:field.choose")}
        />
        <EnumSelectField
          meta={fields.paymentType}
          label={t("yardReport:field.paymentType")}
          labels="yardReport:paymentType"
          values={PAYMENT_TYPES}
        />
        <InputField meta={fields.reportDate} type="date" label={t("yardReport:field.reportDate")} />
        <div className="grid grid-cols-2 gap-4">
          <InputField meta={fields.startTime} type="time" label={t("yardReport:field.startTime")} />
          <InputField meta={fields.endTime} type="time" label={t("yardReport:field.endTime")} />
        </div>
      </SectionCard>
      <SectionCard title={t("yardReport:section.wastes")} className="space-y-3">
        <FormRows
          form={form}
          field={fields.records}
          texts="yardReport:records"
          className="items-start md:grid-cols-[2fr_1fr_6rem_1.5fr_auto]"
          removeClassName="md:pt-6"
          defaultValue={emptyRecord}
          minRows={1}
        >
          {(r) => (
            <>
              <SelectField
                meta={r.yardWasteId}
                label={t("yardReport:field.waste")}
                options={props.wastes}
                emptyOption={t("yardReport:field.choose")}
              />
              <InputField meta={r.quantity} label={t("yardReport:field.quantity")} inputMode="decimal" />
              <SelectField meta={r.unit} label={t("yardReport:field.unit")} options={unitOptions} />
              <InputField meta={r.processedAt} type="datetime-local" label={t("yardReport:field.processedAt")} />
            </>
          )}
        </FormRows>
        <p className="text-sm text-slate-600">{t("yardReport:form.feeHelp")}</p>
      </SectionCard>
      <FormActions
        submitLabel={props.submitLabel ?? t("yardReport:create.submit")}
        cancelTo={props.cancelTo}
        busy={busy}
      />
    </EntityForm>
  );
}
