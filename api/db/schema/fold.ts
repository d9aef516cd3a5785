import { sql, type SQL } from "drizzle-orm";

/**
 * Text search without diacritics (ARCHITECTURE.md: Czech search): lower-cased and with the Czech and Slovak
 * accented letters folded, so 'novak' finds 'Novák' and 'trebic' finds 'Třebíč'. translate() is immutable, so it
 * can feed a generated column and a trigram index; the API folds the search term with the same map
 * (api/lib/search.ts).
 */
export const FOLD_FROM = "áäčďéěíĺľňóôŕřšťúůýž";
export const FOLD_TO = "aacdeeillnoorrstuuyz";
export const foldSql = (expr: SQL) => sql`translate(lower(${expr}), '${sql.raw(FOLD_FROM)}', '${sql.raw(FOLD_TO)}')`;
