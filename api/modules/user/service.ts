import { and, asc, count, eq, exists, inArray, ne, notInArray, or, sql, type SQL } from "drizzle-orm";
import type { Db } from "../../db/client";
import { municipality, oidcPayload, registrationToken, role, session, user, userMunicipality } from "../../db/schema";
import { ApiError, forbidden, notFound, validation } from "../../lib/errors";
import { bumped, writtenOrStale } from "../../lib/version";
import { pageWindow, parseSort } from "../../lib/paging";
import { searchMatches } from "../../lib/search";
import { canAccessMunicipality, type AuthContext } from "../../lib/auth";
import { checkPassword, hashPassword } from "../../lib/password-hash";
import { reserveUserAttempt } from "../../lib/password-throttle";
import { invitationMail } from "../../lib/email-templates";
import type { Services } from "../../services";
import { ADMIN_ROLES, EMAIL_REGISTRATION_ROLES } from "#contract/roles";
import { canAssignRole } from "#contract/permissions";
import {
  ADMIN_ROLE_IDS,
  REGISTRATION_LINK_TTL_HOURS,
  USER_SORTS,
  WRONG_CURRENT_PASSWORD,
  type ChangePassword,
  type Language,
  type Profile,
  type ProfileUpdate,
  type RegisterByEmail,
  type RegisterUser,
  type RoleItem,
  type UserDetail,
  type UserListItem,
  type UserListQuery,
  type UserUpdateBody,
} from "#contract/user";
import { issueRegistrationToken, revokeRegistrationTokens } from "./registration";

/** Missing and foreign users answer alike (tenancy: another municipality's user is 404 for non-admins). */
export const USER_NOT_FOUND = "Uživatel nebyl nalezen.";

const iso = (d: Date | null) => (d ? d.toISOString() : null);
const isAdminRole = (name: string) => (ADMIN_ROLES as readonly string[]).includes(name);

/**
 * Which users the caller may see and manage (spec 000 §6): administrators all; everybody else the users of
 * their own municipalities (the user's municipality or a managed one), never an administrator.
 */
function visibleTo(db: Db, auth: AuthContext): SQL | undefined {
  if (auth.municipalityIds === "all") return undefined;
  const ids = auth.municipalityIds;
  if (!ids.length) return sql`false`;
  return and(
    notInArray(user.roleId, [...ADMIN_ROLE_IDS]),
    or(
      inArray(user.municipalityId, ids),
      exists(
        db
          .select({ one: sql`1` })
          .from(userMunicipality)
          .where(and(eq(userMunicipality.userId, user.id), inArray(userMunicipality.municipalityId, ids))),
      ),
    ),
  );
}

const pendingExpr = sql<boolean>`(${user.passwordHash} is null and exists (select 1 from ${registrationToken} where ${registrationToken.userId} = ${user.id} and ${registrationToken.usedAt} is null))`;

const listColumns = {
  id: user.id,
  userName: user.userName,
  firstName: user.firstName,
  lastName: user.lastName,
  email: user.email,
  phone: user.phone,
  roleId: user.roleId,
  roleName: role.name,
  roleLabel: role.label,
  municipalityId: user.municipalityId,
  municipalityName: municipality.name,
  lastLoginAt: user.lastLoginAt,
  active: user.active,
  registrationPending: pendingExpr,
};

type ListRow = Omit<UserListItem, "fullName" | "lastLoginAt"> & { lastLoginAt: Date | null };

function toListItem(r: ListRow): UserListItem {
  return {
    id: r.id,
    userName: r.userName,
    firstName: r.firstName,
    lastName: r.lastName,
    fullName: `${r.firstName} ${r.lastName}`.trim(),
    email: r.email,
    phone: r.phone,
    roleId: r.roleId,
    roleName: r.roleName,
    roleLabel: r.roleLabel,
    municipalityId: r.municipalityId,
    municipalityName: r.municipalityName ?? null,
    lastLoginAt: iso(r.lastLoginAt),
    active: r.active,
    registrationPending: !!r.registrationPending,
  };
}

