import { IcoLookupField } from "~/components/ico-lookup-field";
import { EntityForm } from "~/components/entity-form";
import { useSchemaForm } from "~/lib/use-schema-form";
import { SectionCard } from "~/components/section-card";
import { useTranslation } from "~/i18n/use-translation";
import { type SubmissionResult } from "@conform-to/react";
import { z } from "zod";
import { COUNTRIES, SUBJECT_TYPES } from "#contract/enums";
import { subjectFormSchema, type SubjectDetail, type SubjectOption } from "#contract/subject";
import { CheckboxField, EnumSelects, InputField, TextareaField } from "~/components/field";
import { FormActions } from "~/components/form-actions";
import { PickerField } from "~/components/search-in-form";
import { useSubmitting } from "~/lib/use-submitting";

/** The registry lookup only needs the operator's number and country (spec 001 §5: checked before the lookup). */
export const lookupSchema = z.object({
  operatorIdentificationNumber: z.string({ message: "Zadejte IČO." }).trim().min(1, { message: "Zadejte IČO." }),
  operatorCountry: z.enum(COUNTRIES),
});

/** 'Hledat' of the parent picker checks nothing: it only reloads the options (through the action, decision 0005). */
export const parentSearchSchema = z.object({ parentSearch: z.string().optional() });

export function schemaFor(intent: FormDataEntryValue | null) {
  if (intent === "lookup") return lookupSchema;
  if (intent === "parentSearch") return parentSearchSchema;
  return subjectFormSchema;
}

/** Form values are strings: every field of the form as Conform sends and restores it. */
export type SubjectFormValues = Partial<Record<keyof z.input<typeof subjectFormSchema> | "version", string>>;

const text = (v: string | null | undefined) => v ?? "";

export function toFormValues(s: SubjectDetail): SubjectFormValues {
  return {
    version: String(s.version),
    type: s.type,
    name: s.name,
    shortName: text(s.shortName),
    variableSymbol: text(s.variableSymbol),
    establishmentIdentificationNumber: text(s.establishmentIdentificationNumber),
    householdCode: text(s.householdCode),
    parentId: s.parentId ? String(s.parentId) : "",
    externalChief: s.externalChief ? "on" : "",
    operatorIdentificationNumber: text(s.operatorIdentificationNumber),
    operatorVatNumber: text(s.operatorVatNumber),
    operatorCompanyName: text(s.operatorCompanyName),
    operatorInvoiceAddress: text(s.operatorInvoiceAddress),
    operatorZipCode: text(s.operatorZipCode),
    operatorCity: text(s.operatorCity),
    description: text(s.description),
    cityDistrict: text(s.cityDistrict),
    street: text(s.street),
    conscriptionNumber: text(s.conscriptionNumber),
    streetNumber: text(s.streetNumber),
    provisionalNumber: text(s.provisionalNumber),
    zipCode: text(s.zipCode),
    city: text(s.city),
  };
}

export interface SubjectFormProps {
  lastResult?: SubmissionResult<string[]> | null;
  defaultValue: SubjectFormValues;
  /** Parent choices (GET subject/options, at most 20), the chosen parent always among them. */
  parentOptions: SubjectOption[];
  /** The term the parent options were searched with. */
  parentSearch?: string;
  submitLabel: string;
  cancelTo: string;
}

/**
 * Create and edit of a collection point share this form (spec 001 §2 Collection points, §3 Subject): basic data
 * with the parent picker, the address, and the operator company with the registry lookup.
 */
