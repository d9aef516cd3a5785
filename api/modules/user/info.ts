import { and, asc, eq, inArray } from "drizzle-orm";
import type { Db } from "../../db/client";
import { municipality, userMunicipality } from "../../db/schema";
import type { AuthContext } from "../../lib/auth";
import type { ManagedMunicipality, UserInfo } from "#contract/user";

/** GET user/user-info: the signed-in user, as the web's session keeps it. */
export function userInfo(auth: AuthContext): UserInfo {
  return {
    id: auth.user.id,
    fullName: auth.user.fullName,
    userName: auth.user.userName,
    email: auth.user.email,
    language: auth.user.language,
    roles: auth.user.roles.map((name) => ({ name })),
    municipality: auth.user.municipalityId ? { id: auth.user.municipalityId } : null,
    loggedIn: true,
  };
}

/** GET user/user-info/permissions: the user's permissions, sorted. */
export function permissionList(auth: AuthContext): { value: string }[] {
  return [...auth.permissions].sort().map((value) => ({ value }));
}

/** GET user/user-info/managed-municipalities: the municipalities the user works in (all for the admin roles). */
export async function managedMunicipalities(db: Db, auth: AuthContext): Promise<{ items: ManagedMunicipality[] }> {
  const columns = {
    id: municipality.id,
    name: municipality.name,
    country: municipality.country,
    active: municipality.active,
  };
  if (auth.municipalityIds === "all") {
    const rows = await db.select(columns).from(municipality).orderBy(asc(municipality.name)).limit(2000);
    return { items: rows.map((r) => ({ ...r, wasteCompanyBranchId: null })) };
  }
  if (!auth.municipalityIds.length) return { items: [] };
  const rows = await db
    .select({ ...columns, wasteCompanyBranchId: userMunicipality.wasteCompanyBranchId })
    .from(municipality)
    .leftJoin(
      userMunicipality,
      and(eq(userMunicipality.municipalityId, municipality.id), eq(userMunicipality.userId, auth.user.id)),
    )
    .where(inArray(municipality.id, auth.municipalityIds))
    .orderBy(asc(municipality.name));
  const seen = new Set<number>();
  return { items: rows.filter((r) => (seen.has(r.id) ? false : (seen.add(r.id), true))) };
}
