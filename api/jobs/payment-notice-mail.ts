/**
 * Mailings of payment notices as background jobs (issue 14 part 6): this process's worker on the
 * 'payment-notice-mail' queue. A job retried by the queue (its process died, the queue stopped) resumes after the
 * last payer it reached (api/modules/payment-notice/mail.ts).
 */
import type { Db } from "../db/client";
import type { Mailer } from "../lib/mail";
import type { JobQueue } from "./queue";
import { runMailing } from "../modules/payment-notice/mail";

export function workNoticeMailings(db: Db, jobs: JobQueue, mailer: Mailer | undefined): Promise<void> {
  return jobs.work<{ mailingId: number }>("payment-notice-mail", (data, signal) =>
    runMailing(db, mailer, data.mailingId, signal),
  );
}