/** GET user: paged, filtered, sorted; only the users the caller may see. */
export async function listUsers(db: Db, auth: AuthContext, q: UserListQuery): Promise<{ items: UserListItem[]; total: number }> {
  const where: (SQL | undefined)[] = [visibleTo(db, auth)];
  // User name, name, e-mail or phone, without case or accents (the folded search column, trigram-indexed).
  if (q.search) where.push(searchMatches(user.search, q.search));
  if (q.roleId) where.push(eq(user.roleId, q.roleId));
  if (q.municipalityId) {
    where.push(
      or(
        eq(user.municipalityId, q.municipalityId),
        exists(
          db
            .select({ one: sql`1` })
            .from(userMunicipality)
            .where(and(eq(userMunicipality.userId, user.id), eq(userMunicipality.municipalityId, q.municipalityId))),
        ),
      ),
    );
  }
  if (q.active) where.push(eq(user.active, q.active === "true"));
  const cond = and(...where.filter(Boolean));

  const sort = parseSort(q.sort, USER_SORTS, "lastName");
  const dir = (e: SQL | typeof user.id) => (sort.desc ? sql`${e} desc nulls last` : sql`${e} asc nulls last`);
  const order: SQL[] = {
    id: [dir(user.id)],
    userName: [dir(sql`lower(${user.userName})`)],
    firstName: [dir(sql`lower(${user.firstName})`), dir(sql`lower(${user.lastName})`)],
    lastName: [dir(sql`lower(${user.lastName})`), dir(sql`lower(${user.firstName})`)],
    email: [dir(sql`lower(${user.email})`)],
    role: [dir(sql`${role.label}`)],
    municipality: [dir(sql`${municipality.name}`)],
    lastLoginAt: [dir(sql`${user.lastLoginAt}`)],
    active: [dir(sql`${user.active}`)],
  }[sort.key];

  const { limit, offset } = pageWindow(q);
  const [rows, totals] = await Promise.all([
    db
      .select(listColumns)
      .from(user)
      .innerJoin(role, eq(role.id, user.roleId))
      .leftJoin(municipality, eq(municipality.id, user.municipalityId))
      .where(cond)
      .orderBy(...order, asc(user.id))
      .limit(limit)
      .offset(offset),
    db.select({ n: count() }).from(user).where(cond),
  ]);
  return { items: rows.map((r) => toListItem(r)), total: Number(totals[0]?.n ?? 0) };
}

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

/** GET user/{id}. */
export async function getUser(db: Db, auth: AuthContext, id: number): Promise<UserDetail> {
  const invitationExpiresAt = sql`(select max(${registrationToken.expiresAt}) from ${registrationToken} where ${registrationToken.userId} = ${user.id} and ${registrationToken.usedAt} is null)`.mapWith(
    registrationToken.expiresAt,
  );
  const [row] = await db
    .select({
      ...listColumns,
      language: user.language,
      collectionYardId: user.collectionYardId,
      createdAt: user.createdAt,
      invitationExpiresAt,
      version: user.version,
    })
    .from(user)
    .innerJoin(role, eq(role.id, user.roleId))
    .leftJoin(municipality, eq(municipality.id, user.municipalityId))
    .where(and(eq(user.id, id), visibleTo(db, auth)));
  if (!row) throw notFound(USER_NOT_FOUND);
  return {
    ...toListItem(row),
    version: row.version,
    language: row.language as Language,
    collectionYardId: row.collectionYardId,
    createdAt: row.createdAt.toISOString(),
    invitationExpiresAt: row.registrationPending ? iso(row.invitationExpiresAt as Date | null) : null,
  };
}

/**
 * GET user/roles: active roles (spec 001 §6), each marked whether the caller may give it (decision 0014); callers
 * who are not administrators do not see the admin roles at all.
 */
