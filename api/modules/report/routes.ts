import { municipalityCall, route } from "../../lib/route";
import { fileResponse, streamBody } from "../../lib/download";
import { reportEndpoints as ep } from "#contract/endpoints/report";
import { getReport, reportOptions } from "./service";
import { reportFilter } from "./query";
import { reportCsv, reportCsvName } from "./export";

/** Reports (contract/endpoints/report.ts; decision 0043). */
export const reportRoutes = [
  municipalityCall.query(ep.list, getReport),
  municipalityCall.read(ep.options, reportOptions),
  route(ep.exportCsv, async ({ services, params, query }) => {
    // The filters are checked before the first byte: a refused one is a 422, not a broken file.
    const f = reportFilter(query);
    const lines = reportCsv(services.db, params.municipalityId, f, { records: query.records, weight: query.weight });
    return fileResponse(streamBody(lines), reportCsvName(f), "text/csv; charset=utf-8");
  }),
];
