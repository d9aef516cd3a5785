/**
 * The calendar of spec 000 §9 (dates shown and bucketed in Europe/Prague, API strings without a zone are UTC, the
 * year selector and the date-range quick links) and dates as text. Isomorphic: the web and the API (e-mails, PDF
 * letters, "today" in SQL filters) use the same rules. Numbers and other display rules are app/lib/format.ts.
 */

export type AppLocale = "cs" | "sk" | "en";

/** All dates are shown and bucketed in this zone (architecture guide: "the UI shows Europe/Prague"). */
export const APP_TIME_ZONE = "Europe/Prague";

/** cs, sk or en from a locale tag ('sk-SK' → sk); anything else is cs. */
export function resolveLocale(locale: string | null | undefined): AppLocale {
  const lang = (locale ?? "").toLowerCase().slice(0, 2);
  return lang === "sk" || lang === "en" ? lang : "cs";
}

// ---------------------------------------------------------------------------------------------------------
// Dates (spec 000 §9: date helpers, year selector, UTC for strings without Z, quick links; shown in Europe/Prague)
// ---------------------------------------------------------------------------------------------------------

export type DateInput = Date | string | number | null | undefined;

export interface DateRange {
  /** First instant of the range (00:00:00.000 Europe/Prague). */
  from: Date;
  /** Last instant of the range (23:59:59.999 Europe/Prague), inclusive. */
  to: Date;
}

export type QuickLinkKey = "currentYear" | "year" | "currentMonth" | "lastMonth" | "currentWeek" | "lastQuarter";

export interface QuickLink extends DateRange {
  key: QuickLinkKey;
}

const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;
const HAS_ZONE = /(?:Z|[+-]\d{2}(?::?\d{2})?)$/i;

/**
 * Parses an API timestamp. A string without a trailing 'Z' or UTC offset is UTC (spec 000 §9):
 * '2026-11-22T10:00:00' → 2026-11-22T10:00:00Z. A date only ('2026-11-22') is UTC midnight. A space instead of
 * 'T' is accepted. Dates pass through, numbers are epoch milliseconds. Empty or invalid → null.
 */
export function parseApiDate(value: DateInput): Date | null {
  if (value === null || value === undefined) return null;
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value;
  if (typeof value === "number") return Number.isFinite(value) ? new Date(value) : null;
  const text = value.trim();
  if (text === "") return null;
  const dateOnly = DATE_ONLY.exec(text);
  let iso: string;
  if (dateOnly) iso = `${text}T00:00:00Z`;
  else {
    iso = text.replace(" ", "T");
    if (!HAS_ZONE.test(iso)) iso += "Z";
  }
  const parsed = new Date(iso);
  return Number.isNaN(parsed.getTime()) ? null : parsed;
}

function toDate(value: DateInput): Date | null {
  return parseApiDate(value);
}

interface WallClock {
  year: number;
  /** 0-based month, as in Date. */
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

const pragueParts = new Intl.DateTimeFormat("en-US", {
  timeZone: APP_TIME_ZONE,
  hourCycle: "h23",
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
  second: "2-digit",
});

/** The Europe/Prague wall clock of an instant. */
function pragueWallClock(instant: number): WallClock {
  const parts: Record<string, number> = {};
  for (const part of pragueParts.formatToParts(new Date(instant))) {
    if (part.type !== "literal") parts[part.type] = Number(part.value);
  }
  return {
    year: parts.year,
    month: parts.month - 1,
    day: parts.day,
    hour: parts.hour % 24,
    minute: parts.minute,
    second: parts.second,
  };
}

/** Offset of Europe/Prague from UTC at an instant, in milliseconds (+1 h in winter, +2 h in summer). */
function pragueOffset(instant: number): number {
  const w = pragueWallClock(instant);
  const wallAsUtc = Date.UTC(w.year, w.month, w.day, w.hour, w.minute, w.second);
  const wholeSecond = instant - (((instant % 1000) + 1000) % 1000);
  return wallAsUtc - wholeSecond;
}

/** The instant of a Europe/Prague wall time. Out-of-range fields roll over as in Date.UTC (day 0 = last of previous month). */
function pragueTime(year: number, month: number, day: number, hour = 0, minute = 0, second = 0, ms = 0): Date {
  const asUtc = Date.UTC(year, month, day, hour, minute, second, ms);
  // Guess with the offset at the wall time read as UTC, then correct with the offset at the guessed instant
  // (differs only within hours of a DST change; midnight and 23:59 in Prague are never skipped or doubled).
  const guess = asUtc - pragueOffset(asUtc);
  return new Date(asUtc - pragueOffset(guess));
}

const startOfDayAt = (y: number, m: number, d: number) => pragueTime(y, m, d);
const endOfDayAt = (y: number, m: number, d: number) => pragueTime(y, m, d, 23, 59, 59, 999);

/** The wall clock in Europe/Prague (year, month, day, hour, …) at an instant. */
export function wallOf(date: Date): WallClock {
  return pragueWallClock(date.getTime());
}

/**
 * Whether a 'YYYY-MM-DD' text names a day the calendar has ('2026-02-30' does not): the one check of the contract's
 * date fields and the lists' date filters.
 */
export function isCalendarDay(v: string): boolean {
  return !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v);
}

