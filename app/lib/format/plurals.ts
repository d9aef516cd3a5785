/** Plurals (spec 001 §9: "Plural forms split at 1, 2 to 4 and 5 or more"). */

type PluralCategory = "one" | "few" | "many";
type PluralForms = readonly [one: string, few: string, many: string];

/**
 * Czech/Slovak category of a count: |n| = 1 → one; |n| 2–4 → few; 0, 5 and more → many.
 * Negative counts use the absolute value. Decimals (and NaN) → many: Czech really uses the genitive singular
 * for decimals ('1,5 litru'), which no three-form list holds; 'many' ('litrů') is the closest of the three.
 */
export function pluralCategory(n: number): PluralCategory {
  const abs = Math.abs(n);
  if (!Number.isInteger(abs)) return "many";
  if (abs === 1) return "one";
  if (abs >= 2 && abs <= 4) return "few";
  return "many";
}

/** Picks the Czech form: pluralCs(3, ['popelnice', 'popelnice', 'popelnic']) → 'popelnice'. */
export function pluralCs(n: number, forms: PluralForms): string {
  const category = pluralCategory(n);
  return forms[category === "one" ? 0 : category === "few" ? 1 : 2];
}

/** Slovak follows the same split (1 / 2–4 / 5+): pluralSk(5, ['nádoba', 'nádoby', 'nádob']) → 'nádob'. */
export const pluralSk = pluralCs;
