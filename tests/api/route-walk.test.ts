/**
 * ARCHITECTURE.md "API conventions": every registered /v1 route declares its permission and tenancy, and this
 * walk proves for each entry of `allRoutes` (so routes added later are covered without touching this file):
 * no token → 401 with WWW-Authenticate: Bearer; expired / wrong issuer / untrusted key / deactivated user → 401;
 * a user without the permission → 403; another municipality's id → 404; the read-only administrator can
 * change nothing (403 on every non-GET route).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { allRoutes } from "../../api/app";
import type { AnyRoute } from "../../api/lib/route";
import { municipality, user, userMunicipality } from "../../api/db/schema";
import { ACTIONS, ENTITIES } from "#contract/permissions";
import type { TestApi } from "./helpers";
import {
  emptyBody,
  fillPath,
  fixedParamValue,
  PARAM_RE,
  PROBE_USER_NAME,
  routeCases,
  routeLabel,
  startWalk,
  tenancyParam,
} from "./walk";

/**
 * Non-GET routes the read-only administrator may call, with the reason: only the user's own account, never the
 * product's data (spec 000 §6 'read only' is about the data; everybody keeps their profile and password).
 */
const READ_ONLY_MAY_CALL = new Set<string>([
  // Own name, phone, e-mail and language.
  "PUT /user/profile",
  // Own password (spec 001 §2 Profile: every user changes their password).
  "POST /user/profile/change-password",
]);

/** The message of the tenancy (and malformed id) 404; the app's unmatched-path 404 says 'Not found: …'. */
const RECORD_NOT_FOUND = "Záznam nebyl nalezen.";

const KNOWN_PERMISSIONS = new Set<string>(ENTITIES.flatMap((e) => ACTIONS.map((a) => `${e}.${a}`)));
const pathParams = (r: AnyRoute) => [...r.path.matchAll(PARAM_RE)].map((m) => m[1]!);

let t: TestApi;
/** A user of municipality A only, whose role holds every permission: passes every permission check. */
let probeToken: string;
let close = async () => {};
beforeAll(async () => ({ t, probeToken, close } = await startWalk()));
afterAll(() => close());

/**
 * A user of the given municipality, for /user/:id (tenancy checked by the service): the worker of A (the
 * control's own municipality) and the manager of B (another municipality's user).
 */
function userOf(municipalityId: number): number {
  return municipalityId === t.fixtures.municipalities.b.id ? t.fixtures.users.managerB.id : t.fixtures.users.worker.id;
}

/** A valid-looking value for a path parameter: from its zod schema when it is an enum, else by its name. */
function sampleValue(r: AnyRoute, name: string, municipalityId: number): string {
  const fixed = fixedParamValue(r, name, { municipalityId, userId: userOf(municipalityId) });
  if (fixed !== undefined) return fixed;
  if (/^ico$|identificationNumber/i.test(name)) return "25596641";
  if (/id$/i.test(name)) return "1";
  return "sample";
}

function urlFor(r: AnyRoute, municipalityId: number): string {
  return fillPath(r, (name) => sampleValue(r, name, municipalityId));
}

