import type { Route } from "./+types/payment-notice";
import { requireId } from "~/lib/route-checks";
import { requireMunicipality } from "~/server/guard.server";
import { noticeDownload } from "./+shared/payment-notices.server";

/**
 * Resource route: the payment notice of a fee's payer and year (the API's PDF) as a download; the API checks the
 * permission (fee.aDetail) and that the fee is the active municipality's. A failure (no payment settings, another
 * municipality's fee) goes back to the Fees screen with its message.
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const feeId = requireId(params.feeId, request);
  const { api, municipalityId } = await requireMunicipality(request, context, "fee.aDetail");
  return noticeDownload(
    await api.file.paymentNotice.notice({ municipalityId, feeId }),
    `vymer-${feeId}.pdf`,
    api,
    context,
  );
}
