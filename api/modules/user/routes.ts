import type { Context } from "hono";
import { route } from "../../lib/route";
import { userEndpoints as ep } from "#contract/endpoints/user";
import * as svc from "./service";

/** The bearer token of the request: its web session is the one a password change keeps. */
const bearerOf = (c: Context) => /^Bearer\s+(.+)$/i.exec(c.req.header("authorization") ?? "")?.[1];

/** Users (contract/endpoints/user.ts): the handlers of the user calls, in the endpoints' order. */
export const userRoutes = [
  route(ep.info, async ({ auth }) => svc.userInfo(auth)),
  route(ep.managedMunicipalities, ({ services, auth }) => svc.managedMunicipalities(services.db, auth)),
  route(ep.permissions, async ({ auth }) => svc.permissionList(auth)),
  route(ep.profile, ({ services, auth }) => svc.getProfile(services.db, auth)),
  route(ep.updateProfile, ({ services, auth, body }) => svc.updateProfile(services.db, auth, body)),
  route(ep.changePassword, ({ c, services, auth, body }) => svc.changePassword(services.db, auth, body, bearerOf(c))),
  route(ep.roles, ({ services, auth }) => svc.listRoles(services.db, auth)),
  route(ep.uniqueUserName, ({ services, query }) => svc.uniqueUserName(services.db, query.FirstName, query.LastName)),
  route(ep.register, ({ services, auth, body }) => svc.registerWithPassword(services.db, auth, body)),
  route(ep.registerByEmail, ({ services, auth, body }) => svc.registerByEmail(services, auth, body)),
  route(ep.resendRegistration, ({ services, auth, query }) => svc.resendRegistration(services, auth, query.userId)),
  route(ep.activate, ({ services, auth, query, body }) =>
    svc.setActive(services.db, auth, body.personIds, query.isActiveState),
  ),
  route(ep.list, ({ services, auth, query }) => svc.listUsers(services.db, auth, query)),
  route(ep.detail, ({ services, auth, params }) => svc.getUser(services.db, auth, params.id)),
  route(ep.update, ({ c, services, auth, params, body }) =>
    svc.updateUser(services.db, auth, params.id, body, bearerOf(c)),
  ),
];
