/**
 * The discount forms (spec 001 §2 Discounts): create with 'add another level' (Conform's list intents, sent through
 * the action with and without JavaScript, decision 0005) and edit of one discount. The type is chosen before the
 * form (links ?type=Age|Other on the create page), so each form shows only its type's fields, also without
 * JavaScript; it travels as a hidden field.
 */
import type { SubmissionResult } from "@conform-to/react";
import { getInputProps, type FieldMetadata } from "@conform-to/react";
import { useTranslation } from "~/i18n/use-translation";
import { useSchemaForm } from "~/lib/use-schema-form";
import { useCountry } from "~/components/money";
import { currencyFor } from "~/lib/format/money";
import { EntityForm } from "~/components/entity-form";
import { SectionCard } from "~/components/section-card";
import { EnumSelectField, InputField, TextareaField } from "~/components/field";
import { FormActions } from "~/components/form-actions";
import { AddRowButton, RemoveRowButton } from "~/components/list-row-buttons";
import {
  CITIZEN_GROUPS,
  discountCreateSchema,
  discountFormSchema,
  type DiscountDetail,
  type DiscountType,
} from "#contract/discount";

type Level = { ageFrom: string; ageUntil: string; feeDiscount: string };
export type CreateValues = {
  type: DiscountType;
  citizenGroup: string;
  priceType: string;
  name: string;
  description: string;
  levels: Level[];
};
export type EditValues = Omit<CreateValues, "levels"> & Level & { version: string };

export const emptyDiscount = (type: DiscountType): CreateValues => ({
  type,
  citizenGroup: type === "Age" ? "Child" : "",
  priceType: "",
  name: "",
  description: "",
  levels: [{ ageFrom: "", ageUntil: "", feeDiscount: "" }],
});

export function toEditValues(d: DiscountDetail): EditValues {
  return {
    type: d.type,
    citizenGroup: d.type === "Age" ? (d.group ?? "") : "",
    priceType: d.type === "Other" ? (d.group ?? "") : "",
    name: d.name,
    description: d.description ?? "",
    ageFrom: d.ageFrom === null ? "" : String(d.ageFrom),
    ageUntil: d.ageUntil === null ? "" : String(d.ageUntil),
    feeDiscount: d.feeDiscount,
    version: String(d.version),
  };
}

/** The money field's label with the municipality's currency ('Sleva na poplatku (Kč)'). */
function useDiscountLabel() {
  const { t } = useTranslation();
  const currency = currencyFor(useCountry()).symbol;
  return t("discount:field.feeDiscountIn", { currency });
}

/** Type (fixed), citizen group or price type, name and description: the head both forms share. */
function Head({ type, fields }: { type: DiscountType; fields: Record<string, any> }) {
  const { t } = useTranslation();
  return (
    <SectionCard title={t(`discount:type.${type}`)} contentClassName="grid gap-4 md:grid-cols-2">
      <input {...getInputProps(fields.type, { type: "hidden" })} key={fields.type.key} />
      {type === "Age" ? (
        <EnumSelectField
          meta={fields.citizenGroup}
          label={t("discount:field.citizenGroup")}
          labels="discount:group"
          values={CITIZEN_GROUPS}
          description={t("discount:form.citizenGroupHelp")}
        />
      ) : (
        <InputField
          meta={fields.priceType}
          label={t("discount:field.priceType")}
          description={t("discount:form.priceTypeHelp")}
        />
      )}
      <InputField meta={fields.name} label={t("discount:field.name")} />
      <TextareaField meta={fields.description} label={t("discount:field.description")} className="md:col-span-2" />
    </SectionCard>
  );
}

/** A level's fields (create's rows, edit's one): the ages it covers (age discounts only) and the fee discount. */
function LevelFields({ type, fields }: { type: DiscountType; fields: Record<keyof Level, FieldMetadata<string>> }) {
  const { t } = useTranslation();
  const discountLabel = useDiscountLabel();
  return (
    <>
      {type === "Age" && (
        <>
          <InputField meta={fields.ageFrom} label={t("discount:field.ageFrom")} inputMode="numeric" />
          <InputField
            meta={fields.ageUntil}
            label={t("discount:field.ageUntil")}
            inputMode="numeric"
            description={t("discount:form.ageUntilHelp")}
          />
        </>
      )}
      <InputField meta={fields.feeDiscount} label={discountLabel} inputMode="decimal" />
    </>
  );
}

export function CreateDiscountForm({
  type,
  lastResult,
  cancelTo,
}: {
  type: DiscountType;
  lastResult?: SubmissionResult<string[]> | null;
  cancelTo: string;
}) {
  const { t } = useTranslation();
  const [form, fields] = useSchemaForm<CreateValues>(discountCreateSchema, {
    id: `discount-create-${type}`,
    lastResult,
    defaultValue: emptyDiscount(type),
  });
  const levels = fields.levels.getFieldList();
  return (
    <EntityForm form={form} listIntentsThroughAction>
      <Head type={type} fields={fields} />
      <SectionCard
        title={type === "Age" ? t("discount:section.levels") : t("discount:section.amount")}
        className="space-y-3"
      >
        {type === "Age" && <p className="text-sm text-slate-600">{t("discount:form.levelsHelp")}</p>}
        <FormErrorsOf errors={fields.levels.errors} />
        {levels.map((level, index) => {
          const l = level.getFieldset();
          return (
            <fieldset
              key={level.key ?? index}
              className="grid items-start gap-3 rounded-md border border-slate-200 p-3 md:grid-cols-4"
            >
              {type === "Age" && (
                <legend className="px-1 text-xs text-slate-500">{t("discount:levels.legend", { n: index + 1 })}</legend>
              )}
              <LevelFields type={type} fields={l} />
              {type === "Age" && levels.length > 1 && (
                <div className="md:pt-6">
                  <RemoveRowButton form={form} name={fields.levels.name} index={index}>
                    {t("discount:levels.remove", { n: index + 1 })}
                  </RemoveRowButton>
                </div>
              )}
            </fieldset>
          );
        })}
        {type === "Age" && (
          <AddRowButton
            form={form}
            name={fields.levels.name}
            defaultValue={{ ageFrom: "", ageUntil: "", feeDiscount: "" }}
          >
            {t("discount:levels.add")}
          </AddRowButton>
        )}
      </SectionCard>
      <FormActions submitLabel={t("discount:create.submit")} cancelTo={cancelTo} />
    </EntityForm>
  );
}

/** The list's own error (e.g. no level at all), above its rows. */
function FormErrorsOf({ errors }: { errors?: string[] }) {
  if (!errors?.length) return null;
  return (
    <p role="alert" className="text-sm text-red-700">
      {errors.join(" ")}
    </p>
  );
}

export function EditDiscountForm({
  defaultValue,
  lastResult,
  cancelTo,
}: {
  defaultValue: EditValues;
  lastResult?: SubmissionResult<string[]> | null;
  cancelTo: string;
}) {
  const { t } = useTranslation();
  const [form, fields] = useSchemaForm<EditValues>(discountFormSchema, {
    id: "discount-edit",
    lastResult,
    defaultValue,
  });
  const type = defaultValue.type;
  return (
    <EntityForm form={form}>
      <Head type={type} fields={fields} />
      <SectionCard
        title={type === "Age" ? t("discount:section.level") : t("discount:section.amount")}
        contentClassName="grid gap-4 md:grid-cols-3"
      >
        <LevelFields type={type} fields={fields} />
      </SectionCard>
      <FormActions submitLabel={t("common:save")} cancelTo={cancelTo} />
    </EntityForm>
  );
}
