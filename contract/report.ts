/**
 * Reports (spec 001 §2 'Reports', spec 000 §2 /reports): sums of a period's waste evidence per bin, per collection
 * point or per waste type, shown as a paged table or downloaded as CSV with the same filters. The external systems'
 * exports (GORDIC, KEO, MUNIS, TRIADA, VERA) are not offered: decision 0043.
 *
 * Sources (spec 001 §2 'waste types: all, general, from collection yards'): 'general' are the waste evidence records
 * (collections and manual records), 'yard' the wastes brought to the municipality's collection yards (yard visits).
 * The switches `records` and `weight` show or hide the counts and the weights (in the table and in the CSV).
 */
import { z } from "zod";
import { listFilter, listQuery } from "./list";
import { reportListKeys } from "./lists";
import type { Permission } from "./permissions";

export const REPORT_TYPES = ["bin", "subject", "waste"] as const;
export type ReportType = (typeof REPORT_TYPES)[number];
export const REPORT_SOURCES = ["all", "general", "yard"] as const;
export type ReportSource = (typeof REPORT_SOURCES)[number];

export const REPORT_TYPE_MESSAGE = "Vyberte typ reportu.";
export const REPORT_SOURCE_MESSAGE = "Vyberte druh odpadů.";
export const REPORT_SWITCH_MESSAGE = "Zvolte ano, nebo ne.";
export const REPORT_PERIOD_ORDER_MESSAGE = "Datum od musí být nejpozději v den data do.";
export const REPORT_BIN_YARD_MESSAGE =
  "Nádoby mají jen záznamy ze svozu; pro odpady ze sběrných dvorů zvolte jiný typ.";
/** A period longer than this is refused: a report reads one period's records, not the whole history at once. */
export const REPORT_MAX_DAYS = 3 * 366;
export const REPORT_PERIOD_LENGTH_MESSAGE = "Období může být nejvýše tři roky.";

/**
 * What a report shows besides report.aDetail (spec 000 §6: a role reads only its areas' data): a bin report names
 * bins and their collection points, a collection point report the points; record figures are the evidence's, yard
 * figures the yards' (a point's visits are its payers'). A type the role may not read is refused (403); of the
 * sources, 'all' keeps to those it may read and one it may not is refused.
 */
export const REPORT_TYPE_PERMISSIONS: Record<ReportType, readonly Permission[]> = {
  bin: ["wasteEvidenceHeader.aDetail", "subject.aDetail"],
  subject: ["subject.aDetail"],
  waste: [],
};
export const REPORT_SOURCE_PERMISSIONS = { general: "wasteEvidence.aDetail", yard: "yardReport.aDetail" } as const;
export const REPORT_FORBIDDEN_MESSAGE = "Tento report vaše role zobrazit nesmí.";

/** The report types and sources a role may read ('all' only when it may read both sources). */
export function reportRights(permissions: readonly string[]): { types: ReportType[]; sources: ReportSource[] } {
  const has = (p: Permission) => permissions.includes(p);
  const general = has(REPORT_SOURCE_PERMISSIONS.general);
  const yard = has(REPORT_SOURCE_PERMISSIONS.yard);
  const sources: ReportSource[] =
    general && yard ? ["all", "general", "yard"] : general ? ["general"] : yard ? ["yard"] : [];
  const types = sources.length ? REPORT_TYPES.filter((t) => REPORT_TYPE_PERMISSIONS[t].every(has)) : [];
  // A bin has only the records of collections.
  return { types: general ? types : types.filter((t) => t !== "bin"), sources };
}

const blank = (v: unknown) => (v === "" || v === null ? undefined : v);
const choice = <const T extends readonly [string, ...string[]]>(values: T, message: string) =>
  z.preprocess(blank, z.enum(values, { message }).optional());
const yesNo = () =>
  z.preprocess(
    blank,
    z
      .enum(["true", "false"], { message: REPORT_SWITCH_MESSAGE })
      .transform((v) => v === "true")
      .optional(),
  );

/**
 * GET municipality/{id}/report: the report type (absent: bin), the period (absent: this year in Prague; from after
 * to is a 422), the collection point's city district, the source (absent: all) and the two column switches (absent:
 * shown). The checks across fields are the API's (api/modules/report/query.ts), so the web reads any URL leniently.
 */
export const reportList = listQuery(reportListKeys, {
  type: choice(REPORT_TYPES, REPORT_TYPE_MESSAGE),
  ...listFilter.dateRange(),
  district: listFilter.search(),
  source: choice(REPORT_SOURCES, REPORT_SOURCE_MESSAGE),
  records: yesNo(),
  weight: yesNo(),
});
export type ReportQuery = z.output<typeof reportList.query>;

/** The CSV export: the same filters and sort, every row. */
export const reportExportQuery = reportList.query.omit({ page: true, pageSize: true });
export type ReportExportQuery = z.output<typeof reportExportQuery>;

const kg = z.string();

/**
 * One row of a report. Every type fills `id` (the bin's, the collection point's or the waste type's; null: records of
 * no waste type), `name` and the four figures; the rest is its type's:
 * - bin: barcode, plainCode, binTypeName, binVolume, wasteName, subjectName, address, district (of its collection
 *   point);
 * - subject: name, address, district, bins (its bins now);
 * - waste: name (the waste type's), catalogCode.
 * `records` and `weightKg` are the evidence records (emptyings) and their weight; `yardVisits` and `yardWeightKg` the
 * yard visits and the weight brought; the source not asked for is 0.
 */
export const reportRow = z.object({
  id: z.number().nullable(),
  name: z.string().nullable(),
  barcode: z.string().nullable(),
  plainCode: z.string().nullable(),
  binTypeName: z.string().nullable(),
  binVolume: z.number().nullable(),
  wasteName: z.string().nullable(),
  catalogCode: z.string().nullable(),
  subjectName: z.string().nullable(),
  address: z.string().nullable(),
  district: z.string().nullable(),
  bins: z.number().nullable(),
  records: z.number(),
  weightKg: kg,
  yardVisits: z.number(),
  yardWeightKg: kg,
});
export type ReportRow = z.infer<typeof reportRow>;

/** The sums over every row of the report (not only the page). */
export const reportTotals = z.object({ records: z.number(), weightKg: kg, yardVisits: z.number(), yardWeightKg: kg });
export type ReportTotals = z.infer<typeof reportTotals>;

/** What the report was made of: the type, the whole period and the source as applied (defaults filled in). */
export const reportAnswer = z.object({
  items: z.array(reportRow),
  total: z.number(),
  totals: reportTotals,
  type: z.enum(REPORT_TYPES),
  source: z.enum(REPORT_SOURCES),
  dateFrom: z.string(),
  dateTo: z.string(),
});
export type ReportAnswer = z.infer<typeof reportAnswer>;

/** The city districts of the municipality's collection points, for the filter. */
export const reportOptions = z.object({ districts: z.array(z.string()) });

/** The columns a report shows: its type's, the figures of the source asked for, as the switches say. */
export function reportFigures(q: { type?: ReportType; source?: ReportSource; records?: boolean; weight?: boolean }) {
  const source = q.source ?? "all";
  const general = source !== "yard";
  // A bin is never brought to a yard: the bin report has the evidence figures only.
  const yard = source !== "general" && (q.type ?? "bin") !== "bin";
  const records = q.records !== false;
  const weight = q.weight !== false;
  return {
    records: general && records,
    weightKg: general && weight,
    yardVisits: yard && records,
    yardWeightKg: yard && weight,
  };
}
export type ReportFigure = keyof ReturnType<typeof reportFigures>;