describe("route declarations", () => {
  it("the registry is not empty and has no duplicates", () => {
    expect(allRoutes.length).toBeGreaterThan(10);
    const keys = allRoutes.map(routeLabel);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it.each(routeCases(allRoutes))("%s declares a permission and a tenancy rule", (_l, r) => {
    expect(
      r.permission === "authenticated" || KNOWN_PERMISSIONS.has(r.permission),
      `permission '${r.permission}'`,
    ).toBe(true);
    expect(r.tenancy === "none" || r.tenancy === "global" || typeof r.tenancy === "object", "tenancy").toBe(true);
    expect(r.summary?.length).toBeGreaterThan(0);
    const params = pathParams(r);
    const tp = tenancyParam(r);
    if (tp) {
      // The tenancy parameter exists in the path and is validated (a malformed id must not reach SQL).
      expect(params).toContain(tp);
      expect(r.params, "params schema").toBeDefined();
    }
    // Any municipality id in the path must be the route's tenancy parameter.
    for (const p of params) if (/^municipalityId$/i.test(p)) expect(tp, `${p} must be the tenancy parameter`).toBe(p);
    // Open to every signed-in user: only the user's own data, never a municipality's.
    if (r.permission === "authenticated") expect(r.tenancy).toBe("none");
    if (params.length) expect(r.params, "path parameters are parsed with zod").toBeDefined();
  });
});

describe.each(routeCases(allRoutes))("%s", (_l, r) => {
  const url = () => urlFor(r, t.fixtures.municipalities.b.id);

  it("without a token → 401 with WWW-Authenticate: Bearer", async () => {
    const res = await t.call(r.method, url(), emptyBody(r));
    expect(res.status).toBe(401);
    expect(res.headers.get("www-authenticate")).toMatch(/^Bearer\b/);
    expect(res.body.Message).toEqual(expect.any(String));
  });

  it("with a bad token (malformed, expired, no exp, wrong issuer or audience, untrusted key, deactivated user) → 401", async () => {
    const tokens = {
      malformed: "abc.def.ghi",
      expired: await t.expiredToken("admin"),
      withoutExp: await t.signToken(
        { sub: "1", preferred_username: t.fixtures.users.admin.userName },
        { expiresIn: null },
      ),
      wrongIssuer: await t.wrongIssuerToken("admin"),
      wrongAudience: await t.wrongAudienceToken("admin"),
      foreignKey: await t.foreignKeyToken("admin"),
      inactiveUser: await t.token("inactive"),
    };
    for (const [kind, token] of Object.entries(tokens)) {
      const res = await t.call(r.method, url(), { ...emptyBody(r), token });
      expect(res.status, kind).toBe(401);
      expect(res.headers.get("www-authenticate"), kind).toMatch(/^Bearer\b/);
    }
    const basic = await t.call(r.method, url(), { ...emptyBody(r), headers: { Authorization: "Basic YTpi" } });
    expect(basic.status).toBe(401);
  });

  if (r.permission !== "authenticated") {
    it(`a user without ${r.permission} (CITIZEN) → 403`, async () => {
      const res = await t.call(r.method, url(), { ...emptyBody(r), as: "citizen" });
      expect(res.status).toBe(403);
      expect(res.body).toEqual({ Message: "Přístup byl odepřen" });
    });
  }

  if (r.method !== "get" && !READ_ONLY_MAY_CALL.has(routeLabel(r))) {
    it("the read-only administrator can change nothing → 403", async () => {
      const own = urlFor(r, t.fixtures.municipalities.a.id);
      const res = await t.call(r.method, own, { ...emptyBody(r), as: "readonly" });
      expect(res.status).toBe(403);
    });
  }

  if (tenancyParam(r)) {
    it("another municipality's id → 404 (the manager of A asking for B)", async () => {
      const res = await t.call(r.method, url(), { ...emptyBody(r), as: "manager" });
      // Where the manager's role lacks the permission, 403 comes first; it reveals nothing either.
      expect([403, 404]).toContain(res.status);
      if (res.status === 404) expect(res.body).toEqual({ Message: RECORD_NOT_FOUND });
    });

    it("another municipality's id → 404 even with every permission", async () => {
      const res = await t.call(r.method, url(), { ...emptyBody(r), token: probeToken });
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ Message: RECORD_NOT_FOUND });
      // Nothing of B was changed or revealed.
      const [b] = await t.db.select().from(municipality).where(eq(municipality.id, t.fixtures.municipalities.b.id));
      expect(b).toMatchObject({ name: "Petržalka", active: true });
    });

    it("a malformed municipality id → 404", async () => {
      const bad = r.path.replace(PARAM_RE, (_m, n: string) => (n === tenancyParam(r) ? "abc" : sampleValue(r, n, 1)));
      const res = await t.call(r.method, bad, { ...emptyBody(r), as: "admin" });
      expect(res.status).toBe(404);
    });
  }

  // Control: the same request for a municipality the user may access gets past authentication, permission
  // and tenancy (so the 401/403/404 above come from those checks, not from a wrongly built URL). Each route
  // gets its own fresh municipality, so a mutating route changes nothing the other checks rely on.
  it("control: with the permission and access, the request passes auth, permission and tenancy", async () => {
    let municipalityId = t.fixtures.municipalities.a.id;
    if (tenancyParam(r)) {
      const [own] = await t.db
        .insert(municipality)
        .values({ name: `Kontrola ${routeLabel(r)}`.slice(0, 200), country: "CZ" })
        .returning({ id: municipality.id });
      municipalityId = own!.id;
      const [probe] = await t.db.select({ id: user.id }).from(user).where(eq(user.userName, PROBE_USER_NAME));
      await t.db.insert(userMunicipality).values({ userId: probe!.id, municipalityId });
    }
    const res = await t.call(r.method, urlFor(r, municipalityId), { ...emptyBody(r), token: probeToken });
    expect(res.status).not.toBe(401);
    expect(res.status).not.toBe(403);
    expect(res.status).toBeLessThan(500);
    if (res.status === 404) expect(res.body?.Message).not.toBe(RECORD_NOT_FOUND);
    if (res.status === 404) expect(res.body?.Message).not.toMatch(/^Not found:/);
  });
});

describe("GET /v1/openapi.json", () => {
  it("is public and lists every route with its permission and tenancy", async () => {
    const res = await t.call("GET", "/openapi.json");
    expect(res.status).toBe(200);
    expect(res.body.openapi).toBe("3.1.0");
    for (const r of allRoutes) {
      const path = "/v1" + r.path.replace(PARAM_RE, "{$1}");
      const op = res.body.paths[path]?.[r.method];
      expect(op, `${routeLabel(r)} in openapi.json`).toBeDefined();
      expect(op["x-permission"]).toBe(r.permission);
      for (const p of pathParams(r)) expect(op.parameters.map((x: { name: string }) => x.name)).toContain(p);
    }
    const documented = Object.values(res.body.paths as Record<string, object>).reduce(
      (n, ops) => n + Object.keys(ops).length,
      0,
    );
    expect(documented).toBe(allRoutes.length);
  });
});
