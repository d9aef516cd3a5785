/**
 * The wrong-password throttle held in the database (decision 0019). An attempt is counted BEFORE its password is
 * checked, in one conditional UPDATE (or upsert) that also decides whether the wait is over: parallel attempts
 * cannot all slip through before the first failure is written (issue 11: 40 parallel guesses were all checked).
 * A right password then resets the counter. Known users count in user.failed_logins (shared by the sign-in page
 * and the profile's password change); names of no user count in sign_in_throttle by the same rule, so a known and
 * an unknown name answer alike (401 then 429, same page, same hashing work).
 */
import { eq, sql, type SQL } from "drizzle-orm";
import type { AnyPgColumn, PgTable } from "drizzle-orm/pg-core";
import type { Db } from "../db/client";
import { signInThrottle, user } from "../db/schema";
import { FREE_ATTEMPTS, MAX_WAIT_SECONDS } from "./password-hash";

/** The key of a name that belongs to no user. */
export const THROTTLE_NAME_MAX = 200;
export const throttleName = (name: string) => name.trim().toLowerCase().slice(0, THROTTLE_NAME_MAX);

/** SQL of throttleSeconds() (password-hash.ts) on the database clock, so all processes agree. */
const waitSeconds = (failed: AnyPgColumn) =>
  sql`least(power(2, ${failed} - ${FREE_ATTEMPTS} + 1), ${MAX_WAIT_SECONDS})`;
const mayTry = (failed: AnyPgColumn, last: AnyPgColumn): SQL =>
  sql`(${failed} < ${FREE_ATTEMPTS} or ${last} is null or ${last} <= now() - make_interval(secs => ${waitSeconds(failed)}))`;
const secondsLeft = (failed: AnyPgColumn, last: AnyPgColumn): SQL<number> =>
  sql<number>`greatest(1, ceil(${waitSeconds(failed)} - extract(epoch from now() - ${last})))::int`;

export type Attempt = { allowed: true } | { allowed: false; seconds: number };

/** A counter of failed attempts: its row (`table` where `row`) and its columns. */
interface Counter {
  table: PgTable;
  row: SQL;
  failed: AnyPgColumn;
  last: AnyPgColumn;
}

/** The answer to an attempt: allowed when it was counted (`taken`), else the seconds the counter still makes wait. */
async function attemptAnswer(db: Db, taken: boolean, c: Counter): Promise<Attempt> {
  if (taken) return { allowed: true };
  const [row] = await db
    .select({ seconds: secondsLeft(c.failed, c.last) })
    .from(c.table)
    .where(c.row);
  return { allowed: false, seconds: row?.seconds ?? 1 };
}

/** Counts an attempt of the user's password unless they must still wait (then: how many seconds). */
export async function reserveUserAttempt(db: Db, userId: number): Promise<Attempt> {
  const taken = await db
    .update(user)
    .set({ failedLogins: sql`${user.failedLogins} + 1`, lastFailedLoginAt: sql`now()` })
    .where(sql`${user.id} = ${userId} and ${mayTry(user.failedLogins, user.lastFailedLoginAt)}`)
    .returning({ id: user.id });
  const counter = { table: user, row: eq(user.id, userId), failed: user.failedLogins, last: user.lastFailedLoginAt };
  return attemptAnswer(db, taken.length > 0, counter);
}

/** The same for a sign-in name that is no user's (it can never succeed, so it is never reset). */
export async function reserveNameAttempt(db: Db, name: string): Promise<Attempt> {
  const key = throttleName(name);
  const taken = await db
    .insert(signInThrottle)
    .values({ name: key, failedLogins: 1, lastFailedLoginAt: sql`now()` })
    .onConflictDoUpdate({
      target: signInThrottle.name,
      set: { failedLogins: sql`${signInThrottle.failedLogins} + 1`, lastFailedLoginAt: sql`now()` },
      setWhere: mayTry(signInThrottle.failedLogins, signInThrottle.lastFailedLoginAt),
    })
    .returning({ name: signInThrottle.name });
  return attemptAnswer(db, taken.length > 0, {
    table: signInThrottle,
    row: eq(signInThrottle.name, key),
    failed: signInThrottle.failedLogins,
    last: signInThrottle.lastFailedLoginAt,
  });
}

/** A right password: the counted attempt was not a failure, the series starts again. */
export async function resetUserAttempts(
  db: Db,
  userId: number,
  extra: Partial<typeof user.$inferInsert> = {},
): Promise<void> {
  await db
    .update(user)
    .set({ failedLogins: 0, lastFailedLoginAt: null, ...extra })
    .where(eq(user.id, userId));
}

/** Housekeeping: counters of unknown names idle for a day are forgotten. */
export async function purgeSignInThrottle(db: Db): Promise<void> {
  await db.delete(signInThrottle).where(sql`${signInThrottle.lastFailedLoginAt} < now() - interval '1 day'`);
}
