import { z } from "zod";
import { endpoint } from "../endpoint";
import { municipalityTenancy as tenancy, municipalityRecordCalls } from "./shared";
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

const visit = municipalityRecordCalls("yardReport", "yard-report", "yardReportId");

/** Yard visits and their protocols (spec 001 §2 Yard visits; docs/yards.md). */
export const yardReportEndpoints = {
  list: visit.list(
    "The municipality's yard visits (search, yard, payer, dates, payment, paid, mail status; sort; paging)",
    yardReportList.query,
    yardReportListItem,
  ),
  create: visit.create(
    "Record a visit; the fee is computed from the yard's weight ranges with VAT",
    yardReportFormSchema,
  ),
  detail: visit.detail("One visit with its wastes, fee, VAT and mail status", yardReportDetail),
  update: visit.update(
    "Edit a visit and its wastes (add, change, remove); every fee is computed again; 409 when paid or on a stale version",
    yardReportUpdateSchema,
  ),
  remove: visit.remove("Delete a visit"),
  setPaid: endpoint({
    method: "patch",
    path: `${visit.one}/paid`,
    summary: "Mark a visit paid or unpaid",
    permission: "yardReport.aEdit",
    tenancy,
    params: visit.byRecord,
    body: paidBody,
    response: z.object({ id: z.number(), paid: z.boolean() }),
  }),
  protocol: endpoint({
    method: "get",
    path: `${visit.one}/protocol`,
    summary: "The visit's protocol as a PDF (basic or weighing layout; default: the yard's)",
    permission: "yardReport.aDetail",
    tenancy,
    params: visit.byRecord,
    query: protocolQuery,
    answer: "binary",
  }),
  mailProtocol: endpoint({
    method: "post",
    path: `${visit.one}/mail`,
    summary:
      "E-mail the protocol (a background job; mail status Pending → Sent or Failed), optionally keeping the address on the payer",
    permission: "yardReport.aEdit",
    tenancy,
    params: visit.byRecord,
    body: protocolMailBody,
    status: 202,
    response: z.object({ id: z.number(), mailStatus: z.enum(MAIL_STATUSES) }),
  }),
};
