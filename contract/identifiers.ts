/**
 * Identifiers (spec 000 §9: licence plate 3 + rest; zip in threes; phone numbers in threes), as the screens show them
 * and the API prints them (payment notices, protocols).
 */

function compact(value: string | null | undefined): string {
  return (value ?? "").replace(/\s+/g, "");
}

function groupFromStart(text: string, size = 3): string {
  return (text.match(new RegExp(`.{1,${size}}`, "g")) ?? []).join(" ");
}

/** Licence plate: spaces removed, upper-cased, then the first 3 characters and the rest: '1ab2345' → '1AB 2345'. */
export function formatLicencePlate(value: string | null | undefined): string {
  const plate = compact(value).toUpperCase();
  return plate.length <= 3 ? plate : `${plate.slice(0, 3)} ${plate.slice(3)}`;
}

/** Zip code: spaces removed, grouped in threes from the start: '11000' → '110 00', '81101' → '811 01'. */
export function formatZip(value: string | number | null | undefined): string {
  return groupFromStart(compact(value === null || value === undefined ? "" : String(value)));
}

/**
 * Phone number. Reading of spec 000 §9 ("grouped in threes: 10 digits with a 4 prefix, and numbers starting with
 * '+' split in threes"), after removing spaces, '-' and '/':
 *   - '+' and digits: '+' then the digits in threes from the start: '+420123456789' → '+420 123 456 789';
 *   - exactly 10 digits: a 4-digit prefix, then threes (Slovak domestic numbers): '0905123456' → '0905 123 456';
 *   - other digit strings: threes from the start: '123456789' → '123 456 789', '420123456789' → '420 123 456 789'
 *     (no '+' is invented);
 *   - anything else (letters, extensions, brackets) is returned trimmed and otherwise unchanged.
 */
export function formatPhone(value: string | null | undefined): string {
  const original = (value ?? "").trim();
  const digits = original.replace(/[\s\-/]+/g, "");
  if (/^\+\d+$/.test(digits)) return `+${groupFromStart(digits.slice(1))}`;
  if (/^\d{10}$/.test(digits)) return `${digits.slice(0, 4)} ${groupFromStart(digits.slice(4))}`;
  if (/^\d+$/.test(digits)) return groupFromStart(digits);
  return original;
}
