/**
 * Distribution reports (spec 001 §2 Distribution centres, §3 Distribution report, §4 states;
 * docs/distribution-reports.md): the list with its sub rows, recording a centre's report and discarding one.
 * Processing (applying the rows to the register) is in process.ts, the CSV export and its e-mail in export.ts.
 */
import { and, asc, count, desc, eq, gte, inArray, lte, type AnyColumn, type SQL } from "drizzle-orm";
import type { Db } from "../../db/client";
import {
  binType,
  distributionCentre,
  distributionReport,
  distributionReportRecord,
  feePayer,
  subject,
  user,
  wasteType,
} from "../../db/schema";
import { ApiError, notFound, validation } from "../../lib/errors";
import { pageWindow, sortTerm } from "../../lib/paging";
import { findInMunicipality, isInMunicipality, nameOf, userFullName, userNameColumns } from "../../lib/records";
import { searchMatches } from "../../lib/search";
import { bumped } from "../../lib/version";
import { distributionReportListKeys, type SortKey } from "#contract/lists";
import {
  DISTRIBUTION_REPORT_NOT_FOUND,
  RECORD_FIELDS,
  REPORT_NOT_UNPROCESSED,
  type DistributionRecordItem,
  type DistributionRecordType,
  type DistributionReportExportQuery,
  type DistributionReportForm,
  type DistributionReportItem,
  type DistributionReportState,
  type RecordOutcome,
} from "#contract/distribution-report";
import { feePayerName } from "#contract/fee-payer";
import { formatSubjectAddress } from "#contract/subject";
import { feePayerNameColumns } from "../fee-payer/shared";
import { checkTypes } from "../waste-evidence-header/shared";
import { subjectAddressColumns } from "../subject/shared";

export const findReport = (db: Db, municipalityId: number, id: number) =>
  findInMunicipality(db, distributionReport, municipalityId, id, () => notFound(DISTRIBUTION_REPORT_NOT_FOUND));

/** 409: only an unprocessed report can be processed or discarded (processing is never repeated). */
export const notUnprocessed = () => new ApiError(409, REPORT_NOT_UNPROCESSED);

const SORTS: Record<SortKey<typeof distributionReportListKeys>, AnyColumn> = {
  reportDate: distributionReport.reportDate,
  state: distributionReport.state,
  recordCount: distributionReport.recordCount,
  createdAt: distributionReport.createdAt,
  id: distributionReport.id,
};

const reportColumns = {
  id: distributionReport.id,
  reportDate: distributionReport.reportDate,
  state: distributionReport.state,
  centreId: distributionReport.centreId,
  centreName: distributionCentre.name,
  subjectId: distributionReport.subjectId,
  subjectName: subject.name,
  ...subjectAddressColumns,
  recordCount: distributionReport.recordCount,
  description: distributionReport.description,
  resultMessage: distributionReport.resultMessage,
  processedAt: distributionReport.processedAt,
  processedBy: userNameColumns,
  createdAt: distributionReport.createdAt,
};

const selectReports = (db: Db) =>
  db
    .select(reportColumns)
    .from(distributionReport)
    .innerJoin(distributionCentre, eq(distributionCentre.id, distributionReport.centreId))
    .leftJoin(subject, eq(subject.id, distributionReport.subjectId))
    .leftJoin(user, eq(user.id, distributionReport.processedBy));

type ReportRow = Awaited<ReturnType<typeof selectReports>>[number];

