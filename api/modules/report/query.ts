/**
 * The report's filters as applied (contract/report.ts): the defaults filled in and the checks across fields, which the
 * query schema leaves to the API so that the web can read any URL leniently (tests/unit/list-contracts.test.ts).
 */
import {
  REPORT_BIN_YARD_MESSAGE,
  REPORT_FORBIDDEN_MESSAGE,
  reportRights,
  REPORT_MAX_DAYS,
  REPORT_PERIOD_LENGTH_MESSAGE,
  REPORT_PERIOD_ORDER_MESSAGE,
  type ReportExportQuery,
  type ReportSource,
  type ReportType,
} from "#contract/report";
import { ApiError, validation } from "../../lib/errors";
import { today } from "../subject/membership";

export interface ReportFilter {
  type: ReportType;
  source: ReportSource;
  dateFrom: string;
  dateTo: string;
  district: string | undefined;
  sort: string | undefined;
}

const dayNumber = (day: string) => Date.parse(`${day}T00:00:00Z`) / 86_400_000;

/**
 * The period: as asked; one end alone reaches to the other end of its year; neither is this year (Prague). 422 with
 * Czech messages under the fields: from after to, a period over three years, bins from the yards. The role's rights
 * (reportRights): a type or a source it may not read is a 403; 'all' keeps to the source it may read.
 */
export function reportFilter(q: ReportExportQuery, permissions: readonly string[]): ReportFilter {
  const rights = reportRights(permissions);
  const type = q.type ?? rights.types[0] ?? "bin";
  const asked = q.source ?? "all";
  if (!rights.types.includes(type) || (!rights.sources.includes(asked) && asked !== "all"))
    throw new ApiError(403, REPORT_FORBIDDEN_MESSAGE);
  const source = rights.sources.includes(asked) ? asked : rights.sources[0]!;
  const year = (q.dateFrom ?? q.dateTo ?? today()).slice(0, 4);
  const dateFrom = q.dateFrom ?? (q.dateTo ? `${q.dateTo.slice(0, 4)}-01-01` : `${year}-01-01`);
  const dateTo = q.dateTo ?? `${dateFrom.slice(0, 4)}-12-31`;
  const errors: Record<string, string[]> = {};
  if (dateFrom > dateTo) errors.dateFrom = [REPORT_PERIOD_ORDER_MESSAGE];
  else if (dayNumber(dateTo) - dayNumber(dateFrom) + 1 > REPORT_MAX_DAYS)
    errors.dateTo = [REPORT_PERIOD_LENGTH_MESSAGE];
  if (type === "bin" && source === "yard") errors.source = [REPORT_BIN_YARD_MESSAGE];
  if (Object.keys(errors).length) throw validation(errors, "Neplatné parametry dotazu.");
  return { type, source, dateFrom, dateTo, district: q.district, sort: q.sort };
}
