import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { eq } from "drizzle-orm";
import { createMemorySessionStorage, type AppLoadContext } from "react-router";
import { getSession } from "~/server/session.server";
import type { SessionData, SessionFlash, WebContext } from "~/server/context";
import type { AuthMemo, VerifyToken } from "../../api/app";
import { createTokenVerifier } from "../../api/lib/auth";
import { user } from "../../api/db/schema";
import { AUDIENCE, ISSUER, setupApi, type TestApi } from "./helpers";

/**
 * Issue 11 'Speed': a page makes its auth lookups once per web request, not once per /v1 call. The in-process
 * client hands the API one memo per web request (server.ts); the API then verifies and looks up each token once.
 * The memo lives for that request only: a deactivation counts from the next page on.
 */
let t: TestApi;
let verified = 0;
beforeAll(async () => {
  let real: VerifyToken = () => Promise.reject(new Error("not ready"));
  t = await setupApi({
    verifyToken: (token) => {
      verified++;
      return real(token);
    },
  });
  // The suite's signing key (tests/api/global-setup.ts), as the helper's own verifier trusts it.
  const k = inject("testKeys");
  real = createTokenVerifier({
    issuer: ISSUER,
    jwks: { keys: [{ ...k.publicJwk, kid: "test-key", alg: "RS256", use: "sig" }] },
    audience: AUDIENCE,
  });
});
afterAll(async () => {
  await t?.close();
});

const call = (token: string, path: string, memo?: AuthMemo) =>
  t.app.fetch(
    new Request(`http://test.local/v1${path}`, { headers: { Authorization: `Bearer ${token}` } }),
    memo ? { authMemo: memo } : undefined,
  );

describe("auth once per web request (issue 11 'Speed')", () => {
  it("five /v1 calls of one page with its memo verify and look up the token once; without it, five times", async () => {
    const token = await t.token("manager");
    const municipality = t.fixtures.municipalities.a.id;
    const paths = [
      "/user/user-info",
      "/user/user-info/permissions",
      `/municipality/${municipality}/subject`,
      `/municipality/${municipality}/fee-payer`,
      "/user/user-info/managed-municipalities",
    ];

    verified = 0;
    const memo: AuthMemo = new Map();
    const answers = await Promise.all(paths.map((p) => call(token, p, memo)));
    expect(answers.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
    expect(verified).toBe(1);
    expect(memo.size).toBe(1);

    verified = 0;
    for (const p of paths) expect((await call(token, p)).status).toBe(200);
    expect(verified).toBe(5);
  });

  it("the next web request looks up again: a user deactivated meanwhile is refused", async () => {
    const token = await t.token("worker");
    expect((await call(token, "/user/user-info", new Map())).status).toBe(200);
    await t.db.update(user).set({ active: false }).where(eq(user.id, t.fixtures.users.worker.id));
    const next = await call(token, "/user/user-info", new Map());
    expect(next.status).toBe(401);
    await t.db.update(user).set({ active: true }).where(eq(user.id, t.fixtures.users.worker.id));
  });

  it("the root, layout and page loaders of one request read the session once", async () => {
    const storage = createMemorySessionStorage<SessionData, SessionFlash>({
      cookie: { name: "auth.session", secrets: ["a test secret of the suite"] },
    });
    const seeded = await storage.getSession();
    seeded.set("activeMunicipalityId", 7);
    const cookie = (await storage.commitSession(seeded)).split(";")[0]!;
    let reads = 0;
    const counted = { ...storage, getSession: (c?: string | null) => (reads++, storage.getSession(c)) };
    const context = {
      sessionStorage: counted,
      sessionMemo: new Map(),
    } as unknown as WebContext as unknown as AppLoadContext;
    const request = new Request("http://test.local/infrastructure/subjects", { headers: { Cookie: cookie } });
    const sessions = await Promise.all([
      getSession(request, context),
      getSession(request, context),
      getSession(request, context),
    ]);
    expect(reads).toBe(1);
    expect(sessions[0]!.get("activeMunicipalityId")).toBe(7);
    expect(sessions[1]).toBe(sessions[0]);
  });
});
