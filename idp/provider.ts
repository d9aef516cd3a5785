import type { IncomingMessage, ServerResponse } from "node:http";
import { randomBytes } from "node:crypto";
import Provider, { type Configuration, type KoaContextWithOIDC } from "oidc-provider";
import { eq, sql } from "drizzle-orm";
import type { Db } from "../api/db/client";
import { collectionYard, municipality, user } from "../api/db/schema";
import { checkPassword } from "../api/lib/password-hash";
import { reserveNameAttempt, reserveUserAttempt, resetUserAttempts } from "../api/lib/password-throttle";
import { createAdapterFactory } from "./adapter";
import { GRANT_CLAIM } from "../api/lib/auth";
import {
  fill,
  loginPage,
  logoutPage,
  messagePage,
  pageSecurityPolicy,
  pickLanguage,
  setPasswordPage,
  texts,
  type PasswordRuleKey,
} from "./pages";
import { completeRegistration, findRegistrationToken } from "../api/modules/user/registration";
import { PASSWORD_MIN_LENGTH } from "#contract/password";
import { persistentSecret, randomSecret, signingKeys } from "./secrets";

export const SCOPES = ["openid", "profile", "email", "api_obec.read", "offline_access"] as const;

export interface IdpOptions {
  db: Db;
  /** e.g. http://localhost:3000/oidc */
  issuer: string;
  publicUrl: string;
  /** Take the scheme and host from X-Forwarded-* (behind a TLS-terminating proxy, TRUST_PROXY). */
  trustProxy?: boolean;
  clientId: string;
  clientSecret: string;
  /** Audience of the JWT access tokens: the /v1 API. */
  apiAudience: string;
  accessTokenTtl: number;
  refreshTokenTtl: number;
}

async function readForm(req: IncomingMessage): Promise<URLSearchParams> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > 64 * 1024) break;
    chunks.push(chunk as Buffer);
  }
  return new URLSearchParams(Buffer.concat(chunks).toString("utf8"));
}

/**
 * The built-in OpenID provider (oidc-provider) backed by the user table: authorization code with PKCE S256
 * required, refresh tokens, RP-initiated logout, JWT (RS256) access tokens for the /v1 API.
 */