/** Calendar date in Europe/Prague as 'YYYY-MM-DD' (for URL search params and API filters). */
export function toIsoDate(date: Date): string {
  const w = wallOf(date);
  return `${w.year}-${String(w.month + 1).padStart(2, "0")}-${String(w.day).padStart(2, "0")}`;
}

export function startOfDay(date: Date): Date {
  const w = wallOf(date);
  return startOfDayAt(w.year, w.month, w.day);
}

export function endOfDay(date: Date): Date {
  const w = wallOf(date);
  return endOfDayAt(w.year, w.month, w.day);
}

/** Monday 00:00 of the week (weeks start on Monday; a Sunday belongs to the week that began six days before). */
export function startOfWeek(date: Date): Date {
  const w = wallOf(date);
  const mondayIndex = (new Date(Date.UTC(w.year, w.month, w.day)).getUTCDay() + 6) % 7;
  return startOfDayAt(w.year, w.month, w.day - mondayIndex);
}

/** Sunday 23:59:59.999 of the week. */
export function endOfWeek(date: Date): Date {
  const w = wallOf(date);
  const mondayIndex = (new Date(Date.UTC(w.year, w.month, w.day)).getUTCDay() + 6) % 7;
  return endOfDayAt(w.year, w.month, w.day - mondayIndex + 6);
}

export function startOfMonth(date: Date): Date {
  const w = wallOf(date);
  return startOfDayAt(w.year, w.month, 1);
}

export function endOfMonth(date: Date): Date {
  const w = wallOf(date);
  return endOfDayAt(w.year, w.month + 1, 0);
}

/** Quarters are Jan–Mar, Apr–Jun, Jul–Sep, Oct–Dec. */
export function startOfQuarter(date: Date): Date {
  const w = wallOf(date);
  return startOfDayAt(w.year, Math.floor(w.month / 3) * 3, 1);
}

export function endOfQuarter(date: Date): Date {
  const w = wallOf(date);
  return endOfDayAt(w.year, Math.floor(w.month / 3) * 3 + 3, 0);
}

export function startOfYear(date: Date): Date {
  return startOfDayAt(wallOf(date).year, 0, 1);
}

export function endOfYear(date: Date): Date {
  return endOfDayAt(wallOf(date).year, 11, 31);
}

/** The most years a "years back" range may reach (spec 000 §9: "years back up to 3"). */
export const MAX_YEARS_BACK = 3;

/**
 * The range from the same calendar day `years` years ago (00:00) to the end of today, in Europe/Prague.
 * 29 February falls back to 28 February in a common year. `years` must be an integer 1–3 (RangeError otherwise).
 */
export function yearsBack(years: number, now: Date = new Date()): DateRange {
  if (!Number.isInteger(years) || years < 1 || years > MAX_YEARS_BACK) {
    throw new RangeError(`yearsBack: years must be an integer from 1 to ${MAX_YEARS_BACK}, got ${years}`);
  }
  const w = wallOf(now);
  const year = w.year - years;
  const lastDay = new Date(Date.UTC(year, w.month + 1, 0)).getUTCDate();
  return { from: startOfDayAt(year, w.month, Math.min(w.day, lastDay)), to: endOfDayAt(w.year, w.month, w.day) };
}

/** How many years the year selector reaches back (spec 000 §9 and 001 §9). */
export const YEAR_OPTIONS_BACK = 10;

/**
 * Years for the year selector: the current year (Europe/Prague) and the 10 before it, both ends INCLUSIVE,
 * newest first — 11 values: 2026 → [2026, 2025, …, 2016].
 */
export function yearOptions(now: Date = new Date()): number[] {
  const current = wallOf(now).year;
  return Array.from({ length: YEAR_OPTIONS_BACK + 1 }, (_, i) => current - i);
}

