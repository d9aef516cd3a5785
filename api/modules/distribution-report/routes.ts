import { municipalityCall, route } from "../../lib/route";
import { fileResponse, streamBody } from "../../lib/download";
import { distributionReportEndpoints as ep } from "#contract/endpoints/distribution-report";
import { today } from "../subject/membership";
import * as svc from "./service";
import { processReport } from "./process";
import { formOptions } from "./options";
import { discardSelected, processSelected } from "./bulk";
import { csvFileName, reportsCsv, requestExportMail } from "./export";

/** Distribution reports (contract/endpoints/distribution-report.ts; docs/distribution-reports.md). */
export const distributionReportRoutes = [
  municipalityCall.query(ep.list, svc.listReports),
  route(ep.create, ({ services, params, body, auth }) =>
    svc.createReport(services.db, params.municipalityId, body, auth.user.id),
  ),
  municipalityCall.query(ep.formOptions, formOptions),
  route(ep.exportCsv, async ({ services, params, query }) =>
    fileResponse(
      streamBody(reportsCsv(services.db, params.municipalityId, query)),
      csvFileName(today()),
      "text/csv; charset=utf-8",
    ),
  ),
  route(ep.mailExport, ({ services, params, query, body }) =>
    requestExportMail(services.jobs, params.municipalityId, query, body),
  ),
  route(ep.process, ({ services, params: p, auth }) =>
    processReport(services.db, p.municipalityId, p.distributionReportId, auth.user.id),
  ),
  route(ep.discard, ({ services, params: p, auth }) =>
    svc.discardReport(services.db, p.municipalityId, p.distributionReportId, auth.user.id),
  ),
  route(ep.processSelected, ({ services, params, body, auth }) =>
    processSelected(services.db, params.municipalityId, body, auth.user.id),
  ),
  route(ep.discardSelected, ({ services, params, body, auth }) =>
    discardSelected(services.db, params.municipalityId, body, auth.user.id),
  ),
];
