import type { Route } from "./+types/label";
import { requireId } from "~/lib/route-checks";
import { requireMunicipality } from "~/server/guard.server";
import { isPdf, pdfFileName, pdfResponse } from "~/server/pdf.server";
import { WEH_PATH, wehPath } from "./+shared/ui";
import { fileRefused } from "~/server/file-download.server";

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
  // The label could not be made: back to the bin with the reason (to the list when the bin is gone).
  return fileRefused(api, context, res, {
    back: wehPath(id),
    gone: WEH_PATH,
    failed: "wasteEvidenceHeader:flash.labelFailed",
  });
}
