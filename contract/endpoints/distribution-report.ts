import { endpoint } from "../endpoint";
import { z } from "zod";
import { inMunicipality, municipalityTenancy as tenancy, municipalityRecordCalls } from "./shared";
import {
  bulkReportAnswer,
  distributionReportExportQuery,
  distributionReportFormSchema,
  distributionReportItem,
  distributionReportList,
  exportMailBody,
  formOptions,
  formOptionsQuery,
  reportIdsBody,
} from "../distribution-report";

const report = municipalityRecordCalls("distributionCenter", "distribution-report", "distributionReportId");

/** Processing or discarding one unprocessed report (`…/:distributionReportId/<action>`): the report as it then is. */
const onReport = (action: string, summary: string) =>
  endpoint({
    method: "post",
    path: `${report.one}/${action}`,
    summary,
    permission: "distributionCenter.aEdit",
    tenancy,
    params: report.byRecord,
    status: 200,
    response: distributionReportItem,
  });

/** The same for the checked reports one by one (`…/<action>`): each report's outcome. */
const onChecked = (action: string, summary: string) =>
  endpoint({
    method: "post",
    path: `${report.base}/${action}`,
    summary,
    permission: "distributionCenter.aEdit",
    tenancy,
    params: inMunicipality,
    body: reportIdsBody,
    status: 200,
    response: bulkReportAnswer,
  });

/** Distribution reports of the municipality's distribution centres (docs/distribution-reports.md). */
export const distributionReportEndpoints = {
  list: report.list(
    "The reports with their sub rows (dates, state, centre, collection point search; sort; paging)",
    distributionReportList.query,
    distributionReportItem,
  ),
  create: report.create("Record a centre's report of a visit (state unprocessed)", distributionReportFormSchema),
  formOptions: endpoint({
    method: "get",
    path: `${report.base}/form-options`,
    summary:
      "The list's and the create form's centres, bin and waste types, and up to 20 collection points and payers (searches)",
    permission: "distributionCenter.aDetail",
    tenancy,
    params: inMunicipality,
    query: formOptionsQuery,
    response: formOptions,
  }),
  exportCsv: endpoint({
    method: "get",
    path: `${report.base}/export.csv`,
    summary: "The filtered reports as CSV, one line per sub row (UTF-8 with BOM, ';', Czech headers)",
    permission: "distributionCenter.aDetail",
    tenancy,
    params: inMunicipality,
    query: distributionReportExportQuery,
    answer: "binary",
  }),
  mailExport: endpoint({
    method: "post",
    path: `${report.base}/mail`,
    summary: "E-mail the filtered export as a CSV attachment (a background job)",
    permission: "distributionCenter.aEdit",
    tenancy,
    params: inMunicipality,
    query: distributionReportExportQuery,
    body: exportMailBody,
    status: 202,
    response: z.object({ email: z.string() }),
  }),
  process: onReport(
    "process",
    "Apply an unprocessed report's rows to the register (state processed, warning or error)",
  ),
  discard: onReport("discard", "Discard an unprocessed report (nothing is applied)"),
  processSelected: onChecked(
    "process-selected",
    "Process the checked reports one by one: each report's outcome (its state, or skipped with the reason — not unprocessed, not found)",
  ),
  discardSelected: onChecked(
    "discard-selected",
    "Discard the checked reports: each report's outcome (discarded, or skipped with the reason)",
  ),
};
