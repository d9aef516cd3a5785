/**
 * A collection point's evidence for its detail (spec 001 §2 Collection points: consumption summary 3, 6, 12 months,
 * total and active; ordered versus actual collection counts; waste production; collection history). Read from the
 * records of the subject (index wer_subject_time_idx), discarded ones left out.
 */
import { and, desc, eq, isNull, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { subject, wasteCollection, wasteEvidenceHeader as weh, wasteEvidenceRecord as wer, wasteType } from "../../db/schema";
import { notFound } from "../../lib/errors";
import type { SubjectEvidence } from "#contract/collection";
import { pragueDay } from "./days";

const HISTORY_SHOWN = 10;

export async function subjectEvidence(db: Db, municipalityId: number, subjectId: number): Promise<SubjectEvidence> {
  const [s] = await db
    .select({ id: subject.id })
    .from(subject)
    .where(and(eq(subject.id, subjectId), eq(subject.municipalityId, municipalityId)));
  if (!s) throw notFound("Odběrné místo nebylo nalezeno.");
  const mine = and(eq(wer.subjectId, subjectId), isNull(wer.discardedAt));
  const litres = sql<number>`coalesce(sum(${wer.binVolume} * coalesce(${wer.fullness}, 100) / 100.0), 0)::float`;
  const kg = sql<string | null>`sum(${wer.acknowledgedWeightKg})::text`;
  const since = (months: number) => sql`${wer.collectedAt} >= now() - make_interval(months => ${months})`;
  const period = (filter: ReturnType<typeof sql> | undefined) =>
    db.select({ count: sql<number>`count(*)::int`, litres, weightKg: kg }).from(wer).where(and(mine, filter));
  const today = pragueDay(new Date().toISOString());
  const [m3, m6, m12, total, active, month, year, production, history] = await Promise.all([
    period(since(3)),
    period(since(6)),
    period(since(12)),
    period(undefined),
    // Active: the bins the point has now.
    db
      .select({ count: sql<number>`count(*)::int`, litres, weightKg: kg })
      .from(wer)
      .innerJoin(weh, and(eq(weh.id, wer.headerId), eq(weh.subjectId, subjectId), eq(weh.state, "Assigned")))
      .where(mine),
    db
      .select({ n: sql<number>`count(distinct (${wer.collectedAt} at time zone 'Europe/Prague')::date)::int` })
      .from(wer)
      .where(and(mine, sql`(${wer.collectedAt} at time zone 'Europe/Prague')::date >= ${`${today.slice(0, 7)}-01`}::date`)),
    db
      .select({ n: sql<number>`count(distinct (${wer.collectedAt} at time zone 'Europe/Prague')::date)::int` })
      .from(wer)
      .where(and(mine, sql`(${wer.collectedAt} at time zone 'Europe/Prague')::date >= ${`${today.slice(0, 4)}-01-01`}::date`)),
    db
      .select({ wasteTypeName: wasteType.name, count: sql<number>`count(*)::int`, weightKg: kg })
      .from(wer)
      .leftJoin(wasteType, eq(wasteType.id, wer.wasteTypeId))
      .where(and(mine, since(12)))
      .groupBy(wasteType.name)
      .orderBy(wasteType.name),
    db
      .select({
        id: wer.id,
        collectedAt: wer.collectedAt,
        code: wer.code,
        wasteTypeName: wasteType.name,
        fullness: wer.fullness,
        weightKg: wer.acknowledgedWeightKg,
        collectionId: wer.wasteCollectionId,
        collectionName: wasteCollection.name,
      })
      .from(wer)
      .leftJoin(wasteType, eq(wasteType.id, wer.wasteTypeId))
      .leftJoin(wasteCollection, eq(wasteCollection.id, wer.wasteCollectionId))
      .where(mine)
      .orderBy(desc(wer.collectedAt), desc(wer.id))
      .limit(HISTORY_SHOWN),
  ]);
  const row = (p: "3" | "6" | "12" | "total" | "active", r: { count: number; litres: number; weightKg: string | null }[]) => ({
    period: p,
    count: r[0]?.count ?? 0,
    litres: Math.round(r[0]?.litres ?? 0),
    weightKg: r[0]?.weightKg ?? null,
  });
  return {
    summary: [row("3", m3), row("6", m6), row("12", m12), row("total", total), row("active", active)],
    actual: { month: month[0]?.n ?? 0, year: year[0]?.n ?? 0 },
    production,
    history: history.map((h) => ({ ...h, collectedAt: h.collectedAt.toISOString() })),
  };
}
