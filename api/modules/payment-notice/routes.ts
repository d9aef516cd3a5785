import { route } from "../../lib/route";
import { paymentNoticeEndpoints as ep } from "#contract/endpoints/payment-notice";
import { getPaymentSettings, savePaymentSettings } from "./settings";
import { mergedNoticesDocument, noticeDocumentOfFee } from "./notices";
import { latestMailing, requestMailing, sendNoticeOfFee } from "./mail";

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
  route(ep.mail, ({ services, auth, params, body }) =>
    requestMailing(services.db, services.jobs, auth.user.id, params.municipalityId, body),
  ),
  route(ep.mailing, ({ services, params, query }) => latestMailing(services.db, params.municipalityId, query.year)),
];
