/**
 * The waste collection import (issue 13 part 3; spec 001 §5 'Waste collection import must also be .csv', §9
 * collection import formats): the stored file read in its format (read-file.ts: Universal or a vendor mapping,
 * UTF-8 or Windows-1250), 10,000 rows a batch through processRows (process.ts) in one transaction with the job's
 * counts and resume point; at the end the collections' weights and states are settled. A row that cannot be read
 * is an error of the job (EmptyCode or Undefined with its reason); the file's own failure ends the job discarded.
 */
import { eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { municipality } from "../../db/schema";
import { validation } from "../../lib/errors";
import { collectionFormat, collectionLogError } from "#contract/collection-import";
import { COLLECTION_IMPORT_MAX_BYTES } from "#contract/collection";
import type { DuplicateHandlingStrategy } from "#contract/enums";
import { checkCsvName } from "../import/store";
import { ImportAbort, isUtf8, NOT_UTF8 } from "../import/csv";
import { throwIfStopping, type Importer, type ImportContext, type RowError } from "../import/runner";
import { CollectionFileError, readCollectionFile } from "./read-file";
import { processRows, type ProcessContext, type RowIn } from "./process";
import { markBinsUsed } from "./write-records";
import { loadWasteTypes } from "./waste-types";
import { settleMeasuredWeight, settleState, spreadWeight } from "./settle";

export const WASTE_COLLECTION_IMPORT_TYPE = "wasteCollection";
const BATCH_ROWS = 10_000;
export const CHOOSE_FORMAT = "Vyberte formát souboru.";

/** What the collection list's 'import collection' form adds to the file (spec 001 §2). */
export interface CollectionImportOptions {
  licencePlate?: string | null;
  /** The collection's total weight in kg (a decimal string), spread over its records. */
  weightKg?: string | null;
}

async function run(ctx: ImportContext): Promise<{ dataRows: number }> {
  const { db, job } = ctx;
  const format = collectionFormat(job.format ?? "");
  if (!format) throw new ImportAbort(CHOOSE_FORMAT);
  const options = (job.options ?? {}) as CollectionImportOptions;
  const [m] = await db
    .select({ strategy: municipality.duplicateHandlingStrategy })
    .from(municipality)
    .where(eq(municipality.id, job.municipalityId));
  const pctx: ProcessContext = {
    municipalityId: job.municipalityId,
    strategy: (m?.strategy ?? "Ignore") as DuplicateHandlingStrategy,
    wasteTypes: await loadWasteTypes(db, job.municipalityId),
    importJobId: job.id,
    origin: "WebImport",
    userId: job.createdBy,
    licencePlate: options.licencePlate ?? null,
    deferBinUpdates: true,
    // A run from the file's start knows every record of its job it wrote, so a batch need not probe other bins' days
    // that only this run wrote to (process.ts anyRecordWithin); a resumed run does not know the earlier run's.
    written: ctx.resumeRows === 0 ? { xids: [], days: new Map() } : undefined,
    timings: process.env.COLLECTION_IMPORT_PROFILE ? {} : undefined,
  };
  const timings = pctx.timings;
  const since = (phase: string, t0: number) => {
    if (timings) timings[phase] = (timings[phase] ?? 0) + performance.now() - t0;
  };

  let rows: RowIn[] = [];
  let unread: RowError[] = [];
  let total = 0;
  let dataRows = 0;
  /**
   * The batch being written. The next batch is read and parsed while the database writes this one (Node and the
   * database work at once, on two cores); batches still commit one after another, in the file's order, so the resume
   * point (rows_done) is always the end of a committed batch.
   */
  let writing: Promise<void> | null = null;
  /** The collections this run gave a record or a log entry: all of the job's unless it resumed an earlier run. */
  const touched = new Set<number>();
  const write = async (batch: { rows: RowIn[]; unread: RowError[]; total: number }) => {
    const t0 = performance.now();
    await db.transaction(async (tx) => {
      // The batch's rows and the job's resume point commit together: a commit lost in a crash loses both, and the
      // run resumed redoes the batch. So the commit need not wait for the disk (nothing lost or counted twice).
      await tx.execute(sql`set local synchronous_commit = off`);
      const res = await processRows(tx as unknown as Db, pctx, batch.rows);
      for (const id of res.writtenCollectionIds) touched.add(id);
      await ctx.commit(tx as unknown as Db, {
        rows: batch.total,
        accepted: res.accepted,
        unchanged: res.unchanged,
        errors: [...batch.unread, ...res.errors].sort((a, b) => a.rowNumber - b.rowNumber),
      });
    });
    since("batch transactions", t0);
  };
  const flush = async () => {
    const w0 = performance.now();
    if (writing) await writing;
    since("reader waiting for the database", w0);
    writing = null;
    throwIfStopping(ctx.signal);
    if (!total) return;
    const batch = { rows, unread, total };
    rows = [];
    unread = [];
    total = 0;
    writing = write(batch);
    // Its failure is seen by the next flush (or the last one); not an unhandled rejection meanwhile.
    writing.catch(() => undefined);
  };

  try {
    try {
      for await (const { rowNumber, raw, result } of readCollectionFile(ctx.chunks, format)) {
        dataRows++;
        if (dataRows <= ctx.resumeRows) continue;
        total++;
        if (result.ok) rows.push({ rowNumber, raw, row: result.row });
        else
          unread.push({ rowNumber, rawRow: raw, category: collectionLogError(result.category), message: result.message });
        if (total >= BATCH_ROWS) await flush();
      }
    } finally {
      // A batch handed to the database is committed (or fails) before the run goes on or ends.
      if (writing) await writing;
      writing = null;
    }
    await flush();
    if (writing) await writing;
  } catch (err) {
    if (err instanceof CollectionFileError) {
      // The rows before the failure are kept (committed batches); the job ends with the file's reason.
      throw new ImportAbort(err.message);
    }
    throw err;
  }
  const t0 = performance.now();
  await settle(db, job.id, options, ctx.resumeRows === 0 ? [...touched] : null);
  since("settle", t0);
  if (timings) {
    const ms = Object.entries(timings).map(([phase, v]) => `${phase} ${Math.round(v)}`);
    console.log(`[collection import] job ${job.id}, ${dataRows} rows, ms: ${ms.join(", ")}`);
  }
  return { dataRows };
}

/**
 * The collections this job wrote to: their weights, their states; those left empty by a re-import go. `known`: the
 * collections given a record or a log entry, when this run made every batch (not resumed); else they are looked up
 * by the job's records and log (a scan of every record: there is no index by job).
 */
async function settle(db: Db, jobId: number, options: CollectionImportOptions, known: number[] | null): Promise<void> {
  await markBinsUsed(db, jobId, known);
  const res = known
    ? await db.execute(sql`select unnest(${sql.param(known)}::int[]) as id
      union select id from waste_collection where import_job_id = ${jobId}`)
    : await db.execute(sql`
    select distinct waste_collection_id as id from waste_evidence_record where import_job_id = ${jobId}
    union select distinct waste_collection_id from waste_collection_log where import_job_id = ${jobId}
    union select id from waste_collection where import_job_id = ${jobId}`);
  const ids = (res as unknown as { rows: { id: number | null }[] }).rows.flatMap((r) => (r.id === null ? [] : [r.id]));
  // A file imported again: the collections it would have made hold nothing.
  await db.execute(sql`
    delete from waste_collection c where c.import_job_id = ${jobId} and c.record_count = 0 and c.error_count = 0
      and c.weight_kg is null and not exists (select 1 from waste_collection_log l where l.waste_collection_id = c.id)`);
  const kept = (
    (await db.execute(sql`select id from waste_collection where id = any(${sql.param(ids)}::int[])`)) as unknown as {
      rows: { id: number }[];
    }
  ).rows.map((r) => r.id);
  if (options.weightKg) await spreadWeight(db, kept, options.weightKg);
  else for (const id of kept) await settleMeasuredWeight(db, id);
  await settleState(db, kept);
}

export const collectionImporter: Importer = {
  type: WASTE_COLLECTION_IMPORT_TYPE,
  maxBytes: COLLECTION_IMPORT_MAX_BYTES,
  checkHead(fileName, head, formatId) {
    checkCsvName(fileName, head);
    const format = collectionFormat(formatId ?? "");
    if (!format) throw validation({ format: [CHOOSE_FORMAT] }, CHOOSE_FORMAT);
    // 'auto' formats read Windows-1250 too; a UTF-8 format refuses anything else at once.
    if (format.encoding === "utf-8" && !isUtf8(head)) throw validation({ file: [NOT_UTF8] }, NOT_UTF8);
  },
  run,
};
