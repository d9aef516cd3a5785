import { EntityForm } from "~/components/entity-form";
import { FormRows } from "~/components/list-row-buttons";
import { useSchemaForm } from "~/lib/use-schema-form";
import { useTranslation } from "~/i18n/use-translation";
import { useMessage } from "~/lib/messages";
import { enumOptions } from "~/lib/enum-options";
import { getCollectionProps, getInputProps, getSelectProps, type SubmissionResult } from "@conform-to/react";
import { COUNTRIES } from "#contract/enums";
import {
  ADDRESS_TYPES,
  FEE_PAYER_TYPES,
  GENDERS,
  feePayerFormSchema,
  type DiscountOption,
  type FeePayerDetail,
} from "#contract/fee-payer";
import { CheckboxField, CityAndZipFields, EnumSelectField, Field, InputField, TextareaField } from "~/components/field";
import { FormActions } from "~/components/form-actions";
import { Checkbox } from "~/components/ui/checkbox";
import { Select } from "~/components/ui/select";
import { Section } from "./ui";

type AddressShape = {
  type: string;
  street: string;
  conscriptionNumber: string;
  streetNumber: string;
  city: string;
  zipCode: string;
};

/** What the form holds: text of every field as the browser sends it (schema: contract/fee-payer.ts). */
export type FeePayerFormShape = {
  /** The record's version (decision 20), a hidden field of the edit form. */
  version: string;
  type: string;
  titleBefore: string;
  firstName: string;
  lastName: string;
  titleAfter: string;
  gender: string;
  dateOfBirth: string;
  companyName: string;
  country: string;
  identificationNumber: string;
  vatNumber: string;
  phone: string;
  email: string;
  variableSymbol: string;
  streetAddress: string;
  city: string;
  zipCode: string;
  addresses: AddressShape[];
  discountIds: string[];
  activeFrom: string;
  activeTo: string;
  periodEnd: string;
  registered: string;
  note: string;
  subjectId: string;
  isChief: string;
};

/** The IČO rule's country: the municipality's when the form knows it, else CZ. */
const formCountry = (country: string | null) =>
  country && (COUNTRIES as readonly string[]).includes(country) ? country : "CZ";

/** A new payer: a resident, active from today, in the municipality's country (for a company's IČO rule). */
export function emptyFeePayer(today: string, country: string | null, subjectId?: number): Partial<FeePayerFormShape> {
  return {
    type: "Resident",
    country: formCountry(country),
    activeFrom: today,
    addresses: [],
    discountIds: [],
    subjectId: subjectId ? String(subjectId) : "",
  };
}

const text = (v: string | null | undefined) => v ?? "";

/** The detail as form values; `country` (the municipality's) picks the IČO rule, the detail does not keep one. */
export function toFormValues(p: FeePayerDetail, country: string | null): Partial<FeePayerFormShape> {
  return {
    version: String(p.version),
    type: p.type,
    titleBefore: text(p.titleBefore),
    firstName: text(p.firstName),
    lastName: text(p.lastName),
    titleAfter: text(p.titleAfter),
    gender: text(p.gender),
    dateOfBirth: text(p.dateOfBirth),
    companyName: text(p.companyName),
    country: formCountry(country),
    identificationNumber: text(p.identificationNumber),
    vatNumber: text(p.vatNumber),
    phone: text(p.phone),
    email: text(p.email),
    variableSymbol: text(p.variableSymbol),
    streetAddress: text(p.streetAddress),
    city: text(p.city),
    zipCode: text(p.zipCode),
    addresses: p.addresses.map((a) => ({
      type: a.type,
      street: text(a.street),
      conscriptionNumber: text(a.conscriptionNumber),
      streetNumber: text(a.streetNumber),
      city: text(a.city),
      zipCode: text(a.zipCode),
    })),
    discountIds: p.discounts.map((d) => String(d.id)),
    activeFrom: p.activeFrom,
    activeTo: text(p.activeTo),
    periodEnd: text(p.periodEnd),
    registered: p.registered ? "on" : "",
    note: text(p.note),
  };
}

