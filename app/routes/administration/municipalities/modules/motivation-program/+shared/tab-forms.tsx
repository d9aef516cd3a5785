/**
 * The edit page's sub-tab forms (spec 000 §2: Parameters, MotivationProgramType, UseOrderedDisposeCount). Each is a
 * plain POST with the programme's version; the intervals' 'Přidat interval' / 'Odebrat' are Conform list intents that
 * go through the action (decision 0005), so the editor works the same without JavaScript.
 */
import { getInputProps, type SubmissionResult } from "@conform-to/react";
import { EntityForm } from "~/components/entity-form";
import { CheckboxField, EnumSelectField, InputField, TextareaField } from "~/components/field";
import { FormActions } from "~/components/form-actions";
import { AddRowButton, RemoveRowButton } from "~/components/list-row-buttons";
import { SectionCard } from "~/components/section-card";
import { Input } from "~/components/ui/input";
import { useTranslation } from "~/i18n/use-translation";
import { useMessage } from "~/lib/messages";
import { useSchemaForm } from "~/lib/use-schema-form";
import {
  DISCOUNT_DISTRIBUTIONS,
  MOTIVATION_UNITS,
  type MotivationProgrammeType,
  type ProgrammeTab,
} from "#contract/motivation-programme";
import { tabFormSchema } from "./forms";

type Props = {
  type: MotivationProgrammeType;
  tab: ProgrammeTab;
  defaultValue: Record<string, unknown>;
  lastResult?: SubmissionResult<string[]> | null;
  cancelTo: string;
  /** Who may not edit sees the values in disabled fields and no save button. */
  canEdit: boolean;
};

export function ProgrammeTabForm(props: Props) {
  const { type, tab } = props;
  if (tab === "MotivationProgramType" && type !== "PayAsDisposed") return <IntervalsForm {...props} />;
  if (tab === "UseOrderedDisposeCount") return <OrderedDisposeForm {...props} />;
  return type === "PayAsDisposed" ? <PayAsDisposedForm {...props} /> : <DistributionForm {...props} />;
}

/** Every tab form's fields (each form has its own part): what Conform reads and writes, all as typed text. */
type TabShape = {
  version: string;
  parameters: {
    unit: string;
    feePerUnit: string;
    minimalUnitPerPeriod: string;
    useYearAsPeriod: string;
    discountDistribution: string;
    whyNot: string;
  };
  orderedDispose: { useBinVolume: string; useOrderedDisposeCount: string; orderedDisposeCount: string };
  intervals: { from: string; to: string; discountPercent: string }[];
};

function useTabForm({ type, tab, defaultValue, lastResult }: Props) {
  return useSchemaForm<TabShape>(tabFormSchema(type, tab), {
    id: `programme-${tab}`,
    lastResult,
    defaultValue,
    shouldValidate: "onBlur",
  });
}

function Actions({ canEdit, cancelTo }: Props) {
  const { t } = useTranslation();
  return canEdit ? <FormActions submitLabel={t("motivationProgramme:action.save")} cancelTo={cancelTo} /> : null;
}

function PayAsDisposedForm(props: Props) {
  const { t } = useTranslation();
  const [form, fields] = useTabForm(props);
  const p = fields.parameters.getFieldset();
  return (
    <EntityForm form={form}>
      <SectionCard title={t("motivationProgramme:tab.Parameters")} contentClassName="grid gap-4 md:grid-cols-2">
        <fieldset disabled={!props.canEdit} className="contents">
          <EnumSelectField
            meta={p.unit}
            label={t("motivationProgramme:field.unit")}
            labels="motivationProgramme:unit"
            values={MOTIVATION_UNITS}
          />
          <InputField
            meta={p.feePerUnit}
            label={t("motivationProgramme:field.feePerUnit")}
            description={t("motivationProgramme:field.feePerUnitHelp")}
            inputMode="decimal"
          />
          <InputField
            meta={p.minimalUnitPerPeriod}
            label={t("motivationProgramme:field.minimalUnitPerPeriod")}
            description={t("motivationProgramme:field.minimalUnitPerPeriodHelp")}
            inputMode="decimal"
          />
          <CheckboxField
            meta={p.useYearAsPeriod}
            label={t("motivationProgramme:field.useYearAsPeriod")}
            className="self-end"
          />
        </fieldset>
      </SectionCard>
      <Actions {...props} />
    </EntityForm>
  );
}

function OrderedDisposeForm(props: Props) {
  const { t } = useTranslation();
  const [form, fields] = useTabForm(props);
  const o = fields.orderedDispose.getFieldset();
  return (
    <EntityForm form={form}>
      <SectionCard title={t("motivationProgramme:tab.UseOrderedDisposeCount")} contentClassName="space-y-4">
        <fieldset disabled={!props.canEdit} className="space-y-4">
          <CheckboxField meta={o.useBinVolume} label={t("motivationProgramme:field.useBinVolume")} />
          <CheckboxField
            meta={o.useOrderedDisposeCount}
            label={t("motivationProgramme:field.useOrderedDisposeCount")}
          />
          <InputField
            meta={o.orderedDisposeCount}
            label={t("motivationProgramme:field.orderedDisposeCount")}
            type="number"
            min={1}
            className="max-w-xs"
          />
        </fieldset>
      </SectionCard>
      <Actions {...props} />
    </EntityForm>
  );
}

