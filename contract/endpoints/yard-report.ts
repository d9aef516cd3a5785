import { z } from "zod";
import { idAnswer, listAnswer } from "../common";
import { endpoint } from "../endpoint";
import { inMunicipality, municipalityRecord, municipalityTenancy as tenancy } from "./shared";
import {
  paidBody,
  protocolMailBody,
  protocolQuery,
  yardReportDetail,
  yardReportFormSchema,
  yardReportList,
  yardReportListItem,
  yardReportUpdateSchema,
} from "../yard-report";
import { MAIL_STATUSES } from "../yard-report";

const base = "/municipality/:municipalityId/yard-report";
const byReport = municipalityRecord("yardReportId");

/** Yard visits and their protocols (spec 001 §2 Yard visits; docs/yards.md). */
export const yardReportEndpoints = {
  list: endpoint({
    method: "get",
    path: base,
    summary: "The municipality's yard visits (search, yard, payer, dates, payment, paid, mail status; sort; paging)",
    permission: "yardReport.aDetail",
    tenancy,
    params: inMunicipality,
    query: yardReportList.query,
    response: listAnswer(yardReportListItem),
  }),
  create: endpoint({
    method: "post",
    path: base,
    summary: "Record a visit; the fee is computed from the yard's weight ranges with VAT",
    permission: "yardReport.aAdd",
    tenancy,
    params: inMunicipality,
    body: yardReportFormSchema,
    response: idAnswer,
  }),
  detail: endpoint({
    method: "get",
    path: `${base}/:yardReportId`,
    summary: "One visit with its wastes, fee, VAT and mail status",
    permission: "yardReport.aDetail",
    tenancy,
    params: byReport,
    response: yardReportDetail,
  }),
  update: endpoint({
    method: "put",
    path: `${base}/:yardReportId`,
    summary:
      "Edit a visit and its wastes (add, change, remove); every fee is computed again; 409 when paid or on a stale version",
    permission: "yardReport.aEdit",
    tenancy,
    params: byReport,
    body: yardReportUpdateSchema,
    response: idAnswer,
  }),
  remove: endpoint({
    method: "delete",
    path: `${base}/:yardReportId`,
    summary: "Delete a visit",
    permission: "yardReport.aRemove",
    tenancy,
    params: byReport,
  }),
  setPaid: endpoint({
    method: "patch",
    path: `${base}/:yardReportId/paid`,
    summary: "Mark a visit paid or unpaid",
    permission: "yardReport.aEdit",
    tenancy,
    params: byReport,
    body: paidBody,
    response: z.object({ id: z.number(), paid: z.boolean() }),
  }),
  protocol: endpoint({
    method: "get",
    path: `${base}/:yardReportId/protocol`,
    summary: "The visit's protocol as a PDF (basic or weighing layout; default: the yard's)",
    permission: "yardReport.aDetail",
    tenancy,
    params: byReport,
    query: protocolQuery,
    answer: "binary",
  }),
  mailProtocol: endpoint({
    method: "post",
    path: `${base}/:yardReportId/mail`,
    summary:
      "E-mail the protocol (a background job; mail status Pending → Sent or Failed), optionally keeping the address on the payer",
    permission: "yardReport.aEdit",
    tenancy,
    params: byReport,
    body: protocolMailBody,
    status: 202,
    response: z.object({ id: z.number(), mailStatus: z.enum(MAIL_STATUSES) }),
  }),
};
