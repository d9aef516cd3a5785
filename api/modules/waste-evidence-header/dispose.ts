/** The bin's dispose frequency and its monthly dispose counts (the detail's card and its modal). */
import { and, eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { disposeCount } from "../../db/schema";
import type { DisposeFrequencyPeriod } from "#contract/subject";
import type { DisposeCounts } from "#contract/waste-evidence-header";
import { today } from "../subject/membership";
import { findHeader, saveConfiguration } from "./shared";

export async function setDisposeFrequency(
  db: Db,
  municipalityId: number,
  headerId: number,
  body: { period: DisposeFrequencyPeriod; orderedDisposeCount: number; version: number },
  userId: number,
): Promise<{ period: DisposeFrequencyPeriod; orderedDisposeCount: number }> {
  const old = await findHeader(db, municipalityId, headerId);
  const next = { disposePeriod: body.period, orderedDisposeCount: body.orderedDisposeCount };
  await saveConfiguration(db, old, next, body.version, userId);
  return { period: body.period, orderedDisposeCount: body.orderedDisposeCount };
}

/**
 * The dispose count card: months 1–12 of the year. A month's ordered count is its own row's, else the bin's dispose
 * frequency (Month: that count every month; Year: none per month). The ordered total is the months' sum, or the
 * yearly count when the frequency is per year and no month has its own.
 */
export async function getDisposeCounts(
  db: Db,
  municipalityId: number,
  headerId: number,
  year = Number(today().slice(0, 4)),
): Promise<DisposeCounts> {
  const h = await findHeader(db, municipalityId, headerId);
  const rows = await db
    .select()
    .from(disposeCount)
    .where(and(eq(disposeCount.headerId, headerId), eq(disposeCount.year, year)));
  const byMonth = new Map(rows.map((r) => [r.month, r]));
  const period = (h.disposePeriod as DisposeFrequencyPeriod | null) ?? null;
  const monthly = period === "Month" ? h.orderedDisposeCount : null;
  const months = Array.from({ length: 12 }, (_, i) => {
    const r = byMonth.get(i + 1);
    return {
      month: i + 1,
      orderedCount: r?.orderedCount ?? monthly,
      actualCount: r?.actualCount ?? 0,
    };
  });
  const ownOrdered = rows.some((r) => r.orderedCount !== null);
  const ordered =
    period === "Year" && !ownOrdered
      ? (h.orderedDisposeCount ?? 0)
      : months.reduce((s, m) => s + (m.orderedCount ?? 0), 0);
  return {
    year,
    period,
    orderedDisposeCount: h.orderedDisposeCount,
    months,
    totals: { ordered, actual: months.reduce((s, m) => s + m.actualCount, 0) },
  };
}

/** The card's modal: one month's ordered and actual count (the row is created or replaced). */
export async function putDisposeCount(
  db: Db,
  municipalityId: number,
  headerId: number,
  body: { year: number; month: number; orderedCount?: number; actualCount: number },
): Promise<DisposeCounts> {
  await findHeader(db, municipalityId, headerId);
  const values = { orderedCount: body.orderedCount ?? null, actualCount: body.actualCount };
  await db
    .insert(disposeCount)
    .values({ headerId, year: body.year, month: body.month, ...values })
    .onConflictDoUpdate({ target: [disposeCount.headerId, disposeCount.year, disposeCount.month], set: values });
  return getDisposeCounts(db, municipalityId, headerId, body.year);
}
