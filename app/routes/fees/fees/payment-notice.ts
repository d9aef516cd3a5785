import { noticeDownloadLoader } from "./+shared/payment-notices.server";

/**
 * Resource route: the payment notice of a fee's payer and year (the API's PDF) as a download; the API checks the
 * permission (fee.aDetail) and that the fee is the active municipality's. A failure (no payment settings, another
 * municipality's fee) goes back to the Fees screen with its message.
 */
export const loader = noticeDownloadLoader(
  "feeId",
  (api, municipalityId, feeId) => api.file.paymentNotice.notice({ municipalityId, feeId }),
  (feeId) => `vymer-${feeId}.pdf`,
);
