/**
 * Jobs over a year's payment notices (issue 14 part 6, decision 0033): this process's worker on the
 * 'payment-notice' queue — one PDF of all notices, or their e-mailing (api/modules/payment-notice/jobs.ts). A job
 * the queue tries again (its process died, the queue stopped) takes its row over: a mailing resumes after the last
 * payer it reached, a document is written again.
 */
import type { Db } from "../db/client";
import type { Mailer } from "../lib/mail";
import type { JobQueue } from "./queue";
import { runNoticeJob } from "../modules/payment-notice/jobs";

export function workNoticeJobs(db: Db, jobs: JobQueue, mailer: Mailer | undefined): Promise<void> {
  return jobs.work<{ jobId: number }>("payment-notice", (data, signal) => runNoticeJob(db, mailer, data.jobId, signal));
}
