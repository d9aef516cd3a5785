/**
 * Creating and editing users: register with a password or by an e-mail invitation (and resend it), update,
 * activate and deactivate; role and municipality assignment rules.
 */
import { and, eq, inArray } from "drizzle-orm";
import type { Db } from "../../db/client";
import { municipality, role, user, userMunicipality } from "../../db/schema";
import { uniqueWrite } from "../../lib/db-errors";
import { orNull } from "../../lib/form-columns";
import { ApiError, forbidden, notFound, validation } from "../../lib/errors";
import { updateVersioned } from "../../lib/version";
import { canAccessMunicipality, type AuthContext } from "../../lib/auth";
import { hashPassword } from "../../lib/password-hash";
import type { Services } from "../../services";
import { EMAIL_REGISTRATION_ROLES, maySetPassword } from "#contract/roles";
import { canAssignRole } from "#contract/permissions";
import { type Language, type RegisterByEmail, type RegisterUser, type UserUpdateBody } from "#contract/user";
import { mailInvitation, revokeRegistrationTokens } from "./registration";
import { endSessions } from "./sessions";
import { checkUnique, isAdminRole, USER_NAME_TAKEN, USER_NOT_FOUND, visibleTo } from "./shared";

/** The user row if the caller may see it; 404 otherwise (also for another municipality's user). */
async function findVisible(db: Db, auth: AuthContext, id: number) {
  const [row] = await db
    .select({ u: user, roleName: role.name })
    .from(user)
    .innerJoin(role, eq(role.id, user.roleId))
    .where(and(eq(user.id, id), visibleTo(db, auth)));
  if (!row) throw notFound(USER_NOT_FOUND);
  return row;
}

interface Assignment {
  roleId: number;
  municipalityId?: number;
}

/**
 * Role and municipality of a created or edited user (spec 000 §6): the role must exist and be active (an edited
 * user may keep an inactive one); only administrators assign the admin roles; the admin roles have no
 * municipality; every other role needs one the caller manages. Nobody changes their own role.
 */
async function checkAssignment(
  db: Db,
  auth: AuthContext,
  form: Assignment,
  existing?: { id: number; roleId: number },
): Promise<{ municipalityId: number | null; country: string | null }> {
  const errors: Record<string, string[]> = {};
  const [r] = await db.select().from(role).where(eq(role.id, form.roleId));
  if (!r) errors.roleId = ["Vyberte roli."];
  else if (existing && existing.id === auth.user.id && r.id !== existing.roleId)
    errors.roleId = ["Svou vlastní roli nemůžete změnit."];
  else if (!r.active && r.id !== existing?.roleId) errors.roleId = ["Tato role není aktivní."];
  // An unchanged role stays (an admin may have given it); a new one must be the caller's to give (decision 0014).
  else if (r.id !== existing?.roleId && !canAssignRole(auth.user.roles, r.name)) {
    errors.roleId = [
      isAdminRole(r.name)
        ? "Tuto roli může přidělit jen správce JRK."
        : "Tuto roli nemůžete přidělit: dává oprávnění, která sami nemáte.",
    ];
  }

  let municipalityId: number | null = null;
  let country: string | null = null;
  if (r && !isAdminRole(r.name)) {
    if (!form.municipalityId) errors.municipalityId = ["Vyberte obec."];
    else if (!canAccessMunicipality(auth, form.municipalityId))
      errors.municipalityId = ["Vyberte obec, kterou spravujete."];
    else {
      const [m] = await db
        .select({ id: municipality.id, country: municipality.country })
        .from(municipality)
        .where(eq(municipality.id, form.municipalityId));
      if (!m) errors.municipalityId = ["Obec neexistuje."];
      else {
        municipalityId = m.id;
        country = m.country;
      }
    }
  }
  if (Object.keys(errors).length) throw validation(errors);
  return { municipalityId, country };
}

const defaultLanguage = (country: string | null): Language => (country === "SK" ? "sk" : "cs");

/** A duplicate user name that slipped between checkUnique and the write answers as checkUnique does. */
const USER_NAME_TAKEN_ERRORS = { userName: [USER_NAME_TAKEN] };

/** The account's columns a registration and an edit both store from the form (the role's municipality checked). */
const accountColumns = (form: RegisterUser | RegisterByEmail | UserUpdateBody, municipalityId: number | null) => ({
  userName: form.userName,
  firstName: form.firstName,
  lastName: form.lastName,
  ...orNull(form, ["email", "phone", "collectionYardId"]),
  roleId: form.roleId,
  municipalityId,
});

async function insertUser(
  db: Db,
  auth: AuthContext,
  form: RegisterUser | RegisterByEmail,
  passwordHash: string | null,
): Promise<number> {
  const { municipalityId, country } = await checkAssignment(db, auth, form);
  await checkUnique(db, form);
  return uniqueWrite(USER_NAME_TAKEN_ERRORS, () =>
    db.transaction(async (tx) => {
      const [created] = await tx
        .insert(user)
        .values({
          ...accountColumns(form, municipalityId),
          passwordHash,
          language: form.language ?? defaultLanguage(country),
        })
        .returning({ id: user.id });
      if (municipalityId) await tx.insert(userMunicipality).values({ userId: created!.id, municipalityId });
      return created!.id;
    }),
  );
}

