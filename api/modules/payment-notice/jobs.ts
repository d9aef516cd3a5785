/**
 * The background jobs over a year's notices (decision 0033) on the 'payment-notice' queue: 'Document' writes every
 * notice into one PDF kept in the database in chunks of about 1 MB (as imports keep their files) and streamed back
 * from there; 'Mail' e-mails them (mail.ts). The row tells the screens the state and progress (done of total).
 */
import { and, desc, eq, inArray, isNotNull, lt, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { fee, paymentNoticeFileChunk, paymentNoticeJob } from "../../db/schema";
import type { JobQueue } from "../../jobs/queue";
import { fileResponse, streamBody } from "../../lib/download";
import { storedChunks } from "../../lib/file-chunks";
import { ApiError, notFound } from "../../lib/errors";
import type { Mailer } from "../../lib/mail";
import { iso } from "../../lib/records";
import { NOTICE_FILE_DAYS, type NoticeJobItem } from "#contract/payment-notice";
import { countDuePayers } from "./data";
import { message, noticesWritten, type NoticeJobRow } from "./job-progress";
import { mailNotices } from "./mail";
import { mergedNotices, noticeContext } from "./notices";
import { noticeTexts } from "./texts";

const JOB_NOT_FOUND = "Úloha výměrů nebyla nalezena.";
const FILE_NOT_READY = "Soubor výměrů ještě není hotový.";
const FILE_REMOVED = "Soubor výměrů byl po uplynutí doby uložení smazán; připravte výměry znovu.";
const CHUNK = 1024 * 1024;
const EXPIRE_SECONDS = 8 * 3600;

/** POST …/payment-notice/job: records the job with its total and queues it (202). */
export async function requestNoticeJob(
  db: Db,
  jobs: JobQueue,
  userId: number,
  municipalityId: number,
  body: { kind: "Document" | "Mail"; year: number; feeIds?: number[] },
): Promise<{ id: number }> {
  await noticeContext(db, municipalityId, body.year); // 409 without payment settings, before anything is queued
  const ids = body.kind === "Mail" && body.feeIds ? await payersOfFees(db, municipalityId, body.feeIds) : null;
  // A document: every payer with something to pay; all payers' mailing: those with an address; chosen ones: each
  // with something to pay (one without an address is reported).
  const total = await countDuePayers(db, municipalityId, body.year, {
    ids: ids ?? undefined,
    withEmail: body.kind === "Mail" && !ids,
  });
  const [row] = await db
    .insert(paymentNoticeJob)
    .values({ municipalityId, year: body.year, kind: body.kind, feePayerIds: ids, total, requestedBy: userId })
    .returning({ id: paymentNoticeJob.id });
  // A large municipality's document or mailing may outlast the queue's default hour before a retry.
  await jobs.send("payment-notice", { jobId: row!.id }, { expireInSeconds: EXPIRE_SECONDS });
  return { id: row!.id };
}

/** The payers of the municipality's fees among the ids (another municipality's fees are left out). */
async function payersOfFees(db: Db, municipalityId: number, feeIds: number[]): Promise<number[]> {
  const rows = await db
    .selectDistinct({ id: fee.feePayerId })
    .from(fee)
    .where(and(eq(fee.municipalityId, municipalityId), inArray(fee.id, feeIds)));
  return rows.map((r) => r.id).filter((id): id is number => id !== null);
}

const item = (j: NoticeJobRow): NoticeJobItem => ({
  id: j.id,
  kind: j.kind as NoticeJobItem["kind"],
  year: j.year,
  state: j.state as NoticeJobItem["state"],
  total: j.total,
  done: j.done,
  failed: j.failed,
  failures: j.failures,
  fileSize: j.fileSize,
  error: j.error,
  createdAt: j.createdAt.toISOString(),
  finishedAt: iso(j.finishedAt),
});

async function latest(db: Db, municipalityId: number, year: number, kind: string) {
  const [j] = await db
    .select()
    .from(paymentNoticeJob)
    .where(
      and(
        eq(paymentNoticeJob.municipalityId, municipalityId),
        eq(paymentNoticeJob.year, year),
        eq(paymentNoticeJob.kind, kind),
      ),
    )
    .orderBy(desc(paymentNoticeJob.id))
    .limit(1);
  return j ? item(j) : null;
}

/** GET …/payment-notice/job?year=: the latest document and mailing of the year. */
export async function latestNoticeJobs(db: Db, municipalityId: number, year: number) {
  return {
    document: await latest(db, municipalityId, year, "Document"),
    mailing: await latest(db, municipalityId, year, "Mail"),
  };
}

/**
 * The job: claims its row (Queued, or Running taken over after a restart), does the work and ends Done, or Failed
 * with the reason. When the queue stops, the job is handed back (it runs again: a mailing resumes, a document starts
 * over).
 */
export async function runNoticeJob(db: Db, mailer: Mailer | undefined, jobId: number, signal?: AbortSignal) {
  const [job] = await db
    .update(paymentNoticeJob)
    .set({ state: "Running", startedAt: sql`coalesce(${paymentNoticeJob.startedAt}, now())` })
    .where(and(eq(paymentNoticeJob.id, jobId), inArray(paymentNoticeJob.state, ["Queued", "Running"])))
    .returning();
  if (!job) return; // done already, or unknown
  try {
    const ctx = await noticeContext(db, job.municipalityId, job.year);
    let fileSize: number | null = null;
    if (job.kind === "Document")
      fileSize = await writeDocument(
        db,
        job,
        mergedNotices(db, job.municipalityId, ctx, (n) => noticesWritten(db, job.id, n)),
        signal,
      );
    else await mailNotices(db, mailer, job, ctx, signal);
    await db
      .update(paymentNoticeJob)
      .set({ state: "Done", fileSize, finishedAt: new Date() })
      .where(eq(paymentNoticeJob.id, job.id));
  } catch (err) {
    if (signal?.aborted) throw err;
    await db
      .update(paymentNoticeJob)
      .set({ state: "Failed", error: err instanceof ApiError ? err.message : message(err), finishedAt: new Date() })
      .where(eq(paymentNoticeJob.id, job.id));
  }
}

/** Stores the document's bytes in chunks of about 1 MB (a run taken over starts the file again); its size. */
async function writeDocument(db: Db, job: NoticeJobRow, bytes: AsyncIterable<Uint8Array>, signal?: AbortSignal) {
  await db.delete(paymentNoticeFileChunk).where(eq(paymentNoticeFileChunk.jobId, job.id));
  let pending: Uint8Array[] = [];
  let pendingSize = 0;
  let seq = 0;
  let size = 0;
  const flush = async () => {
    if (pendingSize === 0) return;
    await db.insert(paymentNoticeFileChunk).values({ jobId: job.id, seq: seq++, data: Buffer.concat(pending) });
    pending = [];
    pendingSize = 0;
  };
  for await (const chunk of bytes) {
    if (signal?.aborted) throw signal.reason;
    pending.push(chunk);
    pendingSize += chunk.length;
    size += chunk.length;
    if (pendingSize >= CHUNK) await flush();
  }
  await flush();
  return size;
}

/**
 * Housekeeping (hourly, api/jobs/housekeeping.ts): the files of documents finished more than `days` ago are deleted
 * (also what a failed one left); the job rows stay, with no file size, so the card says the file is gone. The number
 * of documents whose file went.
 */
export async function purgeOldNoticeFiles(db: Db, days = NOTICE_FILE_DAYS, now = new Date()): Promise<number> {
  const before = new Date(now.getTime() - days * 86_400_000);
  const old = and(
    eq(paymentNoticeJob.kind, "Document"),
    inArray(paymentNoticeJob.state, ["Done", "Failed"]),
    lt(paymentNoticeJob.finishedAt, before),
  );
  return db.transaction(async (tx) => {
    await tx
      .delete(paymentNoticeFileChunk)
      .where(
        inArray(paymentNoticeFileChunk.jobId, tx.select({ id: paymentNoticeJob.id }).from(paymentNoticeJob).where(old)),
      );
    const gone = await tx
      .update(paymentNoticeJob)
      .set({ fileSize: null })
      .where(and(old, isNotNull(paymentNoticeJob.fileSize)))
      .returning({ id: paymentNoticeJob.id });
    return gone.length;
  });
}

/** GET …/payment-notice/job/:jobId/notices.pdf: the finished document, a chunk at a time. */
export async function noticeJobFile(db: Db, municipalityId: number, jobId: number): Promise<Response> {
  const [job] = await db
    .select({
      year: paymentNoticeJob.year,
      state: paymentNoticeJob.state,
      kind: paymentNoticeJob.kind,
      fileSize: paymentNoticeJob.fileSize,
    })
    .from(paymentNoticeJob)
    .where(and(eq(paymentNoticeJob.id, jobId), eq(paymentNoticeJob.municipalityId, municipalityId)));
  if (!job || job.kind !== "Document") throw notFound(JOB_NOT_FOUND);
  if (job.state !== "Done") throw new ApiError(409, FILE_NOT_READY);
  if (job.fileSize === null) throw notFound(FILE_REMOVED);
  const chunks = storedChunks(db, paymentNoticeFileChunk, paymentNoticeFileChunk.jobId, jobId);
  const language = (await noticeContext(db, municipalityId, job.year)).municipality.language;
  return fileResponse(streamBody(chunks), noticeTexts[language].fileName(job.year, "vse"), "application/pdf");
}
