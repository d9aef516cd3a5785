/**
 * Housekeeping of a running web process (issue 12: out of server.ts). Every task is idempotent, so with several
 * workers (WEB_CONCURRENCY) each runs them on its own without harm.
 * - at start and hourly: member counts (memberships start and end on dates) and waste cards past their validity;
 * - at start and every minute: imports whose process died are queued again and resume after their committed rows
 *   (an upload cut off is ended); live jobs of other processes keep their heartbeat and are left alone;
 * - hourly: expired registration tokens, sign-in throttle rows and web sessions, merged payment-notice files older
 *   than 30 days (decision 0033), and what the caller adds (the built-in provider's expired grants and tokens).
 */
import { lt } from "drizzle-orm";
import type { Db } from "../db/client";
import { session } from "../db/schema";
import { refreshAllMemberCounts } from "../modules/subject/membership";
import { expireWasteCards } from "../modules/waste-card/service";
import { rescueLostImports } from "./imports";
import { rescueLostFeeCalculations } from "./fee-calculation";
import type { JobQueue } from "./queue";
import { purgeRegistrationTokens } from "../modules/user/registration";
import { purgeSignInThrottle } from "../lib/password-throttle";
import { purgeOldNoticeFiles } from "../modules/payment-notice/jobs";

type Task = (db: Db) => Promise<unknown>;

const HOURLY: Task[] = [
  purgeRegistrationTokens,
  purgeSignInThrottle,
  refreshAllMemberCounts,
  expireWasteCards,
  (db) => purgeOldNoticeFiles(db),
  (db) => db.delete(session).where(lt(session.expiresAt, new Date())),
];

export function startHousekeeping(
  db: Db,
  jobs: JobQueue,
  opts: { extraHourly?: Task[]; soleProcess?: boolean } = {},
): { stop(): void } {
  const extraHourly = opts.extraHourly ?? [];
  void refreshAllMemberCounts(db).catch((err: unknown) => console.error("[housekeeping] member counts", err));
  void expireWasteCards(db).catch((err: unknown) => console.error("[housekeeping] waste card expiry", err));
  const rescue = (soleProcess = false) =>
    rescueLostImports(db, jobs, { soleProcess })
      .then((ids) => ids.length && console.warn(`[housekeeping] import job(s) ${ids.join(", ")} queued again`))
      .catch((err: unknown) => console.error("[housekeeping] lost imports", err));
  const rescueFees = (soleProcess = false) =>
    rescueLostFeeCalculations(db, jobs, { soleProcess })
      .then((ids) => ids.length && console.warn(`[housekeeping] fee calculation(s) ${ids.join(", ")} queued again`))
      .catch((err: unknown) => console.error("[housekeeping] lost fee calculations", err));
  void rescue(opts.soleProcess);
  void rescueFees(opts.soleProcess);
  const jobWatch = setInterval(() => {
    void rescue();
    void rescueFees();
  }, 60_000);
  jobWatch.unref();
  const hourly = setInterval(() => {
    for (const task of [...HOURLY, ...extraHourly]) void task(db).catch(() => undefined);
  }, 3600_000);
  hourly.unref();
  return {
    stop() {
      clearInterval(hourly);
      clearInterval(jobWatch);
    },
  };
}
