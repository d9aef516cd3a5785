/** Fee rows written as the recalculation would write them (tests of the Fees screen and of payment notices). */
import { fee } from "../../api/db/schema";
import type { Db } from "../../api/db/client";

/** A yearly fee of 900.00 (base, total, final) unless told otherwise; its id. */
export async function insertFee(
  db: Db,
  year: number,
  values: Partial<typeof fee.$inferInsert> & { municipalityId: number; feePayerId: number },
): Promise<number> {
  const [row] = await db
    .insert(fee)
    .values({ year, baseFee: "900.00", totalFee: "900.00", finalFee: "900.00", ...values })
    .returning({ id: fee.id });
  return row!.id;
}
