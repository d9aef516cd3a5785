/**
 * Yard-visit protocols sent by e-mail as background jobs (issue 15, decision 0028): this process's worker on the
 * 'yard-protocol-mail' queue. A failed attempt marks the visit Failed and is tried again by the queue.
 */
import type { Db } from "../db/client";
import type { Mailer } from "../lib/mail";
import type { JobQueue } from "./queue";
import { sendProtocolMail } from "../modules/yard-report/mail";

export function workYardProtocolMails(db: Db, jobs: JobQueue, mailer: Mailer | undefined): Promise<void> {
  return jobs.work<{ yardReportId: number }>(
    "yard-protocol-mail",
    (data) => sendProtocolMail(db, mailer, data.yardReportId),
    { concurrency: 2 },
  );
}
