/**
 * A day typed in the UI ('YYYY-MM-DD') is a Czech day: its bounds are Europe/Prague midnights. One rule for the
 * lists' 'from' and 'to' day filters on timestamp columns and for a day a form sets.
 */
import { gte, lt, type AnyColumn, type SQL } from "drizzle-orm";
import { startOfDay } from "#contract/calendar";

/** 00:00 Europe/Prague of a calendar day. */
export const dayStart = (day: string) => startOfDay(new Date(`${day}T12:00:00Z`));

/** 00:00 Europe/Prague of the day after: the exclusive end of a 'to' filter. */
export function dayAfterStart(day: string): Date {
  const d = new Date(`${day}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + 1);
  return startOfDay(d);
}

/** The conditions of a from/to day filter on a timestamp column: from the first day's start to the last day's end. */
export const withinDays = (column: AnyColumn, from?: string, to?: string): (SQL | undefined)[] => [
  from ? gte(column, dayStart(from)) : undefined,
  to ? lt(column, dayAfterStart(to)) : undefined,
];
