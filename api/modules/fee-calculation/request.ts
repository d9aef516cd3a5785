/**
 * Asking for a fee recalculation (issue 14): every change under the fees (base fee settings, a programme activated
 * or deactivated, discounts, the 'recalculate' action) calls this. It records a queued fee_calculation and puts a
 * job on the 'fee-calculation' queue; the worker (api/jobs/fee-calculation.ts, run.ts) runs the engine. Requests for
 * a municipality and year that already has one queued (not yet started) join it instead of queueing another: the
 * queued run reads the data as it is when it starts.
 */
import { and, eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { feeCalculation } from "../../db/schema";
import type { JobQueue } from "../../jobs/queue";

export type FeeCalculationReason =
  "Recalculate" | "BaseFee" | "Activation" | "Deactivation" | "Discount" | "Programme" | "Simulation";

export interface FeeCalculationRequest {
  municipalityId: number;
  year: number;
  reason: FeeCalculationReason;
  userId: number | null;
}

/** Queues a recalculation of the municipality's fees for the year; answers the queued calculation's id. */
export async function requestFeeCalculation(db: Db, jobs: JobQueue, request: FeeCalculationRequest): Promise<number> {
  const { municipalityId, year, reason, userId } = request;
  const [queued] = await db
    .select({ id: feeCalculation.id })
    .from(feeCalculation)
    .where(
      and(
        eq(feeCalculation.municipalityId, municipalityId),
        eq(feeCalculation.year, year),
        eq(feeCalculation.kind, "Calculation"),
        eq(feeCalculation.state, "Queued"),
      ),
    )
    .limit(1);
  if (queued) return queued.id;
  const [row] = await db
    .insert(feeCalculation)
    .values({ municipalityId, year, reason, requestedBy: userId, kind: "Calculation" })
    .returning({ id: feeCalculation.id });
  await jobs.send("fee-calculation", { feeCalculationId: row!.id });
  return row!.id;
}
