/**
 * Demo fees of Třebíč (issue 14): a base fee of 900 CZK for last year and this year (min 20 %, no maximum) and a
 * finished recalculation of each, by the engine itself, so the fees screens, the subject's fee section and the
 * payer's final fee show real fees on a fresh database. The fixed discounts are the register's (city.ts).
 */
import type { Db } from "../db/client";
import { baseFeeSetting, feeCalculation } from "../db/schema";
import { ENGINE_STEPS, runEngine } from "../modules/fee-calculation/engine";
import { markDone } from "../modules/fee-calculation/run";
import { today } from "../modules/subject/membership";

export async function seedDemoFees(tx: Db, municipalityId: number): Promise<void> {
  const year = Number(today().slice(0, 4));
  for (const y of [year - 1, year]) {
    await tx.insert(baseFeeSetting).values({ municipalityId, year: y, baseFee: "900.00", minFeePercent: "20" });
    const [calc] = await tx
      .insert(feeCalculation)
      .values({
        municipalityId,
        year: y,
        reason: "BaseFee",
        state: "Running",
        startedAt: new Date(),
        stepsTotal: ENGINE_STEPS,
      })
      .returning({ id: feeCalculation.id });
    // The same engine a queued run uses, inside the demo's transaction.
    const outcome = await runEngine(tx, { calculationId: calc!.id, municipalityId, year: y });
    await markDone(tx, calc!.id, outcome);
  }
}
