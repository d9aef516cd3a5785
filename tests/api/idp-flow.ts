import http from "node:http";
import type { AddressInfo } from "node:net";
import { createHash, randomBytes } from "node:crypto";
import { createIdp } from "../../idp/provider";
import type { Db } from "../../api/db/client";
import { AUDIENCE, PUBLIC_URL } from "./helpers";

export const CLIENT_ID = "web";
export const CLIENT_SECRET = "test-secret-of-the-web-client";
export const REDIRECT_URI = `${PUBLIC_URL}/login`;

/** A little cookie jar: the provider's interaction and resume cookies across manual redirects. */
export class Jar {
  private cookies = new Map<string, string>();
  take(res: Response) {
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(";");
      const i = pair!.indexOf("=");
      this.cookies.set(pair!.slice(0, i), pair!.slice(i + 1));
    }
  }
  header() {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
  }
}

/** The built-in provider (idp/provider.ts) on a random local port, backed by the test file's database. */
export async function startIdp(db: Db) {
  let handle: (req: http.IncomingMessage, res: http.ServerResponse) => void = (_q, s) => s.end();
  const server = http.createServer((req, res) => handle(req, res));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const issuer = `${base}/oidc`;
  const idp = await createIdp({
    db,
    issuer,
    publicUrl: PUBLIC_URL,
    clientId: CLIENT_ID,
    clientSecret: CLIENT_SECRET,
    apiAudience: AUDIENCE,
    accessTokenTtl: 600,
    refreshTokenTtl: 3600,
  });
  handle = (req, res) => void idp.handle(req, res);

  const get = (url: string, jar: Jar) =>
    fetch(new URL(url, base), { redirect: "manual", headers: { cookie: jar.header() } }).then((r) => (jar.take(r), r));

  /** An authorization request with PKCE; answers the login interaction's address and the code verifier. */
  async function beginSignIn(jar = new Jar()) {
    const verifier = randomBytes(32).toString("base64url");
    const auth = new URL(`${issuer}/auth`);
    auth.search = new URLSearchParams({
      client_id: CLIENT_ID,
      response_type: "code",
      redirect_uri: REDIRECT_URI,
      scope: "openid profile email api_obec.read offline_access",
      code_challenge: createHash("sha256").update(verifier).digest("base64url"),
      code_challenge_method: "S256",
      state: "abcdefghij",
      prompt: "consent",
    }).toString();
    const res = await get(auth.toString(), jar);
    const interaction = res.headers.get("location")!;
    if (!interaction?.includes("/interaction/")) throw new Error(`no interaction: ${res.status}`);
    return { jar, verifier, loginUrl: new URL(`${interaction.replace(/\/$/, "")}/login`, base).toString() };
  }

  /** POSTs the sign-in form of an interaction. */
  const postLogin = (loginUrl: string, jar: Jar, username: string, password: string) =>
    fetch(loginUrl, {
      method: "POST",
      redirect: "manual",
      headers: { cookie: jar.header(), "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ username, password }),
    }).then((r) => (jar.take(r), r));

  const tokenRequest = (params: Record<string, string>) =>
    fetch(`${issuer}/token`, {
      method: "POST",
      headers: {
        Authorization: `Basic ${Buffer.from(`${CLIENT_ID}:${CLIENT_SECRET}`).toString("base64")}`,
        "Content-Type": "application/x-www-form-urlencoded",
      },
      body: new URLSearchParams(params),
    });

  /** The whole code flow (sign-in, first-party consent, code → tokens), as the web part does it. */
  async function signIn(username: string, password: string) {
    const { jar, verifier, loginUrl } = await beginSignIn();
    let res = await postLogin(loginUrl, jar, username, password);
    for (let hops = 0; hops < 10; hops++) {
      const location = res.headers.get("location");
      if (!location) throw new Error(`sign-in stopped with ${res.status}`);
      if (location.startsWith(REDIRECT_URI)) {
        const code = new URL(location).searchParams.get("code")!;
        const tokens = await tokenRequest({
          grant_type: "authorization_code",
          code,
          redirect_uri: REDIRECT_URI,
          code_verifier: verifier,
        });
        if (!tokens.ok) throw new Error(`token endpoint: ${tokens.status} ${await tokens.text()}`);
        return (await tokens.json()) as {
          access_token: string;
          refresh_token: string;
          id_token: string;
          expires_in: number;
        };
      }
      res = await get(location, jar);
    }
    throw new Error("too many redirects");
  }

  return {
    base,
    issuer,
    idp,
    beginSignIn,
    postLogin,
    signIn,
    refresh: (refreshToken: string) => tokenRequest({ grant_type: "refresh_token", refresh_token: refreshToken }),
    close: () => new Promise<void>((resolve) => (server.closeAllConnections(), server.close(() => resolve()))),
  };
}
