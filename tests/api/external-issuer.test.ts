/**
 * README "An external OpenID provider": with OIDC_ISSUER set the API has no keys of its own. It reads the issuer's
 * discovery document once, verifies access tokens against the jwks_uri named there, checks the issuer but no
 * audience (providers differ in what they put there), and matches the token to a product user by
 * `preferred_username`, else `email`.
 *
 * A tiny standard provider stands in here: a local HTTP server with /.well-known/openid-configuration and the JWKS
 * of a freshly generated RS256 key, found by the product's own verifier (createTokenVerifier with the issuer only).
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { exportJWK, generateKeyPair, SignJWT, type CryptoKey, type JWTPayload } from "jose";
import { createTokenVerifier } from "../../api/lib/auth";
import { setupApi, type TestApi } from "./helpers";

const REALM_PATH = "/realms/obec";
const FLAKY_PATH = "/realms/flaky";
const KID = "ext-rs256";

/** Requests the provider answered, by path. */
const hits = new Map<string, number>();
let server: http.Server;
let issuer: string;
let providerKey: CryptoKey;
/** A key the provider never published, used with the provider's own kid. */
let otherKey: CryptoKey;
let t: TestApi;

beforeAll(async () => {
  const [provider, other] = await Promise.all([generateKeyPair("RS256"), generateKeyPair("RS256")]);
  providerKey = provider.privateKey;
  otherKey = other.privateKey;
  const jwks = { keys: [{ ...(await exportJWK(provider.publicKey)), kid: KID, alg: "RS256", use: "sig" }] };

  server = http.createServer((req, res) => {
    const path = new URL(req.url ?? "/", "http://provider").pathname;
    hits.set(path, (hits.get(path) ?? 0) + 1);
    const json = (body: unknown) => {
      res.writeHead(200, { "Content-Type": "application/json" });
      res.end(JSON.stringify(body));
    };
    if (path === `${REALM_PATH}/.well-known/openid-configuration`) {
      return json({
        issuer,
        authorization_endpoint: `${issuer}/protocol/openid-connect/auth`,
        token_endpoint: `${issuer}/protocol/openid-connect/token`,
        jwks_uri: `${issuer}/protocol/openid-connect/certs`,
        id_token_signing_alg_values_supported: ["RS256"],
      });
    }
    if (path === `${REALM_PATH}/protocol/openid-connect/certs`) return json(jwks);
    // A realm whose discovery fails once (a provider restarting), then answers like the first.
    if (path === `${FLAKY_PATH}/.well-known/openid-configuration`) {
      if (hits.get(path) === 1) return res.writeHead(503).end();
      return json({
        issuer: issuer.replace(REALM_PATH, FLAKY_PATH),
        jwks_uri: `${issuer}/protocol/openid-connect/certs`,
      });
    }
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}${REALM_PATH}`;

  // The configuration of server.ts for OIDC_ISSUER: the issuer alone — no local keys, no audience.
  t = await setupApi({ verifyToken: createTokenVerifier({ issuer }) });
});

afterAll(async () => {
  await t?.close();
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
});

const discoveryHits = () => hits.get(`${REALM_PATH}/.well-known/openid-configuration`) ?? 0;
const jwksHits = () => hits.get(`${REALM_PATH}/protocol/openid-connect/certs`) ?? 0;

/** An access token as such a provider issues it: only the claims given, signed with its key (or another). */
function providerToken(claims: JWTPayload, key: CryptoKey = providerKey, iss = issuer) {
  return new SignJWT({ scope: "openid profile email", ...claims })
    .setProtectedHeader({ alg: "RS256", kid: KID, typ: "JWT" })
    .setIssuer(iss)
    .setIssuedAt()
    .setExpirationTime("5m")
    .sign(key);
}

describe("API behind an external OpenID provider (OIDC_ISSUER)", () => {
  it("a token carrying only `email` opens the matching product user", async () => {
    const worker = t.fixtures.users.worker;
    const token = await providerToken({ sub: "3f1c-worker", email: worker.email, aud: "account" });
    const res = await t.call("GET", "/user/user-info", { token });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: worker.id, userName: worker.userName, email: worker.email });
  });

  it("a token carrying only `preferred_username` (and no audience) opens the matching product user", async () => {
    const manager = t.fixtures.users.manager;
    const token = await providerToken({ sub: "9a2e-manager", preferred_username: manager.userName });
    const res = await t.call("GET", "/user/user-info", { token });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id: manager.id,
      userName: manager.userName,
      roles: [{ name: "MUNICIPALITY_MANAGER" }],
    });
  });

  it("a token signed by a key the provider did not publish gives 401", async () => {
    const token = await providerToken({ sub: "x", email: t.fixtures.users.admin.email }, otherKey);
    const res = await t.call("GET", "/user/user-info", { token });
    expect(res.status).toBe(401);
    expect(res.headers.get("www-authenticate")).toMatch(/^Bearer/);
  });

  it("a token of another issuer, signed with the provider's key, gives 401", async () => {
    const token = await providerToken(
      { sub: "x", email: t.fixtures.users.admin.email },
      providerKey,
      "http://evil.local/realms/obec",
    );
    expect((await t.call("GET", "/user/user-info", { token })).status).toBe(401);
  });

  it("a valid token of an e-mail no product user has gives 401", async () => {
    const token = await providerToken({ sub: "nobody", email: "nobody@elsewhere.example" });
    const res = await t.call("GET", "/user/user-info", { token });
    expect(res.status).toBe(401);
    expect(res.headers.get("www-authenticate")).toMatch(/^Bearer/);
  });

  it("read the discovery document once for all those requests, and the keys from its jwks_uri", () => {
    expect(discoveryHits()).toBe(1);
    expect(jwksHits()).toBeGreaterThanOrEqual(1);
  });

  it("requests arriving together before discovery has answered share one discovery", async () => {
    const verify = createTokenVerifier({ issuer });
    const before = discoveryHits();
    const tokens = await Promise.all(
      (["admin", "manager", "worker"] as const).map((p) => providerToken({ sub: p, email: t.fixtures.users[p].email })),
    );
    const claims = await Promise.all(tokens.map((token) => verify(token)));
    expect(claims.map((c) => c.email)).toEqual([
      t.fixtures.users.admin.email,
      t.fixtures.users.manager.email,
      t.fixtures.users.worker.email,
    ]);
    expect(discoveryHits() - before).toBe(1);
  });

  it("a failed discovery is not remembered: the next request reads it again", async () => {
    const flakyIssuer = issuer.replace(REALM_PATH, FLAKY_PATH);
    const verify = createTokenVerifier({ issuer: flakyIssuer });
    const token = await providerToken({ sub: "x", email: t.fixtures.users.admin.email }, providerKey, flakyIssuer);
    await expect(verify(token)).rejects.toThrow();
    await expect(verify(token)).resolves.toMatchObject({ email: t.fixtures.users.admin.email });
    expect(hits.get(`${FLAKY_PATH}/.well-known/openid-configuration`)).toBe(2);
  });
});
