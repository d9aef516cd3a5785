/**
 * A yard's statistics (spec 001 §2 Collection yards: 'workload by month, week and day, top visitors and a waste income
 * table'; docs/yards.md): exact SQL sums (numeric kg and money, never floats). The workload and the income read the
 * per-day sums the database keeps on every write (yard_day_sum, yard_day_waste_sum; migration 0028_yard_day_sums), a
 * few hundred rows for a year instead of its visits and their records; the top visitors of a calendar year read
 * the payers' per-year sums (yard_payer_year_sum), other periods sum the visits on the covering (yard, payer) index
 * (a payer comes about 1.4 times a year, so per-day or per-month payer sums would be as many rows as the visits).
 */
import { and, asc, desc, eq, gt, gte, lte, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import {
  collectionYardWaste,
  feePayer,
  wasteType,
  yardDaySum,
  yardDayWasteSum,
  yardPayerYearSum,
  yardReport,
} from "../../db/schema";
import { sumDecimals } from "#contract/yard-fee";
import { feePayerName } from "#contract/fee-payer";
import {
  TOP_VISITOR_LIMIT,
  WORKLOAD_SPAN,
  type WorkloadBucket,
  type YardStatistics,
  type YardStatisticsQuery,
} from "#contract/yard";
import { feePayerNameColumns } from "../fee-payer/shared";
import { today } from "../subject/membership";
import { daysBefore, monthBefore } from "#contract/calendar";
import { findYard } from "./shared";
import { rowsOf } from "../subject/shared";

const STEP: Record<WorkloadBucket, string> = { month: "1 month", week: "7 days", day: "1 day" };

/** The first day of the oldest bucket and of the newest (today's) one. */
export function workloadWindow(bucket: WorkloadBucket, day: string): { first: string; last: string } {
  const span = WORKLOAD_SPAN[bucket];
  if (bucket === "day") return { first: daysBefore(day, span - 1), last: day };
  if (bucket === "week") {
    const weekday = (new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7; // Monday 0
    const monday = daysBefore(day, weekday);
    return { first: daysBefore(monday, 7 * (span - 1)), last: monday };
  }
  return { first: `${monthBefore(day, span - 1)}-01`, last: `${day.slice(0, 7)}-01` };
}

async function workload(db: Db, yardId: number, bucket: WorkloadBucket, day: string) {
  const { first, last } = workloadWindow(bucket, day);
  const step = STEP[bucket];
  // Every bucket of the span (generate_series), its visits joined by range: empty buckets answer 0.
  const rows = await rowsOf<{ start: string; visits: number; weight_kg: string }>(
    db,
    sql`
    select b.start::date::text as start, coalesce(sum(s.visits), 0)::int as visits,
      coalesce(sum(s.weight_kg), 0)::numeric(14,3)::text as weight_kg
    from generate_series(${first}::timestamp, ${last}::timestamp, ${step}::interval) as b(start)
    left join ${yardDaySum} s on s.yard_id = ${yardId}
      and s.day >= b.start::date and s.day < (b.start + ${step}::interval)::date
    group by b.start order by b.start`,
  );
  return rows.map((r) => ({ start: r.start, visits: Number(r.visits), weightKg: r.weight_kg }));
}

/**
 * Whether the period holds exactly one calendar year's visits of the yard: from 1 January to 31 December, or to a
 * day after which the yard has no visit that year (this year so far, the default period) — one index probe.
 */
async function wholeYear(db: Db, yardId: number, from: string, to: string): Promise<number | null> {
  const year = from.slice(0, 4);
  if (from.slice(5) !== "01-01" || to.slice(0, 4) !== year) return null;
  if (to.slice(5) === "12-31") return Number(year);
  const later = await db
    .select({ id: yardReport.id })
    .from(yardReport)
    .where(
      and(eq(yardReport.yardId, yardId), gt(yardReport.reportDate, to), lte(yardReport.reportDate, `${year}-12-31`)),
    )
    .limit(1);
  return later.length ? null : Number(year);
}

async function topVisitors(db: Db, yardId: number, from: string, to: string, by: "visits" | "weight") {
  const year = await wholeYear(db, yardId, from, to);
  // The payers' sums first, the names of the top ten only: a calendar year's from the per-year sums (the ten read
  // in order on an index), another period's summed from its visits on the (yard, payer) index. Weights are ordered
  // as numbers (kg), their text is only shown.
  const top = (() => {
    if (year !== null) {
      const s = yardPayerYearSum;
      return (
        db
          .select({
            feePayerId: s.feePayerId,
            visits: sql<number>`${s.visits}`.as("visits"),
            kg: sql<string>`${s.weightKg}`.as("kg"),
            weightKg: sql<string>`${s.weightKg}::numeric(14,3)::text`.as("weight_kg"),
            fee: sql<string>`${s.fee}::numeric(14,2)::text`.as("fee"),
          })
          .from(s)
          .where(and(eq(s.yardId, yardId), eq(s.year, year)))
          // NULLS LAST as the (yard, year, visits, kg) and (…, kg, visits) indexes are built, so the ten are the
          // first ten index entries rather than a sort of every payer of the year.
          .orderBy(
            ...(by === "visits"
              ? [sql`${s.visits} desc nulls last`, sql`${s.weightKg} desc nulls last`]
              : [sql`${s.weightKg} desc nulls last`, sql`${s.visits} desc nulls last`]),
            asc(s.feePayerId),
          )
          .limit(TOP_VISITOR_LIMIT)
          .as("top")
      );
    }
    const visits = sql<number>`count(*)::int`.as("visits");
    const kg = sql<string>`sum(${yardReport.totalWeightKg})`.as("kg");
    return db
      .select({
        feePayerId: yardReport.feePayerId,
        visits,
        kg,
        weightKg: sql<string>`sum(${yardReport.totalWeightKg})::numeric(14,3)::text`.as("weight_kg"),
        fee: sql<string>`sum(${yardReport.fee})::numeric(14,2)::text`.as("fee"),
      })
      .from(yardReport)
      .where(and(eq(yardReport.yardId, yardId), gte(yardReport.reportDate, from), lte(yardReport.reportDate, to)))
      .groupBy(yardReport.feePayerId)
      .orderBy(...(by === "visits" ? [desc(visits), desc(kg)] : [desc(kg), desc(visits)]), asc(yardReport.feePayerId))
      .limit(TOP_VISITOR_LIMIT)
      .as("top");
  })();
  const rows = await db
    .select({
      feePayerId: top.feePayerId,
      visits: top.visits,
      weightKg: top.weightKg,
      fee: top.fee,
      ...feePayerNameColumns,
    })
    .from(top)
    .innerJoin(feePayer, eq(feePayer.id, top.feePayerId))
    .orderBy(
      ...(by === "visits" ? [desc(top.visits), desc(top.kg)] : [desc(top.kg), desc(top.visits)]),
      asc(top.feePayerId),
    );
  return rows.map((r) => ({
    feePayerId: r.feePayerId,
    feePayerName: feePayerName(r),
    visits: Number(r.visits),
    weightKg: r.weightKg,
    fee: r.fee,
  }));
}

async function income(db: Db, yardId: number, from: string, to: string) {
  const sums = db
    .select({
      yardWasteId: yardDayWasteSum.yardWasteId,
      weightKg: sql<string>`sum(${yardDayWasteSum.weightKg})`.as("weight_kg"),
      feeWithoutVat: sql<string>`sum(${yardDayWasteSum.feeWithoutVat})`.as("fee_without_vat"),
      vat: sql<string>`sum(${yardDayWasteSum.vat})`.as("vat"),
      fee: sql<string>`sum(${yardDayWasteSum.fee})`.as("fee"),
    })
    .from(yardDayWasteSum)
    .where(and(eq(yardDayWasteSum.yardId, yardId), gte(yardDayWasteSum.day, from), lte(yardDayWasteSum.day, to)))
    .groupBy(yardDayWasteSum.yardWasteId)
    .as("sums");
  return db
    .select({
      yardWasteId: collectionYardWaste.id,
      wasteName: wasteType.name,
      catalogCode: wasteType.catalogCode,
      weightKg: sql<string>`coalesce(${sums.weightKg}, 0)::numeric(14,3)::text`,
      feeWithoutVat: sql<string>`coalesce(${sums.feeWithoutVat}, 0)::numeric(14,2)::text`,
      vat: sql<string>`coalesce(${sums.vat}, 0)::numeric(14,2)::text`,
      fee: sql<string>`coalesce(${sums.fee}, 0)::numeric(14,2)::text`,
    })
    .from(collectionYardWaste)
    .innerJoin(wasteType, eq(wasteType.id, collectionYardWaste.wasteTypeId))
    .leftJoin(sums, eq(sums.yardWasteId, collectionYardWaste.id))
    .where(eq(collectionYardWaste.yardId, yardId))
    .orderBy(asc(wasteType.name), asc(collectionYardWaste.id));
}

export async function yardStatistics(
  db: Db,
  municipalityId: number,
  yardId: number,
  q: YardStatisticsQuery,
): Promise<YardStatistics> {
  await findYard(db, municipalityId, yardId);
  const day = today();
  const bucket = q.bucket ?? "month";
  const topBy = q.topBy ?? "visits";
  const dateTo = q.dateTo ?? day;
  const dateFrom = q.dateFrom ?? `${dateTo.slice(0, 4)}-01-01`;
  const [load, top, rows] = await Promise.all([
    workload(db, yardId, bucket, day),
    topVisitors(db, yardId, dateFrom, dateTo, topBy),
    income(db, yardId, dateFrom, dateTo),
  ]);
  const total = (key: "feeWithoutVat" | "vat" | "fee") => sumDecimals(rows.map((r) => r[key]));
  return {
    bucket,
    workload: load,
    dateFrom,
    dateTo,
    topBy,
    topVisitors: top,
    income: rows,
    incomeTotal: {
      weightKg: sumDecimals(
        rows.map((r) => r.weightKg),
        3,
      ),
      feeWithoutVat: total("feeWithoutVat"),
      vat: total("vat"),
      fee: total("fee"),
    },
  };
}
