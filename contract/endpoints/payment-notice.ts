import { z } from "zod";
import { endpoint } from "../endpoint";
import {
  noticeMailingAnswer,
  noticeMailingBody,
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
  mail: endpoint({
    method: "post",
    path: `${base}/payment-notice/mailing`,
    summary: "E-mail the notices of a year to the chosen payers (or all with an address) as a background job; 202",
    permission: "fee.aEdit",
    tenancy,
    params: inMunicipality,
    body: noticeMailingBody,
    status: 202,
    response: z.object({ id: z.number() }),
  }),
  mailing: endpoint({
    method: "get",
    path: `${base}/payment-notice/mailing`,
    summary: "The latest e-mailing of the year's notices: state, counts and the payers not reached",
    permission: "fee.aDetail",
    tenancy,
    params: inMunicipality,
    query: noticeYearQuery,
    response: noticeMailingAnswer,
  }),
};
