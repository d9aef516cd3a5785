/**
 * Distribution reports → create: a centre's report of one visit with its sub rows (state unprocessed; a clerk
 * processes it from the list). Works without JavaScript.
 */
import { parseWithZod } from "@conform-to/zod/v4";
import { useTranslation } from "~/i18n/use-translation";
import type { Route } from "./+types/create";
import { distributionReportFormSchema, type FormOptions } from "#contract/distribution-report";
import { toIsoDate } from "#contract/calendar";
import { requireMunicipality } from "~/server/guard.server";
import { saveForm } from "~/server/save-form.server";
import { answer, formId, readIntent } from "~/server/action.server";
import { pageTitle } from "~/components/page-title";
import { CreatePage } from "~/components/form-page";
import { DistributionReportForm, SEARCH, emptyRecord, searchSchema } from "./+shared/form";
import { DISTRIBUTION_REPORTS_PATH } from "./+shared/ui";
import { answerWith } from "~/lib/action-answer";

export const handle = pageTitle("distributionReport:create.title");

export async function loader({ request, context }: Route.LoaderArgs) {
  const { api, municipalityId } = await requireMunicipality(request, context, "distributionCenter.aAdd");
  const options = await api.distributionReport.formOptions({ municipalityId, feePayerIds: [] });
  return { options, today: toIsoDate(new Date()) };
}

type SearchExtra = { options: FormOptions; subjectSearch: string; payerSearch: string };

export async function action({ request, context }: Route.ActionArgs) {
  const { api, municipalityId } = await requireMunicipality(request, context, "distributionCenter.aAdd");
  const { formData, intent } = await readIntent(request);
  if (intent === SEARCH) {
    // The form as typed, with the options the searches found (the chosen point and payers stay among them).
    const subjectSearch = String(formData.get("subjectSearch") ?? "");
    const payerSearch = String(formData.get("payerSearch") ?? "");
    const feePayerIds = [...formData.entries()]
      .filter(([k]) => /^records\[\d+\]\.feePayerId$/.test(k))
      .map(([, v]) => formId(v))
      .filter((v): v is number => v !== null);
    const options = await api.distributionReport.formOptions({
      municipalityId,
      subjectSearch: subjectSearch || undefined,
      payerSearch: payerSearch || undefined,
      subjectId: formId(formData.get("subjectId")) ?? undefined,
      feePayerIds,
    });
    const reply = parseWithZod(formData, { schema: searchSchema }).reply();
    return answer<SearchExtra>(
      { intent: SEARCH, result: { ...reply, status: undefined }, options, subjectSearch, payerSearch },
      200,
    );
  }
  return saveForm(
    { request, context, api, posted: { formData, intent } },
    distributionReportFormSchema,
    (value) => api.distributionReport.create({ municipalityId }, value),
    (saved, t) => ({
      to: `${DISTRIBUTION_REPORTS_PATH}?state=unprocessed`,
      text: t("distributionReport:flash.created", { id: saved.id }),
    }),
  );
}

export default function CreateDistributionReport({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const found = answerWith<SearchExtra>(actionData, "options");
  const options = found?.options ?? loaderData.options;
  const firstCentre = loaderData.options.centres[0];
  return (
    <CreatePage ns="distributionReport" list={DISTRIBUTION_REPORTS_PATH}>
      {loaderData.options.centres.length === 0 ? (
        <p className="text-slate-700">{t("distributionReport:create.noCentre")}</p>
      ) : (
        <DistributionReportForm
          lastResult={actionData?.result}
          defaultValue={{
            centreId: firstCentre ? String(firstCentre.id) : "",
            subjectId: "",
            reportDate: loaderData.today,
            description: "",
            records: [emptyRecord],
          }}
          options={options}
          subjectSearch={found?.subjectSearch}
          payerSearch={found?.payerSearch}
          cancelTo={DISTRIBUTION_REPORTS_PATH}
        />
      )}
    </CreatePage>
  );
}
