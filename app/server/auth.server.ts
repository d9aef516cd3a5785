import { redirect, type AppLoadContext } from "react-router";
import { Authenticator } from "remix-auth";
import { CodeChallengeMethod, OAuth2Strategy } from "remix-auth-oauth2";
import type { SessionTokens, WebConfig } from "./context";
import { getSession, redirectToSignIn, type WebSession } from "./session.server";

/** Spec 000 §9 session constants. */
export const TOKEN_MARGIN_MS = 500;
export const DEFAULT_TOKEN_LIFETIME_S = 1800;
export const REFRESH_TOKEN_MAX_AGE_S = 30 * 24 * 3600;
export const BOTH_EXPIRED_MESSAGE = "Both token and refresh token have expired. Your request was aborted.";
export const DISCOVERY_ERROR = "Error loading OpenIDConnect configuration document";
export const SCOPES = ["openid", "profile", "email", "api_obec.read", "offline_access"];

export interface Discovery {
  authorization_endpoint: string;
  token_endpoint: string;
  userinfo_endpoint?: string;
  end_session_endpoint?: string;
  revocation_endpoint?: string;
}

const STATE_ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";

/** Spec 000 §4: a random state of length 10; prompt=consent so that offline_access yields a refresh token. */
class OidcStrategy<U> extends OAuth2Strategy<U> {
  name = "oidc";
  constructor(
    options: OAuth2Strategy.ConstructorOptions,
    verify: ConstructorParameters<typeof OAuth2Strategy<U>>[1],
    private askConsent: boolean,
  ) {
    super(options, verify);
  }
  protected override createAuthorizationURL() {
    const made = super.createAuthorizationURL();
    const bytes = crypto.getRandomValues(new Uint8Array(10));
    const state = Array.from(bytes, (b) => STATE_ALPHABET[b % STATE_ALPHABET.length]).join("");
    made.url.searchParams.set("state", state);
    return { ...made, state };
  }
  protected override authorizationParams(params: URLSearchParams) {
    const out = new URLSearchParams(params);
    if (this.askConsent) out.set("prompt", "consent");
    return out;
  }
}

let discoveryCache: { issuer: string; doc: Discovery; at: number } | null = null;

export async function discover(config: WebConfig): Promise<Discovery> {
  if (discoveryCache && discoveryCache.issuer === config.issuer && Date.now() - discoveryCache.at < 3600_000) {
    return discoveryCache.doc;
  }
  try {
    const res = await fetch(`${config.issuer.replace(/\/$/, "")}/.well-known/openid-configuration`, {
      headers: { Accept: "application/json" },
      signal: AbortSignal.timeout(10_000),
    });
    if (!res.ok) throw new Error(String(res.status));
    const doc = (await res.json()) as Discovery;
    if (!doc.authorization_endpoint || !doc.token_endpoint) throw new Error("incomplete");
    discoveryCache = { issuer: config.issuer, doc, at: Date.now() };
    return doc;
  } catch {
    throw new Error(DISCOVERY_ERROR);
  }
}

export function tokensFrom(
  t: {
    accessToken(): string;
    hasRefreshToken(): boolean;
    refreshToken(): string;
    accessTokenExpiresInSeconds?: () => number;
    data: object;
  },
  previous?: SessionTokens,
): SessionTokens {
  const data = t.data as { expires_in?: number; id_token?: string; refresh_expires_in?: number };
  const lifetime = typeof data.expires_in === "number" ? data.expires_in : DEFAULT_TOKEN_LIFETIME_S;
  const refreshToken = t.hasRefreshToken() ? t.refreshToken() : (previous?.refreshToken ?? null);
  return {
    accessToken: t.accessToken(),
    refreshToken,
    idToken: data.id_token ?? previous?.idToken ?? null,
    expiresAt: Date.now() + lifetime * 1000,
    refreshExpiresAt:
      Date.now() +
      (typeof data.refresh_expires_in === "number" ? data.refresh_expires_in : REFRESH_TOKEN_MAX_AGE_S) * 1000,
  };
}

export async function getStrategy(config: WebConfig) {
  const doc = await discover(config);
  return new OidcStrategy<SessionTokens>(
    {
      clientId: config.clientId,
      clientSecret: config.clientSecret,
      authorizationEndpoint: doc.authorization_endpoint,
      tokenEndpoint: doc.token_endpoint,
      tokenRevocationEndpoint: doc.revocation_endpoint,
      redirectURI: `${config.publicUrl}/login`,
      scopes: SCOPES,
      // The enum, never the string: the string silently drops the method (ARCHITECTURE.md).
      codeChallengeMethod: CodeChallengeMethod.S256,
      cookie: {
        name: "auth.oauth2",
        httpOnly: true,
        sameSite: "Lax",
        path: "/",
        ...(config.publicUrl.startsWith("https://") ? { secure: true as const } : {}),
      },
    },
    async ({ tokens }) => tokensFrom(tokens),
    config.builtInIdp,
  );
}