export async function createIdp(opts: IdpOptions) {
  const { db } = opts;
  const { privateJwks, publicJwks } = await signingKeys(db);
  // The provider's pages post to the provider and are sent on to the product (the redirect after a form counts).
  const productOrigin = new URL(opts.publicUrl).origin;

  function send(res: ServerResponse, status: number, html: string, headers: Record<string, string> = {}) {
    res.writeHead(status, {
      "Content-Type": "text/html; charset=utf-8",
      "Cache-Control": "no-store",
      "X-Frame-Options": "DENY",
      "Content-Security-Policy": pageSecurityPolicy(productOrigin),
      ...headers,
    });
    res.end(html);
  }
  const cookieKey = await persistentSecret(db, "oidc_cookie_key", randomSecret);
  const mountPath = new URL(opts.issuer).pathname.replace(/\/$/, "");

  const configuration: Configuration = {
    adapter: createAdapterFactory(db),
    jwks: privateJwks as Configuration["jwks"],
    cookies: { keys: [cookieKey], long: { signed: true }, short: { signed: true } },
    clients: [
      {
        client_id: opts.clientId,
        client_secret: opts.clientSecret,
        redirect_uris: [`${opts.publicUrl}/login`],
        post_logout_redirect_uris: [`${opts.publicUrl}/`],
        grant_types: ["authorization_code", "refresh_token"],
        response_types: ["code"],
        token_endpoint_auth_method: "client_secret_basic",
      },
    ],
    scopes: [...SCOPES],
    claims: {
      openid: ["sub"],
      profile: ["name", "given_name", "family_name", "preferred_username", "locale"],
      email: ["email", "email_verified"],
    },
    pkce: { required: () => true },
    features: {
      devInteractions: { enabled: false },
      revocation: { enabled: true },
      rpInitiatedLogout: {
        enabled: true,
        logoutSource: async (ctx: KoaContextWithOIDC, form: string) => {
          // The product's logout button already asked; submit at once when JavaScript runs.
          const lang = pickLanguage(undefined, ctx.get("accept-language"));
          const nonce = randomBytes(16).toString("base64");
          ctx.set("Content-Security-Policy", pageSecurityPolicy(productOrigin, nonce));
          ctx.body = logoutPage(lang, form).replace(
            "</main>",
            `</main><script nonce="${nonce}">document.querySelector('button[name="logout"]').click()</script>`,
          );
        },
        postLogoutSuccessSource: async (ctx: KoaContextWithOIDC) => {
          const lang = pickLanguage(undefined, ctx.get("accept-language"));
          const t = texts(lang);
          ctx.set("Content-Security-Policy", pageSecurityPolicy(productOrigin));
          ctx.body = messagePage(lang, t.logoutTitle, t.loggedOut, `${opts.publicUrl}/`);
        },
      },
      resourceIndicators: {
        enabled: true,
        defaultResource: () => opts.apiAudience,
        useGrantedResource: () => true,
        getResourceServerInfo: () => ({
          scope: "api_obec.read",
          audience: opts.apiAudience,
          accessTokenTTL: opts.accessTokenTtl,
          accessTokenFormat: "jwt",
          jwt: { sign: { alg: "RS256" } },
        }),
      },
    },
    // Access tokens carry the claims the API matches users by (same path as an external provider).
    extraTokenClaims: async (_ctx, token) => {
      if (!("accountId" in token) || !token.accountId) return undefined;
      const [u] = await db
        .select()
        .from(user)
        .where(eq(user.id, Number(token.accountId)));
      // The grant lets the API refuse the token as soon as the grant is revoked (logout; api/lib/auth.ts).
      const grant = "grantId" in token && typeof token.grantId === "string" ? { [GRANT_CLAIM]: token.grantId } : {};
      return u ? { preferred_username: u.userName, email: u.email ?? undefined, ...grant } : undefined;
    },
    findAccount: async (_ctx, sub) => {
      const id = Number(sub);
      if (!Number.isInteger(id)) return undefined;
      const [u] = await db.select().from(user).where(eq(user.id, id));
      if (!u || !u.active) return undefined;
      return {
        accountId: String(u.id),
        claims: async () => ({
          sub: String(u.id),
          name: `${u.firstName} ${u.lastName}`.trim(),
          given_name: u.firstName,
          family_name: u.lastName,
          preferred_username: u.userName,
          locale: u.language,
          email: u.email ?? undefined,
          email_verified: !!u.email,
        }),
      };
    },
    interactions: { url: (_ctx, interaction) => `${mountPath}/interaction/${interaction.uid}` },
    issueRefreshToken: async (_ctx, client, code) =>
      client.grantTypeAllowed("refresh_token") && code.scopes.has("offline_access"),
    // A confidential client's refresh token is bound to its secret; without rotation parallel requests of one
    // page cannot trip the provider's reuse detection (which would revoke the whole grant).
    rotateRefreshToken: false,
    ttl: {
      AccessToken: opts.accessTokenTtl,
      AuthorizationCode: 60,
      IdToken: 1800,
      RefreshToken: opts.refreshTokenTtl,
      Interaction: 600,
      Session: opts.refreshTokenTtl,
      Grant: opts.refreshTokenTtl,
    },
    renderError: async (ctx, _out, error) => {
      const lang = pickLanguage(undefined, ctx.get("accept-language"));
      const t = texts(lang);
      console.warn("[idp] error", (error as Error).message);
      ctx.type = "html";
      ctx.set("Content-Security-Policy", pageSecurityPolicy(productOrigin));
      ctx.body = messagePage(lang, t.errorTitle, t.errorText, `${opts.publicUrl}/`);
    },
  };

  const provider = new Provider(opts.issuer, configuration);
  // Only behind a proxy that writes them may X-Forwarded-* be believed (TRUST_PROXY).
  provider.proxy = opts.trustProxy ?? false;
  const callback = provider.callback();

  async function handleInteraction(req: IncomingMessage, res: ServerResponse, uid: string, action?: string) {
    const lang = pickLanguage(undefined, req.headers["accept-language"]);
    const t = texts(lang);
    let details;
    try {
      details = await provider.interactionDetails(req, res);
    } catch {
      return send(res, 400, messagePage(lang, t.errorTitle, t.expired, `${opts.publicUrl}/`));
    }
    if (details.uid !== uid) return send(res, 400, messagePage(lang, t.errorTitle, t.expired, `${opts.publicUrl}/`));
    const uiLang = pickLanguage(details.params.ui_locales as string | undefined, req.headers["accept-language"]);
    const ui = texts(uiLang);
    const loginAction = `${mountPath}/interaction/${uid}/login`;

    if (details.prompt.name === "login") {
      if (req.method !== "POST" || action !== "login") {
        return send(res, 200, loginPage({ lang: uiLang, action: loginAction }));
      }
      const form = await readForm(req);
      const userName = (form.get("username") ?? "").trim();
      const password = form.get("password") ?? "";
      if (!userName || !password) {
        return send(res, 422, loginPage({ lang: uiLang, action: loginAction, userName, error: ui.required }));
      }
      const [u] = await db
        .select()
        .from(user)
        .where(sql`lower(${user.userName}) = lower(${userName}) or lower(${user.email}) = lower(${userName})`)
        .limit(1);
      // The attempt is counted before the password is checked, atomically (parallel guesses cannot all pass), and
      // a name of no user is counted and answered the same way (decision 0019).
      const attempt = u ? await reserveUserAttempt(db, u.id) : await reserveNameAttempt(db, userName);
      if (!attempt.allowed) {
        return send(
          res,
          429,
          loginPage({
            lang: uiLang,
            action: loginAction,
            userName,
            error: ui.throttled.replace("{{seconds}}", String(attempt.seconds)),
          }),
        );
      }
      const ok = await checkPassword(password, u?.passwordHash);
      if (!u || !ok) {
        return send(res, 401, loginPage({ lang: uiLang, action: loginAction, userName, error: ui.invalid }));
      }
      await resetUserAttempts(db, u.id, u.active ? { lastLoginAt: new Date() } : {});
      if (!u.active) {
        return send(res, 403, loginPage({ lang: uiLang, action: loginAction, userName, error: ui.inactive }));
      }
      // The municipalities and yards lists show their last sign-in: both stamped in one statement.
      if (u.municipalityId || u.collectionYardId) await stampPlaceSignIn(db, u.municipalityId, u.collectionYardId);
      return provider.interactionFinished(
        req,
        res,
        { login: { accountId: String(u.id) } },
        { mergeWithLastSubmission: false },
      );
    }

    if (details.prompt.name === "consent") {
      // The product's own web client is first-party: consent is granted without asking.
      const { grantId, params, session } = details;
      const grant = grantId
        ? await provider.Grant.find(grantId)
        : new provider.Grant({ accountId: session!.accountId, clientId: params.client_id as string });
      if (!grant) return send(res, 400, messagePage(lang, t.errorTitle, t.expired, `${opts.publicUrl}/`));
      const missing = details.prompt.details as {
        missingOIDCScope?: string[];
        missingOIDCClaims?: string[];
        missingResourceScopes?: Record<string, string[]>;
      };
      if (missing.missingOIDCScope) grant.addOIDCScope(missing.missingOIDCScope.join(" "));
      if (missing.missingOIDCClaims) grant.addOIDCClaims(missing.missingOIDCClaims);
      for (const [indicator, scopes] of Object.entries(missing.missingResourceScopes ?? {})) {
        grant.addResourceScope(indicator, scopes.join(" "));
      }
      const savedId = await grant.save();
      return provider.interactionFinished(
        req,
        res,
        { consent: { grantId: savedId } },
        { mergeWithLastSubmission: true },
      );
    }
    return send(res, 400, messagePage(lang, t.errorTitle, t.errorText, `${opts.publicUrl}/`));
  }

  /**
   * GET/POST {mount}/set-password?token=…: the page of an invitation link (POST /v1/user/register-by-email).
   * The link works once, for 72 hours; the password follows the strong rule of spec 001 §5.
   */
  async function handleSetPassword(req: IncomingMessage, res: ServerResponse, query: URLSearchParams) {
    // The token is in the address: it must not leak to other sites through the Referer header.
    const headers = { "Referrer-Policy": "no-referrer" };
    const action = `${mountPath}/set-password`;
    const form = req.method === "POST" ? await readForm(req) : null;
    const token = (form ? form.get("token") : query.get("token")) ?? "";
    const target = await findRegistrationToken(db, token);
    if (!target) {
      const lang = pickLanguage(undefined, req.headers["accept-language"]);
      const t = texts(lang);
      return send(res, 410, messagePage(lang, t.linkInvalidTitle, t.linkInvalid, `${opts.publicUrl}/`), headers);
    }
    // In the invited user's language, as the invitation e-mail was.
    const lang = pickLanguage(target.language, undefined);
    const t = texts(lang);
    const page = (status: number, error?: string, unmet?: PasswordRuleKey[]) =>
      send(
        res,
        status,
        setPasswordPage({
          lang,
          action,
          token,
          userName: target.userName,
          minLength: PASSWORD_MIN_LENGTH,
          error,
          unmet,
        }),
        headers,
      );
    if (!form) return page(200);
    const password = form.get("password") ?? "";
    if (password !== (form.get("confirm") ?? "")) return page(422, t.passwordMismatch);
    const result = await completeRegistration(db, token, password);
    if (!result.ok && result.reason === "weak") {
      const unmet = result.unmet.map((r) => r.key.replace(/^password\./, "") as PasswordRuleKey);
      const rules = unmet.map((k) => fill(t.passwordRules[k], { min: PASSWORD_MIN_LENGTH })).join(", ");
      return page(422, fill(t.passwordWeak, { rules }), unmet);
    }
    if (!result.ok)
      return send(res, 410, messagePage(lang, t.linkInvalidTitle, t.linkInvalid, `${opts.publicUrl}/`), headers);
    return send(
      res,
      200,
      messagePage(
        lang,
        t.passwordSetTitle,
        fill(t.passwordSet, { userName: target.userName }),
        `${opts.publicUrl}/`,
        t.goToApp,
      ),
      headers,
    );
  }

  /** Node handler for every request under the mount path (default /oidc). */
  async function handle(req: IncomingMessage, res: ServerResponse) {
    const original = req.url ?? "/";
    const rest = original.slice(mountPath.length) || "/";
    const sp = /^\/set-password\/?(?:\?(.*))?$/.exec(rest);
    if (sp && (req.method === "GET" || req.method === "POST")) {
      try {
        return await handleSetPassword(req, res, new URLSearchParams(sp[1] ?? ""));
      } catch (err) {
        console.error("[idp] set-password failed", err);
        return send(res, 500, messagePage("cs", texts("cs").errorTitle, texts("cs").errorText));
      }
    }
    const m = /^\/interaction\/([\w-]+)(?:\/(login))?\/?(?:\?.*)?$/.exec(rest);
    if (m) {
      try {
        return await handleInteraction(req, res, m[1]!, m[2]);
      } catch (err) {
        console.error("[idp] interaction failed", err);
        return send(res, 500, messagePage("cs", texts("cs").errorTitle, texts("cs").errorText));
      }
    }
    (req as IncomingMessage & { originalUrl?: string }).originalUrl = original;
    req.url = rest;
    return callback(req, res);
  }

  return { provider, handle, publicJwks, mountPath };
}

/**
 * The sign-in's time on the user's municipality and yard (the lists' 'last login'), one statement: a data-modifying
 * CTE stamps the municipality, the outer update the yard; a missing id matches no row.
 */
export async function stampPlaceSignIn(db: Db, municipalityId: number | null, yardId: number | null) {
  const now = new Date().toISOString();
  await db.execute(sql`with stamped as (
      update ${municipality} set last_login_at = ${now}::timestamptz where ${municipality.id} = ${municipalityId ?? 0}::int
      returning 1)
    update ${collectionYard} set last_login_at = ${now}::timestamptz where ${collectionYard.id} = ${yardId ?? 0}::int`);
}
