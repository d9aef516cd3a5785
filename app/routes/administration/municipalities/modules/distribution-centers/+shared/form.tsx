/** The distribution centre form (spec 001 §2 Distribution centres create/edit): name, phone, e-mail. */
import { useTranslation } from "~/i18n/use-translation";
import { useSchemaForm, type RecordFormProps } from "~/lib/use-schema-form";
import { EntityForm } from "~/components/entity-form";
import { SectionCard } from "~/components/section-card";
import { InputField } from "~/components/field";
import { FormActions } from "~/components/form-actions";
import { centreFormSchema, type CentreDetail } from "#contract/distribution-centre";

export type CentreValues = { name: string; phone: string; email: string; version?: string };

export const emptyCentre = (): CentreValues => ({ name: "", phone: "", email: "" });

export const toCentreValues = (c: CentreDetail): CentreValues => ({
  name: c.name,
  phone: c.phone ?? "",
  email: c.email ?? "",
  version: String(c.version),
});

export function CentreForm(props: RecordFormProps<CentreValues>) {
  const { t } = useTranslation();
  const [form, fields] = useSchemaForm<CentreValues>(centreFormSchema, {
    id: "centre-form",
    lastResult: props.lastResult,
    defaultValue: props.defaultValue,
  });
  return (
    <EntityForm form={form}>
      <SectionCard title={t("distributionCenter:section.basic")} contentClassName="grid gap-4 md:grid-cols-2">
        <InputField meta={fields.name} label={t("distributionCenter:field.name")} className="md:col-span-2" />
        <InputField meta={fields.phone} type="tel" label={t("distributionCenter:field.phone")} />
        <InputField meta={fields.email} type="email" label={t("distributionCenter:field.email")} />
      </SectionCard>
      <FormActions submitLabel={props.submitLabel} cancelTo={props.cancelTo} />
    </EntityForm>
  );
}
