import type { z } from "zod";
import { EntityForm } from "~/components/entity-form";
import { useSearchableForm, type RecordFormProps } from "~/lib/use-schema-form";
import { SectionCard } from "~/components/section-card";
import { useTranslation } from "~/i18n/use-translation";
import { deviceCreateSchema, deviceFormSchema, type DeviceDetail } from "#contract/device";
import { InputField, SelectField, TextareaField, ValidityFields } from "~/components/field";
import { FormActions } from "~/components/form-actions";
import {
  MUNICIPALITY_SEARCH,
  MunicipalityPicker,
  municipalitySearchSchema,
  useDeviceTypeOptions,
  type MunicipalityOption,
} from "./ui";

/** Form values are strings: every field as Conform sends and restores it. */
export type DeviceFormValues = Partial<Record<keyof z.input<typeof deviceCreateSchema> | "version", string>>;

export function toFormValues(d: DeviceDetail): DeviceFormValues {
  return {
    name: d.name,
    type: d.type,
    serialNumber: d.serialNumber,
    uuid: d.uuid ?? "",
    simCardNumber: d.simCardNumber ?? "",
    note: d.note ?? "",
    version: String(d.version),
  };
}

type Props = RecordFormProps<DeviceFormValues> & {
  /** Create only: the optional first pairing (later ones are made on the detail). */
  pairing?: { municipalities: MunicipalityOption[]; search?: string };
};

/** Create and edit share this form (spec 001 §2 Devices: name, serial number, uuid, sim, type, note). */
export function DeviceForm({ lastResult, defaultValue, pairing, submitLabel, cancelTo }: Props) {
  const { t } = useTranslation();
  const typeOptions = useDeviceTypeOptions();
  const schema = pairing ? deviceCreateSchema : deviceFormSchema;
  const [form, fields, busy] = useSearchableForm<DeviceFormValues>(
    MUNICIPALITY_SEARCH,
    municipalitySearchSchema,
    schema,
    { id: "device-form", lastResult, defaultValue },
  );

  return (
    <EntityForm form={form}>
      <SectionCard title={t("device:section.basic")} contentClassName="grid gap-4 md:grid-cols-2">
        <InputField meta={fields.name} label={t("device:field.name")} />
        <SelectField
          meta={fields.type}
          label={t("device:field.type")}
          options={typeOptions}
          emptyOption={t("device:field.chooseType")}
        />
        <InputField meta={fields.serialNumber} label={t("device:field.serialNumber")} />
        <InputField meta={fields.uuid} label={t("device:field.uuid")} />
        <InputField meta={fields.simCardNumber} label={t("device:field.simCardNumber")} inputMode="tel" />
        <TextareaField meta={fields.note} label={t("device:field.note")} className="md:col-span-2" />
      </SectionCard>
      {pairing && (
        <SectionCard title={t("device:section.pairing")} contentClassName="grid gap-4 md:grid-cols-2">
          <p className="text-sm text-slate-600 md:col-span-2">{t("device:form.pairingHelp")}</p>
          <div className="md:col-span-2">
            <MunicipalityPicker
              meta={fields.municipalityId}
              options={pairing.municipalities}
              search={pairing.search}
              formId={form.id}
            />
          </div>
          <ValidityFields fields={fields} labels="device:field" />
        </SectionCard>
      )}
      <FormActions submitLabel={submitLabel} cancelTo={cancelTo} busy={busy} />
    </EntityForm>
  );
}
