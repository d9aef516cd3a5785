/**
 * An upload becomes an import job (issue 13): the first bytes are checked (is it a CSV at all?), the job row is
 * created, and the file is stored in the database as it arrives, in chunks of CHUNK_BYTES, so memory stays flat
 * whatever the size and the job can run in any process, be resumed after a restart, and the original be downloaded.
 * Only when the whole file is stored is the job queued.
 */
import { and, asc, eq, gt, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { importFileChunk, importJob } from "../../db/schema";
import { ApiError, validation } from "../../lib/errors";
import { MultipartError } from "../../lib/multipart";
import { FORBIDDEN_TEXT_MESSAGE, hasForbiddenChars } from "#contract/common";
import { NOT_CSV } from "#contract/import";

/** Stored chunk size: big enough to keep the row count low, small enough to keep memory flat. */
export const CHUNK_BYTES = 1024 * 1024;
/** Bytes looked at before a job is created. */
export const SNIFF_BYTES = 8 * 1024;

export const UPLOAD_CUT = "Nahrávání souboru bylo přerušeno.";
export const tooLarge = (maxBytes: number) => `Soubor je větší než ${Math.round(maxBytes / 2 ** 20)} MB.`;

export interface Upload {
  fileName: string;
  chunks: AsyncIterable<Buffer>;
}

/** Spec 001 §5: a .csv name and text content (no NUL byte in the first bytes). */
export function checkCsvName(fileName: string, head: Buffer): void {
  if (hasForbiddenChars(fileName)) throw validation({ file: [FORBIDDEN_TEXT_MESSAGE] }, FORBIDDEN_TEXT_MESSAGE);
  if (!/\.csv$/i.test(fileName.trim())) throw validation({ file: [NOT_CSV] }, NOT_CSV);
  if (head.includes(0)) throw validation({ file: [NOT_CSV] }, NOT_CSV);
}

/** The first SNIFF_BYTES of an upload, and the rest of it still to read (the sniffed chunks first). */
async function sniff(chunks: AsyncIterable<Buffer>): Promise<{ head: Buffer; rest: AsyncIterable<Buffer> }> {
  const source = chunks[Symbol.asyncIterator]();
  const taken: Buffer[] = [];
  let bytes = 0;
  try {
    while (bytes < SNIFF_BYTES) {
      const next = await source.next();
      if (next.done) break;
      taken.push(next.value);
      bytes += next.value.length;
    }
  } catch (err) {
    if (err instanceof MultipartError) throw validation({ file: [UPLOAD_CUT] }, UPLOAD_CUT);
    throw err;
  }
  async function* rest() {
    yield* taken;
    for (;;) {
      const next = await source.next();
      if (next.done) return;
      yield next.value;
    }
  }
  return { head: Buffer.concat(taken).subarray(0, SNIFF_BYTES), rest: rest() };
}

export interface NewJob {
  municipalityId: number;
  userId: number | null;
  type: string;
  format?: string | null;
  /** What the upload form added to the file (kept with the job for its run). */
  options?: object | null;
  maxBytes: number;
  /** Refuses a file that is not of the type by its name and first bytes (422 file). */
  checkHead(fileName: string, head: Buffer): void;
}

/**
 * Checks and stores an upload; answers the job's id, its file stored whole. A file over the limit is 413 and a
 * cut-off upload 422, and neither leaves a job behind.
 */
export async function storeUpload(db: Db, job: NewJob, upload: Upload): Promise<number> {
  const { head, rest } = await sniff(upload.chunks);
  job.checkHead(upload.fileName, head);
  const [created] = await db
    .insert(importJob)
    .values({
      municipalityId: job.municipalityId,
      type: job.type,
      format: job.format ?? null,
      options: job.options ?? null,
      fileName: upload.fileName.trim().slice(0, 255),
      state: "unprocessed",
      createdBy: job.userId,
      heartbeatAt: sql`now()`,
    })
    .returning({ id: importJob.id });
  const jobId = created!.id;
  try {
    let size = 0;
    let seq = 0;
    let pending: Buffer[] = [];
    let pendingBytes = 0;
    const write = async () => {
      if (!pendingBytes) return;
      const data = Buffer.concat(pending);
      pending = [];
      pendingBytes = 0;
      await db.insert(importFileChunk).values({ importJobId: jobId, seq: seq++, data });
      // The upload is alive: housekeeping ends only uploads that stopped (the process died).
      await db
        .update(importJob)
        .set({ heartbeatAt: sql`now()` })
        .where(eq(importJob.id, jobId));
    };
    for await (const chunk of rest) {
      size += chunk.length;
      if (size > job.maxBytes) throw new ApiError(413, tooLarge(job.maxBytes));
      pending.push(chunk);
      pendingBytes += chunk.length;
      if (pendingBytes >= CHUNK_BYTES) await write();
    }
    await write();
    await db
      .update(importJob)
      .set({ fileSize: size, queuedAt: sql`now()` })
      .where(eq(importJob.id, jobId));
    return jobId;
  } catch (err) {
    await db.delete(importJob).where(eq(importJob.id, jobId));
    if (err instanceof MultipartError) throw validation({ file: [UPLOAD_CUT] }, UPLOAD_CUT);
    throw err;
  }
}

/** The stored file's bytes in order, one chunk in memory at a time. */
export async function* storedFile(db: Db, jobId: number): AsyncGenerator<Buffer> {
  for (let seq = -1; ;) {
    const [chunk] = await db
      .select({ seq: importFileChunk.seq, data: importFileChunk.data })
      .from(importFileChunk)
      .where(and(eq(importFileChunk.importJobId, jobId), gt(importFileChunk.seq, seq)))
      .orderBy(asc(importFileChunk.seq))
      .limit(1);
    if (!chunk) return;
    seq = chunk.seq;
    yield Buffer.from(chunk.data);
  }
}
