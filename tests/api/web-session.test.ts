import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import { session } from "../../api/db/schema";
import type { AppLoadContext } from "react-router";
import { apiFor } from "~/server/api.server";
import { requireSignedIn } from "~/server/auth.server";
import { commit, renewSession, takeReturnTo } from "~/server/session.server";
import type { WebContext } from "~/server/context";
import { createDbSessionStorage } from "../../serving/sessions";
import { setupApi, type TestApi, thrownResponse as thrown } from "./helpers";

/**
 * Issue 11 security 5 and 2 with the real database-backed web sessions (serving/sessions.ts): a visitor who is not
 * signed in never gets a stored session, the page asked for travels in a short-lived cookie, and signing in starts
 * a new session id while the one the browser brought is deleted.
 */
let t: TestApi;
let context: AppLoadContext;
beforeAll(async () => {
  t = await setupApi();
  const web: WebContext = {
    config: {
      publicUrl: "http://test.local",
      issuer: "http://test.local/oidc",
      clientId: "web",
      clientSecret: "s",
      builtInIdp: true,
      supportEmail: "podpora@test.local",
    },
    sessionStorage: createDbSessionStorage({ db: t.db, secret: "a session secret for the tests", secure: false }),
    apiFetch: async (req) => t.app.fetch(req),
    apiBase: "http://test.local",
    buildId: "test",
  };
  context = web as unknown as AppLoadContext;
});
afterAll(async () => {
  await t?.close();
});

const sessionRows = async (id?: string) =>
  (
    await t.db
      .select({ n: sql<number>`count(*)::int` })
      .from(session)
      .where(id ? eq(session.id, id) : undefined)
  )[0]!.n;

const cookieOf = (res: Response, name: string) =>
  res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0]!)
    .find((c) => c.startsWith(`${name}=`));

describe("web sessions (issue 11 security 5, 2)", () => {
  it("50 anonymous requests to protected pages store no session and set no session cookie", async () => {
    const before = await sessionRows();
    for (let i = 0; i < 25; i++) {
      const a = await thrown(
        requireSignedIn(new Request(`http://test.local/infrastructure/subjects?page=${i}`), context),
      );
      const b = await thrown(apiFor(new Request(`http://test.local/administration/users/${i}/edit`), context));
      for (const res of [a, b]) {
        expect(res.status).toBe(302);
        expect(res.headers.get("Location")).toBe("/login");
        expect(cookieOf(res, "auth.session")).toBeUndefined();
        expect(cookieOf(res, "auth.return")).toBeDefined();
      }
    }
    expect(await sessionRows()).toBe(before);
  });

  it("the page asked for comes back from its cookie after sign-in; a foreign target does not", async () => {
    const res = await thrown(
      requireSignedIn(new Request("http://test.local/infrastructure/fee-payers?search=Nov%C3%A1k"), context),
    );
    const cookie = cookieOf(res, "auth.return")!;
    const back = await takeReturnTo(
      new Request("http://test.local/login?code=x", { headers: { Cookie: cookie } }),
      context,
    );
    expect(back.to).toBe("/infrastructure/fee-payers?search=Nov%C3%A1k");
    expect(back.forget).toMatch(/^auth\.return=;.*Max-Age=0/);
    const forged = `auth.return=${encodeURIComponent(btoa(JSON.stringify("//evil.example/")))}`;
    const none = await takeReturnTo(new Request("http://test.local/login", { headers: { Cookie: forged } }), context);
    expect(none.to).toBe("/");
  });

  it("sign-in renews the session id and deletes the one the browser brought", async () => {
    // A session the attacker planted (or an old one): it exists as a row with a known id.
    const planted = await context.sessionStorage.getSession();
    planted.set("activeMunicipalityId", 1);
    const plantedCookie = (await commit(context, planted)).split(";")[0]!;
    const plantedId = (await context.sessionStorage.getSession(plantedCookie)).id;
    expect(plantedId).toBeTruthy();

    const signedIn = await renewSession(
      new Request("http://test.local/login?code=x", { headers: { Cookie: plantedCookie } }),
      context,
    );
    signedIn.set("activeMunicipalityId", 2);
    const newCookie = (await commit(context, signedIn)).split(";")[0]!;
    const fresh = await context.sessionStorage.getSession(newCookie);
    expect(fresh.id).toBeTruthy();
    expect(fresh.id).not.toBe(plantedId);
    expect(fresh.get("activeMunicipalityId")).toBe(2);
    // The planted id opens nothing any more.
    const old = await context.sessionStorage.getSession(plantedCookie);
    expect(old.get("activeMunicipalityId")).toBeUndefined();
    expect(await sessionRows(plantedId!)).toBe(0);
  });
});
