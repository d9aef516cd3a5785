import { redirect } from "react-router";
import type { Route } from "./+types/labels";
import { translateMessage } from "~/lib/messages";
import { requireId } from "~/lib/route-checks";
import { requireMunicipality } from "~/server/guard.server";
import { userT } from "~/server/i18n.server";
import { addFlash, commit } from "~/server/session.server";
import { printBatchApi, printBatchPath } from "./shared";

/**
 * Resource route: streams the batch's labels (the API's PDF) as a download 'stitky-<id>.pdf'; the API checks the
 * permission and that the batch is the active municipality's. A failure goes back to the detail with its message.
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const id = requireId(params.printBatchId, request);
  const { api, municipalityId } = await requireMunicipality(request, context, "printBatch.aDetail");
  const res = await api.rawPath(printBatchApi(municipalityId, id, "/labels.pdf"));
  if (res.ok && (res.headers.get("Content-Type") ?? "").includes("application/pdf")) {
    return new Response(res.body, {
      headers: {
        "Content-Type": "application/pdf",
        "Content-Disposition": res.headers.get("Content-Disposition") ?? `attachment; filename="stitky-${id}.pdf"`,
        "Cache-Control": "no-store",
        "X-Content-Type-Options": "nosniff",
      },
    });
  }
  const problem = (await res.json().catch(() => null)) as { Message?: string } | null;
  const t = await userT(api.session);
  const text = problem?.Message ?? t("printBatch:detail.pdfFailed", "Štítky se nepodařilo vytvořit.");
  addFlash(api.session, { type: "error", text: translateMessage(t, text) });
  return redirect(printBatchPath(id), { headers: { "Set-Cookie": await commit(context, api.session) } });
}
