import { noticeDownloadLoader } from "./+shared/payment-notices.server";

/**
 * Resource route: the PDF of all notices of a year that a document job wrote, streamed from the API as it reads its
 * stored chunks (a large municipality's file is hundreds of megabytes; nothing here holds it).
 */
export const loader = noticeDownloadLoader(
  "jobId",
  (api, municipalityId, jobId) => api.file.paymentNotice.jobFile({ municipalityId, jobId }),
  (jobId) => `vymery-${jobId}.pdf`,
);
