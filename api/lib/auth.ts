import { createLocalJWKSet, createRemoteJWKSet, jwtVerify, type JWTVerifyGetKey, type JSONWebKeySet } from "jose";
import { and, eq, sql } from "drizzle-orm";
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
 * The built-in provider puts both claims into its access tokens, so both providers share this path.
 */
export async function resolveUser(db: Db, claims: Record<string, unknown>): Promise<AuthContext | null> {
  const userName = typeof claims.preferred_username === "string" ? claims.preferred_username : undefined;
  const email = typeof claims.email === "string" ? claims.email : undefined;
  if (!userName && !email) return null;
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
      roleId: user.roleId,
    })
    .from(user)
    .innerJoin(role, eq(role.id, user.roleId))
    .where(
      userName
        ? sql`lower(${user.userName}) = lower(${userName})`
        : sql`lower(${user.email}) = lower(${email!})`,
    )
    .limit(1);
  const u = rows[0];
  if (!u || !u.active) return null;
  return loadAuthContext(db, {
    id: u.id,
    userName: u.userName,
    fullName: `${u.firstName} ${u.lastName}`.trim(),
    email: u.email,
    roles: [u.roleName],
    municipalityId: u.municipalityId,
    language: u.language,
  }, u.roleId);
}

async function loadAuthContext(db: Db, u: AuthUser, roleId: number): Promise<AuthContext> {
  const perms = await db
    .select({ value: permission.value })
    .from(rolePermission)
    .innerJoin(permission, eq(permission.id, rolePermission.permissionId))
    .where(eq(rolePermission.roleId, roleId));
  const isAdmin = isAdministrator(u.roles);
  let municipalityIds: AuthContext["municipalityIds"] = "all";
  if (!isAdmin) {
    const managed = await db
      .select({ id: userMunicipality.municipalityId })
      .from(userMunicipality)
      .where(and(eq(userMunicipality.userId, u.id)));
    const ids = new Set(managed.map((m) => m.id));
    if (u.municipalityId) ids.add(u.municipalityId);
    municipalityIds = [...ids];
  }
  return { user: u, permissions: new Set(perms.map((p) => p.value)), isAdmin, municipalityIds };
}

/** The claim in which the built-in provider names the grant an access token belongs to (idp/provider.ts). */
export const GRANT_CLAIM = "grant_id";

/**
 * Is this access token's grant over (logout revoked it, a password change ended it, it expired)? Only for tokens
 * of the built-in provider, whose grants live in oidc_payload: one primary-key lookup (type, id). Without it a
 * revoked grant's JWT access tokens would work until they expire (issue 11, decision 0019). Tokens without the
 * claim (issued before it existed, or by an external provider) are not checked here.
 */
export async function isGrantRevoked(db: Db, claims: Record<string, unknown>): Promise<boolean> {
  const grantId = claims[GRANT_CLAIM];
  if (grantId === undefined) return false;
  if (typeof grantId !== "string" || !grantId) return true;
  const rows = await db
    .select({ id: oidcPayload.id })
    .from(oidcPayload)
    .where(
      and(
        eq(oidcPayload.type, "Grant"),
        eq(oidcPayload.id, grantId),
        sql`(${oidcPayload.expiresAt} is null or ${oidcPayload.expiresAt} > now())`,
      ),
    )
    .limit(1);
  return rows.length === 0;
}

export function canAccessMunicipality(auth: AuthContext, municipalityId: number): boolean {
  return auth.municipalityIds === "all" || auth.municipalityIds.includes(municipalityId);
}