/**
 * Data attribute of the type select: the group-has-[…] classes below (written out in full for Tailwind's scanner)
 * show the fields of the chosen type from the option's :checked state, with or without JavaScript.
 */
const TYPE_SELECT = "data-fee-payer-type";

interface Props {
  lastResult?: SubmissionResult<string[]> | null;
  defaultValue: Partial<FeePayerFormShape>;
  /** The municipality's discounts (GET fee-payer/discounts): type Other are chosen here, Age apply by themselves. */
  discounts: DiscountOption[];
  /** Create from a subject's detail: the subject is fixed and the 'chief' checkbox is offered. */
  forSubject?: boolean;
  submitLabel: string;
  cancelTo: string;
}

/**
 * Create and edit of a fee payer share this form (spec 001 §2 'Fee payers', §3 Fee payer): type, names or company
 * data, contact, the payment-notice address, several addresses, fixed discounts, activity and registration.
 */
export function FeePayerForm({ lastResult, defaultValue, discounts, forSubject, submitLabel, cancelTo }: Props) {
  const { t } = useTranslation();
  const shown = useMessage();
  const [form, fields] = useSchemaForm<FeePayerFormShape>(feePayerFormSchema, {
    lastResult,
    defaultValue,
  });
  const fixed = discounts.filter((d) => d.type === "Other");
  const byAge = discounts.filter((d) => d.type === "Age");
  const discountInputs = getCollectionProps(fields.discountIds, {
    type: "checkbox",
    options: fixed.map((d) => String(d.id)),
  });
  const { key: typeKey, ...typeProps } = getSelectProps(fields.type);

  return (
    <EntityForm form={form} className="group/payer space-y-4" listIntentsThroughAction>
      {forSubject && <input {...getInputProps(fields.subjectId, { type: "hidden" })} key={fields.subjectId.key} />}

      <Section title={t("feePayer:section.basic")} className="space-y-4">
        <Field meta={fields.type} label={t("feePayer:field.type")} className="max-w-xs">
          <Select
            key={typeKey}
            {...typeProps}
            {...{ [TYPE_SELECT]: "" }}
            options={enumOptions(t, "feePayer:type", FEE_PAYER_TYPES)}
          />
        </Field>
        {/* Resident fields; hidden by CSS alone once 'Firma' is chosen (works without JavaScript too). */}
        <div
          className="grid gap-4 md:grid-cols-4 group-has-[[data-fee-payer-type]_option[value=Company]:checked]/payer:hidden"
          data-testid="resident-fields"
        >
          <InputField meta={fields.titleBefore} label={t("feePayer:field.titleBefore")} />
          <InputField meta={fields.firstName} label={t("feePayer:field.firstName")} autoComplete="off" />
          <InputField meta={fields.lastName} label={t("feePayer:field.lastName")} autoComplete="off" />
          <InputField meta={fields.titleAfter} label={t("feePayer:field.titleAfter")} />
          <EnumSelectField
            meta={fields.gender}
            label={t("feePayer:field.gender")}
            labels="feePayer:gender"
            values={GENDERS}
            emptyOption={t("feePayer:field.genderNone")}
          />
          <InputField meta={fields.dateOfBirth} type="date" label={t("feePayer:field.dateOfBirth")} />
        </div>
        <div
          className="hidden gap-4 md:grid-cols-4 group-has-[[data-fee-payer-type]_option[value=Company]:checked]/payer:grid"
          data-testid="company-fields"
        >
          <InputField meta={fields.companyName} label={t("feePayer:field.companyName")} className="md:col-span-2" />
          <EnumSelectField
            meta={fields.country}
            label={t("feePayer:field.country")}
            labels="feePayer:country"
            values={COUNTRIES}
          />
          <div />
          <InputField
            meta={fields.identificationNumber}
            label={t("feePayer:field.identificationNumber")}
            inputMode="numeric"
          />
          <InputField meta={fields.vatNumber} label={t("feePayer:field.vatNumber")} />
        </div>
      </Section>

      <Section title={t("feePayer:section.contact")} className="grid gap-4 md:grid-cols-3">
        <InputField meta={fields.phone} type="tel" label={t("feePayer:field.phone")} autoComplete="off" />
        <InputField meta={fields.email} type="email" label={t("feePayer:field.email")} autoComplete="off" />
        <InputField meta={fields.variableSymbol} label={t("feePayer:field.variableSymbol")} inputMode="numeric" />
        <InputField
          meta={fields.streetAddress}
          label={t("feePayer:field.streetAddress")}
          description={t("feePayer:field.streetAddressHelp")}
        />
        <CityAndZipFields fields={fields} labels="feePayer:field" />
      </Section>

      <Section title={t("feePayer:section.addresses")} className="space-y-4">
        <FormRows
          form={form}
          field={fields.addresses}
          texts="feePayer:addresses"
          className="md:grid-cols-7"
          removeClassName="md:col-span-7"
          defaultValue={{ type: "Permanent" }}
        >
          {(a) => (
            <>
              <EnumSelectField
                meta={a.type}
                label={t("feePayer:addresses.type")}
                labels="feePayer:addressType"
                values={ADDRESS_TYPES}
              />
              <InputField meta={a.street} label={t("feePayer:addresses.street")} className="md:col-span-2" />
              <InputField meta={a.conscriptionNumber} label={t("feePayer:addresses.conscriptionNumber")} />
              <InputField meta={a.streetNumber} label={t("feePayer:addresses.streetNumber")} />
              <CityAndZipFields fields={a} labels="feePayer:addresses" />
            </>
          )}
        </FormRows>
      </Section>

      <Section title={t("feePayer:section.discounts")} className="space-y-3">
        {fixed.length === 0 ? (
          <p className="text-sm text-slate-600">{t("feePayer:discounts.noneFixed")}</p>
        ) : (
          <fieldset className="space-y-2">
            <legend className="mb-1 text-sm font-medium text-slate-700">{t("feePayer:discounts.fixed")}</legend>
            {discountInputs.map(({ key, ...props }, i) => (
              <div key={key} className="flex items-center gap-2">
                <Checkbox {...props} />
                <label htmlFor={props.id} className="text-sm">
                  {fixed[i]?.name}
                </label>
              </div>
            ))}
            {fields.discountIds.errors?.[0] && (
              <p className="text-xs font-medium text-red-700">{shown(fields.discountIds.errors[0])}</p>
            )}
          </fieldset>
        )}
        <div className="rounded-md bg-sky-50 px-3 py-2 text-sm text-sky-900">
          <p>{t("feePayer:discounts.ageInfo")}</p>
          {byAge.length > 0 && <p className="mt-1 text-xs">{byAge.map((d) => d.name).join(", ")}</p>}
        </div>
      </Section>

      <Section title={t("feePayer:section.activity")} className="grid gap-4 md:grid-cols-3">
        <InputField meta={fields.activeFrom} type="date" label={t("feePayer:field.activeFrom")} />
        <InputField meta={fields.activeTo} type="date" label={t("feePayer:field.activeTo")} />
        <InputField meta={fields.periodEnd} type="date" label={t("feePayer:field.periodEnd")} />
        <CheckboxField meta={fields.registered} label={t("feePayer:field.registered")} />
        {forSubject && (
          <CheckboxField meta={fields.isChief} label={t("feePayer:field.isChief")} className="md:col-span-2" />
        )}
        <TextareaField meta={fields.note} label={t("feePayer:field.note")} className="md:col-span-3" />
      </Section>

      <FormActions submitLabel={submitLabel} cancelTo={cancelTo} />
    </EntityForm>
  );
}
