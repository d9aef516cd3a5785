import { and, asc, eq, inArray } from "drizzle-orm";
import { route } from "../../lib/route";
import { municipality, userMunicipality } from "../../db/schema";

/** The signed-in user's own information (spec 000 §7 user calls). */
export const userRoutes = [
  route({
    method: "get",
    path: "/user/user-info",
    summary: "The signed-in user: id, fullName, userName, roles, municipality",
    permission: "authenticated",
    tenancy: "none",
    handler: async ({ auth }) => ({
      id: auth.user.id,
      fullName: auth.user.fullName,
      userName: auth.user.userName,
      email: auth.user.email,
      language: auth.user.language,
      roles: auth.user.roles.map((name) => ({ name })),
      municipality: auth.user.municipalityId ? { id: auth.user.municipalityId } : null,
      loggedIn: true,
    }),
  }),
  route({
    method: "get",
    path: "/user/user-info/managed-municipalities",
    summary: "Municipalities the user manages (all for the admin roles)",
    permission: "authenticated",
    tenancy: "none",
    handler: async ({ auth, services }) => {
      const { db } = services;
      const columns = { id: municipality.id, name: municipality.name, country: municipality.country, active: municipality.active };
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
    },
  }),
  route({
    method: "get",
    path: "/user/user-info/permissions",
    summary: "The user's permissions as objects with value 'entity.action'",
    permission: "authenticated",
    tenancy: "none",
    handler: async ({ auth }) => [...auth.permissions].sort().map((value) => ({ value })),
  }),
];
