/**
 * The distribution report form (spec 001 §2 Distribution centres, §3 Distribution report): the centre, the collection
 * point, the date, a description and the sub rows, each of a type with the fields it needs (a payer; a code with its
 * bin and waste type; the ordered dispose count; a description). A plain POST that works without JavaScript: the
 * searches and adding or removing a row go through the action (decisions 0005, 0011).
 */
import type { SubmissionResult } from "@conform-to/react";
import { z } from "zod";
import { useTranslation } from "~/i18n/use-translation";
import { useSearchableForm } from "~/lib/use-schema-form";
import { EntityForm } from "~/components/entity-form";
import { SectionCard } from "~/components/section-card";
import { EnumSelectField, Field, InputField, SelectField } from "~/components/field";
import { FormActions } from "~/components/form-actions";
import { PickerField, SearchInForm } from "~/components/search-in-form";
import { FormRows } from "~/components/list-row-buttons";
import {
  DISTRIBUTION_RECORD_TYPES,
  distributionReportFormSchema,
  type FormOptions,
} from "#contract/distribution-report";
import { idOptions } from "~/lib/list-filters";

/** 'Hledat' of the collection point or the payers posts the whole form with this intent (decision 0011). */
export const SEARCH = "search";
/** The search checks nothing: the form keeps every value and only the options change. */
export const searchSchema = z.object({ subjectSearch: z.string().optional(), payerSearch: z.string().optional() });

type RecordValues = {
  type: string;
  feePayerId: string;
  code: string;
  binTypeId: string;
  wasteTypeId: string;
  orderedDisposeCount: string;
  description: string;
};
export type ReportValues = {
  centreId: string;
  subjectId: string;
  reportDate: string;
  description: string;
  records: RecordValues[];
};
export const emptyRecord: RecordValues = {
  type: "",
  feePayerId: "",
  code: "",
  binTypeId: "",
  wasteTypeId: "",
  orderedDisposeCount: "",
  description: "",
};

export function DistributionReportForm(props: {
  lastResult?: SubmissionResult<string[]> | null;
  defaultValue: ReportValues;
  options: FormOptions;
  subjectSearch?: string;
  payerSearch?: string;
  cancelTo: string;
}) {
  const { t } = useTranslation();
  const [form, fields, busy] = useSearchableForm<ReportValues>(SEARCH, searchSchema, distributionReportFormSchema, {
    id: "distribution-report-form",
    lastResult: props.lastResult,
    defaultValue: props.defaultValue,
  });
  const choose = t("distributionReport:field.choose");
  const payers = idOptions(props.options.payers);
  const binTypes = idOptions(props.options.binTypes);
  const wasteTypes = idOptions(props.options.wasteTypes);
  return (
    <EntityForm form={form} listIntentsThroughAction>
      <SectionCard title={t("distributionReport:section.report")} contentClassName="grid gap-4 md:grid-cols-2">
        <SelectField
          meta={fields.centreId}
          label={t("distributionReport:field.centre")}
          options={idOptions(props.options.centres)}
          emptyOption={choose}
        />
        <InputField meta={fields.reportDate} type="date" label={t("distributionReport:field.reportDate")} />
        <PickerField
          className="space-y-2 md:col-span-2"
          meta={fields.subjectId}
          label={t("distributionReport:field.subject")}
          options={idOptions(props.options.subjects)}
          emptyOption={choose}
          searchId="subject-search"
          searchName="subjectSearch"
          intent={SEARCH}
          search={props.subjectSearch}
          searchLabel={t("distributionReport:field.subjectSearch")}
          searchHelp={t("distributionReport:field.subjectSearchHelp")}
          buttonLabel={t("distributionReport:action.search")}
        />
        <InputField
          className="md:col-span-2"
          meta={fields.description}
          label={t("distributionReport:field.description")}
        />
      </SectionCard>
      <SectionCard title={t("distributionReport:section.records")} className="space-y-3">
        <p className="text-sm text-slate-600">{t("distributionReport:form.recordsHelp")}</p>
        <Field id="payer-search" label={t("distributionReport:field.payerSearch")}>
          <SearchInForm
            id="payer-search"
            name="payerSearch"
            intent={SEARCH}
            defaultValue={props.payerSearch ?? ""}
            label={t("distributionReport:action.search")}
          />
        </Field>
        <FormRows
          form={form}
          field={fields.records}
          texts="distributionReport:records"
          className="items-start md:grid-cols-4"
          removeClassName="md:pt-6"
          defaultValue={emptyRecord}
          minRows={1}
        >
          {(r) => (
            <>
              <EnumSelectField
                meta={r.type}
                label={t("distributionReport:record.type")}
                labels="distributionReport:recordType"
                values={DISTRIBUTION_RECORD_TYPES}
                emptyOption={choose}
              />
              <SelectField
                meta={r.feePayerId}
                label={t("distributionReport:field.feePayer")}
                options={payers}
                emptyOption={choose}
              />
              <InputField meta={r.code} label={t("distributionReport:field.code")} />
              <InputField
                meta={r.orderedDisposeCount}
                label={t("distributionReport:field.orderedDisposeCount")}
                inputMode="numeric"
              />
              <SelectField
                meta={r.binTypeId}
                label={t("distributionReport:field.binType")}
                options={binTypes}
                emptyOption={choose}
              />
              <SelectField
                meta={r.wasteTypeId}
                label={t("distributionReport:field.wasteType")}
                options={wasteTypes}
                emptyOption={choose}
              />
              <InputField meta={r.description} label={t("distributionReport:field.recordDescription")} />
            </>
          )}
        </FormRows>
      </SectionCard>
      <FormActions submitLabel={t("distributionReport:create.submit")} cancelTo={props.cancelTo} busy={busy} />
    </EntityForm>
  );
}
