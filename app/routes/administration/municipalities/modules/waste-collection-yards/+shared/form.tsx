/**
 * The collection yard form (spec 001 §2 Collection yards create/edit, §3 Collection yard): name, address, default
 * protocol type, IČZ, ZÚJ, operator, zone code, the schedule of each weekday with a closed flag, and the closing
 * exceptions (rows added and removed through the action, so it works without JavaScript; decision 0005).
 */
import { useTranslation } from "~/i18n/use-translation";
import { useSchemaForm, type RecordFormProps } from "~/lib/use-schema-form";
import { EntityForm } from "~/components/entity-form";
import { SectionCard } from "~/components/section-card";
import { CheckboxField, CityAndZipFields, EnumSelectField, InputField } from "~/components/field";
import { FormActions } from "~/components/form-actions";
import { AddRowButton, RemoveRowButton } from "~/components/list-row-buttons";
import { REPORT_PRINT_TYPES, yardFormSchema, type YardDetail } from "#contract/yard";

type Day = { weekday: string; openTime: string; closeTime: string; closed: string };
type Exception = { day: string; description: string };
export type YardValues = {
  name: string;
  street: string;
  city: string;
  zipCode: string;
  reportPrintType: string;
  icz: string;
  zuj: string;
  operatorIdentificationNumber: string;
  operatorName: string;
  zoneCode: string;
  schedule: Day[];
  exceptions: Exception[];
  version?: string;
};

const emptyException: Exception = { day: "", description: "" };

export const emptyYard = (): YardValues => ({
  name: "",
  street: "",
  city: "",
  zipCode: "",
  reportPrintType: "basic",
  icz: "",
  zuj: "",
  operatorIdentificationNumber: "",
  operatorName: "",
  zoneCode: "",
  schedule: [1, 2, 3, 4, 5, 6, 7].map((d) => ({
    weekday: String(d),
    openTime: d <= 5 ? "08:00" : d === 6 ? "08:00" : "",
    closeTime: d <= 5 ? "17:00" : d === 6 ? "12:00" : "",
    closed: d === 7 ? "on" : "",
  })),
  exceptions: [],
});

export function toYardValues(y: YardDetail): YardValues {
  return {
    name: y.name,
    street: y.street ?? "",
    city: y.city ?? "",
    zipCode: y.zipCode ?? "",
    reportPrintType: y.reportPrintType,
    icz: y.icz ?? "",
    zuj: y.zuj ?? "",
    operatorIdentificationNumber: y.operatorIdentificationNumber ?? "",
    operatorName: y.operatorName ?? "",
    zoneCode: y.zoneCode ?? "",
    schedule: y.schedule.map((d) => ({
      weekday: String(d.weekday),
      openTime: d.openTime ?? "",
      closeTime: d.closeTime ?? "",
      closed: d.closed ? "on" : "",
    })),
    exceptions: y.exceptions.map((e) => ({ day: e.day, description: e.description ?? "" })),
    version: String(y.version),
  };
}

export function YardForm(props: RecordFormProps<YardValues>) {
  const { t } = useTranslation();
  const [form, fields] = useSchemaForm<YardValues>(yardFormSchema, {
    id: "yard-form",
    lastResult: props.lastResult,
    defaultValue: props.defaultValue,
  });
  const days = fields.schedule.getFieldList();
  const exceptions = fields.exceptions.getFieldList();
  return (
    <EntityForm form={form} listIntentsThroughAction>
      <SectionCard title={t("collectionYard:section.basic")} contentClassName="grid gap-4 md:grid-cols-2">
        <InputField meta={fields.name} label={t("collectionYard:field.name")} className="md:col-span-2" />
        <InputField meta={fields.street} label={t("collectionYard:field.street")} />
        <div className="grid grid-cols-[1fr_8rem] gap-4">
          <CityAndZipFields fields={fields} labels="collectionYard:field" />
        </div>
        <EnumSelectField
          meta={fields.reportPrintType}
          label={t("collectionYard:field.reportPrintType")}
          labels="collectionYard:printType"
          values={REPORT_PRINT_TYPES}
        />
        <InputField meta={fields.zoneCode} label={t("collectionYard:field.zoneCode")} />
        <InputField meta={fields.icz} label={t("collectionYard:field.icz")} />
        <InputField meta={fields.zuj} label={t("collectionYard:field.zuj")} inputMode="numeric" />
        <InputField meta={fields.operatorName} label={t("collectionYard:field.operatorName")} />
        <InputField
          meta={fields.operatorIdentificationNumber}
          label={t("collectionYard:field.operatorIdentificationNumber")}
          inputMode="numeric"
        />
      </SectionCard>
      <SectionCard title={t("collectionYard:section.schedule")} className="space-y-2">
        {days.map((day, index) => {
          const d = day.getFieldset();
          return (
            <fieldset key={day.key ?? index} className="grid items-start gap-3 sm:grid-cols-[8rem_1fr_1fr_auto]">
              <legend className="sr-only">{t(`collectionYard:weekday.${index + 1}`)}</legend>
              <input type="hidden" name={d.weekday.name} value={String(index + 1)} />
              <span className="pt-2 font-medium sm:pt-7">{t(`collectionYard:weekday.${index + 1}`)}</span>
              <InputField meta={d.openTime} type="time" label={t("collectionYard:field.openTime")} />
              <InputField meta={d.closeTime} type="time" label={t("collectionYard:field.closeTime")} />
              <CheckboxField meta={d.closed} label={t("collectionYard:field.closed")} className="sm:pt-7" />
            </fieldset>
          );
        })}
      </SectionCard>
      <SectionCard title={t("collectionYard:section.exceptions")} className="space-y-3">
        <p className="text-sm text-slate-600">{t("collectionYard:form.exceptionsHelp")}</p>
        {exceptions.map((row, index) => {
          const e = row.getFieldset();
          return (
            <fieldset key={row.key ?? index} className="grid items-start gap-3 sm:grid-cols-[12rem_1fr_auto]">
              <legend className="sr-only">{t("collectionYard:exceptions.legend", { n: index + 1 })}</legend>
              <InputField meta={e.day} type="date" label={t("collectionYard:field.exceptionDay")} />
              <InputField meta={e.description} label={t("collectionYard:field.exceptionDescription")} />
              <div className="sm:pt-6">
                <RemoveRowButton form={form} name={fields.exceptions.name} index={index}>
                  {t("collectionYard:exceptions.remove", { n: index + 1 })}
                </RemoveRowButton>
              </div>
            </fieldset>
          );
        })}
        <AddRowButton form={form} name={fields.exceptions.name} defaultValue={emptyException}>
          {t("collectionYard:exceptions.add")}
        </AddRowButton>
      </SectionCard>
      <FormActions submitLabel={props.submitLabel} cancelTo={props.cancelTo} />
    </EntityForm>
  );
}
