/**
 * The values of a collection file's cells (docs/collection-import.md): times by the patterns of a CollectionFormat
 * (Europe/Prague local time when the cell has no zone, DST by Intl), decimal numbers with either separator kept exact
 * as digits, and names compared without case, diacritics, spaces or punctuation. Pure and fast: a 500,000-row file
 * goes through here, so patterns are compiled once and the zone's offset is looked up once per UTC hour.
 */
import { APP_TIME_ZONE } from "#contract/calendar";

/** A header name, a fullness word or a vendor state as compared: 'Zem. šířka' → 'zemsirka'. */
export function nameKey(text: string): string {
  return text
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "");
}

// -------------------------------------------------------------------------------------------------------------
// Time

const HOUR_MS = 3_600_000;
const pragueParts = new Intl.DateTimeFormat("en-US", {
  timeZone: APP_TIME_ZONE,
  hourCycle: "h23",
  year: "numeric",
  month: "numeric",
  day: "numeric",
  hour: "numeric",
  minute: "numeric",
  second: "numeric",
});
/** Europe/Prague changes its offset only on whole UTC hours: one Intl call per hour of the file. */
const offsetByHour = new Map<number, number>();

/** The offset of Europe/Prague from UTC at an instant, in milliseconds (Intl, so every historic rule holds). */
export function pragueOffsetAt(instant: number): number {
  const hour = Math.floor(instant / HOUR_MS);
  const known = offsetByHour.get(hour);
  if (known !== undefined) return known;
  const at = hour * HOUR_MS;
  const p: Record<string, number> = {};
  for (const part of pragueParts.formatToParts(new Date(at))) if (part.type !== "literal") p[part.type] = +part.value;
  const offset = Date.UTC(p.year!, p.month! - 1, p.day!, p.hour! % 24, p.minute!, p.second!) - at;
  if (offsetByHour.size > 100_000) offsetByHour.clear();
  offsetByHour.set(hour, offset);
  return offset;
}

/**
 * The instant of a Europe/Prague wall time, as Temporal's 'compatible' disambiguation: a time that occurs twice
 * (the autumn hour 2:00–2:59) is the earlier one (still summer time); a time that does not exist (the spring hour
 * 2:00–2:59) is moved forward by the gap (2:30 → 3:30 summer time). Month is 1-based.
 */
export function pragueInstant(y: number, mo: number, d: number, h: number, mi: number, s: number, ms: number): number {
  const wall = Date.UTC(y, mo - 1, d, h, mi, s, ms);
  // Every wall time of one wall-clock hour gets the same offset (the changes are on whole hours).
  const wallHour = Math.floor(wall / HOUR_MS);
  const known = offsetByWallHour.get(wallHour);
  if (known !== undefined) return wall - known;
  const offset = wallOffset(wall);
  if (offsetByWallHour.size > 100_000) offsetByWallHour.clear();
  offsetByWallHour.set(wallHour, offset);
  return wall - offset;
}

const offsetByWallHour = new Map<number, number>();

function wallOffset(wall: number): number {
  // The offsets a day either side of the wall time bracket every candidate (a change is at most one per day).
  const before = pragueOffsetAt(wall - 24 * HOUR_MS);
  const after = pragueOffsetAt(wall + 24 * HOUR_MS);
  const candidates = before === after ? [before] : [Math.max(before, after), Math.min(before, after)];
  // The larger offset gives the earlier instant; the first candidate that reads back as this wall time wins.
  for (const offset of candidates) {
    if (pragueOffsetAt(wall - offset) === offset) return offset;
  }
  // In the gap: read with the offset in force before it, i.e. moved forward by the gap's length.
  return before;
}

interface TimeFields {
  y: number;
  mo: number;
  d: number;
  h: number;
  mi: number;
  s: number;
  ms: number;
  /** Offset in minutes from the cell, or null for local (Europe/Prague) time. */
  zone: number | null;
}

