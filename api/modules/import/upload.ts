/**
 * POST of an import file (the imports area's create, the waste cards' and collections' own import actions): the
 * multipart body is read as a stream, the file stored as it arrives (store.ts), the job queued, and the queued job
 * answered at once (202); the job page follows it to the end.
 */
import { eq } from "drizzle-orm";
import type { Context } from "hono";
import type { Db } from "../../db/client";
import { importJob } from "../../db/schema";
import type { JobQueue } from "../../jobs/queue";
import { ApiError, validation } from "../../lib/errors";
import { MultipartError, multipartBoundary, readMultipartFile } from "../../lib/multipart";
import { CHOOSE_CSV_FILE, type ImportJobAnswer } from "#contract/import";
import { storeUpload, tooLarge } from "./store";
import { getImportJob } from "./service";
import type { Importer } from "./runner";

/** Room for the multipart envelope around a file of the largest size. */
const ENVELOPE_BYTES = 64 * 1024;

/** Queues the job of a stored upload and notes the queue's job id (housekeeping checks it when the job is lost). */
export async function queueImport(db: Db, jobs: JobQueue, importJobId: number): Promise<void> {
  const queueJobId = await jobs.send("import", { importJobId });
  await db.update(importJob).set({ queueJobId }).where(eq(importJob.id, importJobId));
}

/** The importer a form's fields choose, the file's format and what the form adds to the file. */
export interface ChosenImport {
  importer: Importer;
  format: string | null;
  options?: object | null;
}

export interface UploadTarget {
  db: Db;
  jobs: JobQueue;
  municipalityId: number;
  userId: number | null;
  /** The importer, chosen by the route or by the form's 'type' field (read before the file). */
  importer: Importer | ((fields: Record<string, string>) => ChosenImport);
  /** With a chosen importer: the largest file any of them takes (checked before the body is read). */
  maxBytes?: number;
}

const over = (declared: number, maxBytes: number) => declared > maxBytes + ENVELOPE_BYTES;

export async function acceptUpload(c: Context, target: UploadTarget): Promise<ImportJobAnswer> {
  const declared = Number(c.req.header("content-length") ?? 0);
  const firstLimit = typeof target.importer === "function" ? target.maxBytes : target.importer.maxBytes;
  if (firstLimit && over(declared, firstLimit)) throw new ApiError(413, tooLarge(firstLimit));
  const boundary = multipartBoundary(c.req.header("content-type"));
  const body = c.req.raw.body;
  if (!boundary || !body) throw validation({ file: [CHOOSE_CSV_FILE] }, CHOOSE_CSV_FILE);
  const file = await readMultipartFile(body, boundary, "file").catch((err) => {
    if (err instanceof MultipartError) throw validation({ file: [CHOOSE_CSV_FILE] }, CHOOSE_CSV_FILE);
    throw err;
  });
  // A form sent without a chosen file has the part with an empty file name.
  if (!file || !file.fileName) throw validation({ file: [CHOOSE_CSV_FILE] }, CHOOSE_CSV_FILE);
  const chosen: ChosenImport =
    typeof target.importer === "function" ? target.importer(file.fields) : { importer: target.importer, format: null };
  const { importer, format } = chosen;
  // The declared size against the chosen type's limit, before the file is read (the stored size is counted too).
  if (over(declared, importer.maxBytes)) {
    await file.chunks.return(undefined);
    throw new ApiError(413, tooLarge(importer.maxBytes));
  }
  const jobId = await storeUpload(
    target.db,
    {
      municipalityId: target.municipalityId,
      userId: target.userId,
      type: importer.type,
      format,
      options: chosen.options ?? null,
      maxBytes: importer.maxBytes,
      checkHead: (name, head) => importer.checkHead(name, head, format),
    },
    file,
  );
  await queueImport(target.db, target.jobs, jobId);
  return getImportJob(target.db, target.municipalityId, jobId);
}
