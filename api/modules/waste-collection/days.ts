/** The Prague calendar day of an instant, and a day's bounds, without an Intl call per row (row-values.ts caches). */
import { pragueInstant, pragueOffsetAt } from "./row-values";

/** 'YYYY-MM-DD' of the instant (an ISO string) in Europe/Prague. */
export function pragueDay(iso: string): string {
  // Prague is UTC+1 or +2: before 22:00 UTC its day is the UTC day (a 500,000-row file asks this several times a row).
  if (iso.length === 24 && iso.charCodeAt(23) === 90 /* Z */ && iso.charCodeAt(10) === 84 /* T */) {
    const hour = (iso.charCodeAt(11) - 48) * 10 + iso.charCodeAt(12) - 48;
    if (hour >= 0 && hour < 22) return iso.slice(0, 10);
  }
  const instant = Date.parse(iso);
  return new Date(instant + pragueOffsetAt(instant)).toISOString().slice(0, 10);
}

const bounds = new Map<string, { from: string; to: string }>();

/** The first instant of the day and of the next one (ISO strings). */
export function pragueDayBounds(day: string): { from: string; to: string } {
  let b = bounds.get(day);
  if (!b) {
    const [y, m, d] = day.split("-").map(Number) as [number, number, number];
    b = {
      from: new Date(pragueInstant(y, m, d, 0, 0, 0, 0)).toISOString(),
      to: new Date(pragueInstant(y, m, d + 1, 0, 0, 0, 0)).toISOString(),
    };
    if (bounds.size > 10_000) bounds.clear();
    bounds.set(day, b);
  }
  return b;
}
