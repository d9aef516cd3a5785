import { sql, type SQL, type AnyColumn } from "drizzle-orm";
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
  const like = `%${foldText(term.trim()).replace(/[%_\\]/g, "\\$&")}%`;
  return sql`${column} like ${like}`;
}
