/** The user list (only the users the caller may see), a user's detail and the roles the caller may give. */
import { and, asc, count, eq, sql, type AnyColumn, type SQL } from "drizzle-orm";
import type { Db } from "../../db/client";
import { municipality, registrationToken, role, user } from "../../db/schema";
import { notFound } from "../../lib/errors";
import { listPage } from "../../lib/paging";
import { searchMatches } from "../../lib/search";
import type { AuthContext } from "../../lib/auth";
import { iso } from "../../lib/records";
import { canAssignRole } from "#contract/permissions";
import { parseListSort, userListKeys, type SortKey } from "#contract/lists";
import { type Language, type RoleItem, type UserDetail, type UserListItem, type UserListQuery } from "#contract/user";
import { isAdminRole, USER_NOT_FOUND, userColumns, usersOf, visibleTo } from "./shared";

const pendingExpr = sql<boolean>`(${user.passwordHash} is null and exists (select 1 from ${registrationToken} where ${registrationToken.userId} = ${user.id} and ${registrationToken.usedAt} is null))`;

const listColumns = {
  ...userColumns,
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

/** What each sort key orders by (then the id): names and e-mails without case, the role by its label. */
const SORT_EXPRESSIONS: Record<SortKey<typeof userListKeys>, (SQL | AnyColumn)[]> = {
  id: [user.id],
  userName: [sql`lower(${user.userName})`],
  firstName: [sql`lower(${user.firstName})`, sql`lower(${user.lastName})`],
  lastName: [sql`lower(${user.lastName})`, sql`lower(${user.firstName})`],
  email: [sql`lower(${user.email})`],
  role: [role.label],
  municipality: [municipality.name],
  lastLoginAt: [user.lastLoginAt],
  active: [user.active],
};

/** GET user: paged, filtered, sorted; only the users the caller may see. */
export async function listUsers(
  db: Db,
  auth: AuthContext,
  q: UserListQuery,
): Promise<{ items: UserListItem[]; total: number }> {
  const where: (SQL | undefined)[] = [visibleTo(db, auth)];
  // User name, name, e-mail or phone, without case or accents (the folded search column, trigram-indexed).
  if (q.search) where.push(searchMatches(user.search, q.search));
  if (q.roleId) where.push(eq(user.roleId, q.roleId));
  if (q.municipalityId) where.push(usersOf(db, [q.municipalityId]));
  if (q.active !== undefined) where.push(eq(user.active, q.active));
  const cond = and(...where.filter(Boolean));

  const sort = parseListSort(userListKeys, q.sort);
  const order = SORT_EXPRESSIONS[sort.key].map((e) =>
    sort.desc ? sql`${e} desc nulls last` : sql`${e} asc nulls last`,
  );

  const { rows, total } = await listPage(
    db
      .select(listColumns)
      .from(user)
      .innerJoin(role, eq(role.id, user.roleId))
      .leftJoin(municipality, eq(municipality.id, user.municipalityId))
      .where(cond)
      .$dynamic(),
    db.select({ n: count() }).from(user).where(cond),
    [...order, asc(user.id)],
    q,
  );
  return { items: rows.map((r) => toListItem(r)), total };
}

/** GET user/{id}. */
export async function getUser(db: Db, auth: AuthContext, id: number): Promise<UserDetail> {
  const invitationExpiresAt =
    sql`(select max(${registrationToken.expiresAt}) from ${registrationToken} where ${registrationToken.userId} = ${user.id} and ${registrationToken.usedAt} is null)`.mapWith(
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
