import type { Route } from "./+types/protocol";
import { requireId } from "~/lib/route-checks";
import { requireMunicipality } from "~/server/guard.server";
import { isPdf, pdfFileName, pdfResponse } from "~/server/pdf.server";
import { YARD_REPORTS_PATH } from "./+shared/ui";
import { fileRefused } from "~/server/file-download.server";

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
  return fileRefused(api, context, res, { back: YARD_REPORTS_PATH, failed: "yardReport:flash.protocolFailed" });
}
