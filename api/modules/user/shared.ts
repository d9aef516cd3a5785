/**
 * What several user topics need: the 404 message, the columns a user is shown with, which users the caller may see,
 * the admin roles, uniqueness.
 */
import { and, eq, exists, inArray, ne, notInArray, or, sql, type SQL } from "drizzle-orm";
import type { Db } from "../../db/client";
import { hasRow } from "../../lib/records";
import { municipality, role, user, userMunicipality } from "../../db/schema";
import { validation } from "../../lib/errors";
import type { AuthContext } from "../../lib/auth";
import { ADMIN_ROLES } from "#contract/roles";
import { ADMIN_ROLE_IDS } from "#contract/user";

/** Missing and foreign users answer alike (tenancy: another municipality's user is 404 for non-admins). */
export const USER_NOT_FOUND = "Uživatel nebyl nalezen.";
export const USER_NAME_TAKEN = "Uživatelské jméno už používá jiný uživatel.";

/** Who a user is, as every list of users shows it: the sign-in name, the person's name and contacts. */
export const userIdentityColumns = {
  id: user.id,
  userName: user.userName,
  firstName: user.firstName,
  lastName: user.lastName,
  email: user.email,
  phone: user.phone,
};

/**
 * A user as the user screens show one (the list, the detail, the profile): who it is, the role's name and label and
 * the home municipality's name; read from user joined with role and left-joined with municipality.
 */
export const userColumns = {
  ...userIdentityColumns,
  roleId: user.roleId,
  roleName: role.name,
  roleLabel: role.label,
  municipalityId: user.municipalityId,
  municipalityName: municipality.name,
};

export const isAdminRole = (name: string) => (ADMIN_ROLES as readonly string[]).includes(name);

/**
 * Which users the caller may see and manage (spec 000 §6): administrators all; everybody else the users of
 * their own municipalities (the user's municipality or a managed one), never an administrator.
 */
export function visibleTo(db: Db, auth: AuthContext): SQL | undefined {
  if (auth.municipalityIds === "all") return undefined;
  const ids = auth.municipalityIds;
  if (!ids.length) return sql`false`;
  return and(notInArray(user.roleId, [...ADMIN_ROLE_IDS]), usersOf(db, ids));
}

/**
 * The users of the municipalities: their home municipality (user.municipality_id) is one of them, or they are
 * linked to one (user_municipality).
 */
export function usersOf(db: Db, municipalityIds: number[]): SQL {
  return or(
    inArray(user.municipalityId, municipalityIds),
    exists(
      db
        .select({ one: sql`1` })
        .from(userMunicipality)
        .where(and(eq(userMunicipality.userId, user.id), inArray(userMunicipality.municipalityId, municipalityIds))),
    ),
  )!;
}

/** User names and e-mails are unique regardless of case (both sign in on the provider's page). */
export async function checkUnique(db: Db, values: { userName?: string; email?: string | null }, exceptId?: number) {
  const errors: Record<string, string[]> = {};
  const other = exceptId ? ne(user.id, exceptId) : undefined;
  if (values.userName) {
    if (await hasRow(db, user, sql`lower(${user.userName}) = lower(${values.userName})`, other))
      errors.userName = [USER_NAME_TAKEN];
  }
  if (values.email) {
    if (await hasRow(db, user, sql`lower(${user.email}) = lower(${values.email})`, other))
      errors.email = ["Tento e-mail už používá jiný uživatel."];
  }
  if (Object.keys(errors).length) throw validation(errors);
}
