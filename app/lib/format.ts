/**
 * Display and formatting rules of spec 000 §9 "Display and formatting" (and the plural rule of spec 001 §9); the
 * calendar (Europe/Prague days, ranges, dates as text) is contract/calendar.ts, shared with the API.
 *
 * Isomorphic: runs in the browser and in Node 20 (no Node-only APIs). Intl is used for what it does exactly
 * (decimal rounding, Czech/Slovak/English relative-time words, Europe/Prague wall clock); separators and
 * layouts are assembled by hand so that the output is the same everywhere:
 *   - thousands separator: a regular space U+0020 (never NBSP), grouping applies from 4 digits on ('1 234');
 *   - decimal separator: a comma;
 *   - minus sign: '-' (U+002D); a value that rounds to zero is never shown as '-0'.
 * Rounding is half away from zero on the value's shortest decimal form (1.005 → '1,01'). Decimal strings
 * (numeric columns from the API, e.g. "1234.505") are formatted exactly, without a trip through a float.
 *
 * A missing value (null, undefined, '', NaN, ±Infinity, unparsable text) formats to '' — except the
 * coefficient, which the spec shows as '-'.
 */
import { parseApiDate, resolveLocale, type AppLocale, type DateInput } from "#contract/calendar";

/** What every formatter returns for a missing value (the coefficient has its own '-', spec 000 §9). */
export const EMPTY = "";
/** Shown for a missing coefficient (spec 000 §9: "or '-' if null"). */
export const NO_COEFFICIENT = "-";

type NumericInput = number | string | null | undefined;

// ---------------------------------------------------------------------------------------------------------
// Numbers
// ---------------------------------------------------------------------------------------------------------

const DECIMAL_TEXT = /^[+-]?\d+(?:[.,]\d+)?$/;

/** A finite number or an exact decimal string ready for Intl, or null when there is nothing to show. */
function toNumeric(value: NumericInput): number | `${number}` | null {
  if (value === null || value === undefined) return null;
  if (typeof value === "number") return Number.isFinite(value) ? value : null;
  const text = value.trim();
  if (text === "") return null;
  if (DECIMAL_TEXT.test(text)) return text.replace(",", ".") as `${number}`;
  const parsed = Number(text);
  return Number.isFinite(parsed) ? parsed : null;
}

