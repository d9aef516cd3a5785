/**
 * A yard waste's form (spec 001 §3 Yard waste configuration): the waste from the catalogue, capacity and default
 * weight in kg, code, use of member count, and the fees per period — each with its VAT rate (spec 001 §9) and its
 * weight ranges (from < kg ≤ to, a price per kg without VAT, a note). Periods and ranges are added and removed
 * through the action (decision 0005), so the form works without JavaScript.
 */
import { useTranslation } from "~/i18n/use-translation";
import { useSchemaForm, type RecordFormProps } from "~/lib/use-schema-form";
import { EntityForm } from "~/components/entity-form";
import { SectionCard } from "~/components/section-card";
import { CheckboxField, InputField, SelectField, ValidityFields } from "~/components/field";
import { FormActions } from "~/components/form-actions";
import { AddRowButton, RemoveRowButton } from "~/components/list-row-buttons";
import { VAT_RATES } from "#contract/enums";
import { yardWasteFormSchema, type YardWaste } from "#contract/yard";

type Range = { fromKg: string; toKg: string; value: string; note: string };
type Period = { validFrom: string; validTo: string; vatRate: string; ranges: Range[] };
export type YardWasteValues = {
  wasteTypeId: string;
  capacityKg: string;
  defaultWeightKg: string;
  code: string;
  useMemberCount: string;
  fees: Period[];
  version?: string;
};

const emptyRange: Range = { fromKg: "", toKg: "", value: "", note: "" };
export const emptyPeriod = (validFrom = ""): Period => ({
  validFrom,
  validTo: "",
  vatRate: "21",
  ranges: [{ fromKg: "0", toKg: "", value: "", note: "" }],
});

export const emptyYardWaste = (year: number): YardWasteValues => ({
  wasteTypeId: "",
  capacityKg: "",
  defaultWeightKg: "",
  code: "",
  useMemberCount: "",
  fees: [emptyPeriod(`${year}-01-01`)],
});

/** '12000.000' → '12000', '0.500' → '0.5': a weight as a person types it. */
const kg = (v: string | null) => (v === null ? "" : v.includes(".") ? v.replace(/\.?0+$/, "") : v);

export function toYardWasteValues(w: YardWaste): YardWasteValues {
  return {
    wasteTypeId: String(w.wasteTypeId),
    capacityKg: kg(w.capacityKg),
    defaultWeightKg: kg(w.defaultWeightKg),
    code: w.code ?? "",
    useMemberCount: w.useMemberCount ? "on" : "",
    fees: w.fees.map((p) => ({
      validFrom: p.validFrom,
      validTo: p.validTo ?? "",
      vatRate: String(p.vatRate),
      ranges: p.ranges.map((r) => ({ fromKg: kg(r.fromKg), toKg: kg(r.toKg), value: r.value, note: r.note ?? "" })),
    })),
    version: String(w.version),
  };
}

export function YardWasteForm(
  props: RecordFormProps<YardWasteValues> & { wasteTypes: { id: number; name: string; catalogCode: string | null }[] },
) {
  const { t } = useTranslation();
  const [form, fields] = useSchemaForm<YardWasteValues>(yardWasteFormSchema, {
    id: "yard-waste-form",
    lastResult: props.lastResult,
    defaultValue: props.defaultValue,
  });
  const periods = fields.fees.getFieldList();
  const vatOptions = VAT_RATES.map((r) => ({ value: String(r), label: `${r} %` }));
  const wasteOptions = props.wasteTypes.map((w) => ({
    value: String(w.id),
    label: w.catalogCode ? `${w.catalogCode} ${w.name}` : w.name,
  }));
  return (
    <EntityForm form={form} listIntentsThroughAction>
      <SectionCard title={t("collectionYard:section.waste")} contentClassName="grid gap-4 md:grid-cols-2">
        <SelectField
          meta={fields.wasteTypeId}
          label={t("collectionYard:field.waste")}
          options={wasteOptions}
          emptyOption={t("collectionYard:field.choose")}
          className="md:col-span-2"
        />
        <InputField meta={fields.capacityKg} label={t("collectionYard:field.capacityKg")} inputMode="decimal" />
        <InputField
          meta={fields.defaultWeightKg}
          label={t("collectionYard:field.defaultWeightKg")}
          inputMode="decimal"
        />
        <InputField meta={fields.code} label={t("collectionYard:field.code")} />
        <CheckboxField
          meta={fields.useMemberCount}
          label={t("collectionYard:field.useMemberCount")}
          description={t("collectionYard:form.useMemberCountHelp")}
        />
      </SectionCard>
      <SectionCard title={t("collectionYard:section.fees")} className="space-y-4">
        <p className="text-sm text-slate-600">{t("collectionYard:form.feesHelp")}</p>
        {periods.map((period, p) => {
          const f = period.getFieldset();
          const ranges = f.ranges.getFieldList();
          return (
            <fieldset key={period.key ?? p} className="space-y-3 rounded-md border border-slate-200 p-3">
              <legend className="px-1 text-sm font-medium">{t("collectionYard:fees.legend", { n: p + 1 })}</legend>
              <div className="grid items-start gap-3 md:grid-cols-[1fr_1fr_8rem_auto]">
                <ValidityFields fields={f} labels="collectionYard:field" />
                <SelectField meta={f.vatRate} label={t("collectionYard:field.vatRate")} options={vatOptions} />
                <div className="md:pt-6">
                  <RemoveRowButton form={form} name={fields.fees.name} index={p}>
                    {t("collectionYard:fees.remove", { n: p + 1 })}
                  </RemoveRowButton>
                </div>
              </div>
              {f.ranges.errors?.length ? (
                <p role="alert" className="text-sm text-red-700">
                  {f.ranges.errors.join(" ")}
                </p>
              ) : null}
              {ranges.map((range, r) => {
                const g = range.getFieldset();
                return (
                  <fieldset
                    key={range.key ?? r}
                    className="grid items-start gap-3 border-t border-slate-100 pt-2 md:grid-cols-[1fr_1fr_1fr_2fr_auto]"
                  >
                    <legend className="sr-only">
                      {t("collectionYard:ranges.legend", { n: r + 1, period: p + 1 })}
                    </legend>
                    <InputField meta={g.fromKg} label={t("collectionYard:field.fromKg")} inputMode="decimal" />
                    <InputField meta={g.toKg} label={t("collectionYard:field.toKg")} inputMode="decimal" />
                    <InputField meta={g.value} label={t("collectionYard:field.value")} inputMode="decimal" />
                    <InputField meta={g.note} label={t("collectionYard:field.note")} />
                    <div className="md:pt-6">
                      <RemoveRowButton form={form} name={f.ranges.name} index={r}>
                        {t("collectionYard:ranges.remove", { n: r + 1 })}
                      </RemoveRowButton>
                    </div>
                  </fieldset>
                );
              })}
              <AddRowButton form={form} name={f.ranges.name} defaultValue={emptyRange}>
                {t("collectionYard:ranges.add")}
              </AddRowButton>
            </fieldset>
          );
        })}
        <AddRowButton form={form} name={fields.fees.name} defaultValue={emptyPeriod()}>
          {t("collectionYard:fees.add")}
        </AddRowButton>
      </SectionCard>
      <FormActions submitLabel={props.submitLabel} cancelTo={props.cancelTo} />
    </EntityForm>
  );
}
