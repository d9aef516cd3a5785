import { z } from "zod";
import { endpoint } from "../endpoint";
import {
  noticeJobBody,
  noticeJobsAnswer,
  noticeSentAnswer,
  noticeYearQuery,
  paymentSettingsAnswer,
  paymentSettingsBody,
} from "../payment-notice";
import { inMunicipality, municipalityRecord, municipalityTenancy as tenancy } from "./shared";

const base = "/municipality/:municipalityId";
const byFee = municipalityRecord("feeId");

/**
 * Payment notices (issue 14 part 6; docs/fees.md 'Payment notices'): the payment settings a notice prints, a payer's
 * notice of a year (from one of its fees), all notices of a year in one PDF, and their e-mailing. Reading needs the
 * fee's detail permission, changing settings and sending the edit one.
 */
export const paymentNoticeEndpoints = {
  settings: endpoint({
    method: "get",
    path: `${base}/payment-settings`,
    summary: "The municipality's payment settings (account, IBAN, due day, constant symbol, notice text) or null",
    permission: "fee.aDetail",
    tenancy,
    params: inMunicipality,
    response: paymentSettingsAnswer,
  }),
  saveSettings: endpoint({
    method: "put",
    path: `${base}/payment-settings`,
    summary: "Set the payment settings (version 0 creates them; 409 on a stale version)",
    permission: "fee.aEdit",
    tenancy,
    params: inMunicipality,
    body: paymentSettingsBody,
    response: z.object({ id: z.number(), version: z.number() }),
  }),
  notice: endpoint({
    method: "get",
    path: `${base}/fee/:feeId/payment-notice.pdf`,
    summary: "The payment notice (PDF with a QR payment code) of the fee's payer and year",
    permission: "fee.aDetail",
    tenancy,
    params: byFee,
    answer: "binary",
  }),
  notices: endpoint({
    method: "get",
    path: `${base}/payment-notice/notices.pdf`,
    summary: "Every payer's notice of a year with something to pay, one a page, streamed as one PDF",
    permission: "fee.aDetail",
    tenancy,
    params: inMunicipality,
    query: noticeYearQuery,
    answer: "binary",
  }),
  send: endpoint({
    method: "post",
    path: `${base}/fee/:feeId/payment-notice/email`,
    summary: "E-mail the payment notice of the fee's payer and year to the payer's address (PDF attached)",
    permission: "fee.aEdit",
    tenancy,
    params: byFee,
    status: 200,
    response: noticeSentAnswer,
  }),
  startJob: endpoint({
    method: "post",
    path: `${base}/payment-notice/job`,
    summary:
      "Start a background job over the year's notices: one PDF of all (Document) or e-mail to the chosen payers or all with an address (Mail); 202",
    permission: "fee.aEdit",
    tenancy,
    params: inMunicipality,
    body: noticeJobBody,
    status: 202,
    response: z.object({ id: z.number() }),
  }),
  jobs: endpoint({
    method: "get",
    path: `${base}/payment-notice/job`,
    summary: "The latest document and mailing jobs of the year: state, progress, counts, the payers not reached",
    permission: "fee.aDetail",
    tenancy,
    params: inMunicipality,
    query: noticeYearQuery,
    response: noticeJobsAnswer,
  }),
  jobFile: endpoint({
    method: "get",
    path: `${base}/payment-notice/job/:jobId/notices.pdf`,
    summary: "The PDF a finished document job wrote (all notices of its year), streamed",
    permission: "fee.aDetail",
    tenancy,
    params: municipalityRecord("jobId"),
    answer: "binary",
  }),
};
