/** Durations (hours, collection time h:mm) and relative time ('před 5 minutami') of spec 000 §9. */
import { parseApiDate, resolveLocale, type AppLocale, type DateInput } from "#contract/calendar";
import { EMPTY, layoutDecimal, toFiniteNumber, type NumericInput } from "./numbers";
import { QUANTITY_DECIMALS } from "./quantities";

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