/** The sub rows of these reports in one query (no query per report), by report. */
async function recordsOf(db: Db, reportIds: number[]): Promise<Map<number, DistributionRecordItem[]>> {
  const byReport = new Map<number, DistributionRecordItem[]>(reportIds.map((id) => [id, []]));
  if (!reportIds.length) return byReport;
  const rows = await db
    .select({
      reportId: distributionReportRecord.reportId,
      id: distributionReportRecord.id,
      position: distributionReportRecord.position,
      type: distributionReportRecord.type,
      feePayerId: distributionReportRecord.feePayerId,
      payer: feePayerNameColumns,
      code: distributionReportRecord.code,
      binTypeId: distributionReportRecord.binTypeId,
      binTypeName: nameOf(binType, distributionReportRecord.binTypeId),
      wasteTypeId: distributionReportRecord.wasteTypeId,
      wasteTypeName: nameOf(wasteType, distributionReportRecord.wasteTypeId),
      wasteEvidenceHeaderId: distributionReportRecord.wasteEvidenceHeaderId,
      orderedDisposeCount: distributionReportRecord.orderedDisposeCount,
      description: distributionReportRecord.description,
      outcome: distributionReportRecord.outcome,
      message: distributionReportRecord.message,
    })
    .from(distributionReportRecord)
    .leftJoin(feePayer, eq(feePayer.id, distributionReportRecord.feePayerId))
    .where(inArray(distributionReportRecord.reportId, reportIds))
    .orderBy(asc(distributionReportRecord.reportId), asc(distributionReportRecord.position));
  for (const { reportId, payer, ...r } of rows) {
    byReport.get(reportId)!.push({
      ...r,
      type: r.type as DistributionRecordType,
      feePayerName: payer ? feePayerName(payer) : null,
      outcome: r.outcome as RecordOutcome | null,
    });
  }
  return byReport;
}

function toItem(row: ReportRow, records: DistributionRecordItem[]): DistributionReportItem {
  return {
    id: row.id,
    reportDate: row.reportDate,
    state: row.state as DistributionReportState,
    centreId: row.centreId,
    centreName: row.centreName,
    subjectId: row.subjectId,
    subjectName: row.subjectName,
    subjectAddress: row.subjectName === null ? null : formatSubjectAddress(row) || null,
    recordCount: row.recordCount,
    description: row.description,
    resultMessage: row.resultMessage,
    processedAt: row.processedAt?.toISOString() ?? null,
    processedByName: userFullName(row.processedBy),
    createdAt: row.createdAt.toISOString(),
    records,
  };
}

/** The list's (and the export's) conditions; the search matches the collection point's name and address. */
export function reportFilters(municipalityId: number, q: DistributionReportExportQuery): SQL | undefined {
  return and(
    eq(distributionReport.municipalityId, municipalityId),
    q.state ? eq(distributionReport.state, q.state) : undefined,
    q.centreId ? eq(distributionReport.centreId, q.centreId) : undefined,
    q.subjectId ? eq(distributionReport.subjectId, q.subjectId) : undefined,
    q.dateFrom ? gte(distributionReport.reportDate, q.dateFrom) : undefined,
    q.dateTo ? lte(distributionReport.reportDate, q.dateTo) : undefined,
    q.search ? searchMatches(subject.search, q.search) : undefined,
  );
}

export function reportOrder(q: DistributionReportExportQuery) {
  return [sortTerm(distributionReportListKeys, SORTS, q.sort), desc(distributionReport.id)];
}

