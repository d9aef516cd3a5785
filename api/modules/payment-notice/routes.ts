import { route } from "../../lib/route";
import { paymentNoticeEndpoints as ep } from "#contract/endpoints/payment-notice";
import { getPaymentSettings, savePaymentSettings } from "./settings";
import { mergedNoticesDocument, noticeDocumentOfFee } from "./notices";
import { sendNoticeOfFee } from "./mail";
import { latestNoticeJobs, noticeJobFile, requestNoticeJob } from "./jobs";

/** Payment notices (contract/endpoints/payment-notice.ts; docs/fees.md 'Payment notices'). */
export const paymentNoticeRoutes = [
  route(ep.settings, ({ services, params }) => getPaymentSettings(services.db, params.municipalityId)),
  route(ep.saveSettings, ({ services, params, body }) => savePaymentSettings(services.db, params.municipalityId, body)),
  route(ep.notice, ({ services, params }) => noticeDocumentOfFee(services.db, params.municipalityId, params.feeId)),
  route(ep.notices, ({ services, params, query }) =>
    mergedNoticesDocument(services.db, params.municipalityId, query.year),
  ),
  route(ep.send, ({ services, params }) =>
    sendNoticeOfFee(services.db, services.mailer, params.municipalityId, params.feeId),
  ),
  route(ep.startJob, ({ services, auth, params, body }) =>
    requestNoticeJob(services.db, services.jobs, auth.user.id, params.municipalityId, body),
  ),
  route(ep.jobs, ({ services, params, query }) => latestNoticeJobs(services.db, params.municipalityId, query.year)),
  route(ep.jobFile, ({ services, params }) => noticeJobFile(services.db, params.municipalityId, params.jobId)),
];
