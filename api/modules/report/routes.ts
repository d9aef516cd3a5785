import { municipalityCall, route } from "../../lib/route";
import { fileResponse, streamBody } from "../../lib/download";
import { reportEndpoints as ep } from "#contract/endpoints/report";
import { getReport, reportOptions } from "./service";
import { reportFilter } from "./query";
import { reportCsv, reportCsvName } from "./export";

/** Reports (contract/endpoints/report.ts; decision 0043). */
export const reportRoutes = [
  route(ep.list, ({ services, params, query, auth }) =>
    getReport(services.db, params.municipalityId, query, [...auth.permissions]),
  ),
  municipalityCall.read(ep.options, reportOptions),
  route(ep.exportCsv, async ({ services, params, query, auth }) => {
    // The filters are checked before the first byte: a refused one is a 422 (or 403), not a broken file.
    const f = reportFilter(query, [...auth.permissions]);
    const lines = reportCsv(services.db, params.municipalityId, f, { records: query.records, weight: query.weight });
    return fileResponse(streamBody(lines), reportCsvName(f), "text/csv; charset=utf-8");
  }),
];
