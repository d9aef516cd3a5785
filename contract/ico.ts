/**
 * Company identification number (IČO) rules of spec 001 §5 "Validation rules". Isomorphic (browser + Node).
 *
 * Values are trimmed at both ends before checking; inner spaces are not removed ('255 96 641' is not valid).
 * Country codes are ISO 3166-1 alpha-2 and compared case-insensitively.
 */

type Text = string | null | undefined;

const EIGHT_DIGITS = /^\d{8}$/;
const NUMERIC = /^\d+$/;

function clean(value: Text): string {
  return (value ?? "").trim();
}

function countryOf(country: Text): string {
  return clean(country).toUpperCase();
}

/**
 * The check digit of a Czech IČO from its first 7 digits (spec 001 §5): weights 8 down to 2, sum modulo 11,
 * check digit = 11 − remainder, except remainder 1 → 0 and remainder 0 or 10 → 1.
 * (11 − 10 is 1 anyway; 11 − 0 = 11 and 11 − 1 = 10 are not digits, hence the exceptions.)
 */
export function czIcoCheckDigit(firstSevenDigits: string): number {
  if (!/^\d{7}$/.test(firstSevenDigits)) throw new RangeError("czIcoCheckDigit: expects exactly 7 digits");
  let sum = 0;
  for (let i = 0; i < 7; i++) sum += Number(firstSevenDigits[i]) * (8 - i);
  const remainder = sum % 11;
  if (remainder === 1) return 0;
  if (remainder === 0 || remainder === 10) return 1;
  return 11 - remainder;
}

/** Czech IČO: exactly 8 digits and the 8th digit equals the checksum digit (spec 001 §5). */
export function isValidCzIco(value: Text): boolean {
  const ico = clean(value);
  if (!EIGHT_DIGITS.test(ico)) return false;
  return czIcoCheckDigit(ico.slice(0, 7)) === Number(ico[7]);
}

/** Slovak IČO: non-empty and 8 characters long (spec 001 §5 — no digit or checksum rule). */
export function isValidSkIco(value: Text): boolean {
  return clean(value).length === 8;
}

/** IČO of a country: CZ → Czech rule, SK → Slovak rule, any other (or missing) country → any non-empty value. */
export function isValidIco(value: Text, country: Text): boolean {
  switch (countryOf(country)) {
    case "CZ":
      return isValidCzIco(value);
    case "SK":
      return isValidSkIco(value);
    default:
      return clean(value).length > 0;
  }
}

/** The plain check: exactly 8 digits, no checksum (spec 001 §5). */
export function isPlainIco(value: Text): boolean {
  return EIGHT_DIGITS.test(clean(value));
}

/**
 * Whether the company registry may be asked (spec 001 §5): the number is numeric (digits only) and passes the
 * country's validation. Which registry to ask is `registryFor(country)`.
 */
export function canLookUpRegistry(value: Text, country: Text): boolean {
  return NUMERIC.test(clean(value)) && isValidIco(value, country);
}

/**
 * The company registry to ask (spec 000 §7): ARES ('/ares/{ico}') for a Czech or missing country,
 * RPO ('/rpo/{ico}') for any other country.
 */
export function registryFor(country: Text): "ares" | "rpo" {
  const code = countryOf(country);
  return code === "CZ" || code === "" ? "ares" : "rpo";
}