export function SubjectForm({
  lastResult,
  defaultValue,
  parentOptions,
  parentSearch,
  submitLabel,
  cancelTo,
}: SubjectFormProps) {
  const { t } = useTranslation();
  const [form, fields] = useSchemaForm<SubjectFormValues>((formData) => schemaFor(formData.get("intent")), {
    lastResult,
    defaultValue,
  });
  const posting = useSubmitting();
  const busy = posting !== null && posting !== "lookup" && posting !== "parentSearch";
  const searchId = `${form.id}-parent-search`;

  return (
    <EntityForm form={form}>
      <SectionCard title={t("subject:section.basic")} contentClassName="grid gap-4 md:grid-cols-2">
        <EnumSelects ns="subject" fields={fields} selects={[["type", "type", SUBJECT_TYPES]]} />
        <InputField meta={fields.name} label={t("subject:field.name")} />
        <InputField
          meta={fields.shortName}
          label={t("subject:field.shortName")}
          description={t("subject:field.shortNameHelp")}
        />
        <InputField meta={fields.variableSymbol} label={t("subject:field.variableSymbol")} inputMode="numeric" />
        <InputField meta={fields.householdCode} label={t("subject:field.householdCode")} />
        <InputField
          meta={fields.establishmentIdentificationNumber}
          label={t("subject:field.establishmentIdentificationNumber")}
        />
        <PickerField
          className="space-y-2 md:col-span-2"
          meta={fields.parentId}
          label={t("subject:field.parent")}
          options={parentOptions.map((o) => ({ value: String(o.id), label: optionLabel(o) }))}
          emptyOption={t("subject:field.noParent")}
          searchId={searchId}
          searchName="parentSearch"
          intent="parentSearch"
          search={parentSearch}
          searchLabel={t("subject:field.parentSearch")}
          searchHelp={t("subject:field.parentSearchHelp")}
          buttonLabel={t("subject:action.search")}
        />
        <CheckboxField meta={fields.externalChief} label={t("subject:field.externalChief")} className="md:col-span-2" />
        <TextareaField meta={fields.description} label={t("subject:field.description")} className="md:col-span-2" />
      </SectionCard>

      <SectionCard title={t("subject:section.address")} contentClassName="grid gap-4 md:grid-cols-3">
        <InputField meta={fields.street} label={t("subject:field.street")} />
        <InputField meta={fields.conscriptionNumber} label={t("subject:field.conscriptionNumber")} />
        <InputField meta={fields.streetNumber} label={t("subject:field.streetNumber")} />
        <InputField meta={fields.provisionalNumber} label={t("subject:field.provisionalNumber")} />
        <InputField meta={fields.cityDistrict} label={t("subject:field.cityDistrict")} />
        <InputField meta={fields.zipCode} label={t("subject:field.zipCode")} inputMode="numeric" />
        <InputField meta={fields.city} label={t("subject:field.city")} />
      </SectionCard>

      <SectionCard title={t("subject:section.operator")} contentClassName="grid gap-4 md:grid-cols-2">
        <EnumSelects ns="subject" fields={fields} selects={[["operatorCountry", "country", COUNTRIES]]} />
        <IcoLookupField
          meta={fields.operatorIdentificationNumber}
          label={t("subject:field.operatorIdentificationNumber")}
          description={t("subject:field.icoHelp")}
          buttonLabel={t("subject:action.lookup")}
        />
        <InputField meta={fields.operatorVatNumber} label={t("subject:field.operatorVatNumber")} />
        <InputField meta={fields.operatorCompanyName} label={t("subject:field.operatorCompanyName")} />
        <InputField meta={fields.operatorInvoiceAddress} label={t("subject:field.operatorInvoiceAddress")} />
        <div className="grid gap-4 sm:grid-cols-2">
          <InputField meta={fields.operatorZipCode} label={t("subject:field.operatorZipCode")} inputMode="numeric" />
          <InputField meta={fields.operatorCity} label={t("subject:field.operatorCity")} />
        </div>
      </SectionCard>

      <FormActions submitLabel={submitLabel} cancelTo={cancelTo} busy={busy} />
    </EntityForm>
  );
}

/** 'Bytový dům Smila Osovského 1130 – Smila Osovského 1130/24, Borovina': names repeat, the address tells apart. */
export function optionLabel(o: SubjectOption): string {
  return o.address ? `${o.name} – ${o.address}` : o.name;
}