function toFiniteNumber(value: NumericInput): number | null {
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
function layoutDecimal(value: number | `${number}`, minDecimals: number, maxDecimals: number): string {
  const plain = decimalFormatter(minDecimals, maxDecimals).format(value as number);
  const negative = plain.startsWith("-");
  const [integer, fraction] = (negative ? plain.slice(1) : plain).split(".");
  const grouped = groupThousands(integer);
  return `${negative ? "-" : ""}${grouped}${fraction ? `,${fraction}` : ""}`;
}

export interface NumberFormatOptions {
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
// Currency (spec 000 §9: "CZK (Kč) for country code CZ, otherwise EUR (€, up to 3 decimals)")
// ---------------------------------------------------------------------------------------------------------

export interface CurrencyInfo {
  code: "CZK" | "EUR";
  symbol: "Kč" | "€";
  /** Decimals always shown. */
  minDecimals: number;
  /** Decimals shown at most (the amount is rounded to this). */
  maxDecimals: number;
}

const CZK: CurrencyInfo = { code: "CZK", symbol: "Kč", minDecimals: 2, maxDecimals: 2 };
const EUR: CurrencyInfo = { code: "EUR", symbol: "€", minDecimals: 2, maxDecimals: 3 };

/** The currency of a municipality's country: CZK for 'CZ' (any case), EUR for every other value, even none. */
export function currencyFor(countryCode: string | null | undefined): CurrencyInfo {
  return countryCode?.trim().toUpperCase() === "CZ" ? { ...CZK } : { ...EUR };
}

/**
 * Money with its symbol after a space: CZ → '1 234,50 Kč' (always 2 decimals);
 * elsewhere → '1 234,50 €', '0,125 €' (2 decimals at least, 3 at most — "up to 3 decimals").
 */
export function formatCurrency(amount: NumericInput, countryCode: string | null | undefined): string {
  const numeric = toNumeric(amount);
  if (numeric === null) return EMPTY;
  const currency = currencyFor(countryCode);
  return `${layoutDecimal(numeric, currency.minDecimals, currency.maxDecimals)} ${currency.symbol}`;
}

// ---------------------------------------------------------------------------------------------------------
// Quantities (spec 000 §9: kg → t and m → km divide by 1000; 1 decimal, decimal comma, ' kg' / ' t' suffix)
// ---------------------------------------------------------------------------------------------------------

export type WeightUnit = "kg" | "t";
export type DistanceUnit = "m" | "km";

/** Decimals shown for weights, distances and durations in hours. */
export const QUANTITY_DECIMALS = 1;

export function kgToTonnes(kg: number): number {
  return kg / 1000;
}

export function metresToKilometres(metres: number): number {
  return metres / 1000;
}

/** A weight given in kg, shown in kg ('1 234,6 kg') or converted to tonnes ('1,2 t'). */
export function formatWeight(kg: NumericInput, unit: WeightUnit = "kg"): string {
  const value = unit === "t" ? toFiniteNumber(kg) : toNumeric(kg);
  if (value === null) return EMPTY;
  const shown = unit === "t" ? kgToTonnes(value as number) : value;
  return `${layoutDecimal(shown, QUANTITY_DECIMALS, QUANTITY_DECIMALS)} ${unit}`;
}

/** A distance given in metres, shown in m ('850,0 m') or converted to km ('12,3 km'). */
export function formatDistance(metres: NumericInput, unit: DistanceUnit = "km"): string {
  const value = unit === "km" ? toFiniteNumber(metres) : toNumeric(metres);
  if (value === null) return EMPTY;
  const shown = unit === "km" ? metresToKilometres(value as number) : value;
  return `${layoutDecimal(shown, QUANTITY_DECIMALS, QUANTITY_DECIMALS)} ${unit}`;
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

// ---------------------------------------------------------------------------------------------------------
// Durations (spec 000 §9: seconds shown as hours; collection time as h:mm, minutes rounded to 30 seconds)
// ---------------------------------------------------------------------------------------------------------

/** Seconds shown as hours with 1 decimal: 5400 → '1,5 h', 3600 → '1,0 h'. */
export function formatDurationHours(seconds: NumericInput): string {
  const value = toFiniteNumber(seconds);
  if (value === null) return EMPTY;
  return `${layoutDecimal(value / 3600, QUANTITY_DECIMALS, QUANTITY_DECIMALS)} h`;
}

/**
 * Seconds shown as 'h:mm'. The minutes are rounded at 30 seconds: 29 s and less round down, 30 s and more
 * round up (3629 → '1:00', 3630 → '1:01'). Hours are not wrapped at 24 ('25:00'). Negative → '-0:05'.
 */
export function formatCollectionTime(seconds: NumericInput): string {
  const value = toFiniteNumber(seconds);
  if (value === null) return EMPTY;
  const totalMinutes = Math.floor((Math.abs(value) + 30) / 60);
  const hours = Math.floor(totalMinutes / 60);
  const minutes = totalMinutes % 60;
  const sign = value < 0 && totalMinutes > 0 ? "-" : "";
  return `${sign}${hours}:${String(minutes).padStart(2, "0")}`;
}

// ---------------------------------------------------------------------------------------------------------
// Relative time (spec 000 §9: "from seconds to years, with the Czech prefix 'před'")
// ---------------------------------------------------------------------------------------------------------

const relativeFormatters = new Map<AppLocale, Intl.RelativeTimeFormat>();

function relativeFormatter(locale: AppLocale): Intl.RelativeTimeFormat {
  let formatter = relativeFormatters.get(locale);
  if (!formatter) {
    formatter = new Intl.RelativeTimeFormat(locale, { numeric: "always", style: "long" });
    relativeFormatters.set(locale, formatter);
  }
  return formatter;
}

const MINUTE = 60;
const HOUR = 3600;
const DAY = 86400;

/**
 * How long ago (or until) `date` is, as seen at `now`: 'před 30 sekundami', 'před 5 minutami', 'před 2 hodinami',
 * 'před 3 dny', 'před 2 měsíci', 'před 3 lety' (sk: 'pred 5 minútami', en: '5 minutes ago').
 * Units: seconds < 1 min ≤ minutes < 1 h ≤ hours < 1 day ≤ days < 30 days ≤ months (30 days) < 365 days ≤ years
 * (365 days). Counts are truncated (5 min 59 s → 5 minutes). The same instant counts as past ('před 0 sekundami');
 * a future date reads 'za …'. Locales other than sk/en fall back to cs. Invalid dates → ''.
 */
export function formatRelativeTime(date: DateInput, now: DateInput = new Date(), locale: string = "cs"): string {
  const then = parseApiDate(date);
  const reference = parseApiDate(now);
  if (!then || !reference) return EMPTY;
  const diffSeconds = (then.getTime() - reference.getTime()) / 1000;
  const future = diffSeconds > 0;
  const abs = Math.abs(diffSeconds);

  let unit: Intl.RelativeTimeFormatUnit;
  let count: number;
  if (abs < MINUTE) [unit, count] = ["second", Math.floor(abs)];
  else if (abs < HOUR) [unit, count] = ["minute", Math.floor(abs / MINUTE)];
  else if (abs < DAY) [unit, count] = ["hour", Math.floor(abs / HOUR)];
  else if (abs < 30 * DAY) [unit, count] = ["day", Math.floor(abs / DAY)];
  else if (abs < 365 * DAY) [unit, count] = ["month", Math.floor(abs / (30 * DAY))];
  else [unit, count] = ["year", Math.floor(abs / (365 * DAY))];

  // -0 keeps the past wording ('před 0 sekundami'); +0 would read 'za 0 sekund'.
  const signed = future ? count : -count;
  return relativeFormatter(resolveLocale(locale))
    .format(signed, unit)
    .replace(/[\u00a0\u202f]/g, " ");
}

// ---------------------------------------------------------------------------------------------------------
// Identifiers (spec 000 §9: licence plate 3 + rest; zip in threes; phone numbers in threes)
// ---------------------------------------------------------------------------------------------------------

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

// ---------------------------------------------------------------------------------------------------------
// Colours (spec 000 §9: "Text colour is dark when luminance is above 125")
// ---------------------------------------------------------------------------------------------------------

/** 0.299R + 0.587G + 0.114B × 1000, in integers so that the 125 boundary is exact (no float noise). */
function luminanceMilli(hex: string | null | undefined): number | null {
  const text = (hex ?? "").trim().replace(/^#/, "");
  let rgb: string;
  if (/^[0-9a-f]{3}$/i.test(text)) rgb = text.replace(/./g, (c) => c + c);
  else if (/^[0-9a-f]{6}([0-9a-f]{2})?$/i.test(text)) rgb = text.slice(0, 6);
  else return null;
  const r = parseInt(rgb.slice(0, 2), 16);
  const g = parseInt(rgb.slice(2, 4), 16);
  const b = parseInt(rgb.slice(4, 6), 16);
  return 299 * r + 587 * g + 114 * b;
}

/** Perceived luminance 0.299R + 0.587G + 0.114B (0–255) of '#rgb', '#rrggbb' or '#rrggbbaa' ('#' optional). */
export function luminance(hex: string | null | undefined): number | null {
  const milli = luminanceMilli(hex);
  return milli === null ? null : milli / 1000;
}

/** Threshold of spec 000 §9: text is dark on a background whose luminance is above 125. */
export const DARK_TEXT_LUMINANCE = 125;

/**
 * Text colour on a background: 'dark' when the luminance is above 125 (strictly), otherwise 'light'.
 * An unreadable colour gives 'dark' (the page background is light).
 */
export function textColorFor(backgroundHex: string | null | undefined): "dark" | "light" {
  const milli = luminanceMilli(backgroundHex);
  if (milli === null) return "dark";
  return milli > DARK_TEXT_LUMINANCE * 1000 ? "dark" : "light";
}

// ---------------------------------------------------------------------------------------------------------
// Plurals (spec 001 §9: "Plural forms split at 1, 2 to 4 and 5 or more")
// ---------------------------------------------------------------------------------------------------------

export type PluralCategory = "one" | "few" | "many";
export type PluralForms = readonly [one: string, few: string, many: string];

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
