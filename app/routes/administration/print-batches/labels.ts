import type { Route } from "./+types/labels";
import { requireId } from "~/lib/route-checks";
import { requireMunicipality } from "~/server/guard.server";
import { isPdf, pdfResponse } from "~/server/pdf.server";
import { PRINT_BATCHES_PATH, printBatchPath } from "./+shared/ui";
import { fileRefused } from "~/server/file-download.server";

/**
 * Resource route: streams the batch's labels (the API's PDF) as a download 'stitky-<id>.pdf'; the API checks the
 * permission and that the batch is the active municipality's. A failure goes back to the detail with its message.
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const id = requireId(params.printBatchId, request);
  const { api, municipalityId } = await requireMunicipality(request, context, "printBatch.aDetail");
  const res = await api.file.printBatch.labels({ municipalityId, printBatchId: id });
  if (isPdf(res)) {
    return pdfResponse(res, res.headers.get("Content-Disposition") ?? `attachment; filename="stitky-${id}.pdf"`);
  }
  return fileRefused(api, context, res, {
    back: printBatchPath(id),
    gone: PRINT_BATCHES_PATH,
    failed: "printBatch:detail.pdfFailed",
  });
}
