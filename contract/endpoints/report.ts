import { endpoint } from "../endpoint";
import { inMunicipality, municipalityTenancy as tenancy } from "./shared";
import { reportAnswer, reportExportQuery, reportList, reportOptions } from "../report";

const base = "/municipality/:municipalityId/report";

/** Reports (spec 001 §2 'Reports'; contract/report.ts; decision 0043). */
export const reportEndpoints = {
  list: endpoint({
    method: "get",
    path: base,
    summary:
      "A period's sums per bin, collection point or waste type (records, weight, yard visits and weight; source and city district filters; sort; paging) with the totals of every row",
    permission: "report.aDetail",
    tenancy,
    params: inMunicipality,
    query: reportList.query,
    response: reportAnswer,
  }),
  options: endpoint({
    method: "get",
    path: `${base}/options`,
    summary: "The city districts of the municipality's collection points (the report's filter)",
    permission: "report.aDetail",
    tenancy,
    params: inMunicipality,
    response: reportOptions,
  }),
  exportCsv: endpoint({
    method: "get",
    path: `${base}/export.csv`,
    summary: "The same report as CSV, every row in the table's order (UTF-8 with BOM, ';', Czech headers)",
    permission: "report.aDetail",
    tenancy,
    params: inMunicipality,
    query: reportExportQuery,
    answer: "binary",
  }),
};
