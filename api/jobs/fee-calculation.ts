/**
 * Fee recalculations and simulations as background jobs (issue 14 part 1, decision 0030): this process's worker on
 * the 'fee-calculation' queue, and the rescue of runs whose process died (at start and every minute, from
 * housekeeping), as imports have (imports.ts).
 */
import type { Db } from "../db/client";
import type { JobQueue } from "./queue";
import { requeueLostCalculations, runFeeCalculation, type RunOptions } from "../modules/fee-calculation/run";

export function workFeeCalculations(db: Db, jobs: JobQueue, opts: RunOptions = {}): Promise<void> {
  // One at a time per process: a run is one transaction over a whole municipality; more wait in the queue.
  return jobs.work<{ feeCalculationId: number }>(
    "fee-calculation",
    async (data) => {
      await runFeeCalculation(db, data.feeCalculationId, opts);
    },
    { concurrency: 1 },
  );
}

/** Lost runs go back to Queued and onto the queue again (the claim keeps a run from running twice). */
export async function rescueLostFeeCalculations(
  db: Db,
  jobs: JobQueue,
  opts: { soleProcess?: boolean } = {},
): Promise<number[]> {
  const ids = await requeueLostCalculations(db, opts);
  for (const id of ids) await jobs.send("fee-calculation", { feeCalculationId: id });
  return ids;
}