/** POST user/register: a user with a password. */
export async function registerWithPassword(db: Db, auth: AuthContext, form: RegisterUser): Promise<{ id: number }> {
  // Workers may only invite by e-mail (spec 000 §6); a password is set by administrators and managers.
  if (!maySetPassword(auth.user.roles)) throw forbidden();
  const id = await insertUser(db, auth, form, await hashPassword(form.password));
  return { id };
}

/** Spec 000 §6: only these roles register users by e-mail (and resend the invitation). */
function requireEmailRegistration(services: Services, auth: AuthContext): string {
  if (!auth.user.roles.some((r) => (EMAIL_REGISTRATION_ROLES as readonly string[]).includes(r))) throw forbidden();
  if (!services.config.setPasswordUrl) {
    throw new ApiError(409, "Registrace e-mailem není k dispozici: hesla spravuje externí poskytovatel identity.");
  }
  return services.config.setPasswordUrl;
}

async function sendInvitation(services: Services, auth: AuthContext, userId: number, setPasswordUrl: string) {
  const [u] = await services.db.select().from(user).where(eq(user.id, userId));
  if (!u?.email) throw new ApiError(409, "Uživatel nemá e-mail, pozvánku nelze poslat.");
  const name = `${u.firstName} ${u.lastName}`.trim();
  const invitee = { userId, userName: u.userName, language: u.language, email: u.email, name };
  const { expiresAt, sent } = await mailInvitation(services, auth, invitee, setPasswordUrl, "invitation");
  return { expiresAt, mailSent: sent };
}

/**
 * POST user/register-by-email: the user is created without a password and gets an invitation e-mail with a
 * one-time link to the provider's set-password page. When the e-mail cannot be sent the user still exists
 * (mailSent: false) and the invitation can be resent.
 */
export async function registerByEmail(services: Services, auth: AuthContext, form: RegisterByEmail) {
  const setPasswordUrl = requireEmailRegistration(services, auth);
  const id = await insertUser(services.db, auth, form, null);
  const { mailSent } = await sendInvitation(services, auth, id, setPasswordUrl);
  return { id, mailSent };
}

/** PATCH user/resend-registration-email?userId: a new link; the earlier ones stop working. */
export async function resendRegistration(services: Services, auth: AuthContext, userId: number) {
  const setPasswordUrl = requireEmailRegistration(services, auth);
  const { u } = await findVisible(services.db, auth, userId);
  if (u.passwordHash) throw new ApiError(409, "Uživatel už registraci dokončil a má nastavené heslo.");
  const { expiresAt, mailSent } = await sendInvitation(services, auth, userId, setPasswordUrl);
  if (!mailSent) throw new ApiError(502, "E-mail se nepodařilo odeslat. Zkuste to prosím později.");
  return { userId, expiresAt: expiresAt.toISOString(), mailSent };
}

/** PUT user/{id}. A new password ends the user's sessions (except the caller's own current one). */
export async function updateUser(
  db: Db,
  auth: AuthContext,
  id: number,
  form: UserUpdateBody,
  bearer?: string,
): Promise<{ id: number }> {
  const { u } = await findVisible(db, auth, id);
  const { municipalityId } = await checkAssignment(db, auth, form, u);
  await checkUnique(db, form, id);
  const passwordHash = form.password ? await hashPassword(form.password) : undefined;
  await uniqueWrite(USER_NAME_TAKEN_ERRORS, () =>
    db.transaction(async (tx) => {
      await updateVersioned(
        tx,
        user,
        { id, version: form.version },
        {
          ...accountColumns(form, municipalityId),
          language: form.language ?? (u.language as Language),
          ...(passwordHash ? { passwordHash, failedLogins: 0, lastFailedLoginAt: null } : {}),
        },
      );
      if (u.municipalityId !== municipalityId) {
        if (u.municipalityId) {
          await tx
            .delete(userMunicipality)
            .where(and(eq(userMunicipality.userId, id), eq(userMunicipality.municipalityId, u.municipalityId)));
        }
        if (municipalityId)
          await tx.insert(userMunicipality).values({ userId: id, municipalityId }).onConflictDoNothing();
      }
    }),
  );
  if (passwordHash) {
    await revokeRegistrationTokens(db, id);
    await endSessions(db, [id], id === auth.user.id ? bearer : undefined);
  }
  return { id };
}

/** PATCH user/activate: several users at once, all or nothing; nobody deactivates themselves. */
export async function setActive(db: Db, auth: AuthContext, personIds: number[], active: boolean) {
  const ids = [...new Set(personIds)];
  if (!active && ids.includes(auth.user.id)) throw validation({ personIds: ["Sami sebe deaktivovat nemůžete."] });
  const found = await db
    .select({ id: user.id })
    .from(user)
    .where(and(inArray(user.id, ids), visibleTo(db, auth)));
  if (found.length !== ids.length) throw notFound(USER_NOT_FOUND);
  await db.update(user).set({ active, updatedAt: new Date() }).where(inArray(user.id, ids));
  // A deactivated user's sign-ins end at once (their tokens are refused by the API anyway).
  if (!active) await endSessions(db, ids);
  return { updated: ids.length, active };
}