function DistributionForm(props: Props) {
  const { t } = useTranslation();
  const [form, fields] = useTabForm(props);
  const p = fields.parameters.getFieldset();
  return (
    <EntityForm form={form}>
      <SectionCard title={t("motivationProgramme:tab.Parameters")} contentClassName="space-y-4">
        <fieldset disabled={!props.canEdit} className="space-y-4">
          <EnumSelectField
            meta={p.discountDistribution}
            label={t("motivationProgramme:field.discountDistribution")}
            labels="motivationProgramme:distribution"
            values={DISCOUNT_DISTRIBUTIONS}
            className="max-w-md"
          />
          {props.type === "SortRatio" && (
            <TextareaField
              meta={p.whyNot}
              label={t("motivationProgramme:field.whyNot")}
              description={t("motivationProgramme:field.whyNotHelp")}
            />
          )}
        </fieldset>
      </SectionCard>
      <Actions {...props} />
    </EntityForm>
  );
}

/** The intervals editor: a row per interval (from exclusive, to inclusive, discount percent), add and remove. */
function IntervalsForm(props: Props) {
  const { t } = useTranslation();
  const shown = useMessage();
  const [form, fields] = useTabForm(props);
  const rows = fields.intervals.getFieldList();
  const bound = t(`motivationProgramme:intervals.bound${props.type}`);
  return (
    <EntityForm form={form} listIntentsThroughAction>
      <SectionCard title={t("motivationProgramme:intervals.title")} contentClassName="space-y-3">
        <p className="text-sm text-slate-600">
          {bound}. {t("motivationProgramme:intervals.help")}
        </p>
        {rows.length === 0 && <p className="text-sm text-slate-700">{t("motivationProgramme:intervals.empty")}</p>}
        {rows.length > 0 && (
          <table className="w-full text-sm">
            <caption className="sr-only">{t("motivationProgramme:intervals.title")}</caption>
            <thead>
              <tr className="text-left text-slate-600">
                <th scope="col" className="pb-1 font-medium">
                  <span className="sr-only">#</span>
                </th>
                <th scope="col" className="pb-1 font-medium">
                  {t("motivationProgramme:intervals.from")}
                </th>
                <th scope="col" className="pb-1 font-medium">
                  {t("motivationProgramme:intervals.to")}
                </th>
                <th scope="col" className="pb-1 font-medium">
                  {t("motivationProgramme:intervals.discountPercent")}
                </th>
                <th scope="col">
                  <span className="sr-only">{t("motivationProgramme:intervals.remove")}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row, index) => {
                const r = row.getFieldset();
                const label = t("motivationProgramme:intervals.row", { n: index + 1 });
                return (
                  <tr key={row.key} className="align-top">
                    <th scope="row" className="py-1 pr-2 text-left font-normal whitespace-nowrap text-slate-600">
                      {label}
                    </th>
                    {(["from", "to", "discountPercent"] as const).map((name) => {
                      const meta = r[name];
                      const error = shown(meta.errors?.[0]);
                      const { key, ...inputProps } = getInputProps(meta, { type: "text" });
                      return (
                        <td key={name} className="py-1 pr-2">
                          <Input
                            key={key}
                            {...inputProps}
                            inputMode="decimal"
                            disabled={!props.canEdit}
                            aria-label={`${label}: ${t(`motivationProgramme:intervals.${name}`)}`}
                            aria-describedby={error ? `${meta.id}-error` : undefined}
                            placeholder={name === "to" ? t("motivationProgramme:intervals.unbounded") : undefined}
                          />
                          {error && (
                            <p id={`${meta.id}-error`} className="mt-1 text-xs font-medium text-red-700">
                              {error}
                            </p>
                          )}
                        </td>
                      );
                    })}
                    <td className="py-1">
                      {props.canEdit && (
                        <RemoveRowButton form={form} name={fields.intervals.name} index={index}>
                          {t("motivationProgramme:intervals.remove")}
                          <span className="sr-only"> {label}</span>
                        </RemoveRowButton>
                      )}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        )}
        {props.canEdit && (
          <AddRowButton
            form={form}
            name={fields.intervals.name}
            // A new interval starts where the last one ends (intervals follow each other without gaps).
            defaultValue={{
              from: rows.length ? (rows.at(-1)!.getFieldset().to.value ?? "") : "0",
              to: "",
              discountPercent: "",
            }}
          >
            {t("motivationProgramme:intervals.add")}
          </AddRowButton>
        )}
      </SectionCard>
      <Actions {...props} />
    </EntityForm>
  );
}
