/**
 * The report's filters as they travel in the URL (contract/report.ts): the page and the CSV send them to the API as
 * typed, so a wrong one comes back as a 422 with its message under its field instead of being quietly dropped.
 */
import { dateRangeQuickLinks, toIsoDate, wallOf } from "#contract/calendar";

export const REPORTS_PATH = "/reports";
export const REPORT_EXPORT_PATH = "/reports/export.csv";

export const REPORT_FILTER_KEYS = ["type", "dateFrom", "dateTo", "district", "source", "records", "weight"] as const;
export type ReportFilterKey = (typeof REPORT_FILTER_KEYS)[number];
export type ReportFilterValues = Record<ReportFilterKey, string>;

/** The filters of the URL as typed ('' when absent). */
export function reportFilterValues(sp: URLSearchParams): ReportFilterValues {
  return Object.fromEntries(REPORT_FILTER_KEYS.map((k) => [k, sp.get(k) ?? ""])) as ReportFilterValues;
}

/** What goes to the API: the filters given (an absent one takes the API's default). */
export function reportQueryOf(sp: URLSearchParams): Partial<ReportFilterValues> {
  const out: Partial<ReportFilterValues> = {};
  for (const k of REPORT_FILTER_KEYS) {
    const v = sp.get(k);
    if (v) out[k] = v;
  }
  return out;
}

/**
 * A quick period pressed (?quick=lastMonth: a submit button of the filter form, so the other filters go along as they
 * are on screen): the URL with its dates instead, or null when none was pressed.
 */
export function quickPeriodUrl(sp: URLSearchParams): string | null {
  const link = dateRangeQuickLinks().find((l) => l.key === sp.get("quick"));
  if (!link) return null;
  const next = new URLSearchParams(sp);
  next.delete("quick");
  next.delete("page");
  next.set("dateFrom", toIsoDate(link.from));
  next.set("dateTo", toIsoDate(link.to));
  return `${REPORTS_PATH}?${next}`;
}

/** This year in Prague, the period the form offers before anything was asked. */
export function thisYear(now = new Date()): { dateFrom: string; dateTo: string } {
  const { year } = wallOf(now);
  return { dateFrom: `${year}-01-01`, dateTo: `${year}-12-31` };
}