const TOKENS: [string, string, keyof TimeFields | "frac"][] = [
  ["yyyy", "(\\d{4})", "y"],
  ["MM", "(\\d{2})", "mo"],
  ["M", "(\\d{1,2})", "mo"],
  ["dd", "(\\d{2})", "d"],
  ["d", "(\\d{1,2})", "d"],
  ["HH", "(\\d{2})", "h"],
  ["H", "(\\d{1,2})", "h"],
  ["mm", "(\\d{2})", "mi"],
  ["ss", "(\\d{2})", "s"],
  ["SSS", "(\\d{1,9})", "frac"],
  ["XXX", "(Z|[+-]\\d{2}:?\\d{2})", "zone"],
];

export type TimeReader = (text: string) => number | null;

/**
 * Compiles the time patterns of a format (contract/collection-import.ts CollectionFormat.timeFormats) into one
 * reader: the UTC epoch milliseconds of a cell, or null when no pattern matches or the date does not exist
 * (31.4.2026, 25:00). A pattern with bad syntax throws (a mistake in the format's data, caught by the unit tests).
 */
export function compileTimeReader(patterns: readonly string[]): TimeReader {
  const compiled = patterns.map(compileTimePattern);
  return (text) => {
    const value = text.trim();
    for (const read of compiled) {
      const fields = read(value);
      if (fields) return instantOf(fields);
    }
    return null;
  };
}

function compileTimePattern(pattern: string): (text: string) => TimeFields | null {
  const groups: (keyof TimeFields | "frac")[] = [];
  let source = "";
  let depth = 0;
  for (let i = 0; i < pattern.length;) {
    const ch = pattern[i]!;
    if (ch === "[") {
      source += "(?:";
      depth++;
      i++;
      continue;
    }
    if (ch === "]") {
      if (depth === 0) throw new Error(`Time pattern ${pattern}: unbalanced ]`);
      source += ")?";
      depth--;
      i++;
      continue;
    }
    const token = TOKENS.find(([t]) => pattern.startsWith(t, i));
    if (token) {
      source += token[1];
      groups.push(token[2]);
      i += token[0].length;
      continue;
    }
    if (/[a-zA-Z]/.test(ch) && ch !== "T") throw new Error(`Time pattern ${pattern}: unknown letter ${ch}`);
    source += ch === " " ? "\\s+" : ch.replace(/[.*+?^${}()|\\/-]/g, "\\$&");
    i++;
  }
  if (depth !== 0) throw new Error(`Time pattern ${pattern}: unbalanced [`);
  for (const needed of ["y", "mo", "d", "h", "mi"] as const) {
    if (!groups.includes(needed)) throw new Error(`Time pattern ${pattern}: no ${needed}`);
  }
  const regex = new RegExp(`^${source}$`);
  return (text) => {
    const m = regex.exec(text);
    if (!m) return null;
    const f: TimeFields = { y: 0, mo: 0, d: 0, h: 0, mi: 0, s: 0, ms: 0, zone: null };
    for (let k = 0; k < groups.length; k++) {
      const v = m[k + 1];
      const g = groups[k]!;
      if (v === undefined) continue;
      if (g === "frac") f.ms = Math.floor(Number(`0.${v}`) * 1000);
      else if (g === "zone") f.zone = zoneMinutes(v);
      else f[g] = Number(v);
    }
    return f;
  };
}

function zoneMinutes(v: string): number {
  if (v === "Z" || v === "z") return 0;
  const digits = v.slice(1).replace(":", "");
  const minutes = Number(digits.slice(0, 2)) * 60 + Number(digits.slice(2));
  return v[0] === "-" ? -minutes : minutes;
}

