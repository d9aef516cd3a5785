/**
 * Signing in to a running product over HTTP without a browser, for the load bench:
 * - `webSession`: as a browser does: /login → the built-in provider's authorization request → its login form →
 *   consent (granted by the provider for its own client) → the /login callback, which sets the web session cookie;
 * - `apiToken`: as an API client does: its own authorization-code flow with PKCE (S256) for the product's client
 *   (the bench starts the product with a known OIDC_CLIENT_SECRET), stopping at the redirect that carries the code,
 *   then the token request.
 * Redirects are followed by hand with a small cookie jar; the provider's login form is filled when it appears.
 */
import crypto from "node:crypto";

class Walker {
  private jar = new Map<string, string>();
  constructor(
    private userName: string,
    private password: string,
  ) {}

  cookie(name: string): string | undefined {
    return this.jar.get(name);
  }

  private remember(res: Response) {
    for (const line of res.headers.getSetCookie()) {
      const pair = line.split(";")[0]!;
      const eq = pair.indexOf("=");
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      if (value === "" || /max-age=0|expires=Thu, 01 Jan 1970/i.test(line)) this.jar.delete(name);
      else this.jar.set(name, value);
    }
  }

  /** Follows redirects from `start`, filling the login form; stops at a final answer or where `stop(url)` holds. */
  async walk(start: string, stop: (url: URL) => boolean = () => false): Promise<{ url: URL; status: number }> {
    let url = new URL(start);
    let body: URLSearchParams | undefined;
    for (let hop = 0; hop < 20; hop++) {
      if (stop(url)) return { url, status: 0 };
      const res = await fetch(url, {
        method: body ? "POST" : "GET",
        redirect: "manual",
        headers: {
          Cookie: [...this.jar].map(([k, v]) => `${k}=${v}`).join("; "),
          ...(body ? { "Content-Type": "application/x-www-form-urlencoded" } : {}),
        },
        body,
      });
      this.remember(res);
      body = undefined;
      const location = res.headers.get("location");
      if (res.status >= 300 && res.status < 400 && location) {
        url = new URL(location, url);
        continue;
      }
      const html = await res.text();
      const action = /<form method="post" action="([^"]+)"/.exec(html)?.[1];
      if (res.status === 200 && action && /name="password"/.test(html)) {
        url = new URL(action.replace(/&amp;/g, "&"), url);
        body = new URLSearchParams({ username: this.userName, password: this.password });
        continue;
      }
      return { url, status: res.status };
    }
    throw new Error(`sign-in as ${this.userName}: too many redirects`);
  }
}

/** The `Cookie` header of a signed-in web session. */
export async function webSession(base: string, userName: string, password: string): Promise<string> {
  const walker = new Walker(userName, password);
  const end = await walker.walk(new URL("/login", base).href);
  const session = walker.cookie("auth.session");
  if (!session) throw new Error(`web sign-in as ${userName} stopped at ${end.url} with ${end.status}`);
  return `auth.session=${session}`;
}

/** An access token for /v1 from the product's provider. */
export async function apiToken(
  base: string,
  client: { id: string; secret: string },
  userName: string,
  password: string,
): Promise<string> {
  const verifier = crypto.randomBytes(32).toString("base64url");
  const challenge = crypto.createHash("sha256").update(verifier).digest("base64url");
  const state = crypto.randomBytes(8).toString("hex");
  const redirectUri = new URL("/login", base).href;
  const auth = new URL("/oidc/auth", base);
  auth.search = new URLSearchParams({
    client_id: client.id,
    response_type: "code",
    redirect_uri: redirectUri,
    scope: "openid api_obec.read",
    state,
    code_challenge: challenge,
    code_challenge_method: "S256",
  }).toString();
  const walker = new Walker(userName, password);
  const end = await walker.walk(auth.href, (u) => u.href.startsWith(redirectUri) && u.searchParams.has("code"));
  const code = end.url.searchParams.get("code");
  if (!code || end.url.searchParams.get("state") !== state) {
    throw new Error(`token sign-in as ${userName} stopped at ${end.url} with ${end.status}`);
  }
  const res = await fetch(new URL("/oidc/token", base), {
    method: "POST",
    headers: {
      "Content-Type": "application/x-www-form-urlencoded",
      Authorization: `Basic ${Buffer.from(`${encodeURIComponent(client.id)}:${encodeURIComponent(client.secret)}`).toString("base64")}`,
    },
    body: new URLSearchParams({
      grant_type: "authorization_code",
      code,
      redirect_uri: redirectUri,
      code_verifier: verifier,
    }),
  });
  const json = (await res.json()) as { access_token?: string; error_description?: string };
  if (!res.ok || !json.access_token) throw new Error(`token request: ${res.status} ${json.error_description ?? ""}`);
  return json.access_token;
}
