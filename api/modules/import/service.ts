/**
 * Reading import jobs (spec 001 §2 'Imports', §3 Import job, §8 'Import'): the list with its filters, one job with
 * its progress, its rejected rows (paged, or all as CSV), the original file, and deleting a finished job's file.
 * Every function takes the municipality of the path and filters by it; `type` narrows to one import type (the waste
 * cards' own import page sees only waste-card jobs).
 */
import { and, asc, desc, eq, gte, lte, sql, type SQL } from "drizzle-orm";
import type { Db } from "../../db/client";
import { importFileChunk, importJob, importJobError, user } from "../../db/schema";
import { ApiError, notFound } from "../../lib/errors";
import { listPage, pageWindow } from "../../lib/paging";
import { iso } from "../../lib/records";
import { importErrorListKeys, importJobListKeys, parseListSort } from "#contract/lists";
import { endOfDay, startOfDay } from "#contract/calendar";
import {
  FINISHED_IMPORT_STATES,
  IMPORT_HAS_ERRORS,
  IMPORT_STILL_RUNNING,
  type ImportErrorCategory,
  type ImportErrorListQuery,
  type ImportJobAnswer,
  type ImportJobErrorRow,
  type ImportJobListQuery,
  type ImportJobState,
} from "#contract/import";
import { storedFile } from "./store";

export const importJobNotFound = () => notFound("Import nebyl nalezen.");
const fileNotFound = () => notFound("Soubor importu už byl smazán.");

const columns = {
  job: importJob,
  createdByName: sql<string | null>`nullif(trim(concat_ws(' ', ${user.firstName}, ${user.lastName})), '')`,
};

type JobRow = { job: typeof importJob.$inferSelect; createdByName: string | null };

function jobAnswer({ job, createdByName }: JobRow): ImportJobAnswer {
  const state = job.state as ImportJobState;
  const finished = FINISHED_IMPORT_STATES.includes(state);
  return {
    id: job.id,
    type: job.type,
    format: job.format,
    fileName: job.fileName,
    state,
    totalRows: job.totalRows,
    acceptedRows: job.acceptedRows,
    unchangedRows: job.unchangedRows,
    errorRows: job.errorRows,
    progress: finished ? 100 : job.fileSize ? Math.min(99, Math.floor((job.bytesDone * 100) / job.fileSize)) : 0,
    fileSize: job.fileSize,
    hasFile: !job.fileDeletedAt && !!job.queuedAt,
    message: job.message ?? (state === "error" ? IMPORT_HAS_ERRORS : null),
    createdAt: job.createdAt.toISOString(),
    createdByName,
    processedAt: iso(job.processedAt),
  };
}

const inMunicipality = (municipalityId: number, type?: string) =>
  and(eq(importJob.municipalityId, municipalityId), type ? eq(importJob.type, type) : undefined);

/** One job of the municipality (of the type, when given); 404 'Import nebyl nalezen.' for anything else. */
export async function getImportJob(
  db: Db,
  municipalityId: number,
  importJobId: number,
  type?: string,
): Promise<ImportJobAnswer> {
  const [row] = await db
    .select(columns)
    .from(importJob)
    .leftJoin(user, eq(user.id, importJob.createdBy))
    .where(and(eq(importJob.id, importJobId), inMunicipality(municipalityId, type)));
  if (!row) throw importJobNotFound();
  return jobAnswer(row);
}

/** The municipality's jobs, newest first, filtered by type, state and the day they were created (Prague). */
export async function listImportJobs(
  db: Db,
  municipalityId: number,
  q: ImportJobListQuery,
): Promise<{ items: ImportJobAnswer[]; total: number }> {
  const conds: (SQL | undefined)[] = [inMunicipality(municipalityId, q.type)];
  if (q.state) conds.push(eq(importJob.state, q.state));
  // A day of the Prague calendar (noon UTC is inside it whatever the season).
  const day = (d: string) => new Date(`${d}T12:00:00Z`);
  if (q.dateFrom) conds.push(gte(importJob.createdAt, startOfDay(day(q.dateFrom))));
  if (q.dateTo) conds.push(lte(importJob.createdAt, endOfDay(day(q.dateTo))));
  const where = and(...conds);
  const dir = parseListSort(importJobListKeys, q.sort).desc ? desc : asc;
  const { rows, total } = await listPage(
    db.select(columns).from(importJob).leftJoin(user, eq(user.id, importJob.createdBy)).where(where).$dynamic(),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(importJob)
      .where(where),
    [dir(importJob.createdAt), dir(importJob.id)],
    q,
  );
  return { items: rows.map(jobAnswer), total };
}

