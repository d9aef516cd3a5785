import { municipalityCall, recordRoutes, route } from "../../lib/route";
import { paymentNoticeEndpoints as ep } from "#contract/endpoints/payment-notice";
import { getPaymentSettings, savePaymentSettings } from "./settings";
import { mergedNoticesDocument, noticeDocumentOfFee } from "./notices";
import { sendNoticeOfFee } from "./mail";
import { latestNoticeJobs, noticeJobFile, requestNoticeJob } from "./jobs";

/** Payment notices (contract/endpoints/payment-notice.ts; docs/fees.md 'Payment notices'). */
export const paymentNoticeRoutes = [
  municipalityCall.read(ep.settings, getPaymentSettings),
  municipalityCall.write(ep.saveSettings, savePaymentSettings),
  recordRoutes("feeId").read(ep.notice, noticeDocumentOfFee),
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
  recordRoutes("jobId").read(ep.jobFile, noticeJobFile),
];
