import { createLocalJWKSet, createRemoteJWKSet, jwtVerify, type JWTVerifyGetKey, type JSONWebKeySet } from "jose";
import { eq, inArray, sql, type AnyColumn, type SQL } from "drizzle-orm";
import type { Db } from "../db/client";
import { oidcPayload, permission, role, rolePermission, user, userMunicipality } from "../db/schema";
import { isAdministrator } from "#contract/roles";

export interface AuthUser {
  id: number;
  userName: string;
  fullName: string;
  email: string | null;
  roles: string[];
  municipalityId: number | null;
  language: string;
}

export interface AuthContext {
  user: AuthUser;
  permissions: Set<string>;
  isAdmin: boolean;
  /** Municipalities whose data the user may see; 'all' for the admin roles. */
  municipalityIds: "all" | number[];
}

export interface TokenVerifierOptions {
  issuer: string;
  /** Built-in provider: its public keys, no network needed. External: the issuer's jwks_uri. */
  jwks?: JSONWebKeySet;
  jwksUri?: string;
  audience?: string;
}

export function createTokenVerifier(opts: TokenVerifierOptions) {
  const loadKeys = async (): Promise<JWTVerifyGetKey> => {
    if (opts.jwks) return createLocalJWKSet(opts.jwks);
    let uri = opts.jwksUri;
    if (!uri) {
      const res = await fetch(`${opts.issuer.replace(/\/$/, "")}/.well-known/openid-configuration`);
      if (!res.ok) throw new Error("Error loading OpenIDConnect configuration document");
      uri = ((await res.json()) as { jwks_uri: string }).jwks_uri;
    }
    return createRemoteJWKSet(new URL(uri));
  };
  // One discovery for all: requests arriving together before it answers share it; a failed one is retried by the
  // next request rather than remembered.
  let keys: Promise<JWTVerifyGetKey> | undefined;
  const getKeys = () =>
    (keys ??= loadKeys().catch((err: unknown) => {
      keys = undefined;
      throw err;
    }));
  return async (token: string) => {
    const { payload } = await jwtVerify(token, await getKeys(), {
      issuer: opts.issuer,
      audience: opts.audience,
      algorithms: ["RS256", "ES256", "PS256", "EdDSA"],
      // jose checks exp only when present: a token without it would never expire.
      requiredClaims: ["exp"],
    });
    return payload;
  };
}

/**
 * A token is matched to a product user by `preferred_username`, else `email` (README: external provider).
 * The built-in provider puts both claims into its access tokens, so both paths share this lookup.
 *
 * One SQL statement (issue 11: the user, the role's permissions and the managed municipalities were three, repeated
 * for every /v1 call of a page): permissions and municipalities come as JSON arrays. With `checkGrant` (the built-in
 * provider) the token's grant must still exist in oidc_payload: logout and a password change end it, and its JWT
 * access tokens stop at once instead of when they expire (decision 0019). Tokens without the grant claim (an
 * external provider's) are not checked.
 */
export async function resolveUser(db: Db, claims: Record<string, unknown>): Promise<AuthContext | null> {
  const found = await authenticate(db, claims);
  return typeof found === "string" ? null : found;
}

/** resolveUser for the API's middleware: 'revoked' (the grant is over) and 'unknown' (no active user) told apart. */
export async function authenticate(
  db: Db,
  claims: Record<string, unknown>,
  opts: { checkGrant?: boolean } = {},
): Promise<AuthContext | "revoked" | "unknown"> {
  const userName = typeof claims.preferred_username === "string" ? claims.preferred_username : undefined;
  const email = typeof claims.email === "string" ? claims.email : undefined;
  if (!userName && !email) return "unknown";
  const grantId = claims[GRANT_CLAIM];
  if (opts.checkGrant && grantId !== undefined && (typeof grantId !== "string" || !grantId)) return "revoked";
  const grantAlive =
    opts.checkGrant && typeof grantId === "string"
      ? sql<boolean>`exists (select 1 from ${oidcPayload} where ${oidcPayload.type} = 'Grant' and ${oidcPayload.id} = ${grantId}
          and (${oidcPayload.expiresAt} is null or ${oidcPayload.expiresAt} > now()))`
      : sql<boolean>`true`;
  const rows = await db
    .select({
      id: user.id,
      userName: user.userName,
      firstName: user.firstName,
      lastName: user.lastName,
      email: user.email,
      active: user.active,
      municipalityId: user.municipalityId,
      language: user.language,
      roleName: role.name,
      permissions: sql<string[]>`coalesce((select json_agg(${permission.value}) from ${rolePermission}
          join ${permission} on ${permission.id} = ${rolePermission.permissionId}
          where ${rolePermission.roleId} = ${user.roleId}), '[]'::json)`,
      managed: sql<number[]>`coalesce((select json_agg(${userMunicipality.municipalityId}) from ${userMunicipality}
          where ${userMunicipality.userId} = ${user.id}), '[]'::json)`,
      grantAlive,
    })
    .from(user)
    .innerJoin(role, eq(role.id, user.roleId))
    .where(userName ? sql`lower(${user.userName}) = lower(${userName})` : sql`lower(${user.email}) = lower(${email!})`)
    .limit(1);
  const u = rows[0];
  if (!u || !u.active) return "unknown";
  if (!u.grantAlive) return "revoked";
  const roles = [u.roleName];
  const isAdmin = isAdministrator(roles);
  let municipalityIds: AuthContext["municipalityIds"] = "all";
  if (!isAdmin) {
    const ids = new Set(u.managed.map(Number));
    if (u.municipalityId) ids.add(u.municipalityId);
    municipalityIds = [...ids];
  }
  return {
    user: {
      id: u.id,
      userName: u.userName,
      fullName: `${u.firstName} ${u.lastName}`.trim(),
      email: u.email,
      roles,
      municipalityId: u.municipalityId,
      language: u.language,
    },
    permissions: new Set(u.permissions),
    isAdmin,
    municipalityIds,
  };
}

/** The claim in which the built-in provider names the grant an access token belongs to (idp/provider.ts). */
export const GRANT_CLAIM = "grant_id";

export function canAccessMunicipality(auth: AuthContext, municipalityId: number): boolean {
  return auth.municipalityIds === "all" || auth.municipalityIds.includes(municipalityId);
}

/**
 * The caller's municipalities as a condition on `column` (a row's municipality): no condition for an administrator
 * (all of them), `false` for a caller without any.
 */
export function inCallersMunicipalities(auth: AuthContext, column: AnyColumn): SQL | undefined {
  if (auth.municipalityIds === "all") return undefined;
  return auth.municipalityIds.length ? inArray(column, auth.municipalityIds) : sql`false`;
}
