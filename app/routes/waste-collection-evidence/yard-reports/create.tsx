/**
 * Spec 001 §2 Yard visits → create (spec 000 §2 /waste-collection-evidence/yard-reports/create): the visit with
 * its wastes; the API computes the fee from the yard's weight ranges with VAT. Works without JavaScript.
 */
import { useTranslation } from "~/i18n/use-translation";
import type { Route } from "./+types/create";
import { yardReportFormSchema } from "#contract/yard-report";
import { toIsoDate } from "#contract/calendar";
import { requireMunicipality } from "~/server/guard.server";
import { saveForm } from "~/server/save-form.server";
import { answer, readIntent } from "~/server/action.server";
import { pageTitle } from "~/components/page-title";
import { CreatePage } from "~/components/form-page";
import { emptyRecord, YardReportForm } from "./+shared/form";
import { payerOptions, payerSearchAnswer, wasteOptions } from "./+shared/form.server";
import type { PayerSearchExtra } from "./+shared/form.server";
import { PAYER_SEARCH, YARD_REPORTS_PATH } from "./+shared/ui";
import { answerWith } from "~/lib/action-answer";

export const handle = pageTitle("yardReport:create.title");

export async function loader({ request, context }: Route.LoaderArgs) {
  const { api, municipalityId } = await requireMunicipality(request, context, "yardReport.aAdd");
  const [yards, payers] = await Promise.all([
    api.collectionYard.options({ municipalityId }),
    payerOptions(api, municipalityId, "", null),
  ]);
  return { yards: yards.items, wastes: wasteOptions(yards.items), payers, today: toIsoDate(new Date()) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { api, municipalityId } = await requireMunicipality(request, context, "yardReport.aAdd");
  const posted = await readIntent(request);
  if (posted.intent === PAYER_SEARCH)
    return answer<PayerSearchExtra>(await payerSearchAnswer(api, municipalityId, posted.formData), 200);
  return saveForm(
    { request, context, api, posted },
    yardReportFormSchema,
    (value) => api.yardReport.create({ municipalityId }, value),
    (saved, t) => ({
      to: `${YARD_REPORTS_PATH}?created=${saved.id}`,
      text: t("yardReport:flash.created", { id: saved.id }),
    }),
  );
}

export default function CreateYardReport({ loaderData, actionData }: Route.ComponentProps) {
  const { yards, today } = loaderData;
  const { t } = useTranslation();
  const found = answerWith<PayerSearchExtra>(actionData, "payers");
  const firstYard = yards[0];
  return (
    <CreatePage ns="yardReport" list={YARD_REPORTS_PATH}>
      {yards.length === 0 ? (
        <p className="text-slate-700">{t("yardReport:create.noYard")}</p>
      ) : (
        <YardReportForm
          lastResult={actionData?.result}
          defaultValue={{
            feePayerId: "",
            yardId: firstYard ? String(firstYard.id) : "",
            reportDate: today,
            startTime: "",
            endTime: "",
            paymentType: "Cash",
            records: [emptyRecord],
          }}
          yards={yards}
          wastes={loaderData.wastes}
          payers={found?.payers ?? loaderData.payers}
          payerSearch={found?.payerSearch}
          cancelTo={YARD_REPORTS_PATH}
        />
      )}
    </CreatePage>
  );
}
