import { randomBytes, scrypt as scryptCb, timingSafeEqual } from "node:crypto";
import { promisify } from "node:util";

const scrypt = promisify(scryptCb) as (pw: string, salt: Buffer, len: number) => Promise<Buffer>;

/** scrypt with a random salt; stored as 'scrypt$<salt b64>$<hash b64>'. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const hash = await scrypt(password, salt, 64);
  return `scrypt$${salt.toString("base64")}$${hash.toString("base64")}`;
}

/** A stored hash of no one's password: a name without a (set) password costs the same scrypt work. */
const DUMMY_HASH = `scrypt$${Buffer.alloc(16).toString("base64")}$${Buffer.alloc(64).toString("base64")}`;

/**
 * verifyPassword that always does the hashing work, also for an unknown user or one without a password, so the
 * time of the answer does not tell whether a name exists (decision 0019).
 */
export async function checkPassword(password: string, stored: string | null | undefined): Promise<boolean> {
  const usable = !!stored && stored.startsWith("scrypt$");
  const ok = await verifyPassword(password, usable ? stored : DUMMY_HASH);
  return usable && ok;
}

export async function verifyPassword(password: string, stored: string | null | undefined): Promise<boolean> {
  if (!stored) return false;
  const [alg, saltB64, hashB64] = stored.split("$");
  if (alg !== "scrypt" || !saltB64 || !hashB64) return false;
  const expected = Buffer.from(hashB64, "base64");
  const actual = await scrypt(password, Buffer.from(saltB64, "base64"), expected.length);
  return timingSafeEqual(expected, actual);
}

/**
 * Repeated wrong passwords are slowed down (the sign-in page and the profile's password change share the user's
 * counter): after FREE_ATTEMPTS wrong ones in a row, each further attempt waits 2^(n-LIMIT+1) s, at most 5 min.
 */
export const FREE_ATTEMPTS = 3;
export const MAX_WAIT_SECONDS = 300;
/** The rule; api/lib/password-throttle.ts applies the same one in SQL, atomically. */
export function throttleSeconds(failed: number): number {
  return failed < FREE_ATTEMPTS ? 0 : Math.min(2 ** (failed - FREE_ATTEMPTS + 1), MAX_WAIT_SECONDS);
}

/** Seconds the user must still wait before the next password attempt (0: may try now). */
export function secondsToWait(failed: number, lastFailedAt: Date | null, now = Date.now()): number {
  const wait = throttleSeconds(failed);
  const since = lastFailedAt ? (now - lastFailedAt.getTime()) / 1000 : Infinity;
  return wait > 0 && since < wait ? Math.ceil(wait - since) : 0;
}
