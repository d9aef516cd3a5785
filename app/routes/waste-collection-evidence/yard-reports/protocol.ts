import { data } from "react-router";
import type { Route } from "./+types/protocol";
import { requireId } from "~/lib/route-checks";
import { translateMessage } from "~/lib/messages";
import { requireMunicipality } from "~/server/guard.server";
import { userT } from "~/server/i18n.server";
import { redirectWithFlash } from "~/server/action.server";
import { isPdf, pdfFileName, pdfResponse } from "~/server/pdf.server";
import { YARD_REPORTS_PATH } from "./+shared/ui";

/**
 * Resource route: a yard visit's protocol (spec 001 §2 Yard visits 'print protocol'), streamed from the API and shown
 * in the browser to print (?layout=basic|weighing; default the yard's print type). ?download=1 saves it instead.
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const id = requireId(params.yardReportId, request);
  const { api, municipalityId } = await requireMunicipality(request, context, "yardReport.aDetail");
  const url = new URL(request.url);
  const layout = url.searchParams.get("layout") ?? undefined;
  const res = await api.file.yardReport.protocol({ municipalityId, yardReportId: id, layout });
  const disposition = url.searchParams.get("download") ? "attachment" : "inline";
  if (isPdf(res)) return pdfResponse(res, `${disposition}; filename="${pdfFileName(res, `protokol-${id}.pdf`)}"`);
  const problem = (await res.json().catch(() => null)) as { Message?: string } | null;
  if (res.status === 404) throw data({ message: problem?.Message ?? "Page Not Found" }, { status: 404 });
  const t = await userT(api.session);
  const reason = translateMessage(t, problem?.Message ?? t("yardReport:flash.protocolFailed"));
  return redirectWithFlash(api, context, YARD_REPORTS_PATH, reason, "error");
}
