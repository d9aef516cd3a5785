/**
 * A discount changed: the current year's fees must follow (issue 14 part 1). Asked only when the municipality has a
 * base fee for that year; without one there are no fees to recalculate yet, and the first base fee queues a run.
 */
import { and, eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { baseFeeSetting } from "../../db/schema";
import type { JobQueue } from "../../jobs/queue";
import { requestFeeCalculation } from "../fee-calculation/request";
import { currentYear } from "./service";

export async function recalculateAfterDiscountChange(
  db: Db,
  jobs: JobQueue,
  municipalityId: number,
  userId: number | null,
): Promise<number | null> {
  const year = currentYear();
  const [setting] = await db
    .select({ id: baseFeeSetting.id })
    .from(baseFeeSetting)
    .where(and(eq(baseFeeSetting.municipalityId, municipalityId), eq(baseFeeSetting.year, year)))
    .limit(1);
  if (!setting) return null;
  return requestFeeCalculation(db, jobs, { municipalityId, year, reason: "Discount", userId });
}
