import { data } from "react-router";
import type { Route } from "./+types/label";
import { requireId } from "~/lib/route-checks";
import { translateMessage } from "~/lib/messages";
import { requireMunicipality } from "~/server/guard.server";
import { userT } from "~/server/i18n.server";
import { redirectWithFlash } from "~/server/action.server";
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
  if (res.ok && (res.headers.get("Content-Type") ?? "").includes("application/pdf")) {
    // The API's file name when it gives one (ASCII only in the header).
    const named = /filename="?([^";]+)"?/.exec(res.headers.get("Content-Disposition") ?? "")?.[1];
    const fileName = (named ?? `stitek-${id}.pdf`).replace(/[^\w.-]/g, "_");
    return new Response(res.body, {
      headers: {
        "Content-Type": "application/pdf",
        "Content-Disposition": `inline; filename="${fileName}"`,
        "Cache-Control": "no-store",
        "X-Content-Type-Options": "nosniff",
      },
    });
  }
  const problem = (await res.json().catch(() => null)) as { Message?: string } | null;
  if (res.status === 404) throw data({ message: problem?.Message ?? "Page Not Found" }, { status: 404 });
  // The label could not be made: back to the bin with the reason.
  const t = await userT(api.session);
  const reason = translateMessage(t, problem?.Message ?? t("wasteEvidenceHeader:flash.labelFailed"));
  return redirectWithFlash(api, context, wehPath(id), reason, "error");
}
