import { Form } from "react-router";
import { useSchemaForm } from "~/lib/use-schema-form";
import { useTranslation } from "~/i18n/use-translation";
import { getFormProps } from "@conform-to/react";
import type { z } from "zod";
import type { Route } from "./+types/dispose-frequency";
import { binDisposeFrequencyBody } from "#contract/waste-evidence-header";
import { DISPOSE_FREQUENCY_PERIODS } from "#contract/subject";
import { EnumSelectField, FormErrors, InputField, VersionField } from "~/components/field";
import { FormActions } from "~/components/form-actions";
import { FormPage } from "~/components/form-page";
import { pageTitle } from "~/components/page-title";
import { Card, CardContent } from "~/components/ui/card";
import { wehPath } from "./+shared/ui";
import { editableHeader, saveHeaderForm } from "./+shared/weh.server";

export const handle = pageTitle<Route.ComponentProps["loaderData"]>(
  (t, d) =>
    `${d?.header.barcode ?? t("wasteEvidenceHeader:list.title")} · ${t("wasteEvidenceHeader:frequency.pageTitle")}`,
);

type FrequencyValues = Partial<Record<keyof z.input<typeof binDisposeFrequencyBody>, string>>;

export async function loader(args: Route.LoaderArgs) {
  const { api, ids } = await editableHeader(args);
  return { header: await api.wasteEvidenceHeader.detail(ids) };
}

/** Spec 001 §2 dispose frequency page: PUT …/dispose-frequency, then back to the detail with a flash. */
export async function action(args: Route.ActionArgs) {
  return saveHeaderForm(args, binDisposeFrequencyBody, "frequencySet", (api, ids, value) =>
    api.wasteEvidenceHeader.setDisposeFrequency(ids, value),
  );
}

export default function DisposeFrequency({ loaderData, actionData: answer }: Route.ComponentProps) {
  const { header } = loaderData;
  const { t } = useTranslation();
  const [form, fields] = useSchemaForm<FrequencyValues>(binDisposeFrequencyBody, {
    lastResult: answer?.result,
    defaultValue: {
      period: header.disposePeriod ?? "Year",
      orderedDisposeCount: header.orderedDisposeCount === null ? "" : String(header.orderedDisposeCount),
      version: String(header.version),
    },
  });

  return (
    <FormPage
      className="max-w-xl space-y-4"
      back={{ to: wehPath(header.id), label: header.barcode }}
      title={t("wasteEvidenceHeader:frequency.title")}
    >
      <p className="text-sm text-slate-600">{t("wasteEvidenceHeader:frequency.help")}</p>
      <Form method="post" {...getFormProps(form)} className="space-y-4">
        <FormErrors errors={form.errors} id={form.errorId} />
        <VersionField form={form} />
        <Card>
          <CardContent className="grid gap-4 sm:grid-cols-2">
            <EnumSelectField
              meta={fields.period}
              label={t("wasteEvidenceHeader:frequency.period")}
              labels="wasteEvidenceHeader:frequency"
              values={DISPOSE_FREQUENCY_PERIODS}
            />
            <InputField
              meta={fields.orderedDisposeCount}
              type="number"
              min={0}
              max={400}
              step={1}
              label={t("wasteEvidenceHeader:frequency.count")}
            />
          </CardContent>
        </Card>
        <FormActions submitLabel={t("common:save")} cancelTo={wehPath(header.id)} />
      </Form>
    </FormPage>
  );
}
