/**
 * Numbers of spec 000 §9: the shared number layout, plain numbers and coefficients (percent).
 *
 * Intl is used for what it does exactly (decimal rounding); separators and layouts are assembled by hand so that
 * the output is the same in the browser and in Node:
 *   - thousands separator: a regular space U+0020 (never NBSP), grouping applies from 4 digits on ('1 234');
 *   - decimal separator: a comma;
 *   - minus sign: '-' (U+002D); a value that rounds to zero is never shown as '-0'.
 * Rounding is half away from zero on the value's shortest decimal form (1.005 → '1,01'). Decimal strings
 * (numeric columns from the API, e.g. "1234.505") are formatted exactly, without a trip through a float.
 */

/** What every formatter returns for a missing value (the coefficient has its own '-', spec 000 §9). */
export const EMPTY = "";
/** Shown for a missing coefficient (spec 000 §9: "or '-' if null"). */
const NO_COEFFICIENT = "-";

export type NumericInput = number | string | null | undefined;

const DECIMAL_TEXT = /^[+-]?\d+(?:[.,]\d+)?$/;

/** A finite number or an exact decimal string ready for Intl, or null when there is nothing to show. */
export function toNumeric(value: NumericInput): number | `${number}` | null {
  if (value === null || value === undefined) return null;
  if (typeof value === "number") return Number.isFinite(value) ? value : null;
  const text = value.trim();
  if (text === "") return null;
  if (DECIMAL_TEXT.test(text)) return text.replace(",", ".") as `${number}`;
  const parsed = Number(text);
  return Number.isFinite(parsed) ? parsed : null;
}

export function toFiniteNumber(value: NumericInput): number | null {
  const numeric = toNumeric(value);
  return numeric === null ? null : Number(numeric);
}

const decimalFormatters = new Map<string, Intl.NumberFormat>();

function decimalFormatter(minDecimals: number, maxDecimals: number): Intl.NumberFormat {
  const key = `${minDecimals}:${maxDecimals}`;
  let formatter = decimalFormatters.get(key);
  if (!formatter) {
    formatter = new Intl.NumberFormat("en-US", {
      useGrouping: false,
      minimumFractionDigits: minDecimals,
      maximumFractionDigits: maxDecimals,
      roundingMode: "halfExpand",
      // '-0,00' never appears: a negative value that rounds to zero is shown unsigned.
      signDisplay: "negative",
    } as Intl.NumberFormatOptions);
    decimalFormatters.set(key, formatter);
  }
  return formatter;
}

/** Groups the digits of an integer part in threes from the right with regular spaces: '1234567' → '1 234 567'. */
function groupThousands(digits: string): string {
  return digits.replace(/\B(?=(\d{3})+(?!\d))/g, " ");
}

/** Core number layout of spec 000 §9: space-separated thousands and a decimal comma. */
export function layoutDecimal(value: number | `${number}`, minDecimals: number, maxDecimals: number): string {
  const plain = decimalFormatter(minDecimals, maxDecimals).format(value as number);
  const negative = plain.startsWith("-");
  const [integer, fraction] = (negative ? plain.slice(1) : plain).split(".");
  const grouped = groupThousands(integer);
  return `${negative ? "-" : ""}${grouped}${fraction ? `,${fraction}` : ""}`;
}

interface NumberFormatOptions {
  /** Fixed number of decimals (sets both the minimum and the maximum). */
  decimals?: number;
  /** Minimum decimals (default 0). */
  minDecimals?: number;
  /** Maximum decimals (default 3, like Intl's default). */
  maxDecimals?: number;
}

/**
 * A plain number: '1 234 567,5' (spec 000 §9: thousands separated by spaces, decimal comma).
 * Without options it shows 0 to 3 decimals; `{ decimals: 2 }` fixes the count.
 */
export function formatNumber(value: NumericInput, options: NumberFormatOptions = {}): string {
  const numeric = toNumeric(value);
  if (numeric === null) return EMPTY;
  const min = options.decimals ?? options.minDecimals ?? 0;
  const max = Math.max(min, options.decimals ?? options.maxDecimals ?? 3);
  return layoutDecimal(numeric, min, max);
}

// ---------------------------------------------------------------------------------------------------------
// Coefficient (spec 000 §9: "shown as a percent, or '-' if null")
// ---------------------------------------------------------------------------------------------------------

/**
 * A coefficient is a FRACTION (1 = 100 %): 0.85 → '85 %', 0.8525 → '85,25 %', 1.2 → '120 %'.
 * Up to 2 decimals of a percent; a regular space before '%' (Czech typography). null/undefined → '-'.
 */
export function formatCoefficient(value: NumericInput): string {
  const fraction = toFiniteNumber(value);
  if (fraction === null) return NO_COEFFICIENT;
  // toPrecision(15) drops float noise such as 0.285 * 100 = 28.499999999999996 before rounding.
  const percent = Number((fraction * 100).toPrecision(15));
  return `${layoutDecimal(percent, 0, 2)} %`;
}
