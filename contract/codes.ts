/**
 * Bin codes (issue 5, docs/decisions/0012). A code has two forms:
 * - the plain code: a number allocated per municipality (1, 2, 3 …), what clerks type;
 * - the barcode: 13 digits = the municipality id (5 digits) + the plain code (7 digits) + a check digit (Luhn),
 *   printed as Code 128 and QR. It is unique in the whole product and names its municipality, so a scanned label of
 *   another municipality is recognised (MunicipalityMismatch) and a mistyped one is caught ('Tento kód neexistuje!').
 */
export const BARCODE_LENGTH = 13;
export const MAX_PLAIN_CODE = 9_999_999;

/** Luhn (mod 10) check digit of a string of digits (barcodes here, virtual waste card codes in the API). */
export function luhnCheckDigit(digits: string): number {
  if (!/^\d+$/.test(digits)) throw new RangeError("luhnCheckDigit: expects digits only");
  let sum = 0;
  // From the right, every first digit (the one next to the future check digit) is doubled.
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 0) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return (10 - (sum % 10)) % 10;
}

export function makeBarcode(municipalityId: number, plainCode: number): string {
  if (!Number.isInteger(municipalityId) || municipalityId < 1 || municipalityId > 99_999)
    throw new Error("municipality id out of range");
  if (!Number.isInteger(plainCode) || plainCode < 1 || plainCode > MAX_PLAIN_CODE)
    throw new Error("plain code out of range");
  const body = String(municipalityId).padStart(5, "0") + String(plainCode).padStart(7, "0");
  return body + String(luhnCheckDigit(body));
}

/** The parts of a well-formed barcode with a correct check digit; null for anything else. */
export function parseBarcode(code: string): { municipalityId: number; plainCode: number } | null {
  const c = code.trim();
  if (!/^\d{13}$/.test(c)) return null;
  if (luhnCheckDigit(c.slice(0, 12)) !== Number(c[12])) return null;
  const municipalityId = Number(c.slice(0, 5));
  const plainCode = Number(c.slice(5, 12));
  return municipalityId > 0 && plainCode > 0 ? { municipalityId, plainCode } : null;
}

/** A typed plain code: 1 to 7 digits (leading zeros allowed). */
export function parsePlainCode(code: string): number | null {
  const c = code.trim();
  if (!/^\d{1,7}$/.test(c)) return null;
  const n = Number(c);
  return n > 0 ? n : null;
}

/** Splits a pasted or scanned list of codes (lines, commas, semicolons, spaces) into distinct codes, in order. */
export function splitCodes(text: string): string[] {
  return [
    ...new Set(
      text
        .split(/[\s,;]+/)
        .map((c) => c.trim())
        .filter(Boolean),
    ),
  ];
}
