/** The signed-in user's own profile: read, update, change password. */
import { eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { municipality, role, user } from "../../db/schema";
import { ApiError, notFound, validation } from "../../lib/errors";
import { updateVersioned } from "../../lib/version";
import type { AuthContext } from "../../lib/auth";
import { checkPassword, hashPassword } from "../../lib/password-hash";
import { reserveUserAttempt } from "../../lib/password-throttle";
import {
  WRONG_CURRENT_PASSWORD,
  type ChangePassword,
  type Language,
  type Profile,
  type ProfileUpdate,
} from "#contract/user";
import { revokeRegistrationTokens } from "./registration";
import { endSessions } from "./sessions";
import { checkUnique, USER_NOT_FOUND, userColumns } from "./shared";

/** GET user/profile. */
export async function getProfile(db: Db, auth: AuthContext): Promise<Profile> {
  const [row] = await db
    .select({ ...userColumns, version: user.version, language: user.language })
    .from(user)
    .innerJoin(role, eq(role.id, user.roleId))
    .leftJoin(municipality, eq(municipality.id, user.municipalityId))
    .where(eq(user.id, auth.user.id));
  if (!row) throw notFound(USER_NOT_FOUND);
  return { ...row, language: row.language as Language, municipalityName: row.municipalityName ?? null };
}

/** PUT user/profile: own name, last name, phone, e-mail and language. */
export async function updateProfile(db: Db, auth: AuthContext, form: ProfileUpdate): Promise<Profile> {
  await checkUnique(db, { email: form.email }, auth.user.id);
  await updateVersioned(
    db,
    user,
    { id: auth.user.id, version: form.version },
    {
      firstName: form.firstName,
      lastName: form.lastName,
      phone: form.phone ?? null,
      email: form.email ?? null,
      language: form.language,
    },
  );
  return getProfile(db, auth);
}

/**
 * POST user/profile/change-password: checks the current password (spec 001 §5), stores the new one and ends the
 * user's other sessions: web sessions and the provider's grants, sessions and refresh tokens. The session that
 * made the request (the one holding this bearer token) stays signed in.
 */
export async function changePassword(db: Db, auth: AuthContext, form: ChangePassword, bearer?: string) {
  // Guessing the current password through this form is slowed down like the sign-in (one counter for both),
  // counted before the check so that parallel guesses cannot pass together (api/lib/password-throttle.ts).
  const attempt = await reserveUserAttempt(db, auth.user.id);
  if (!attempt.allowed)
    throw new ApiError(429, `Příliš mnoho chybných pokusů. Zkuste to znovu za ${attempt.seconds} s.`);
  const [row] = await db.select({ passwordHash: user.passwordHash }).from(user).where(eq(user.id, auth.user.id));
  if (!(await checkPassword(form.currentPassword, row?.passwordHash))) {
    throw validation({ currentPassword: [WRONG_CURRENT_PASSWORD] });
  }
  const passwordHash = await hashPassword(form.newPassword);
  await db
    .update(user)
    .set({ passwordHash, failedLogins: 0, lastFailedLoginAt: null, updatedAt: new Date() })
    .where(eq(user.id, auth.user.id));
  await revokeRegistrationTokens(db, auth.user.id);
  const endedSessions = await endSessions(db, [auth.user.id], bearer);
  return { changed: true as const, endedSessions };
}
