/**
 * One fee_calculation run (the 'fee-calculation' queue's handler, api/jobs/fee-calculation.ts): claims the row
 * (Queued → Running, so a job delivered twice runs once), runs the engine in one transaction and records Done with
 * its figures — in that same transaction, so a finished state always matches the fees — or Failed with a Czech error.
 */
import { and, eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { feeCalculation } from "../../db/schema";
import type { SimulationParameters } from "#contract/fee-calculation";
import { ENGINE_STEPS, FeeCalculationError, runEngine } from "./engine";

/** The error a run shows when something unexpected broke it (the cause goes to the server log). */
export const CALCULATION_FAILED = "Přepočet poplatků se nezdařil. Zkuste jej spustit znovu.";

export interface RunOptions {
  /**
   * Write progress from outside the run's transaction (PostgreSQL: another pooled connection). PGlite has one
   * connection, held by the transaction, so there the progress shows when the run ends.
   */
  progressOutsideTransaction?: boolean;
}

/** Runs the calculation if it is still queued; answers false when another worker has it (or had it). */
/** A run's end: Done with what the engine counted (and a simulation's result), in the run's transaction. */
export async function markDone(db: Db, calculationId: number, outcome: Awaited<ReturnType<typeof runEngine>>) {
  await db
    .update(feeCalculation)
    .set({
      state: "Done",
      stepsDone: ENGINE_STEPS,
      finishedAt: sql`now()`,
      payerCount: outcome.payerCount,
      totalFinalFee: outcome.totalFinalFee,
      result: outcome.result ?? null,
    })
    .where(eq(feeCalculation.id, calculationId));
}

export async function runFeeCalculation(db: Db, calculationId: number, opts: RunOptions = {}): Promise<boolean> {
  const [claimed] = await db
    .update(feeCalculation)
    .set({ state: "Running", startedAt: new Date(), stepsDone: 0, stepsTotal: ENGINE_STEPS, error: null })
    .where(and(eq(feeCalculation.id, calculationId), eq(feeCalculation.state, "Queued")))
    .returning();
  if (!claimed) return false;
  const onStep = opts.progressOutsideTransaction
    ? async (done: number) => {
        await db.update(feeCalculation).set({ stepsDone: done }).where(eq(feeCalculation.id, calculationId));
      }
    : undefined;
  try {
    await db.transaction(async (tx) => {
      const outcome = await runEngine(tx as unknown as Db, {
        calculationId,
        municipalityId: claimed.municipalityId,
        year: claimed.year,
        simulation: claimed.kind === "Simulation" ? (claimed.parameters as SimulationParameters) : undefined,
        onStep,
      });
      await markDone(tx as unknown as Db, calculationId, outcome);
    });
  } catch (err) {
    if (!(err instanceof FeeCalculationError)) console.error(`[fee-calculation] run ${calculationId}`, err);
    const message = err instanceof FeeCalculationError ? err.message : CALCULATION_FAILED;
    await db
      .update(feeCalculation)
      .set({ state: "Failed", error: message, finishedAt: sql`now()` })
      .where(eq(feeCalculation.id, calculationId));
  }
  return true;
}

/**
 * Runs whose process died (Running, but no transaction of theirs is open any more: a dead process's transaction
 * was rolled back, so nothing of it was written) go back to Queued. `soleProcess` (at the start of the only
 * process): every Running run is lost; otherwise those started longer ago than a run can take.
 */
export async function requeueLostCalculations(db: Db, opts: { soleProcess?: boolean } = {}): Promise<number[]> {
  const lost = await db
    .update(feeCalculation)
    .set({ state: "Queued", startedAt: null, stepsDone: 0 })
    .where(
      and(
        eq(feeCalculation.state, "Running"),
        opts.soleProcess ? undefined : sql`${feeCalculation.startedAt} < now() - interval '15 minutes'`,
      ),
    )
    .returning({ id: feeCalculation.id });
  return lost.map((r) => r.id);
}
