/** What the import tests share: a run of an import job that stops as a process stopping would. */
import { expect } from "vitest";
import type { Db } from "../../api/db/client";
import { runImportJob, type Importer } from "../../api/modules/import/runner";

/**
 * Runs import job `id` with `importer`, stopped right after its first committed batch (the run throws 'stopping');
 * the job keeps the rows that batch committed and a later run resumes after them.
 */
export async function runStoppedAfterFirstBatch(db: Db, importer: Importer, id: number) {
  const stop = new AbortController();
  const stopping: Importer = {
    ...importer,
    run: (ctx) =>
      importer.run({
        ...ctx,
        commit: async (tx, batch) => {
          await ctx.commit(tx, batch);
          stop.abort(new Error("stopping"));
        },
      }),
  };
  await expect(runImportJob(db, new Map([[stopping.type, stopping]]), id, stop.signal)).rejects.toThrow("stopping");
}
