import { ilike, or, sql, type SQL, type AnyColumn } from "drizzle-orm";
import { FOLD_FROM, FOLD_TO } from "../db/schema/fold";

const FOLD = new Map([...FOLD_FROM].map((c, i) => [c, FOLD_TO[i]!]));

/** The search term folded as the generated `search` columns are: lower case, Czech/Slovak accents removed. */
export function foldText(text: string): string {
  return [...text.toLowerCase()].map((c) => FOLD.get(c) ?? c).join("");
}

/**
 * `search like '%term%'` on a folded, trigram-indexed search column (subject, fee payer): 'novak' finds 'Novák',
 * 'NOVÁK' too. LIKE wildcards typed by the user are matched literally.
 */
export function searchMatches(column: AnyColumn, term: string): SQL {
  const like = `%${likeLiteral(foldText(term.trim()))}%`;
  return sql`${column} like ${like}`;
}

/** The typed text inside a LIKE pattern: its own %, _ and \ match literally, not as wildcards. */
export const likeLiteral = (text: string) => text.replace(/[%_\\]/g, "\\$&");

/**
 * Any of the columns contains the term, case aside (ILIKE, accents count): the search of a short list over a few
 * plain columns (a yard's name, street, city; a centre's name, phone, e-mail).
 */
export const anyContains = (columns: AnyColumn[], term: string): SQL =>
  or(...columns.map((column) => ilike(column, `%${likeLiteral(term)}%`)))!;
