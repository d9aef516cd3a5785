import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { exportJWK, generateKeyPair, type JWK } from "jose";
import type { Db } from "../api/db/client";
import { systemSecret } from "../api/db/schema";

/** A secret generated once and kept in the database (shared by every process of one deployment). */
export async function persistentSecret(db: Db, name: string, make: () => Promise<string> | string): Promise<string> {
  const [row] = await db.select().from(systemSecret).where(eq(systemSecret.name, name));
  if (row) return row.value;
  await db.insert(systemSecret).values({ name, value: await make() }).onConflictDoNothing();
  const [again] = await db.select().from(systemSecret).where(eq(systemSecret.name, name));
  return again!.value;
}

export const randomSecret = () => randomBytes(32).toString("base64url");

/** The provider's RS256 signing key (private JWK set) and its public half for the API. */
export async function signingKeys(db: Db): Promise<{ privateJwks: { keys: JWK[] }; publicJwks: { keys: JWK[] } }> {
  const stored = await persistentSecret(db, "oidc_jwks", async () => {
    const { privateKey } = await generateKeyPair("RS256", { extractable: true });
    const jwk = await exportJWK(privateKey);
    return JSON.stringify({ keys: [{ ...jwk, alg: "RS256", use: "sig", kid: randomBytes(8).toString("hex") }] });
  });
  const privateJwks = JSON.parse(stored) as { keys: JWK[] };
  const publicJwks = {
    keys: privateJwks.keys.map(({ kty, n, e, kid, alg, use }) => ({ kty, n, e, kid, alg, use })),
  };
  return { privateJwks, publicJwks };
}
