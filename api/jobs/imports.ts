/**
 * Imports as background jobs (issue 13, decision 0028): this process's import worker, and the rescue of jobs whose
 * process stopped (at start and every minute, from housekeeping).
 */
import type { Db } from "../db/client";
import type { JobQueue } from "./queue";
import { IMPORTERS } from "../modules/import/importers";
import { findLostImports, runImportJob } from "../modules/import/runner";
import { queueImport } from "../modules/import/upload";

/** Imports this process runs at once; more wait in the queue (or go to another process). */
const IMPORT_CONCURRENCY = 2;

export function workImports(db: Db, jobs: JobQueue): Promise<void> {
  return jobs.work<{ importJobId: number }>(
    "import",
    (data, signal) => runImportJob(db, IMPORTERS, data.importJobId, signal),
    { concurrency: IMPORT_CONCURRENCY },
  );
}

/**
 * Jobs whose process died: a cut-off upload is ended; a stored one whose queue job is no longer waiting (it was
 * taken by the dead process) is queued again; the claim in runImportJob keeps a job from running twice.
 */
export async function rescueLostImports(
  db: Db,
  jobs: JobQueue,
  opts: { soleProcess?: boolean } = {},
): Promise<number[]> {
  const requeued: number[] = [];
  for (const lost of await findLostImports(db, opts)) {
    if (lost.queueJobId && (await jobs.isWaiting("import", lost.queueJobId))) continue;
    await queueImport(db, jobs, lost.id);
    requeued.push(lost.id);
  }
  return requeued;
}