/** A window of the filtered reports, each with its sub rows. */
export async function reportPage(
  db: Db,
  municipalityId: number,
  q: DistributionReportExportQuery,
  window: { limit: number; offset: number },
): Promise<DistributionReportItem[]> {
  const rows = await selectReports(db)
    .where(reportFilters(municipalityId, q))
    .orderBy(...reportOrder(q))
    .limit(window.limit)
    .offset(window.offset);
  const records = await recordsOf(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((r) => toItem(r, records.get(r.id)!));
}

export async function listReports(
  db: Db,
  municipalityId: number,
  q: DistributionReportExportQuery & {
    page: number;
    pageSize: number;
  },
) {
  const [items, totals] = await Promise.all([
    reportPage(db, municipalityId, q, pageWindow(q)),
    db
      .select({ n: count() })
      .from(distributionReport)
      .leftJoin(subject, eq(subject.id, distributionReport.subjectId))
      .where(reportFilters(municipalityId, q)),
  ]);
  return { items, total: Number(totals[0]?.n ?? 0) };
}

/** One report as the list shows it (the answer of process and discard). */
export async function getReport(db: Db, municipalityId: number, id: number): Promise<DistributionReportItem> {
  const [row] = await selectReports(db).where(
    and(eq(distributionReport.id, id), eq(distributionReport.municipalityId, municipalityId)),
  );
  if (!row) throw notFound(DISTRIBUTION_REPORT_NOT_FOUND);
  const records = await recordsOf(db, [id]);
  return toItem(row, records.get(id)!);
}

/**
 * Records a centre's report (unprocessed): the centre, the collection point and each row's payer and types must be
 * the municipality's (422 under the field otherwise); a row keeps only the fields its type uses.
 */
export async function createReport(db: Db, municipalityId: number, f: DistributionReportForm, userId: number) {
  const errors: Record<string, string[]> = {};
  const [centreOk, subjectOk] = await Promise.all([
    isInMunicipality(db, distributionCentre, municipalityId, f.centreId),
    isInMunicipality(db, subject, municipalityId, f.subjectId),
  ]);
  if (!centreOk) errors.centreId = ["Vyberte distribuční centrum."];
  if (!subjectOk) errors.subjectId = ["Vyberte odběrné místo."];
  const records = f.records.map((r) => {
    const uses = new Set<string>(RECORD_FIELDS[r.type]);
    const keep = <K extends keyof typeof r>(k: K) => (uses.has(k) ? (r[k] ?? null) : null);
    return {
      type: r.type,
      feePayerId: keep("feePayerId") as number | null,
      code: keep("code") as string | null,
      binTypeId: keep("binTypeId") as number | null,
      wasteTypeId: keep("wasteTypeId") as number | null,
      orderedDisposeCount: keep("orderedDisposeCount") as number | null,
      description: keep("description") as string | null,
    };
  });
  for (const [i, r] of records.entries()) {
    if (r.feePayerId && !(await isInMunicipality(db, feePayer, municipalityId, r.feePayerId)))
      errors[`records.${i}.feePayerId`] = ["Poplatník nebyl nalezen."];
    if (r.binTypeId || r.wasteTypeId) {
      try {
        await checkTypes(db, municipalityId, r.binTypeId ?? undefined, r.wasteTypeId ?? undefined);
      } catch (err) {
        if (!(err instanceof ApiError) || !err.errors) throw err;
        for (const [field, messages] of Object.entries(err.errors)) errors[`records.${i}.${field}`] = messages;
      }
    }
  }
  if (Object.keys(errors).length) throw validation(errors);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(distributionReport)
      .values({
        municipalityId,
        centreId: f.centreId,
        subjectId: f.subjectId,
        reportDate: f.reportDate,
        description: f.description ?? null,
        recordCount: records.length,
        createdBy: userId,
      })
      .returning({ id: distributionReport.id });
    await tx
      .insert(distributionReportRecord)
      .values(records.map((r, i) => ({ ...r, reportId: row!.id, position: i + 1 })));
    return { id: row!.id };
  });
}

/** A clerk sets an unprocessed report aside: nothing is applied, the report stays in the list as discarded. */
export async function discardReport(db: Db, municipalityId: number, id: number, userId: number) {
  await findReport(db, municipalityId, id);
  const rows = await db
    .update(distributionReport)
    .set({
      state: "discarded",
      processedAt: new Date(),
      processedBy: userId,
      updatedAt: new Date(),
      version: bumped(distributionReport.version),
    })
    .where(and(eq(distributionReport.id, id), eq(distributionReport.state, "unprocessed")))
    .returning({ id: distributionReport.id });
  if (!rows.length) throw notUnprocessed();
  return getReport(db, municipalityId, id);
}