export async function getAuthenticator(config: WebConfig) {
  const authenticator = new Authenticator<SessionTokens>();
  authenticator.use(await getStrategy(config), "oidc");
  return authenticator;
}

/**
 * Spec 000 §4: a token is valid, expired or unknown, with a 500 ms safety margin before expiry (`margin`: a wider one
 * for a call that cannot be sent twice).
 */
export function tokenState(
  expiresAt: number | undefined,
  now = Date.now(),
  margin = TOKEN_MARGIN_MS,
): "valid" | "expired" | "unknown" {
  if (!expiresAt) return "unknown";
  return now < expiresAt - margin ? "valid" : "expired";
}

export class SessionExpiredError extends Error {
  constructor() {
    super(BOTH_EXPIRED_MESSAGE);
  }
}

// Loaders of one page run in parallel; they share one refresh instead of racing with the same refresh token.
const refreshing = new Map<string, Promise<SessionTokens>>();

/** Refreshes the access token with the refresh token; throws SessionExpiredError when that is impossible. */
export async function refreshTokens(config: WebConfig, tokens: SessionTokens): Promise<SessionTokens> {
  if (!tokens.refreshToken || tokenState(tokens.refreshExpiresAt) !== "valid") throw new SessionExpiredError();
  const key = tokens.refreshToken;
  const pending = refreshing.get(key);
  if (pending) return pending;
  const promise = doRefresh(config, tokens).finally(() => setTimeout(() => refreshing.delete(key), 5_000));
  refreshing.set(key, promise);
  return promise;
}

async function doRefresh(config: WebConfig, tokens: SessionTokens): Promise<SessionTokens> {
  try {
    const strategy = await getStrategy(config);
    return tokensFrom(await strategy.refreshToken(tokens.refreshToken!), tokens);
  } catch (err) {
    console.warn("[auth] token refresh failed:", err instanceof Error ? err.message : err);
    throw new SessionExpiredError();
  }
}

/** Sends a signed-out user to /login, remembering the page they asked for. */
export async function requireSignedIn(request: Request, context: AppLoadContext): Promise<WebSession> {
  const session = await getSession(request, context);
  if (session.get("tokens") && session.get("user")) return session;
  return redirectToSignIn(request, context);
}

/** How long logout waits for the provider's revocation endpoint before it signs out locally anyway. */
const REVOKE_TIMEOUT_MS = 5_000;

/**
 * Revokes the session's refresh token at the provider's revocation endpoint (RFC 7009). The built-in provider then
 * ends the whole grant, and the API refuses the grant's access tokens at once (api/lib/auth.ts authenticate); an
 * external provider ends its refresh token / session, while its JWT access tokens stay valid until they expire
 * (decision 0019). A provider that cannot be reached does not stop the logout.
 */
async function revokeAtProvider(context: AppLoadContext, refreshToken: string | null | undefined): Promise<void> {
  if (!refreshToken) return;
  try {
    const strategy = await getStrategy(context.config);
    if (!(await discover(context.config)).revocation_endpoint) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    await Promise.race([
      strategy.revokeToken(refreshToken),
      new Promise((_, reject) => (timer = setTimeout(() => reject(new Error("timeout")), REVOKE_TIMEOUT_MS))),
    ]).finally(() => clearTimeout(timer));
  } catch (err) {
    console.warn("[auth] token revocation at logout failed:", err instanceof Error ? err.message : err);
  }
}

/**
 * Logout (spec 000 §4): revoke the grant at the provider, clear the session, end it at the provider with
 * id_token_hint, come back to /.
 */
export async function logout(request: Request, context: AppLoadContext): Promise<Response> {
  const session = await getSession(request, context);
  const idToken = session.get("tokens")?.idToken;
  await revokeAtProvider(context, session.get("tokens")?.refreshToken);
  const headers = { "Set-Cookie": await context.sessionStorage.destroySession(session) };
  let endSession: string | undefined;
  try {
    endSession = (await discover(context.config)).end_session_endpoint;
  } catch {
    endSession = undefined;
  }
  if (!endSession) return redirect("/", { headers });
  const url = new URL(endSession);
  if (idToken) url.searchParams.set("id_token_hint", idToken);
  url.searchParams.set("post_logout_redirect_uri", `${context.config.publicUrl}/`);
  url.searchParams.set("client_id", context.config.clientId);
  return redirect(url.toString(), { headers });
}
