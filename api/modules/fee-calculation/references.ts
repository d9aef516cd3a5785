/**
 * The lock between fee runs and deletions of what fees refer to (decision 0035: fee has no foreign keys). A run holds
 * it shared; a statement deleting a municipality, subject or fee payer takes it exclusively by a trigger (migration
 * 0025). A transaction that changes other rows before such a delete — rows a run also updates, like a subject's
 * children or fees — takes it first with this, so a run and the deletion never wait for each other in a cycle.
 */
import { sql } from "drizzle-orm";
import type { Db } from "../../db/client";

export async function waitForFeeRuns(tx: Db): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('obec.feeReferences'))`);
}