export async function listRoles(db: Db, auth: AuthContext): Promise<{ items: RoleItem[] }> {
  const rows = await db
    .select({ id: role.id, name: role.name, label: role.label })
    .from(role)
    .where(eq(role.active, true))
    .orderBy(asc(role.id));
  return {
    items: rows
      .filter((r) => auth.isAdmin || !isAdminRole(r.name))
      .map((r) => ({ ...r, assignable: canAssignRole(auth.user.roles, r.name) })),
  };
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
  else if (existing && existing.id === auth.user.id && r.id !== existing.roleId) errors.roleId = ["Svou vlastní roli nemůžete změnit."];
  else if (!r.active && r.id !== existing?.roleId) errors.roleId = ["Tato role není aktivní."];
  // An unchanged role stays (an admin may have given it); a new one must be the caller's to give (decision 0014).
  else if (r.id !== existing?.roleId && !canAssignRole(auth.user.roles, r.name)) {
    errors.roleId = [isAdminRole(r.name) ? "Tuto roli může přidělit jen správce JRK." : "Tuto roli nemůžete přidělit: dává oprávnění, která sami nemáte."];
  }

  let municipalityId: number | null = null;
  let country: string | null = null;
  if (r && !isAdminRole(r.name)) {
    if (!form.municipalityId) errors.municipalityId = ["Vyberte obec."];
    else if (!canAccessMunicipality(auth, form.municipalityId)) errors.municipalityId = ["Vyberte obec, kterou spravujete."];
    else {
      const [m] = await db.select({ id: municipality.id, country: municipality.country }).from(municipality).where(eq(municipality.id, form.municipalityId));
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

/** User names and e-mails are unique regardless of case (both sign in on the provider's page). */
async function checkUnique(db: Db, values: { userName?: string; email?: string | null }, exceptId?: number) {
  const errors: Record<string, string[]> = {};
  const other = exceptId ? ne(user.id, exceptId) : undefined;
  if (values.userName) {
    const [hit] = await db.select({ id: user.id }).from(user).where(and(sql`lower(${user.userName}) = lower(${values.userName})`, other)).limit(1);
    if (hit) errors.userName = ["Uživatelské jméno už používá jiný uživatel."];
  }
  if (values.email) {
    const [hit] = await db.select({ id: user.id }).from(user).where(and(sql`lower(${user.email}) = lower(${values.email})`, other)).limit(1);
    if (hit) errors.email = ["Tento e-mail už používá jiný uživatel."];
  }
  if (Object.keys(errors).length) throw validation(errors);
}

/** A unique violation that slipped between the check and the write (two requests at once) is still a 422. */
function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: string; cause?: { code?: string } };
  return e?.code === "23505" || e?.cause?.code === "23505";
}

const defaultLanguage = (country: string | null): Language => (country === "SK" ? "sk" : "cs");

async function insertUser(
  db: Db,
  auth: AuthContext,
  form: RegisterUser | RegisterByEmail,
  passwordHash: string | null,
): Promise<number> {
  const { municipalityId, country } = await checkAssignment(db, auth, form);
  await checkUnique(db, form);
  try {
    return await db.transaction(async (tx) => {
      const [created] = await tx
        .insert(user)
        .values({
          userName: form.userName,
          firstName: form.firstName,
          lastName: form.lastName,
          email: form.email ?? null,
          phone: form.phone ?? null,
          passwordHash,
          roleId: form.roleId,
          municipalityId,
          collectionYardId: form.collectionYardId ?? null,
          language: form.language ?? defaultLanguage(country),
        })
        .returning({ id: user.id });
      if (municipalityId) await tx.insert(userMunicipality).values({ userId: created!.id, municipalityId });
      return created!.id;
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw validation({ userName: ["Uživatelské jméno už používá jiný uživatel."] });
    throw err;
  }
}

/** POST user/register: a user with a password. */
export async function registerWithPassword(db: Db, auth: AuthContext, form: RegisterUser): Promise<{ id: number }> {
  // Workers may only invite by e-mail (spec 000 §6); a password is set by administrators and managers.
  if (!auth.isAdmin && !auth.user.roles.includes("MUNICIPALITY_MANAGER")) throw forbidden();
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
  const { token, expiresAt } = await issueRegistrationToken(services.db, userId, auth.user.id);
  const link = `${setPasswordUrl}?token=${encodeURIComponent(token)}`;
  let mailSent = true;
  try {
    if (!services.mailer) throw new Error("no mailer configured");
    await services.mailer.send(
      invitationMail({
        language: u.language,
        to: u.email,
        name: `${u.firstName} ${u.lastName}`.trim(),
        userName: u.userName,
        inviter: auth.user.fullName || auth.user.userName,
        link,
        expiresAt,
        hours: REGISTRATION_LINK_TTL_HOURS,
      }),
    );
  } catch (err) {
    console.error("[mail] invitation not sent", err instanceof Error ? err.message : err);
    mailSent = false;
  }
  return { expiresAt, mailSent };
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
export async function updateUser(db: Db, auth: AuthContext, id: number, form: UserUpdateBody, bearer?: string): Promise<{ id: number }> {
  const { u } = await findVisible(db, auth, id);
  const { municipalityId } = await checkAssignment(db, auth, form, u);
  await checkUnique(db, form, id);
  const passwordHash = form.password ? await hashPassword(form.password) : undefined;
  try {
    await db.transaction(async (tx) => {
      const rows = await tx
        .update(user)
        .set({
          userName: form.userName,
          firstName: form.firstName,
          lastName: form.lastName,
          email: form.email ?? null,
          phone: form.phone ?? null,
          roleId: form.roleId,
          municipalityId,
          collectionYardId: form.collectionYardId ?? null,
          language: form.language ?? (u.language as Language),
          ...(passwordHash ? { passwordHash, failedLogins: 0, lastFailedLoginAt: null } : {}),
          updatedAt: new Date(),
          version: bumped(user.version),
        })
        .where(and(eq(user.id, id), eq(user.version, form.version)))
        .returning({ id: user.id });
      writtenOrStale(rows);
      if (u.municipalityId !== municipalityId) {
        if (u.municipalityId) {
          await tx
            .delete(userMunicipality)
            .where(and(eq(userMunicipality.userId, id), eq(userMunicipality.municipalityId, u.municipalityId)));
        }
        if (municipalityId) await tx.insert(userMunicipality).values({ userId: id, municipalityId }).onConflictDoNothing();
      }
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw validation({ userName: ["Uživatelské jméno už používá jiný uživatel."] });
    throw err;
  }
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

/** Lower-case ASCII of a name: diacritics removed, anything else but letters and digits becomes '-'. */
function asciiPart(s: string): string {
  const special: Record<string, string> = { ł: "l", đ: "d", ø: "o", ß: "ss", æ: "ae", œ: "oe", þ: "th", ı: "i" };
  return s
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/[łđøßæœþı]/g, (c) => special[c] ?? c)
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
}

/** 'Žofie', 'Škaloudová' → 'zofie.skaloudova'. */
export function userNameBase(firstName: string, lastName: string): string {
  const base = [asciiPart(firstName), asciiPart(lastName)].filter(Boolean).join(".").slice(0, 90);
  return base.length >= 3 ? base : `${base || "user"}.user`.slice(0, 90);
}

/** GET user/unique-user-name: the base, or base2, base3, … — the first one nobody has (case-insensitive). */
export async function uniqueUserName(db: Db, firstName: string, lastName: string): Promise<{ userName: string }> {
  const base = userNameBase(firstName, lastName);
  // The base holds only [a-z0-9.-]: no LIKE wildcards to escape.
  const rows = await db
    .select({ userName: user.userName })
    .from(user)
    .where(sql`lower(${user.userName}) like ${`${base}%`}`);
  const taken = new Set(rows.map((r) => r.userName.toLowerCase()));
  for (let n = 1; ; n++) {
    const candidate = n === 1 ? base : `${base}${n}`;
    if (!taken.has(candidate)) return { userName: candidate };
  }
}

/** GET user/profile. */
export async function getProfile(db: Db, auth: AuthContext): Promise<Profile> {
  const [row] = await db
    .select({
      id: user.id,
      version: user.version,
      userName: user.userName,
      firstName: user.firstName,
      lastName: user.lastName,
      phone: user.phone,
      email: user.email,
      language: user.language,
      roleId: user.roleId,
      roleName: role.name,
      roleLabel: role.label,
      municipalityId: user.municipalityId,
      municipalityName: municipality.name,
    })
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
  const rows = await db
    .update(user)
    .set({
      firstName: form.firstName,
      lastName: form.lastName,
      phone: form.phone ?? null,
      email: form.email ?? null,
      language: form.language,
      updatedAt: new Date(),
      version: bumped(user.version),
    })
    .where(and(eq(user.id, auth.user.id), eq(user.version, form.version)))
    .returning({ id: user.id });
  writtenOrStale(rows);
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
  if (!attempt.allowed) throw new ApiError(429, `Příliš mnoho chybných pokusů. Zkuste to znovu za ${attempt.seconds} s.`);
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

/** Provider records that sign a user in again or refresh their tokens (idp/adapter.ts stores them). */
const OIDC_ACCOUNT_TYPES = [
  "Session",
  "Grant",
  "RefreshToken",
  "AccessToken",
  "AuthorizationCode",
  "DeviceCode",
  "BackchannelAuthenticationRequest",
];

/**
 * Ends the sign-ins of the given users: web session rows (data.user.id) and the built-in provider's sessions,
 * grants and tokens (oidc_payload, payload.accountId). With `keepAccessToken`, the web session holding that
 * access token and its provider grant survive (the request's own session). Answers the number of web sessions
 * ended.
 */
export async function endSessions(db: Db, userIds: number[], keepAccessToken?: string): Promise<number> {
  if (!userIds.length) return 0;
  const ids = userIds.map(String);
  const sessionUser = sql`(${session.data} -> 'user' ->> 'id')`;
  const account = sql`(${oidcPayload.payload} ->> 'accountId')`;
  return db.transaction(async (tx) => {
    let keepSession: string | undefined;
    let keepGrant: string | undefined;
    if (keepAccessToken) {
      const [current] = await tx
        .select({ id: session.id, refreshToken: sql<string | null>`${session.data} -> 'tokens' ->> 'refreshToken'` })
        .from(session)
        .where(and(inArray(sessionUser, ids), sql`${session.data} -> 'tokens' ->> 'accessToken' = ${keepAccessToken}`))
        .limit(1);
      keepSession = current?.id;
      if (current?.refreshToken) {
        // An opaque refresh token is stored under its own value as id.
        const [rt] = await tx
          .select({ grantId: oidcPayload.grantId })
          .from(oidcPayload)
          .where(and(eq(oidcPayload.type, "RefreshToken"), eq(oidcPayload.id, current.refreshToken)));
        keepGrant = rt?.grantId ?? undefined;
      }
    }
    const ended = await tx
      .delete(session)
      .where(and(inArray(sessionUser, ids), keepSession ? ne(session.id, keepSession) : undefined))
      .returning({ id: session.id });
    const keep = keepGrant
      ? sql`not (coalesce(${oidcPayload.grantId}, '') = ${keepGrant}
          or (${oidcPayload.type} = 'Grant' and ${oidcPayload.id} = ${keepGrant})
          or (${oidcPayload.type} = 'Session' and exists (
            select 1 from jsonb_each(coalesce(${oidcPayload.payload} -> 'authorizations', '{}'::jsonb)) as a
            where a.value ->> 'grantId' = ${keepGrant})))`
      : undefined;
    await tx.delete(oidcPayload).where(and(inArray(account, ids), inArray(oidcPayload.type, OIDC_ACCOUNT_TYPES), keep));
    return ended.length;
  });
}
