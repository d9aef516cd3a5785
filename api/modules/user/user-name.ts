/** User names: the ASCII base of a person's name and the first free variant of it. */
import { sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { user } from "../../db/schema";

/** Lower-case ASCII of a name: diacritics removed, anything else but letters and digits becomes '-'. */
function asciiPart(s: string): string {
  const special: Record<string, string> = { ł: "l", đ: "d", ø: "o", ß: "ss", æ: "ae", œ: "oe", þ: "th", ı: "i" };
  return s
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/[łđøßæœþı]/g, (c) => special[c] ?? c)
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
}

/** 'Žofie', 'Škaloudová' → 'zofie.skaloudova'. */
export function userNameBase(firstName: string, lastName: string): string {
  const base = [asciiPart(firstName), asciiPart(lastName)].filter(Boolean).join(".").slice(0, 90);
  return base.length >= 3 ? base : `${base || "user"}.user`.slice(0, 90);
}

/** GET user/unique-user-name: the base, or base2, base3, … — the first one nobody has (case-insensitive). */
export async function uniqueUserName(db: Db, firstName: string, lastName: string): Promise<{ userName: string }> {
  const base = userNameBase(firstName, lastName);
  // The base holds only [a-z0-9.-]: no LIKE wildcards to escape.
  const rows = await db
    .select({ userName: user.userName })
    .from(user)
    .where(sql`lower(${user.userName}) like ${`${base}%`}`);
  const taken = new Set(rows.map((r) => r.userName.toLowerCase()));
  for (let n = 1; ; n++) {
    const candidate = n === 1 ? base : `${base}${n}`;
    if (!taken.has(candidate)) return { userName: candidate };
  }
}
