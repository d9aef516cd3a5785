import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq, inArray } from "drizzle-orm";
import { createMemorySessionStorage, type AppLoadContext } from "react-router";
import { logout } from "~/server/auth.server";
import type { SessionData, SessionFlash, WebContext } from "~/server/context";
import { createTokenVerifier } from "../../api/lib/auth";
import { hashPassword } from "../../api/lib/password-hash";
import { collectionYard, municipality, signInThrottle, user } from "../../api/db/schema";
import type { VerifyToken } from "../../api/app";
import { AUDIENCE, PUBLIC_URL, setupApi, type TestApi } from "./helpers";
import { CLIENT_ID, CLIENT_SECRET, startIdp } from "./idp-flow";

/**
 * Issue 11 security 3 and 4 against the real built-in provider (idp/provider.ts) and the real API: the sign-in
 * throttle holds under parallel attempts and answers a name of no user the same way; logout revokes the grant so
 * that neither its refresh token nor its access tokens work any more (decision 0019).
 */
let t: TestApi;
let idp: Awaited<ReturnType<typeof startIdp>>;
const PASSWORD = "Spravne.Heslo1";

beforeAll(async () => {
  let verify: VerifyToken = () => Promise.reject(new Error("not ready"));
  t = await setupApi({ verifyToken: (token) => verify(token), config: { builtInIdp: true } });
  idp = await startIdp(t.db);
  verify = createTokenVerifier({ issuer: idp.issuer, jwks: idp.idp.publicJwks, audience: AUDIENCE });
  const passwordHash = await hashPassword(PASSWORD);
  for (const p of ["worker", "manager", "managerB", "readonly"] as const) {
    await t.db.update(user).set({ passwordHash }).where(eq(user.id, t.fixtures.users[p].id));
  }
});
afterAll(async () => {
  await idp?.close();
  await t?.close();
});

const tally = (statuses: number[]) =>
  statuses.reduce<Record<number, number>>((acc, s) => ((acc[s] = (acc[s] ?? 0) + 1), acc), {});

/** The page without the name typed and the seconds to wait: what must not differ between known and unknown. */
const normalized = (html: string, name: string) =>
  html
    .replaceAll(name, "NAME")
    .replace(/\d+ s\b/g, "N s")
    .replace(/\/interaction\/[\w-]+/g, "/interaction/UID");

