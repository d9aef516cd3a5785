import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createMemorySessionStorage, type AppLoadContext } from "react-router";
import { ApiClient } from "~/server/api.server";
import { BOTH_EXPIRED_MESSAGE } from "~/server/auth.server";
import type { SessionData, SessionFlash, SessionTokens, WebContext } from "~/server/context";
import { setupApi, type TestApi, thrownResponse as thrown } from "./helpers";

/**
 * The web part's /v1 client against the real API (spec 000 §4, §8): bearer token from the session, silent reset
 * when both tokens are expired, one refresh after a 401 then logout, and a remembered 403.
 */
let t: TestApi;
beforeAll(async () => {
  t = await setupApi();
});
afterAll(async () => {
  await t?.close();
});

function contextFor(): WebContext {
  return {
    config: {
      publicUrl: "http://test.local",
      issuer: "http://127.0.0.1:9/oidc", // never reached in these cases
      clientId: "web",
      clientSecret: "secret",
      builtInIdp: true,
      supportEmail: "podpora@test.local",
    },
    sessionStorage: createMemorySessionStorage<SessionData, SessionFlash>({
      cookie: { name: "auth.session", secrets: ["s3cr3t-s3cr3t-s3cr3t"] },
    }),
    apiFetch: async (req) => t.app.fetch(req),
    apiBase: "http://test.local",
    buildId: "test",
  };
}

async function clientWith(tokens: Partial<SessionTokens>, path = "/administration/municipalities") {
  const context = contextFor();
  const session = await context.sessionStorage.getSession();
  session.set("tokens", {
    accessToken: "",
    refreshToken: null,
    idToken: null,
    expiresAt: Date.now() + 60_000,
    refreshExpiresAt: Date.now() + 60_000,
    ...tokens,
  });
  const request = new Request(`http://test.local${path}`);
  return { client: new ApiClient(request, context as unknown as AppLoadContext, session), session };
}

describe("web /v1 client (spec 000 §4, §8)", () => {
  it("sends the session's bearer token and reads the answer", async () => {
    const { client } = await clientWith({ accessToken: await t.token("manager") });
    const info = await client.user.info();
    expect(info.userName).toBe(t.fixtures.users.manager.userName);
    expect(info.roles).toEqual([{ name: "MUNICIPALITY_MANAGER" }]);
  });

  it("both tokens expired: the session is reset silently and the request aborted with the spec's message", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    const { client } = await clientWith({
      accessToken: await t.token("manager"),
      refreshToken: "r",
      expiresAt: Date.now() - 1_000,
      refreshExpiresAt: Date.now() - 1_000,
    });
    const res = await thrown(client.user.info());
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/login");
    expect(res.headers.get("Set-Cookie")).toMatch(/auth\.session=;|Max-Age=0|Expires=Thu, 01 Jan 1970/);
    expect(warn).toHaveBeenCalledWith(BOTH_EXPIRED_MESSAGE);
    warn.mockRestore();
  });

  it("treats a token within 500 ms of its expiry as expired", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    const { client } = await clientWith({ accessToken: await t.token("manager"), expiresAt: Date.now() + 400 });
    const res = await thrown(client.user.info());
    expect(res.headers.get("Location")).toBe("/login");
    warn.mockRestore();
  });

  it("a 401 that a refresh cannot cure logs the user out to /login", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    const { client } = await clientWith({ accessToken: await t.expiredToken("manager") });
    const res = await thrown(client.user.info());
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/login");
    warn.mockRestore();
  });

  it("a file call (a PDF) whose token the API refuses is refreshed once too, not passed on as a 401", async () => {
    // The session still counts the token valid (it expires later by its clock), as when it lapses in transit.
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    const { client } = await clientWith({ accessToken: await t.expiredToken("manager") });
    const municipalityId = t.fixtures.municipalities.a.id;
    const res = await thrown(client.file.wasteEvidenceHeader.label({ municipalityId, headerId: 1 }));
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/login");
    warn.mockRestore();
  });

  it("an upload refreshes a token with under 10 s left before it sends (a stream cannot be sent twice)", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    // 5 s left: valid for a JSON call, which is answered …
    const tokens = { accessToken: await t.token("manager"), expiresAt: Date.now() + 5_000 };
    expect((await (await clientWith(tokens)).client.user.info()).userName).toBe(t.fixtures.users.manager.userName);
    // … but an upload asks for a new token first (here none can be had, so the session ends: nothing was sent).
    const { client } = await clientWith(tokens);
    const municipalityId = t.fixtures.municipalities.a.id;
    const body = new Blob(["plainCode;code\n1;A\n"]).stream();
    const res = await thrown(
      client.upload.wasteCard.import({ municipalityId }, body, { contentType: "text/csv", contentLength: "16" }),
    );
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/login");
    expect(warn).toHaveBeenCalledWith(BOTH_EXPIRED_MESSAGE);
    warn.mockRestore();
  });

  it("a 403 is remembered (path, timestamp, '403') and leads to /error/403", async () => {
    const { client, session } = await clientWith(
      { accessToken: await t.token("citizen") },
      "/administration/municipalities?x=1",
    );
    const res = await thrown(client.municipality.list());
    expect(res.headers.get("Location")).toBe("/error/403");
    const remembered = session.get("forbidden");
    expect(remembered?.path).toBe("/administration/municipalities?x=1");
    expect(remembered?.status).toBe("403");
    expect(Date.now() - Date.parse(remembered!.timestamp)).toBeLessThan(10_000);
  });

  it("a 404 becomes the error page with the API's Message; 422 comes back as field errors", async () => {
    const { client } = await clientWith({ accessToken: await t.token("admin") });
    const failure = await client.municipality.detail({ municipalityId: 999999 }).then(
      () => null,
      (e: { init?: { status?: number }; data?: { message?: string } }) => e,
    );
    expect(failure?.init?.status).toBe(404);
    expect(failure?.data?.message).toBe("Obec nebyla nalezena.");
    const invalid = await client.municipality.create({}, { name: "" } as never);
    expect(invalid.ok).toBe(false);
    if (!invalid.ok) {
      expect(invalid.status).toBe(422);
      expect(invalid.problem.errors?.name?.[0]).toBe("Vyplňte toto pole.");
    }
  });
});
