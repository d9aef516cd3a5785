import { data } from "react-router";
import type { Route } from "./+types/label";
import { requireId } from "~/lib/route-checks";
import { translateMessage } from "~/lib/messages";
import { requireMunicipality } from "~/server/guard.server";
import { userT } from "~/server/i18n.server";
import { redirectWithFlash } from "~/server/action.server";
import { isPdf, pdfFileName, pdfResponse } from "~/server/pdf.server";
import { wehPath } from "./+shared/ui";

/**
 * Resource route: 'Tisk kopie štítku' (spec 001 §2 print copy). Streams the API's label PDF of one bin, shown in
 * the browser's PDF viewer to print. A bin the API does not know answers 404; a label that cannot be made sends the
 * user back to the bin with the reason.
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const id = requireId(params.wasteEvidenceHeaderId, request);
  const { api, municipalityId } = await requireMunicipality(request, context, "wasteEvidenceHeader.aDetail");
  const res = await api.file.wasteEvidenceHeader.label({ municipalityId, headerId: id });
  // Shown in the browser (inline), under the API's file name when it gives one.
  if (isPdf(res)) return pdfResponse(res, `inline; filename="${pdfFileName(res, `stitek-${id}.pdf`)}"`);
  const problem = (await res.json().catch(() => null)) as { Message?: string } | null;
  if (res.status === 404) throw data({ message: problem?.Message ?? "Page Not Found" }, { status: 404 });
  // The label could not be made: back to the bin with the reason.
  const t = await userT(api.session);
  const reason = translateMessage(t, problem?.Message ?? t("wasteEvidenceHeader:flash.labelFailed"));
  return redirectWithFlash(api, context, wehPath(id), reason, "error");
}