describe("sign-in throttle (issue 11 security 3)", () => {
  async function parallelWrong(name: string, n = 40) {
    const { jar, loginUrl } = await idp.beginSignIn();
    const answers = await Promise.all(
      Array.from({ length: n }, async () => {
        const res = await idp.postLogin(loginUrl, jar, name, "Spatne.Heslo9");
        return { status: res.status, html: await res.text() };
      }),
    );
    return { answers, loginUrl, jar };
  }

  it("40 parallel wrong passwords for a known name: only 3 are checked, the rest wait (429); the right one works after the wait", async () => {
    const name = t.fixtures.users.worker.userName;
    const { answers, loginUrl, jar } = await parallelWrong(name);
    expect(tally(answers.map((a) => a.status))).toEqual({ 401: 3, 429: 37 });
    const [row] = await t.db.select().from(user).where(eq(user.id, t.fixtures.users.worker.id));
    expect(row!.failedLogins).toBe(3);
    expect(answers.find((a) => a.status === 429)!.html).toMatch(/Zkuste to znovu za \d+ s/);

    // Still waiting: even the right password is not checked.
    expect((await idp.postLogin(loginUrl, jar, name, PASSWORD)).status).toBe(429);
    // The wait is over: the right password signs in and the series starts again.
    await t.db
      .update(user)
      .set({ lastFailedLoginAt: new Date(Date.now() - 3600_000) })
      .where(eq(user.id, row!.id));
    const ok = await idp.postLogin(loginUrl, jar, name, PASSWORD);
    expect(ok.status).toBe(303);
    expect(ok.headers.get("location")).toContain("/oidc/auth/");
    const [after] = await t.db.select().from(user).where(eq(user.id, row!.id));
    expect(after!.failedLogins).toBe(0);
    expect(after!.lastLoginAt).toBeInstanceOf(Date);
  });

  it("a name of no user gets exactly the same answers (401 ×3, then 429) and pages", async () => {
    const known = await parallelWrong(t.fixtures.users.manager.userName);
    const unknown = await parallelWrong("Nikdo.Takovy");
    expect(tally(unknown.answers.map((a) => a.status))).toEqual({ 401: 3, 429: 37 });
    expect(tally(known.answers.map((a) => a.status))).toEqual({ 401: 3, 429: 37 });
    for (const status of [401, 429]) {
      const k = known.answers.find((a) => a.status === status)!.html;
      const u = unknown.answers.find((a) => a.status === status)!.html;
      expect(normalized(u, "Nikdo.Takovy")).toBe(normalized(k, t.fixtures.users.manager.userName));
    }
    // The unknown name is counted by its lower-cased form, whatever case is typed.
    const [counter] = await t.db.select().from(signInThrottle).where(eq(signInThrottle.name, "nikdo.takovy"));
    expect(counter!.failedLogins).toBe(3);
    expect((await idp.postLogin(unknown.loginUrl, unknown.jar, "NIKDO.takovy", "x")).status).toBe(429);
  });

  it("the user name and the e-mail share one counter", async () => {
    const { jar, loginUrl } = await idp.beginSignIn();
    const { userName, email } = t.fixtures.users.readonly;
    const statuses: number[] = [];
    for (const name of [userName, email, userName.toUpperCase(), email]) {
      statuses.push((await idp.postLogin(loginUrl, jar, name, "Spatne.Heslo9")).status);
    }
    expect(statuses).toEqual([401, 401, 401, 429]);
  });

  it("the profile's password change: 40 parallel wrong current passwords → 3 checked (422), 37 × 429", async () => {
    const { access_token: token } = await idp.signIn(t.fixtures.users.managerB.userName, PASSWORD);
    const statuses = await Promise.all(
      Array.from(
        { length: 40 },
        async () =>
          (
            await t.call("POST", "/user/profile/change-password", {
              token,
              json: { currentPassword: "Spatne.Heslo9", newPassword: "Nove.Heslo22", confirmPassword: "Nove.Heslo22" },
            })
          ).status,
      ),
    );
    expect(tally(statuses)).toEqual({ 422: 3, 429: 37 });
  });
});

