/**
 * The edit page's sub-tab forms (spec 000 §2: Parameters, MotivationProgramType, UseOrderedDisposeCount). Each is a
 * plain POST with the programme's version; the intervals' 'Přidat interval' / 'Odebrat' are Conform list intents that
 * go through the action (decision 0005), so the editor works the same without JavaScript.
 */
import type { ReactNode } from "react";
import { getInputProps, type SubmissionResult } from "@conform-to/react";
import { EntityForm } from "~/components/entity-form";
import { CheckboxField, EnumSelects, InputField, TextareaField } from "~/components/field";
import { FormActions } from "~/components/form-actions";
import { AddRowButton, RemoveRowButton } from "~/components/list-row-buttons";
import { SectionCard } from "~/components/section-card";
import { Input } from "~/components/ui/input";
import { useTranslation } from "~/i18n/use-translation";
import { ColumnHeadings } from "~/components/rows-table";
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

type TabFields = ReturnType<typeof useTabForm>[1];
type PartFields = { [P in "parameters" | "orderedDispose"]: ReturnType<TabFields[P]["getFieldset"]> };

/**
 * A tab's form of plain fields: the card named after the tab, the fields (disabled for who may not edit; `children`
 * gets the form's fields) and the save button.
 */
function FieldsTab<Part extends "parameters" | "orderedDispose">({
  props,
  part,
  grid,
  children,
}: {
  props: Props;
  /** The form's part the tab edits. */
  part: Part;
  /** Two columns on wide screens; else one field under another. */
  grid?: boolean;
  children: (fields: PartFields[Part]) => ReactNode;
}) {
  const { t } = useTranslation();
  const [form, fields] = useTabForm(props);
  return (
    <EntityForm form={form}>
      <SectionCard
        title={t(`motivationProgramme:tab.${props.tab}`)}
        contentClassName={grid ? "grid gap-4 md:grid-cols-2" : "space-y-4"}
      >
        <fieldset disabled={!props.canEdit} className={grid ? "contents" : "space-y-4"}>
          {children(fields[part].getFieldset() as PartFields[Part])}
        </fieldset>
      </SectionCard>
      <Actions {...props} />
    </EntityForm>
  );
}

function PayAsDisposedForm(props: Props) {
  const { t } = useTranslation();
  return (
    <FieldsTab props={props} part="parameters" grid>
      {(p) => (
        <>
          <EnumSelects ns="motivationProgramme" fields={p} selects={[["unit", "unit", MOTIVATION_UNITS]]} />
          {(["feePerUnit", "minimalUnitPerPeriod"] as const).map((name) => (
            <InputField
              key={name}
              meta={p[name]}
              label={t(`motivationProgramme:field.${name}`)}
              description={t(`motivationProgramme:field.${name}Help`)}
              inputMode="decimal"
            />
          ))}
          <CheckboxField
            meta={p.useYearAsPeriod}
            label={t("motivationProgramme:field.useYearAsPeriod")}
            className="self-end"
          />
        </>
      )}
    </FieldsTab>
  );
}

function OrderedDisposeForm(props: Props) {
  const { t } = useTranslation();
  return (
    <FieldsTab props={props} part="orderedDispose">
      {(o) => (
        <>
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
        </>
      )}
    </FieldsTab>
  );
}

function DistributionForm(props: Props) {
  const { t } = useTranslation();
  return (
    <FieldsTab props={props} part="parameters">
      {(p) => (
        <>
          <EnumSelects
            ns="motivationProgramme"
            fields={p}
            selects={[["discountDistribution", "distribution", DISCOUNT_DISTRIBUTIONS]]}
            className="max-w-md"
          />
          {props.type === "SortRatio" && (
            <TextareaField
              meta={p.whyNot}
              label={t("motivationProgramme:field.whyNot")}
              description={t("motivationProgramme:field.whyNotHelp")}
            />
          )}
        </>
      )}
    </FieldsTab>
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
                <ColumnHeadings
                  className="pb-1 font-medium"
                  headings={["from", "to", "discountPercent"].map((k) => t(`motivationProgramme:intervals.${k}`))}
                />
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
