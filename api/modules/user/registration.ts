import { createHash, randomBytes } from "node:crypto";
import { and, eq, gt, isNotNull, isNull, or, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { registrationToken, user } from "../../db/schema";
import { hashPassword } from "../../lib/password-hash";
import type { AuthContext } from "../../lib/auth";
import { invitationMail } from "../../lib/email-templates";
import type { Services } from "../../services";
import { REGISTRATION_LINK_TTL_HOURS } from "#contract/user";
import { unmetPasswordRequirements, type PasswordRequirement } from "#contract/password";

/**
 * One-time registration links (POST user/register-by-email, PATCH user/resend-registration-email) and their use
 * on the built-in provider's set-password page (idp/). The token travels only in the e-mail; the database keeps
 * its SHA-256 hash, so a copy of the database cannot be turned into working links.
 */

export const hashToken = (token: string) => createHash("sha256").update(token, "utf8").digest("hex");

/** A fresh link token for the user; every earlier unused one stops working. */
export async function issueRegistrationToken(
  db: Db,
  userId: number,
  createdBy: number | null,
  now = new Date(),
): Promise<{ token: string; expiresAt: Date }> {
  const token = randomBytes(32).toString("base64url");
  const expiresAt = new Date(now.getTime() + REGISTRATION_LINK_TTL_HOURS * 3600_000);
  await db.transaction(async (tx) => {
    await tx
      .delete(registrationToken)
      .where(and(eq(registrationToken.userId, userId), isNull(registrationToken.usedAt)));
    await tx.insert(registrationToken).values({ userId, tokenHash: hashToken(token), expiresAt, createdBy });
  });
  return { token, expiresAt };
}

/** Who an invitation goes to: the user's id, sign-in name and language, the address and the name to greet. */
export interface Invitee {
  userId: number;
  userName: string;
  language: string;
  email: string;
  name: string;
}

/**
 * The invitation of spec 000 §6 (a user registered by e-mail, a fee payer's login): a fresh link to the provider's
 * set-password page, sent by e-mail in the user's language. Answers whether the mail went out; why it did not is
 * logged as '[mail] <what> not sent'.
 */
export async function mailInvitation(
  services: Services,
  auth: AuthContext,
  to: Invitee,
  setPasswordUrl: string,
  what: string,
): Promise<{ expiresAt: Date; sent: boolean }> {
  const { token, expiresAt } = await issueRegistrationToken(services.db, to.userId, auth.user.id);
  try {
    if (!services.mailer) throw new Error("no mailer configured");
    await services.mailer.send(
      invitationMail({
        language: to.language,
        to: to.email,
        name: to.name,
        userName: to.userName,
        inviter: auth.user.fullName || auth.user.userName,
        link: `${setPasswordUrl}?token=${encodeURIComponent(token)}`,
        expiresAt,
        hours: REGISTRATION_LINK_TTL_HOURS,
      }),
    );
    return { expiresAt, sent: true };
  } catch (err) {
    console.error(`[mail] ${what} not sent`, err instanceof Error ? err.message : err);
    return { expiresAt, sent: false };
  }
}

/** Every unused link of the user stops working (a password was set another way). */
export async function revokeRegistrationTokens(db: Db, userId: number): Promise<void> {
  await db.delete(registrationToken).where(and(eq(registrationToken.userId, userId), isNull(registrationToken.usedAt)));
}

export interface RegistrationTarget {
  userId: number;
  userName: string;
  firstName: string;
  lastName: string;
  language: string;
  expiresAt: Date;
}

const valid = (token: string) =>
  and(
    eq(registrationToken.tokenHash, hashToken(token)),
    isNull(registrationToken.usedAt),
    gt(registrationToken.expiresAt, sql`now()`),
  );

/** The user a link is for, while it is unused and unexpired; null otherwise. */
export async function findRegistrationToken(db: Db, token: string): Promise<RegistrationTarget | null> {
  if (!token || token.length > 200) return null;
  const [row] = await db
    .select({
      userId: user.id,
      userName: user.userName,
      firstName: user.firstName,
      lastName: user.lastName,
      language: user.language,
      expiresAt: registrationToken.expiresAt,
    })
    .from(registrationToken)
    .innerJoin(user, eq(user.id, registrationToken.userId))
    .where(valid(token))
    .limit(1);
  return row ?? null;
}

export type CompleteResult =
  | { ok: true; user: RegistrationTarget }
  | { ok: false; reason: "invalid" }
  | { ok: false; reason: "weak"; unmet: PasswordRequirement[] };

/**
 * Sets the password through a link: the strong rule of spec 001 §5, then, in one transaction, the link is marked
 * used (only if still unused and unexpired, so two submissions cannot both succeed) and the scrypt hash stored.
 */
export async function completeRegistration(db: Db, token: string, password: string): Promise<CompleteResult> {
  const target = await findRegistrationToken(db, token);
  if (!target) return { ok: false, reason: "invalid" };
  const unmet = unmetPasswordRequirements(password, "strong");
  if (unmet.length) return { ok: false, reason: "weak", unmet };
  const passwordHash = await hashPassword(password);
  const done = await db.transaction(async (tx) => {
    const used = await tx
      .update(registrationToken)
      .set({ usedAt: new Date() })
      .where(valid(token))
      .returning({ userId: registrationToken.userId });
    if (!used[0]) return false;
    await tx
      .update(user)
      .set({ passwordHash, failedLogins: 0, lastFailedLoginAt: null, updatedAt: new Date() })
      .where(eq(user.id, used[0].userId));
    return true;
  });
  return done ? { ok: true, user: target } : { ok: false, reason: "invalid" };
}

/**
 * Housekeeping (hourly): links that can never work again are deleted — used ones, and any of a user who has a
 * password by now. An expired unused link stays (at most one per user: a resend replaces it) because it is the
 * record that the invitation ran out, shown on the user's detail until someone resends it.
 */
export async function purgeRegistrationTokens(db: Db): Promise<number> {
  const gone = await db
    .delete(registrationToken)
    .where(
      or(
        isNotNull(registrationToken.usedAt),
        sql`${registrationToken.userId} in (select ${user.id} from ${user} where ${user.passwordHash} is not null)`,
      ),
    )
    .returning({ id: registrationToken.id });
  return gone.length;
}
