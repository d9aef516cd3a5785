/**
 * Runs one import job in the background (issue 13, decision 0028). The job is claimed in its row, so that two
 * deliveries of the same job never run at once; the claiming process keeps a heartbeat, and each batch commits its
 * rows, its rejected rows, the counts and the resume point (rows_done) in one transaction. A job run again after a
 * restart, a retry or a stop skips the rows already committed: nothing is lost or counted twice.
 */
import { and, eq, or, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { importJob, importJobError } from "../../db/schema";
import type { ImportErrorCategory } from "#contract/import";
import { storedFile } from "./store";
import { ImportAbort } from "./csv";

export type ImportJobRow = typeof importJob.$inferSelect;

export const NO_ROWS = "Soubor neobsahuje žádné řádky.";
const FAILED = "Import se nezdařil.";
const NO_IMPORTER = "Tento typ importu produkt nezpracovává.";
export const UPLOAD_INTERRUPTED = "Nahrávání souboru bylo přerušeno. Nahrajte soubor znovu.";

/**
 * A running job touches heartbeat_at this often; one 'processing' without a touch for STALE_SECONDS lost its
 * process and is queued again (api/jobs/housekeeping.ts). The margin is wide so that a live job of another
 * process sharing the database is never taken by mistake (decision 0019).
 */
export const HEARTBEAT_MS = 10_000;
export const STALE_SECONDS = 90;

export interface RowError {
  rowNumber: number;
  category: ImportErrorCategory;
  message: string;
  rawRow: string;
}

/** What one committed batch adds to the job. */
export interface BatchResult {
  /** Data rows of the batch (accepted, unchanged and rejected). */
  rows: number;
  accepted: number;
  unchanged: number;
  errors: RowError[];
}

export interface ImportContext {
  db: Db;
  job: ImportJobRow;
  /** The stored file, as it is read. */
  chunks: AsyncIterable<Buffer>;
  /** Data rows committed by an earlier run: read them again (to know the file), write nothing for them. */
  resumeRows: number;
  /** Stopping (the process ends): leave between two batches, the job is taken up again. */
  signal: AbortSignal;
  /** Writes the batch's rejected rows and adds it to the job's counts and resume point, inside the batch's transaction. */
  commit(tx: Db, batch: BatchResult): Promise<void>;
}

export interface Importer {
  type: string;
  maxBytes: number;
  /** Refuses an upload that is not of this type by its name and first bytes (422 file). */
  checkHead(fileName: string, head: Buffer, format: string | null): void;
  /** Reads the file and commits its batches; answers how many data rows the file has. */
  run(ctx: ImportContext): Promise<{ dataRows: number }>;
}

const stale = sql`coalesce(${importJob.heartbeatAt}, ${importJob.createdAt}) < now() - make_interval(secs => ${STALE_SECONDS})`;

/** Takes the job for this process: a queued one, or one whose process stopped beating. null: not ours to run. */
async function claim(db: Db, jobId: number): Promise<ImportJobRow | null> {
  const [row] = await db
    .update(importJob)
    .set({ state: "processing", heartbeatAt: sql`now()` })
    .where(
      and(
        eq(importJob.id, jobId),
        sql`${importJob.queuedAt} is not null`,
        or(eq(importJob.state, "unprocessed"), and(eq(importJob.state, "processing"), stale)),
      ),
    )
    .returning();
  return row ?? null;
}

const stillRunning = (jobId: number) => and(eq(importJob.id, jobId), eq(importJob.state, "processing"));

/** Writes the batch's rejected rows and counts (called inside the importer's batch transaction). */
async function commitBatch(tx: Db, jobId: number, bytesDone: number, batch: BatchResult): Promise<void> {
  const { errors } = batch;
  if (errors.length) {
    await tx.execute(sql`
      insert into ${importJobError} (import_job_id, row_number, category, message, raw_row)
      select ${jobId}, * from unnest(
        ${sql.param(errors.map((e) => e.rowNumber))}::int[],
        ${sql.param(errors.map((e) => e.category))}::text[],
        ${sql.param(errors.map((e) => e.message))}::text[],
        ${sql.param(errors.map((e) => e.rawRow))}::text[]
      )`);
  }
  await tx
    .update(importJob)
    .set({
      totalRows: sql`${importJob.totalRows} + ${batch.rows}`,
      acceptedRows: sql`${importJob.acceptedRows} + ${batch.accepted}`,
      unchangedRows: sql`${importJob.unchangedRows} + ${batch.unchanged}`,
      errorRows: sql`${importJob.errorRows} + ${errors.length}`,
      rowsDone: sql`${importJob.rowsDone} + ${batch.rows}`,
      bytesDone: sql`greatest(${importJob.bytesDone}, ${bytesDone})`,
      heartbeatAt: sql`now()`,
    })
    .where(eq(importJob.id, jobId));
}

async function end(db: Db, jobId: number, message: string) {
  await db
    .update(importJob)
    .set({ state: "discarded", message, processedAt: sql`now()` })
    .where(stillRunning(jobId));
}

/**
 * Runs the job if it is this process's to run. A stop (signal) between batches hands the job back (unprocessed) and
 * throws, so the queue tries it again; a failure of the file ends it discarded with the reason.
 */
export async function runImportJob(
  db: Db,
  importers: ReadonlyMap<string, Importer>,
  jobId: number,
  signal: AbortSignal,
): Promise<void> {
  const job = await claim(db, jobId);
  if (!job) return;
  const importer = importers.get(job.type);
  if (!importer) return end(db, jobId, NO_IMPORTER);

  const heartbeat = setInterval(() => {
    void db
      .update(importJob)
      .set({ heartbeatAt: sql`now()` })
      .where(stillRunning(jobId))
      .catch(() => undefined);
  }, HEARTBEAT_MS);
  heartbeat.unref();
  let bytesRead = 0;
  async function* counted() {
    for await (const chunk of storedFile(db, jobId)) {
      bytesRead += chunk.length;
      yield chunk;
    }
  }
  try {
    const { dataRows } = await importer.run({
      db,
      job,
      chunks: counted(),
      resumeRows: job.rowsDone,
      signal,
      commit: (tx, batch) => commitBatch(tx, jobId, bytesRead, batch),
    });
    if (signal.aborted) throw signal.reason;
    if (dataRows === 0) return await end(db, jobId, NO_ROWS);
    await db
      .update(importJob)
      .set({
        state: sql`case when ${importJob.errorRows} > 0 then 'error' else 'processed' end`,
        bytesDone: importJob.fileSize,
        processedAt: sql`now()`,
      })
      .where(stillRunning(jobId));
  } catch (err) {
    if (signal.aborted) {
      // Handed back: the next run resumes after the committed rows.
      await db.update(importJob).set({ state: "unprocessed", heartbeatAt: null }).where(stillRunning(jobId));
      throw err;
    }
    if (err instanceof ImportAbort) return await end(db, jobId, err.message);
    console.error(`[import] job ${jobId} failed`, err);
    await end(db, jobId, FAILED);
  } finally {
    clearInterval(heartbeat);
  }
}

/** Thrown by an importer between batches when the process is stopping. */
export function throwIfStopping(signal: AbortSignal): void {
  if (signal.aborted) throw signal.reason ?? new Error("stopping");
}

/**
 * Jobs whose process stopped (a crash, a kill): an upload cut off before it was stored whole is ended; a stored
 * one is answered with its queue job, which the caller checks and queues again when it is no longer waiting. Run at
 * start and every minute by every process.
 */
export async function findLostImports(
  db: Db,
  opts: { soleProcess?: boolean } = {},
): Promise<{ id: number; queueJobId: string | null }[]> {
  if (opts.soleProcess) {
    // The embedded database has one process: at its start, nothing runs, whatever the heartbeats say.
    await db
      .update(importJob)
      .set({ state: "unprocessed", heartbeatAt: null })
      .where(eq(importJob.state, "processing"));
  }
  const lost = await db
    .select({ id: importJob.id, queuedAt: importJob.queuedAt, queueJobId: importJob.queueJobId })
    .from(importJob)
    .where(
      and(
        or(eq(importJob.state, "unprocessed"), eq(importJob.state, "processing")),
        opts.soleProcess ? undefined : stale,
      ),
    );
  for (const job of lost.filter((j) => !j.queuedAt)) {
    await db
      .update(importJob)
      .set({ state: "discarded", message: UPLOAD_INTERRUPTED, processedAt: sql`now()` })
      .where(and(eq(importJob.id, job.id), sql`${importJob.queuedAt} is null`));
  }
  return lost.filter((j) => j.queuedAt).map(({ id, queueJobId }) => ({ id, queueJobId }));
}
