import type { Route } from "./+types/payment-notices-file";
import { requireId } from "~/lib/route-checks";
import { requireMunicipality } from "~/server/guard.server";
import { noticeDownload } from "./+shared/payment-notices.server";

/**
 * Resource route: the PDF of all notices of a year that a document job wrote, streamed from the API as it reads its
 * stored chunks (a large municipality's file is hundreds of megabytes; nothing here holds it).
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const jobId = requireId(params.jobId, request);
  const { api, municipalityId } = await requireMunicipality(request, context, "fee.aDetail");
  return noticeDownload(
    await api.file.paymentNotice.jobFile({ municipalityId, jobId }),
    `vymery-${jobId}.pdf`,
    api,
    context,
  );
}
