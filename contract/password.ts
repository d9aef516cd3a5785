/**
 * Password rules of spec 001 §5 "Validation rules" (minimum 6, spec 001 §9). Isomorphic (browser + Node).
 *
 * - Strong rule (used where a password is set): at least 6 characters, at least one upper-case letter, one
 *   lower-case letter, one digit and one special character.
 * - Weaker rule: at least 6 characters with at least one digit and one letter; an empty password gives no
 *   verdict (null), so an untouched optional field shows nothing.
 *
 * Characters are Unicode code points ('Ř' and 'ž' are letters; an emoji counts as one character).
 * Letters and digits follow Unicode (\p{Lu}, \p{Ll}, \p{L}, \p{Nd}). A special character is anything that is
 * neither a letter, a number nor white space: a space alone does not satisfy the special-character requirement.
 */

export const PASSWORD_MIN_LENGTH = 6;

export type PasswordRequirementKey =
  | "password.minLength"
  | "password.upperCase"
  | "password.lowerCase"
  | "password.digit"
  | "password.special"
  | "password.letter";

export interface PasswordRequirement {
  /** Translation key (locales/<lang>/…); the text below is the Czech default. */
  key: PasswordRequirementKey;
  /** Czech default text, shown when the key has no translation. */
  defaultText: string;
  /** Interpolation values for the translation ({{min}}). */
  values?: { min: number };
}

/** Czech default texts of the requirement keys, for display under the password field. */
export const PASSWORD_REQUIREMENT_TEXTS: Readonly<Record<PasswordRequirementKey, string>> = {
  "password.minLength": `Heslo musí mít alespoň ${PASSWORD_MIN_LENGTH} znaků.`,
  "password.upperCase": "Heslo musí obsahovat alespoň jedno velké písmeno.",
  "password.lowerCase": "Heslo musí obsahovat alespoň jedno malé písmeno.",
  "password.digit": "Heslo musí obsahovat alespoň jednu číslici.",
  "password.special": "Heslo musí obsahovat alespoň jeden speciální znak.",
  "password.letter": "Heslo musí obsahovat alespoň jedno písmeno.",
};

export type PasswordRule = "strong" | "weak";

const has = {
  upperCase: (p: string) => /\p{Lu}/u.test(p),
  lowerCase: (p: string) => /\p{Ll}/u.test(p),
  letter: (p: string) => /\p{L}/u.test(p),
  digit: (p: string) => /\p{Nd}/u.test(p),
  special: (p: string) => /[^\p{L}\p{N}\s]/u.test(p),
};

function length(password: string): number {
  return [...password].length;
}

function requirement(key: PasswordRequirementKey): PasswordRequirement {
  return key === "password.minLength"
    ? { key, defaultText: PASSWORD_REQUIREMENT_TEXTS[key], values: { min: PASSWORD_MIN_LENGTH } }
    : { key, defaultText: PASSWORD_REQUIREMENT_TEXTS[key] };
}

/**
 * The requirements a password does not meet yet, in display order (empty list = acceptable).
 * strong: minLength, upperCase, lowerCase, digit, special. weak: minLength, letter, digit.
 * For the weak rule an empty (or missing) password gives an empty list — no verdict, nothing to show.
 */
export function unmetPasswordRequirements(
  password: string | null | undefined,
  rule: PasswordRule = "strong",
): PasswordRequirement[] {
  const p = password ?? "";
  if (rule === "weak" && p === "") return [];
  const unmet: PasswordRequirementKey[] = [];
  if (length(p) < PASSWORD_MIN_LENGTH) unmet.push("password.minLength");
  if (rule === "strong") {
    if (!has.upperCase(p)) unmet.push("password.upperCase");
    if (!has.lowerCase(p)) unmet.push("password.lowerCase");
    if (!has.digit(p)) unmet.push("password.digit");
    if (!has.special(p)) unmet.push("password.special");
  } else {
    if (!has.letter(p)) unmet.push("password.letter");
    if (!has.digit(p)) unmet.push("password.digit");
  }
  return unmet.map(requirement);
}

/** Strong rule (spec 001 §5): true when every requirement is met. An empty password is not strong. */
export function isStrongPassword(password: string | null | undefined): boolean {
  return unmetPasswordRequirements(password, "strong").length === 0;
}

/**
 * Weaker rule (spec 001 §5): null for an empty or missing password (no verdict), otherwise whether it has at
 * least 6 characters, a letter and a digit.
 */
export function weakPasswordVerdict(password: string | null | undefined): boolean | null {
  if (password === null || password === undefined || password === "") return null;
  return unmetPasswordRequirements(password, "weak").length === 0;
}
