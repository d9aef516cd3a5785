import type { Route } from "./+types/labels";
import { translateMessage } from "~/lib/messages";
import { requireId } from "~/lib/route-checks";
import { requireMunicipality } from "~/server/guard.server";
import { userT } from "~/server/i18n.server";
import { redirectWithFlash } from "~/server/action.server";
import { isPdf, pdfResponse } from "~/server/pdf.server";
import { printBatchPath } from "./+shared/ui";

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
  const problem = (await res.json().catch(() => null)) as { Message?: string } | null;
  const t = await userT(api.session);
  const text = problem?.Message ?? t("printBatch:detail.pdfFailed");
  return redirectWithFlash(api, context, printBatchPath(id), translateMessage(t, text), "error");
}
