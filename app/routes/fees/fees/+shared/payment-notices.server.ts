/**
 * The Fees screen's payment-notice loader part and actions (issue 14 part 6): the settings and the year's latest
 * jobs; saving the settings, starting the document or a mailing (all payers, or the checked rows' payers) and
 * e-mailing one row's notice. Every action needs fee.aEdit (the screen's action checks it).
 */
import type { AppLoadContext, LoaderFunctionArgs } from "react-router";
import { feeYears } from "#contract/fee";
import { paymentSettingsBody } from "#contract/payment-notice";
import type { ApiClient } from "~/server/api.server";
import {
  apiAnswer,
  formAnswer,
  formId,
  redirectWithFlash,
  selectedIds,
  type ActionContext,
} from "~/server/action.server";
import { submitForm } from "~/server/form.server";
import { requireId } from "~/lib/route-checks";
import { requireMunicipality } from "~/server/guard.server";
import { isPdf, pdfFileName, pdfResponse } from "~/server/pdf.server";
import { listUrl, nothingSelected } from "~/server/list-action.server";
import { DIALOG_PARAM } from "~/components/ui/dialog";
import type { NoticeState } from "./payment-notices";
import { fileRefused } from "~/server/file-download.server";

export async function loadNoticeState(api: ApiClient, municipalityId: number, year: number): Promise<NoticeState> {
  const [{ settings }, jobs] = await Promise.all([
    api.paymentNotice.settings({ municipalityId }),
    api.paymentNotice.jobs({ municipalityId, year }),
  ]);
  return { year, settings, ...jobs };
}

export const NOTICE_INTENTS = ["savePaymentSettings", "noticeDocument", "mailNotices", "mailSelected", "sendNotice"];

export async function noticeAction(
  args: ActionContext & { municipalityId: number },
): Promise<Response | ReturnType<typeof apiAnswer>> {
  const { request, context, api, t, municipalityId, formData, intent } = args;
  const back = listUrl(request, [DIALOG_PARAM]);
  // The dialogs post the year; the bulk form does not: the list's year filter, else the current year.
  const year =
    formId(formData.get("year")) ?? (formId(new URL(request.url).searchParams.get("year")) || feeYears()[1]!);
  switch (intent) {
    case "savePaymentSettings": {
      const outcome = await submitForm(formData, paymentSettingsBody, (value) =>
        api.paymentNotice.saveSettings({ municipalityId }, value),
      );
      if (!outcome.ok) return formAnswer(intent, outcome);
      return redirectWithFlash(api, context, back, t("paymentNotice:flash.settingsSaved"));
    }
    case "noticeDocument":
    case "mailNotices":
    case "mailSelected": {
      const feeIds = intent === "mailSelected" ? selectedIds(formData) : undefined;
      if (feeIds?.length === 0) return nothingSelected(intent, t);
      const kind = intent === "noticeDocument" ? "Document" : "Mail";
      const res = await api.paymentNotice.startJob({ municipalityId }, { kind, year, feeIds });
      if (!res.ok) return apiAnswer(intent, res);
      return redirectWithFlash(
        api,
        context,
        back,
        t(kind === "Document" ? "paymentNotice:flash.documentQueued" : "paymentNotice:flash.mailingQueued"),
      );
    }
    case "sendNotice": {
      const feeId = formId(formData.get("feeId")) ?? 0;
      const res = await api.paymentNotice.send({ municipalityId, feeId });
      if (!res.ok) return apiAnswer(intent, res, { target: String(feeId) });
      return redirectWithFlash(api, context, back, t("paymentNotice:flash.sent", { email: res.data.email }));
    }
    default:
      throw new Error(`not a notice intent: ${intent}`);
  }
}

/** A resource route's answer: the API's PDF as a download, or back to the Fees screen with the API's message. */
export async function noticeDownload(res: Response, fallbackName: string, api: ApiClient, context: AppLoadContext) {
  if (isPdf(res)) return pdfResponse(res, `attachment; filename="${pdfFileName(res, fallbackName)}"`);
  return fileRefused(api, context, res, { back: "/fees/fees", failed: "paymentNotice:pdfFailed" });
}

/**
 * The loader of a resource route giving one of the API's notice PDFs (the API checks fee.aDetail and that the record
 * is the active municipality's): the id in the URL's `idParam`, the call reading the PDF, the name it falls back to.
 */
export function noticeDownloadLoader(
  idParam: string,
  read: (api: ApiClient, municipalityId: number, id: number) => Promise<Response>,
  fallbackName: (id: number) => string,
) {
  return async ({ request, context, params }: Pick<LoaderFunctionArgs, "request" | "context" | "params">) => {
    const id = requireId(params[idParam], request);
    const { api, municipalityId } = await requireMunicipality(request, context, "fee.aDetail");
    return noticeDownload(await read(api, municipalityId, id), fallbackName(id), api, context);
  };
}