/**
 * The date-range quick links of spec 000 §9, in this order, each a whole period in Europe/Prague:
 * currentYear (1 Jan – 31 Dec of this year), year (the last full year), currentMonth, lastMonth,
 * currentWeek (Monday – Sunday), lastQuarter (the last full quarter before the current one).
 */
export function dateRangeQuickLinks(now: Date = new Date()): QuickLink[] {
  const w = wallOf(now);
  const quarterStart = Math.floor(w.month / 3) * 3;
  const mondayIndex = (new Date(Date.UTC(w.year, w.month, w.day)).getUTCDay() + 6) % 7;
  return [
    { key: "currentYear", from: startOfDayAt(w.year, 0, 1), to: endOfDayAt(w.year, 11, 31) },
    { key: "year", from: startOfDayAt(w.year - 1, 0, 1), to: endOfDayAt(w.year - 1, 11, 31) },
    { key: "currentMonth", from: startOfDayAt(w.year, w.month, 1), to: endOfDayAt(w.year, w.month + 1, 0) },
    { key: "lastMonth", from: startOfDayAt(w.year, w.month - 1, 1), to: endOfDayAt(w.year, w.month, 0) },
    {
      key: "currentWeek",
      from: startOfDayAt(w.year, w.month, w.day - mondayIndex),
      to: endOfDayAt(w.year, w.month, w.day - mondayIndex + 6),
    },
    { key: "lastQuarter", from: startOfDayAt(w.year, quarterStart - 3, 1), to: endOfDayAt(w.year, quarterStart, 0) },
  ];
}

/**
 * A date in Europe/Prague: cs/sk '22. 11. 2026' (regular spaces), en '22/11/2026' (day first, as in en-GB).
 * Accepts Dates, epoch milliseconds and API strings (parsed with parseApiDate). Missing or invalid → ''.
 */
export function formatDate(value: DateInput, locale: string = "cs"): string {
  const date = toDate(value);
  if (!date) return "";
  const w = wallOf(date);
  return resolveLocale(locale) === "en"
    ? `${String(w.day).padStart(2, "0")}/${String(w.month + 1).padStart(2, "0")}/${w.year}`
    : `${w.day}. ${w.month + 1}. ${w.year}`;
}

/** Date and 24-hour time in Europe/Prague: '22. 11. 2026 11:05' (en '22/11/2026 11:05'). */
export function formatDateTime(value: DateInput, locale: string = "cs"): string {
  const date = toDate(value);
  if (!date) return "";
  const w = wallOf(date);
  return `${formatDate(date, locale)} ${w.hour}:${String(w.minute).padStart(2, "0")}`;
}

const LOCAL_DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/;

/**
 * A Europe/Prague wall time as a datetime-local field holds it ('2026-11-20T07:30', seconds optional) → the instant;
 * null when it is not a real time of the calendar.
 */
export function fromPragueLocal(text: string): Date | null {
  const m = LOCAL_DATE_TIME.exec(text.trim());
  if (!m) return null;
  const [y, mo, d, h, mi, s] = m.slice(1).map((v) => Number(v ?? 0)) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  if (!isCalendarDay(`${m[1]}-${m[2]}-${m[3]}`) || h > 23 || mi > 59 || s > 59) return null;
  return pragueTime(y, mo - 1, d, h, mi, s);
}

/** The instant as a datetime-local field shows it: Europe/Prague wall time 'YYYY-MM-DDTHH:mm'; '' when empty. */
export function toPragueLocal(value: DateInput): string {
  const date = toDate(value);
  if (!date) return "";
  const w = wallOf(date);
  const two = (n: number) => String(n).padStart(2, "0");
  return `${w.year}-${two(w.month + 1)}-${two(w.day)}T${two(w.hour)}:${two(w.minute)}`;
}

/** The calendar day `n` days before a 'YYYY-MM-DD' day (negative n: after). */
export const daysBefore = (day: string, n: number): string =>
  new Date(Date.parse(`${day}T00:00:00Z`) - n * 86_400_000).toISOString().slice(0, 10);

/** 'YYYY-MM' of the month `back` months before the month of a 'YYYY-MM-DD' day. */
export function monthBefore(day: string, back: number): string {
  const [y, m] = day.split("-").map(Number) as [number, number];
  const months = y * 12 + (m - 1) - back;
  return `${Math.floor(months / 12)}-${String((months % 12) + 1).padStart(2, "0")}`;
}
