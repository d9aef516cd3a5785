import { and, asc, eq, inArray } from "drizzle-orm";
import type { Context } from "hono";
import { z } from "zod";
import { route } from "../../lib/route";
import { municipality, userMunicipality } from "../../db/schema";
import { idParam } from "#contract/common";
import {
  activateUsersAnswer,
  activateUsersBody,
  activateUsersQuery,
  changePasswordAnswer,
  changePasswordSchema,
  profile,
  profileUpdateSchema,
  registerAnswer,
  registerByEmailSchema,
  registerUserSchema,
  resendRegistrationAnswer,
  resendRegistrationQuery,
  roleListAnswer,
  uniqueUserNameAnswer,
  uniqueUserNameQuery,
  userDetail,
  userListAnswer,
  userListQuery,
  userUpdateBody,
} from "#contract/user";
import * as svc from "./service";

const byId = z.object({ id: idParam });

/** The bearer token of the request: its web session is the one a password change keeps. */
const bearerOf = (c: Context) => /^Bearer\s+(.+)$/i.exec(c.req.header("authorization") ?? "")?.[1];

/**
 * Spec 000 §7 'User calls' (base path user). Tenancy: 'global' routes filter by the caller's municipalities in
 * the service — a user of another municipality (or an administrator) is 404 for everybody but administrators.
 * Static paths come before /user/:id, which would otherwise match them.
 */
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
  route({
    method: "get",
    path: "/user/profile",
    summary: "The signed-in user's profile (name, last name, phone, e-mail, language)",
    permission: "authenticated",
    tenancy: "none",
    response: profile,
    handler: ({ services, auth }) => svc.getProfile(services.db, auth),
  }),
  route({
    method: "put",
    path: "/user/profile",
    summary: "Update the own profile: name, last name, phone, e-mail, language (cs, sk, en)",
    permission: "authenticated",
    tenancy: "none",
    body: profileUpdateSchema,
    response: profile,
    handler: ({ services, auth, body }) => svc.updateProfile(services.db, auth, body),
  }),
  route({
    method: "post",
    path: "/user/profile/change-password",
    summary: "Change the own password (current password checked); ends the user's other sessions",
    permission: "authenticated",
    tenancy: "none",
    body: changePasswordSchema,
    status: 200,
    response: changePasswordAnswer,
    handler: ({ c, services, auth, body }) => svc.changePassword(services.db, auth, body, bearerOf(c)),
  }),
  route({
    method: "get",
    path: "/user/roles",
    summary: "Active roles (spec 001 §6) the caller may assign: id, name, label",
    permission: "user.aDetail",
    tenancy: "global",
    response: roleListAnswer,
    handler: ({ services, auth }) => svc.listRoles(services.db, auth),
  }),
  route({
    method: "get",
    path: "/user/unique-user-name",
    summary: "A free user name from FirstName and LastName (diacritics removed): jan.novak, jan.novak2, …",
    permission: "user.aAdd",
    tenancy: "global",
    query: uniqueUserNameQuery,
    response: uniqueUserNameAnswer,
    handler: ({ services, query }) => svc.uniqueUserName(services.db, query.FirstName, query.LastName),
  }),
  route({
    method: "post",
    path: "/user/register",
    summary: "Create a user with a password; answers the new id",
    permission: "user.aAdd",
    tenancy: "global",
    body: registerUserSchema,
    response: registerAnswer,
    handler: ({ services, auth, body }) => svc.registerWithPassword(services.db, auth, body),
  }),
  route({
    method: "post",
    path: "/user/register-by-email",
    summary: "Create a user without a password and e-mail a one-time link (72 h) to set it; answers the new id",
    permission: "user.aAdd",
    tenancy: "global",
    body: registerByEmailSchema,
    response: registerAnswer,
    handler: ({ services, auth, body }) => svc.registerByEmail(services, auth, body),
  }),
  route({
    method: "patch",
    path: "/user/resend-registration-email",
    summary: "Send the registration e-mail again with a new link (the old link stops working)",
    permission: "user.aAdd",
    tenancy: "global",
    query: resendRegistrationQuery,
    response: resendRegistrationAnswer,
    handler: ({ services, auth, query }) => svc.resendRegistration(services, auth, query.userId),
  }),
  route({
    method: "patch",
    path: "/user/activate",
    summary: "Activate (isActiveState=true) or deactivate (false) the users in personIds, all or none",
    permission: "user.aEdit",
    tenancy: "global",
    query: activateUsersQuery,
    body: activateUsersBody,
    response: activateUsersAnswer,
    handler: ({ services, auth, query, body }) => svc.setActive(services.db, auth, body.personIds, query.isActiveState),
  }),
  route({
    method: "get",
    path: "/user",
    summary: "Users the caller may see (search, role, municipality, active; sort; paging)",
    permission: "user.aDetail",
    tenancy: "global",
    query: userListQuery,
    response: userListAnswer,
    handler: ({ services, auth, query }) => svc.listUsers(services.db, auth, query),
  }),
  route({
    method: "get",
    path: "/user/:id",
    summary: "One user",
    permission: "user.aDetail",
    tenancy: "global",
    params: byId,
    response: userDetail,
    handler: ({ services, auth, params }) => svc.getUser(services.db, auth, params.id),
  }),
  route({
    method: "put",
    path: "/user/:id",
    summary: "Update a user (an empty password keeps the current one)",
    permission: "user.aEdit",
    tenancy: "global",
    params: byId,
    body: userUpdateBody,
    handler: ({ c, services, auth, params, body }) => svc.updateUser(services.db, auth, params.id, body, bearerOf(c)),
  }),
];
