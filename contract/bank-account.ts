/**
 * Bank accounts on payment notices (issue 14 part 6): the Czech domestic account 'prefix-number/bank code' with the
 * Czech National Bank's weighted check (vyhláška ČNB 169/2011 Sb.: weights 10,5,8,4,2,1 of the prefix and
 * 6,3,7,9,10,5,8,4,2,1 of the number, each sum divisible by 11) and the IBAN (ISO 13616, mod 97 = 1). Both tiers
 * check the same way.
 */

/** A Czech domestic account as typed: '19-2000145399/0800', '2000145399/0800'. */
export interface CzechAccount {
  prefix: string | null;
  number: string;
  bankCode: string;
}

const PREFIX_WEIGHTS = [10, 5, 8, 4, 2, 1];
const NUMBER_WEIGHTS = [6, 3, 7, 9, 10, 5, 8, 4, 2, 1];

const weighted = (digits: string, weights: number[]) =>
  [...digits.padStart(weights.length, "0")].reduce((sum, d, i) => sum + Number(d) * weights[i]!, 0) % 11 === 0;

/** Reads 'prefix-number/bank' (spaces ignored); null when it does not have that shape. */
export function parseCzechAccount(text: string): CzechAccount | null {
  const m = /^(?:(\d{1,6})-)?(\d{2,10})\/(\d{4})$/.exec(text.replace(/\s/g, ""));
  if (!m) return null;
  return { prefix: m[1] && Number(m[1]) !== 0 ? m[1] : null, number: m[2]!, bankCode: m[3]! };
}

/** The weighted checks of the prefix and the number (a number of zeros only is no account). */
export const isValidCzechAccount = (a: CzechAccount): boolean =>
  /[1-9]/.test(a.number) && weighted(a.prefix ?? "", PREFIX_WEIGHTS) && weighted(a.number, NUMBER_WEIGHTS);

export const formatCzechAccount = (a: CzechAccount): string =>
  `${a.prefix ? `${a.prefix}-` : ""}${a.number}/${a.bankCode}`;

/** The remainder mod 97 of a long digit string, a few digits at a time (no big integers needed). */
function mod97(digits: string): number {
  let rest = 0;
  for (let i = 0; i < digits.length; i += 7) rest = Number(`${rest}${digits.slice(i, i + 7)}`) % 97;
  return rest;
}

/** Letters as numbers (A = 10 … Z = 35), the country and check digits moved to the end. */
const ibanDigits = (iban: string) =>
  (iban.slice(4) + iban.slice(0, 4)).replace(/[A-Z]/g, (c) => String(c.charCodeAt(0) - 55));

/** Lengths of the countries the product serves; others only need 15–34 characters. */
const IBAN_LENGTHS: Record<string, number> = { CZ: 24, SK: 24, AT: 20, DE: 22, PL: 28, HU: 28 };

/** An IBAN without spaces, upper case. */
export const compactIban = (text: string): string => text.replace(/\s/g, "").toUpperCase();

export function isValidIban(text: string): boolean {
  const iban = compactIban(text);
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]{11,30}$/.test(iban)) return false;
  const length = IBAN_LENGTHS[iban.slice(0, 2)];
  if (length && iban.length !== length) return false;
  return mod97(ibanDigits(iban)) === 1;
}

/** The IBAN of a Czech account: CZ, two check digits, the bank code, the prefix (6) and the number (10). */
export function czechIban(a: CzechAccount): string {
  const bban = a.bankCode + (a.prefix ?? "").padStart(6, "0") + a.number.padStart(10, "0");
  const check = 98 - mod97(ibanDigits(`CZ00${bban}`));
  return `CZ${String(check).padStart(2, "0")}${bban}`;
}

/** The IBAN printed in groups of four, as banks print it. */
export const groupedIban = (iban: string): string => compactIban(iban).replace(/(.{4})(?=.)/g, "$1 ");
