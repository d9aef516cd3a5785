import { Form, Link, redirect, useActionData, useLoaderData } from "react-router";
import { useTranslation } from "~/i18n/use-translation";
import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import type { z } from "zod";
import type { Route } from "./+types/dispose-frequency";
import { binDisposeFrequencyBody, type WehDetail } from "#contract/waste-evidence-header";
import { DISPOSE_FREQUENCY_PERIODS } from "#contract/subject";
import { requireId } from "~/lib/route-checks";
import { requireMunicipality } from "~/server/guard.server";
import { submitForm } from "~/server/form.server";
import { userT } from "~/server/i18n.server";
import { addFlash, commit } from "~/server/session.server";
import { FormErrors, InputField, SelectField, useScrollToFirstError, VersionField } from "~/components/field";
import { FormActions } from "~/components/form-actions";
import { Card, CardContent } from "~/components/ui/card";
import { WEH_PATH, wehApi, wehPath } from "./shared";

export const meta = ({ data }: Route.MetaArgs) => [{ title: `${data?.header.barcode ?? "Nádoba"} · četnost svozu` }];

type FrequencyValues = Partial<Record<keyof z.input<typeof binDisposeFrequencyBody>, string>>;

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const id = requireId(params.wasteEvidenceHeaderId, request);
  const { api, municipalityId } = await requireMunicipality(request, context, "wasteEvidenceHeader.aEdit");
  const header = await api.get<WehDetail>(wehApi(municipalityId, `/${id}`));
  return { header };
}

/** Spec 001 §2 dispose frequency page: PUT …/dispose-frequency, then back to the detail with a flash. */
export async function action({ request, context, params }: Route.ActionArgs) {
  const id = requireId(params.wasteEvidenceHeaderId, request);
  const { api, municipalityId } = await requireMunicipality(request, context, "wasteEvidenceHeader.aEdit");
  const outcome = await submitForm(await request.formData(), binDisposeFrequencyBody, (value) =>
    api.send("PUT", wehApi(municipalityId, `/${id}/dispose-frequency`), value),
  );
  if (!outcome.ok) return outcome.response;
  const t = await userT(api.session);
  addFlash(api.session, {
    type: "success",
    text: t("wasteEvidenceHeader:flash.frequencySet", "Četnost svozu nastavena."),
  });
  return redirect(wehPath(id), { headers: { "Set-Cookie": await commit(context, api.session) } });
}

export default function DisposeFrequency() {
  const { header } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>() as { result: SubmissionResult<string[]> } | undefined;
  const { t } = useTranslation();
  const [form, fields] = useForm<FrequencyValues>({
    lastResult: answer?.result,
    defaultValue: {
      period: header.disposePeriod ?? "Year",
      orderedDisposeCount: header.orderedDisposeCount === null ? "" : String(header.orderedDisposeCount),
      version: String(header.version),
    },
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate({ formData }) {
      return parseWithZod(formData, { schema: binDisposeFrequencyBody as unknown as z.ZodType<FrequencyValues> });
    },
  });
  useScrollToFirstError(form);

  return (
    <div className="max-w-xl space-y-4">
      <nav aria-label={t("wasteEvidenceHeader:detail.breadcrumb", "Drobečková navigace")} className="text-sm">
        <Link className="text-emerald-800 hover:underline" to={WEH_PATH}>
          {t("wasteEvidenceHeader:list.title", "Nádoby")}
        </Link>
        {" / "}
        <Link className="text-emerald-800 hover:underline" to={wehPath(header.id)}>
          {header.barcode}
        </Link>
      </nav>
      <h1 className="text-2xl font-semibold">{t("wasteEvidenceHeader:frequency.title", "Četnost svozu nádoby")}</h1>
      <p className="text-sm text-slate-600">
        {t(
          "wasteEvidenceHeader:frequency.help",
          "Objednaný počet svozů za měsíc nebo za rok; karta počtů svozů na detailu ho porovná se skutečnými svozy.",
        )}
      </p>
      <Form method="post" {...getFormProps(form)} className="space-y-4">
        <FormErrors errors={form.errors} id={form.errorId} />
        <VersionField form={form} />
        <Card>
          <CardContent className="grid gap-4 sm:grid-cols-2">
            <SelectField
              meta={fields.period}
              label={t("wasteEvidenceHeader:frequency.period", "Období")}
              options={DISPOSE_FREQUENCY_PERIODS.map((p) => ({
                value: p,
                label:
                  p === "Month"
                    ? t("wasteEvidenceHeader:frequency.Month", "Měsíc")
                    : t("wasteEvidenceHeader:frequency.Year", "Rok"),
              }))}
            />
            <InputField
              meta={fields.orderedDisposeCount}
              type="number"
              min={0}
              max={400}
              step={1}
              label={t("wasteEvidenceHeader:frequency.count", "Objednaný počet svozů")}
            />
          </CardContent>
        </Card>
        <FormActions submitLabel={t("common:save", "Uložit")} cancelTo={wehPath(header.id)} />
      </Form>
    </div>
  );
}
