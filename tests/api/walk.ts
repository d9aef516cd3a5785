/**
 * What the route walks (route-walk.test.ts, input-walk.test.ts) share: both visit every entry of `allRoutes` with a
 * probe user who passes every permission check, and build each route's URL from its path parameters the same way.
 * One place, so a route the walks cannot reach (a new parameter, a new body kind) is taught to both at once.
 */
import { z } from "zod";
import { eq } from "drizzle-orm";
import type { AnyRoute } from "../../api/lib/route";
import { permission, role, rolePermission, user, userMunicipality } from "../../api/db/schema";
import { createRegistryServer } from "../mocks/registry";
import { setupApi, type TestApi } from "./helpers";

/** 'GET /municipality/:municipalityId', the name of a route's tests. */
export const routeLabel = (r: AnyRoute) => `${r.method.toUpperCase()} ${r.path}`;

/** `[label, route]` rows for it.each / describe.each. */
export const routeCases = (routes: readonly AnyRoute[]) => routes.map((r) => [routeLabel(r), r] as const);

/** Hono path parameters: ':name', optionally with a pattern ':name{[0-9]+}'. */
export const PARAM_RE = /:([A-Za-z0-9_]+)(?:\{[^}]*\})?/g;

/** The name of the path parameter that holds the route's municipality (its tenancy rule), if any. */
export const tenancyParam = (r: AnyRoute) => (typeof r.tenancy === "object" ? r.tenancy.municipalityParam : undefined);

/** The user name of the probe made by createProbe. */
export const PROBE_USER_NAME = "t.probe";

/**
 * A user of municipality A only, whose role holds every permission, so it passes every permission check; answers
 * its token. The role is a spare one (VISITOR) granted everything in the calling file's database only.
 */
export async function createProbe(t: TestApi): Promise<string> {
  const [visitor] = await t.db.select({ id: role.id }).from(role).where(eq(role.name, "VISITOR"));
  const perms = await t.db.select({ id: permission.id }).from(permission);
  await t.db.delete(rolePermission).where(eq(rolePermission.roleId, visitor!.id));
  await t.db.insert(rolePermission).values(perms.map((p) => ({ roleId: visitor!.id, permissionId: p.id })));
  const [probe] = await t.db
    .insert(user)
    .values({
      userName: PROBE_USER_NAME,
      firstName: "Probe",
      lastName: "Testovací",
      roleId: visitor!.id,
      municipalityId: t.fixtures.municipalities.a.id,
    })
    .returning({ id: user.id });
  await t.db.insert(userMunicipality).values({ userId: probe!.id, municipalityId: t.fixtures.municipalities.a.id });
  return t.signToken({ sub: String(probe!.id), preferred_username: PROBE_USER_NAME });
}

/**
 * A walk file's setup: the registry mock (routes that look a company up must not reach the internet), a fresh API
 * and the probe's token; `close` stops both.
 */
export async function startWalk(): Promise<{ t: TestApi; probeToken: string; close: () => Promise<void> }> {
  const registry = createRegistryServer();
  registry.listen();
  let t: TestApi | undefined;
  const close = async () => {
    registry.close();
    await t?.close();
  };
  try {
    t = await setupApi();
    return { t, probeToken: await createProbe(t), close };
  } catch (err) {
    await close();
    throw err;
  }
}

/**
 * The value of a path parameter that only one value fits: the route's municipality, the user of /user/:id, an enum's
 * first option, a number. Undefined for a free parameter: the walk chooses (a sample, or a text under test).
 */
export function fixedParamValue(
  r: AnyRoute,
  name: string,
  ids: { municipalityId: number; userId: number },
): string | undefined {
  if (name === tenancyParam(r)) return String(ids.municipalityId);
  if (name === "id" && r.path.startsWith("/user/")) return String(ids.userId);
  const shape = r.params instanceof z.ZodObject ? (r.params.shape as Record<string, z.ZodType>) : {};
  const s = shape[name];
  if (s instanceof z.ZodEnum) return String(s.options[0]);
  if (s instanceof z.ZodNumber) return "1";
  return undefined;
}

/** The route's path with each parameter replaced by `value(name)`, URL-encoded. */
export const fillPath = (r: AnyRoute, value: (name: string) => string) =>
  r.path.replace(PARAM_RE, (_m, name: string) => encodeURIComponent(value(name)));

/** A minimal body of the right kind for the route: none for GET, an empty form for uploads, else `{}`. */
export function emptyBody(r: AnyRoute) {
  if (r.method === "get") return {};
  if (r.bodyKind === "multipart") return { body: new FormData() };
  return { json: {} };
}