function instantOf(f: TimeFields): number | null {
  // The fields must name a real date and time (Date.UTC would roll 31 April over to 1 May).
  if (f.mo < 1 || f.mo > 12 || f.d < 1 || f.h > 23 || f.mi > 59 || f.s > 59) return null;
  if (f.zone !== null && Math.abs(f.zone) > 14 * 60) return null;
  const wall = Date.UTC(f.y, f.mo - 1, f.d, f.h, f.mi, f.s, f.ms);
  if (new Date(wall).getUTCDate() !== f.d) return null;
  return f.zone === null ? pragueInstant(f.y, f.mo, f.d, f.h, f.mi, f.s, f.ms) : wall - f.zone * 60_000;
}

// -------------------------------------------------------------------------------------------------------------
// Numbers

/** A decimal number as read, digits kept: '-12,50' → { negative: true, whole: '12', fraction: '50' }. */
export interface Decimal {
  negative: boolean;
  whole: string;
  fraction: string;
}

const SPACES = /[\s\u00a0\u202f]/;
const SPACES_ALL = /[\s\u00a0\u202f]+/g;
const DECIMAL_POINT = /^([+-]?)(\d*)(?:\.(\d*))?$/;
const DECIMAL_COMMA = /^([+-]?)(\d*)(?:,(\d*))?$/;
const DECIMAL_ANY = /^([+-]?)(\d*)(?:[.,](\d*))?$/;

/**
 * Reads a decimal cell: spaces (thousands groups, also no-break spaces) are ignored, the separator is the format's
 * ('.', ',' or either). Empty → null; anything else that is not a number → undefined.
 */
export function readDecimal(text: string, separator: "." | "," | "any"): Decimal | null | undefined {
  const compact = SPACES.test(text) ? text.replace(SPACES_ALL, "") : text;
  if (compact === "") return null;
  const regex = separator === "." ? DECIMAL_POINT : separator === "," ? DECIMAL_COMMA : DECIMAL_ANY;
  const m = regex.exec(compact);
  if (!m || (m[2] === "" && !m[3])) return undefined;
  return { negative: m[1] === "-", whole: m[2] || "0", fraction: m[3] ?? "" };
}

export const decimalToNumber = (v: Decimal): number =>
  Number(`${v.negative ? "-" : ""}${v.whole}.${v.fraction || "0"}`);

/**
 * The decimal times 10^exponent as an integer, rounded half away from zero, exact (digits, not floats):
 * ('1,2345' kg, 3) → 1235 g. Answers a number, so it must stay within 2^53 (callers bound their values).
 */
export function decimalToScaled(v: Decimal, exponent: number): number {
  const fraction = v.fraction.length > exponent ? v.fraction : v.fraction.padEnd(exponent + 1, "0");
  const digits = `${v.whole}${fraction.slice(0, exponent)}`;
  // Up to 15 digits a Number is exact; beyond, BigInt (then Number: a value past 2^53 is the caller's to refuse).
  let n = digits.length <= 15 ? Number(digits) : Number(BigInt(digits));
  if (fraction.charCodeAt(exponent) >= 53 /* '5' */) n += 1;
  return v.negative && n !== 0 ? -n : n;
}

/**
 * A pattern written out for 2 March 2026 6:15:00 (the example in a message): optional parts with seconds are kept,
 * those with a fraction or a zone left out. 'd.M.yyyy H:mm[:ss]' → '2.3.2026 6:15:00'.
 */
export function timeExample(pattern: string): string {
  const values: Record<string, string> = {
    yyyy: "2026",
    MM: "03",
    M: "3",
    dd: "02",
    d: "2",
    HH: "06",
    H: "6",
    mm: "15",
    ss: "00",
    SSS: "000",
    XXX: "+01:00",
  };
  const plain = pattern.replace(/\[([^[\]]*)\]/g, (_, part: string) => (/SSS|XXX/.test(part) ? "" : part));
  return plain.replace(/yyyy|MM|M|dd|d|HH|H|mm|ss|SSS|XXX/g, (t) => values[t]!);
}
