/** What the import tests share: an importer that stops its run as a process stopping would. */
import type { Importer } from "../../api/modules/import/runner";

/**
 * The importers map of just `importer`, stopping the run through `controller` right after its first committed batch
 * (the job then resumes from the rows that batch committed).
 */
export function stoppingAfterFirstBatch(
  importer: Importer,
  controller: AbortController,
): ReadonlyMap<string, Importer> {
  const stopping: Importer = {
    ...importer,
    run: (ctx) =>
      importer.run({
        ...ctx,
        commit: async (tx, batch) => {
          await ctx.commit(tx, batch);
          controller.abort(new Error("stopping"));
        },
      }),
  };
  return new Map([[stopping.type, stopping]]);
}
