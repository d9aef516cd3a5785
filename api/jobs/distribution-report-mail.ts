/**
 * The distribution reports' CSV export sent by e-mail as a background job (decision 0028), like the yard protocol's
 * e-mail: this process's worker on the 'distribution-report-mail' queue; a failed attempt is tried again.
 */
import type { Db } from "../db/client";
import type { Mailer } from "../lib/mail";
import type { JobQueue } from "./queue";
import { sendExportMail, type ExportMailJob } from "../modules/distribution-report/export";

export function workDistributionReportMails(db: Db, jobs: JobQueue, mailer: Mailer | undefined): Promise<void> {
  return jobs.work<ExportMailJob>("distribution-report-mail", (data) => sendExportMail(db, mailer, data), {
    concurrency: 1,
  });
}
