/**
 * Spec 001 §2 Yard visits → 'add waste evidence': a recorded visit edited with its wastes (added, changed, removed) on
 * the create form; the API computes every fee again from the yard's ranges with VAT. A paid visit is not edited (the
 * page says so; the API answers 409), a save over somebody else's answers 409 and keeps what was typed. Works
 * without JavaScript (the payer search and the waste rows go through the action, as on create).
 */
import { useTranslation } from "~/i18n/use-translation";
import type { Route } from "./+types/edit";
import { yardReportUpdateSchema } from "#contract/yard-report";
import { requireId } from "~/lib/route-checks";
import { requireMunicipality } from "~/server/guard.server";
import { saveForm } from "~/server/save-form.server";
import { answer, readIntent } from "~/server/action.server";
import { pageTitle } from "~/components/page-title";
import { EditPage } from "~/components/form-page";
import { Alert } from "~/components/ui/alert";
import { toYardReportValues, YardReportForm } from "./+shared/form";
import { payerOptions, payerSearchAnswer, wasteOptions } from "./+shared/form.server";
import type { PayerSearchExtra } from "./+shared/form.server";
import { PAYER_SEARCH, YARD_REPORTS_PATH } from "./+shared/ui";
import { answerWith } from "~/lib/action-answer";

export const handle = pageTitle<Route.ComponentProps["loaderData"]>(
  (t, d) => `${t("yardReport:edit.name", { id: d?.visit.id ?? "" })} · ${t("common:editTitle")}`,
);

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const yardReportId = requireId(params.yardReportId, request);
  const { api, municipalityId } = await requireMunicipality(request, context, "yardReport.aEdit");
  const visit = await api.yardReport.detail({ municipalityId, yardReportId });
  const [yards, payers] = await Promise.all([
    api.collectionYard.options({ municipalityId }),
    payerOptions(api, municipalityId, "", visit.feePayerId),
  ]);
  // The visit's own wastes stay offered even when the yard has deactivated one since.
  const wastes = wasteOptions(yards.items);
  for (const r of visit.records) {
    if (!wastes.some((w) => w.value === String(r.yardWasteId))) {
      wastes.push({ value: String(r.yardWasteId), label: r.wasteName });
    }
  }
  return { visit, yards: yards.items, wastes, payers };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const yardReportId = requireId(params.yardReportId, request);
  const { api, municipalityId } = await requireMunicipality(request, context, "yardReport.aEdit");
  const posted = await readIntent(request);
  if (posted.intent === PAYER_SEARCH)
    return answer<PayerSearchExtra>(await payerSearchAnswer(api, municipalityId, posted.formData), 200);
  return saveForm(
    { request, context, api, posted },
    yardReportUpdateSchema,
    (value) => api.yardReport.update({ municipalityId, yardReportId }, value),
    (_, t) => ({ to: YARD_REPORTS_PATH, text: t("yardReport:flash.saved", { id: yardReportId }) }),
  );
}

export default function EditYardReport({ loaderData, actionData }: Route.ComponentProps) {
  const { visit, yards } = loaderData;
  const { t } = useTranslation();
  const found = answerWith<PayerSearchExtra>(actionData, "payers");
  return (
    <EditPage ns="yardReport" to={YARD_REPORTS_PATH} name={t("yardReport:edit.name", { id: visit.id })}>
      {visit.paid ? (
        <Alert tone="warning">{t("yardReport:edit.paid")}</Alert>
      ) : (
        <YardReportForm
          lastResult={actionData?.result}
          defaultValue={toYardReportValues(visit)}
          yards={yards}
          wastes={loaderData.wastes}
          payers={found?.payers ?? loaderData.payers}
          payerSearch={found?.payerSearch}
          cancelTo={YARD_REPORTS_PATH}
          schema={yardReportUpdateSchema}
          submitLabel={t("common:save")}
        />
      )}
    </EditPage>
  );
}