/** The job's rejected rows in file order, paged; optionally of one category. */
export async function listImportErrors(
  db: Db,
  municipalityId: number,
  importJobId: number,
  q: ImportErrorListQuery,
  type?: string,
): Promise<{ items: ImportJobErrorRow[]; total: number }> {
  const job = await getImportJob(db, municipalityId, importJobId, type);
  const { limit, offset } = pageWindow(q);
  const dir = parseListSort(importErrorListKeys, q.sort).desc ? desc : asc;
  const where = and(
    eq(importJobError.importJobId, job.id),
    q.category ? eq(importJobError.category, q.category) : undefined,
  );
  const [rows, total] = await Promise.all([
    db
      .select({
        id: importJobError.id,
        rowNumber: importJobError.rowNumber,
        category: importJobError.category,
        message: importJobError.message,
        rawRow: importJobError.rawRow,
      })
      .from(importJobError)
      .where(where)
      .orderBy(dir(importJobError.rowNumber), dir(importJobError.id))
      .limit(limit)
      .offset(offset),
    // error_rows is kept with the rows (one transaction per batch); a category is counted.
    q.category
      ? db
          .select({ n: sql<number>`count(*)::int` })
          .from(importJobError)
          .where(where)
          .then(([c]) => c?.n ?? 0)
      : job.errorRows,
  ]);
  return { items: rows.map((r) => ({ ...r, category: r.category as ImportErrorCategory })), total };
}

/** A cell of a CSV file (the error CSV, the distribution reports): quoted when it holds the delimiter, a quote or a line break; no formula start. */
export function csvCell(v: string | number | null): string {
  let s = v === null ? "" : String(v);
  // A spreadsheet would run a cell starting with = + - @ as a formula (CSV injection).
  if (/^[=+\-@\t\r]/.test(s)) s = `'${s}`;
  return /[;"\r\n]/.test(s) ? `"${s.replaceAll('"', '""')}"` : s;
}

const ERRORS_CSV_PAGE = 5_000;

/** All rejected rows as CSV lines (UTF-8 with BOM for spreadsheets, ';'), read page by page. */
export async function* importErrorsCsv(db: Db, municipalityId: number, importJobId: number): AsyncGenerator<string> {
  const job = await getImportJob(db, municipalityId, importJobId);
  yield "\uFEFFřádek;kategorie;chyba;původní řádek\r\n";
  for (let after = 0; ;) {
    const rows = await db
      .select()
      .from(importJobError)
      .where(and(eq(importJobError.importJobId, job.id), sql`${importJobError.id} > ${after}`))
      .orderBy(asc(importJobError.id))
      .limit(ERRORS_CSV_PAGE);
    if (!rows.length) return;
    after = rows.at(-1)!.id;
    yield rows.map((r) => [r.rowNumber, r.category, r.message, r.rawRow].map(csvCell).join(";") + "\r\n").join("");
  }
}

/** The original file, chunk by chunk; 404 when it was deleted. */
export async function importFile(
  db: Db,
  municipalityId: number,
  importJobId: number,
): Promise<{ fileName: string; size: number; chunks: AsyncGenerator<Buffer> }> {
  const job = await getImportJob(db, municipalityId, importJobId);
  if (!job.hasFile) throw fileNotFound();
  return { fileName: job.fileName, size: job.fileSize, chunks: storedFile(db, job.id) };
}

/** Deletes a finished job's stored file (409 while it runs); its counts and error log stay. */
export async function deleteImportFile(db: Db, municipalityId: number, importJobId: number): Promise<void> {
  const job = await getImportJob(db, municipalityId, importJobId);
  if (!job.hasFile) throw fileNotFound();
  if (!FINISHED_IMPORT_STATES.includes(job.state)) throw new ApiError(409, IMPORT_STILL_RUNNING);
  await db.transaction(async (tx) => {
    await tx.delete(importFileChunk).where(eq(importFileChunk.importJobId, job.id));
    await tx
      .update(importJob)
      .set({ fileDeletedAt: sql`now()` })
      .where(eq(importJob.id, job.id));
  });
}