describe("logout revokes the grant (issue 11 security 4)", () => {
  function webContext(): WebContext {
    return {
      config: {
        publicUrl: PUBLIC_URL,
        issuer: idp.issuer,
        clientId: CLIENT_ID,
        clientSecret: CLIENT_SECRET,
        builtInIdp: true,
        supportEmail: "podpora@test.local",
      },
      sessionStorage: createMemorySessionStorage<SessionData, SessionFlash>({
        cookie: { name: "auth.session", secrets: ["s3cr3t-s3cr3t-s3cr3t"] },
      }),
      apiFetch: async (req) => t.app.fetch(req),
      apiBase: PUBLIC_URL,
      buildId: "test",
    };
  }

  /** The web part's logout (its POST /logout) of a session that holds these tokens of the provider. */
  async function logoutWith(tokens: { access_token: string; refresh_token: string; id_token: string }) {
    const context = webContext();
    const session = await context.sessionStorage.getSession();
    session.set("tokens", {
      accessToken: tokens.access_token,
      refreshToken: tokens.refresh_token,
      idToken: tokens.id_token,
      expiresAt: Date.now() + 600_000,
      refreshExpiresAt: Date.now() + 3600_000,
    });
    const cookie = (await context.sessionStorage.commitSession(session)).split(";")[0]!;
    return logout(
      new Request(`${PUBLIC_URL}/logout`, { method: "POST", headers: { cookie } }),
      context as unknown as AppLoadContext,
    );
  }

  it("after logout the refresh token is refused at the token endpoint and the access token gets 401 from /v1", async () => {
    const tokens = await idp.signIn(t.fixtures.users.worker.userName, PASSWORD);
    const bearer = { token: tokens.access_token };
    expect((await t.call("GET", "/user/user-info", bearer)).status).toBe(200);
    // Before logout the refresh token works (and its new access token too).
    const refreshed = await idp.refresh(tokens.refresh_token);
    expect(refreshed.status).toBe(200);
    const second = ((await refreshed.json()) as { access_token: string }).access_token;
    expect((await t.call("GET", "/user/user-info", { token: second })).status).toBe(200);

    // The web part's logout with this session.
    const res = await logoutWith(tokens);
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toContain(`${idp.issuer}/session/end`);

    const again = await idp.refresh(tokens.refresh_token);
    expect(again.status).toBe(400);
    expect(((await again.json()) as { error: string }).error).toBe("invalid_grant");
    for (const token of [tokens.access_token, second]) {
      const denied = await t.call("GET", "/user/user-info", { token });
      expect(denied.status).toBe(401);
      expect(denied.headers.get("www-authenticate")).toContain("Bearer");
    }
  });

  it("another session of the same user stays signed in", async () => {
    const mine = await idp.signIn(t.fixtures.users.worker.userName, PASSWORD);
    const other = await idp.signIn(t.fixtures.users.worker.userName, PASSWORD);
    await logoutWith(mine);
    expect((await t.call("GET", "/user/user-info", { token: mine.access_token })).status).toBe(401);
    expect((await t.call("GET", "/user/user-info", { token: other.access_token })).status).toBe(200);
    expect((await idp.refresh(other.refresh_token)).status).toBe(200);
  });
});

describe("last sign-in of the user's municipality and yard (spec 001 §2 Collection yards 'last login')", () => {
  it("stamps the yard of a yard user (and the municipality) at sign-in; other yards are untouched", async () => {
    const municipalityId = t.fixtures.municipalities.a.id;
    const [mine, other] = await t.db
      .insert(collectionYard)
      .values([
        { municipalityId, name: "Dvůr přihlášeného" },
        { municipalityId, name: "Dvůr bez přihlášení" },
      ])
      .returning({ id: collectionYard.id });
    const { id: userId, userName } = t.fixtures.users.manager;
    await t.db
      .update(user)
      .set({ collectionYardId: mine!.id, failedLogins: 0, lastFailedLoginAt: null })
      .where(eq(user.id, userId));
    await t.db.update(municipality).set({ lastLoginAt: null }).where(eq(municipality.id, municipalityId));
    const before = Date.now() - 1000;
    const { access_token: token } = await idp.signIn(userName, PASSWORD);
    const yards = await t.db
      .select({ id: collectionYard.id, lastLoginAt: collectionYard.lastLoginAt })
      .from(collectionYard)
      .where(inArray(collectionYard.id, [mine!.id, other!.id]))
      .orderBy(collectionYard.id);
    expect(yards[0]!.lastLoginAt!.getTime()).toBeGreaterThanOrEqual(before);
    expect(yards[1]!.lastLoginAt).toBeNull();
    const [m] = await t.db.select().from(municipality).where(eq(municipality.id, municipalityId));
    expect(m!.lastLoginAt!.getTime()).toBe(yards[0]!.lastLoginAt!.getTime());
    // The list's 'last login' column shows it.
    const list = await t.call("GET", `/municipality/${municipalityId}/collection-yard`, {
      token,
      query: { sort: "-lastLoginAt" },
    });
    expect(list.body.items[0]).toMatchObject({ id: mine!.id, lastLoginAt: yards[0]!.lastLoginAt!.toISOString() });
    await t.db.update(user).set({ collectionYardId: null }).where(eq(user.id, userId));
  });
});
