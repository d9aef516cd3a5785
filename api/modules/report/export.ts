/**
 * A report as CSV (contract/report.ts): the table's columns and rows in its order, then a line of totals. UTF-8 with
 * BOM, ';' and CRLF, weights with a decimal comma, so that a Czech spreadsheet opens it as is (like the imports'
 * error CSV and the distribution reports). Read a page at a time: memory holds one page, never the whole report.
 */
import type { Db } from "../../db/client";
import { reportFigures, type ReportFigure, type ReportRow, type ReportType } from "#contract/report";
import { csvCell } from "../import/service";
import { reportRows, rowOf, totalsOf } from "./service";
import type { ReportFilter } from "./query";

export const REPORT_CSV_PAGE = 5_000;

/** The CSV's columns: its headers are the file's, in Czech like the other exports (not messages of the API). */
type Column = { header: string; value: (r: ReportRow) => string | number | null };

const kg = (v: string) => v.replace(".", ",");

const describedColumns: Record<ReportType, Column[]> = {
  bin: [
    { header: "Čárový kód", value: (r) => r.barcode },
    { header: "Kód", value: (r) => r.plainCode },
    { header: "Typ nádoby", value: (r) => r.binTypeName },
    { header: "Objem (l)", value: (r) => r.binVolume },
    { header: "Odpad", value: (r) => r.wasteName },
    { header: "Odběrné místo", value: (r) => r.subjectName },
    { header: "Adresa", value: (r) => r.address },
    { header: "Městská část", value: (r) => r.district },
  ],
  subject: [
    { header: "Odběrné místo", value: (r) => r.name },
    { header: "Adresa", value: (r) => r.address },
    { header: "Městská část", value: (r) => r.district },
    { header: "Nádoby", value: (r) => r.bins },
  ],
  waste: [
    { header: "Odpad", value: (r) => r.name ?? "Neurčený odpad" },
    { header: "Katalogové číslo", value: (r) => r.catalogCode },
  ],
};

const figureColumns: Record<ReportFigure, Column> = {
  records: { header: "Počet záznamů", value: (r) => r.records },
  weightKg: { header: "Hmotnost ze svozu (kg)", value: (r) => kg(r.weightKg) },
  yardVisits: { header: "Návštěvy sběrných dvorů", value: (r) => r.yardVisits },
  yardWeightKg: { header: "Hmotnost ze sběrných dvorů (kg)", value: (r) => kg(r.yardWeightKg) },
};

/** The columns of the report: its type's, then the figures the source and the switches show. */
export function csvColumns(f: ReportFilter, switches: { records?: boolean; weight?: boolean }): Column[] {
  const shown = reportFigures({ type: f.type, source: f.source, ...switches });
  const figures = (Object.keys(figureColumns) as ReportFigure[]).filter((k) => shown[k]).map((k) => figureColumns[k]);
  return [...describedColumns[f.type], ...figures];
}

const BLANK: ReportRow = {
  id: null,
  name: null,
  barcode: null,
  plainCode: null,
  binTypeName: null,
  binVolume: null,
  wasteName: null,
  catalogCode: null,
  subjectName: null,
  address: null,
  district: null,
  bins: null,
  records: 0,
  weightKg: "0.000",
  yardVisits: 0,
  yardWeightKg: "0.000",
};

const FILE_NAMES: Record<ReportType, string> = { bin: "nadoby", subject: "odberna-mista", waste: "odpady" };

/** report-nadoby-2026-01-01-2026-12-31.csv */
export const reportCsvName = (f: ReportFilter) => `report-${FILE_NAMES[f.type]}-${f.dateFrom}-${f.dateTo}.csv`;

const line = (cells: (string | number | null)[]) => cells.map(csvCell).join(";") + "\r\n";

export async function* reportCsv(
  db: Db,
  municipalityId: number,
  f: ReportFilter,
  switches: { records?: boolean; weight?: boolean },
): AsyncGenerator<string> {
  const columns = csvColumns(f, switches);
  yield "\uFEFF" + line(columns.map((c) => c.header));
  let totals = totalsOf(undefined);
  for (let offset = 0; ; offset += REPORT_CSV_PAGE) {
    const page = await reportRows(db, municipalityId, f, { limit: REPORT_CSV_PAGE, offset });
    if (offset === 0) totals = totalsOf(page[0]);
    if (page.length) yield page.map((r) => line(columns.map((c) => c.value(rowOf(r))))).join("");
    if (page.length < REPORT_CSV_PAGE) break;
  }
  const described = describedColumns[f.type].length;
  const sum: ReportRow = { ...BLANK, ...totals };
  yield line(columns.map((c, i) => (i === 0 ? "Celkem" : i < described ? null : c.value(sum))));
}
