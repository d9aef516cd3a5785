/**
 * A discount changed: the current year's fees must follow (issue 14 part 1). Asked only when the municipality has a
 * base fee for that year; without one there are no fees to recalculate yet, and the first base fee queues a run.
 */
import { eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { baseFeeSetting } from "../../db/schema";
import type { JobQueue } from "../../jobs/queue";
import { hasRow } from "../../lib/records";
import { requestFeeCalculation } from "../fee-calculation/request";
import { currentYear } from "./service";

export async function recalculateAfterDiscountChange(
  db: Db,
  jobs: JobQueue,
  municipalityId: number,
  userId: number | null,
): Promise<number | null> {
  const year = currentYear();
  const hasBaseFee = await hasRow(
    db,
    baseFeeSetting,
    eq(baseFeeSetting.municipalityId, municipalityId),
    eq(baseFeeSetting.year, year),
  );
  if (!hasBaseFee) return null;
  return requestFeeCalculation(db, jobs, { municipalityId, year, reason: "Discount", userId });
}
