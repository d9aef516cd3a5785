/** A notice job's row and its progress writes, shared by the document and the mailing work (jobs.ts). */
import { eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { paymentNoticeJob } from "../../db/schema";
import type { NoticeJobItem } from "#contract/payment-notice";

export type NoticeJobRow = typeof paymentNoticeJob.$inferSelect;

const FAILURES_KEPT = 200;

export const message = (err: unknown) => (err instanceof Error ? err.message : String(err));

/** One payer of a mailing handled: how far the job got, sent or failed with the reason. */
export async function payerDone(
  db: Db,
  jobId: number,
  feePayerId: number,
  failure: NoticeJobItem["failures"][number] | null,
) {
  const j = paymentNoticeJob;
  await db
    .update(j)
    .set({
      lastFeePayerId: feePayerId,
      done: sql`${j.done} + 1`,
      failed: failure ? sql`${j.failed} + 1` : j.failed,
      failures: failure
        ? sql`case when jsonb_array_length(${j.failures}) < ${FAILURES_KEPT}
            then ${j.failures} || ${JSON.stringify([failure])}::jsonb else ${j.failures} end`
        : j.failures,
    })
    .where(eq(j.id, jobId));
}

/** Notices written so far by a document job. */
export async function noticesWritten(db: Db, jobId: number, done: number) {
  await db.update(paymentNoticeJob).set({ done }).where(eq(paymentNoticeJob.id, jobId));
}
