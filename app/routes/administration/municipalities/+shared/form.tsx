import { EntityForm } from "~/components/entity-form";
import { IcoLookupField } from "~/components/ico-lookup-field";
import { FormRows } from "~/components/list-row-buttons";
import { useSchemaForm, type RecordFormProps } from "~/lib/use-schema-form";
import { SectionCard } from "~/components/section-card";
import { useTranslation } from "~/i18n/use-translation";
import { getInputProps } from "@conform-to/react";
import { z } from "zod";
import {
  CONTACT_TYPES,
  COUNTRIES,
  DUPLICATE_HANDLING_STRATEGIES,
  LABEL_TYPES,
  MUNICIPALITY_KINDS,
  MUNICIPALITY_PERIODS,
  MUNICIPALITY_TYPES,
} from "#contract/enums";
import { municipalityFormSchema, type MunicipalityDetail } from "#contract/municipality";
import {
  CityAndZipFields,
  EnumSelectField,
  EnumSelects,
  InputField,
  SelectField,
  TextareaField,
} from "~/components/field";
import { FormActions } from "~/components/form-actions";
import { idOptions } from "~/lib/list-filters";

/** The registry lookup only needs the number and the country (spec 001 §5: checked before the lookup). */
export const lookupSchema = z.object({
  identificationNumber: z.string({ message: "Zadejte IČO." }).trim().min(1, { message: "Zadejte IČO." }),
  country: z.enum(COUNTRIES),
});

export function schemaFor(intent: FormDataEntryValue | null) {
  return intent === "lookup" ? lookupSchema : municipalityFormSchema;
}

export function toFormValues(m: MunicipalityDetail) {
  return {
    ...m,
    parentId: m.parentId ? String(m.parentId) : "",
    contacts: m.contacts.map((c) => ({ ...c, id: String(c.id), phone: c.phone ?? "", email: c.email ?? "" })),
  };
}

export const EMPTY_MUNICIPALITY = {
  type: "Municipality",
  kind: "Small",
  country: "CZ",
  labelType: "Barcode",
  monitoredPeriod: "Year",
  duplicateHandlingStrategy: "NoAction",
  contacts: [],
};

type Props = RecordFormProps<any> & { parents: { id: number; name: string }[] };

/** Create and edit share this one form (ARCHITECTURE.md): every section of spec 001 §2 Municipalities. */
export function MunicipalityForm({ lastResult, defaultValue, parents, submitLabel, cancelTo }: Props) {
  const { t } = useTranslation();
  const [form, fields] = useSchemaForm<z.input<typeof municipalityFormSchema>>(
    (formData) => schemaFor(formData.get("intent")),
    {
      lastResult,
      defaultValue,
      shouldValidate: "onBlur",
    },
  );

  return (
    <EntityForm form={form} listIntentsThroughAction>
      <SectionCard title={t("municipality:section.basic")} contentClassName="grid gap-4 md:grid-cols-2">
        <InputField meta={fields.name} label={t("municipality:field.name")} />
        <InputField meta={fields.shortName} label={t("municipality:field.shortName")} />
        <EnumSelects
          ns="municipality"
          fields={fields}
          selects={[
            ["type", "type", MUNICIPALITY_TYPES],
            ["kind", "kind", MUNICIPALITY_KINDS],
          ]}
        />
        <SelectField
          meta={fields.parentId}
          label={t("municipality:field.parent")}
          options={idOptions(parents)}
          emptyOption={t("municipality:field.noParent")}
        />
        <InputField meta={fields.district} label={t("municipality:field.district")} />
        <EnumSelects ns="municipality" fields={fields} selects={[["country", "country", COUNTRIES]]} />
      </SectionCard>

      <SectionCard title={t("municipality:section.company")} contentClassName="grid gap-4 md:grid-cols-2">
        <IcoLookupField
          meta={fields.identificationNumber}
          label={t("municipality:field.identificationNumber")}
          description={t("municipality:field.icoHelp")}
          buttonLabel={t("municipality:action.lookup")}
        />
        <InputField meta={fields.vatNumber} label={t("municipality:field.vatNumber")} />
        <InputField meta={fields.companyName} label={t("municipality:field.companyName")} />
        <InputField meta={fields.companyAddress} label={t("municipality:field.companyAddress")} />
        <CityAndZipFields fields={fields} labels="municipality:field" />
      </SectionCard>

      <SectionCard title={t("municipality:section.contacts")} contentClassName="space-y-4">
        <FormRows
          form={form}
          field={fields.contacts}
          texts="municipality:contacts"
          className="md:grid-cols-5"
          removeClassName="flex items-end pb-6"
          defaultValue={{ type: "MunicipalityAdmin" }}
        >
          {(c) => (
            <>
              <input {...getInputProps(c.id, { type: "hidden" })} key={c.id.key} />
              <InputField meta={c.name} label={t("municipality:contacts.name")} />
              <EnumSelectField
                meta={c.type}
                label={t("municipality:contacts.type")}
                labels="municipality:contactType"
                values={CONTACT_TYPES}
              />
              <InputField meta={c.phone} label={t("municipality:contacts.phone")} type="tel" />
              <InputField meta={c.email} label={t("municipality:contacts.email")} type="email" />
            </>
          )}
        </FormRows>
      </SectionCard>

      <SectionCard title={t("municipality:section.settings")} contentClassName="grid gap-4 md:grid-cols-3">
        <EnumSelects
          ns="municipality"
          fields={fields}
          selects={[
            ["labelType", "labelType", LABEL_TYPES],
            ["monitoredPeriod", "period", MUNICIPALITY_PERIODS],
            ["duplicateHandlingStrategy", "duplicate", DUPLICATE_HANDLING_STRATEGIES],
          ]}
        />
        <TextareaField meta={fields.note} label={t("municipality:field.note")} className="md:col-span-3" />
      </SectionCard>

      <FormActions submitLabel={submitLabel} cancelTo={cancelTo} />
    </EntityForm>
  );
}
