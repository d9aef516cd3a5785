/**
 * The dashboard's widgets (spec 001 §1 'Dashboard', §9; contract/dashboard.ts). Every figure reads what the database
 * already keeps summed, never millions of rows: bins by the (municipality, state) index, the list totals
 * (list_total), collections' record counts and weights (waste_collection), the year's per-subject and per-waste
 * totals (waste_evidence_total, the fee engine's input), the yards' per-day sums (yard_day_sum), the year's fees
 * and expenditures. Sums are exact numerics sent as text.
 */
import { allOf } from "#contract/all-of";
import { sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { BIN_STATES } from "#contract/waste-evidence-header";
import {
  EVIDENCE_MONTHS,
  LAST_COLLECTION_LIMIT,
  TOP_PRODUCER_LIMIT,
  YARD_WINDOW_DAYS,
  DASHBOARD_WIDGET_PERMISSIONS,
  type Dashboard,
  type DashboardQuery,
  type DashboardWidget,
} from "#contract/dashboard";
import { rowsOf } from "../subject/shared";
import { today } from "../subject/membership";
import { daysBefore, monthBefore } from "#contract/calendar";
import { feeYearOf } from "../fee/list";

async function bins(db: Db, M: number): Promise<NonNullable<Dashboard["bins"]>> {
  const rows = await rowsOf<{ state: string; n: number }>(
    db,
    sql`select state, count(*)::int as n from waste_evidence_header where municipality_id = ${M} group by state`,
  );
  const by = new Map(rows.map((r) => [r.state, Number(r.n)]));
  return BIN_STATES.map((state) => ({ state, count: by.get(state) ?? 0 }));
}

async function listTotals(db: Db, M: number): Promise<{ subjects: number; feePayers: number }> {
  const rows = await rowsOf<{ list: string; total: string }>(
    db,
    sql`select list, total::text from list_total where municipality_id = ${M} and list in ('subject', 'fee_payer')`,
  );
  const of = (list: string) => Number(rows.find((r) => r.list === list)?.total ?? 0);
  return { subjects: of("subject"), feePayers: of("fee_payer") };
}

/** Records of the last six months: the collections' kept counts plus the records of no collection (manual ones). */
async function evidenceMonths(db: Db, M: number, day: string): Promise<NonNullable<Dashboard["evidenceMonths"]>> {
  const first = `${monthBefore(day, EVIDENCE_MONTHS - 1)}-01`;
  const rows = await rowsOf<{ month: string; n: string }>(
    db,
    sql`
    select month, sum(n)::text as n from (
      select to_char(collected_on, 'YYYY-MM') as month, sum(record_count) as n from waste_collection
        where municipality_id = ${M} and collected_on >= ${first}::date and collected_on <= ${day}::date group by 1
      union all
      select to_char(collected_at at time zone 'Europe/Prague', 'YYYY-MM'), count(*) from waste_evidence_record
        where waste_collection_id is null and municipality_id = ${M}
          and collected_at >= (${first}::date::timestamp at time zone 'Europe/Prague') group by 1
    ) s group by month`,
  );
  const by = new Map(rows.map((r) => [r.month, Number(r.n)]));
  return Array.from({ length: EVIDENCE_MONTHS }, (_, i) => {
    const month = monthBefore(day, EVIDENCE_MONTHS - 1 - i);
    return { month, records: by.get(month) ?? 0 };
  });
}

async function yards(db: Db, M: number, day: string): Promise<NonNullable<Dashboard["yards"]>> {
  const from = daysBefore(day, YARD_WINDOW_DAYS - 1);
  const [row] = await rowsOf<{ visits: string; kg: string }>(
    db,
    sql`
    select coalesce(sum(s.visits), 0)::text as visits, coalesce(sum(s.weight_kg), 0)::numeric(16,3)::text as kg
    from yard_day_sum s join collection_yard y on y.id = s.yard_id
    where y.municipality_id = ${M} and s.day between ${from}::date and ${day}::date`,
  );
  return { from, to: day, visits: Number(row?.visits ?? 0), weightKg: row?.kg ?? "0.000" };
}

async function lastCollections(db: Db, M: number): Promise<NonNullable<Dashboard["lastCollections"]>> {
  const rows = await rowsOf<{
    id: number;
    name: string;
    collected_on: string;
    waste_name: string | null;
    record_count: number;
    weight_kg: string | null;
  }>(
    db,
    sql`
    select c.id, c.name, c.collected_on::text, coalesce(wt.name, c.waste_name) as waste_name, c.record_count,
      c.weight_kg::text
    from waste_collection c left join waste_type wt on wt.id = c.waste_type_id
    where c.municipality_id = ${M} and c.state <> 'Discarded'
    order by c.collected_on desc, c.id desc limit ${LAST_COLLECTION_LIMIT}`,
  );
  return rows.map((r) => ({
    id: Number(r.id),
    name: r.name,
    collectedOn: r.collected_on,
    wasteName: r.waste_name,
    recordCount: Number(r.record_count),
    weightKg: r.weight_kg,
  }));
}

/**
 * The year's weight by waste type and the sort ratio, from the totals the fee engine reads: one pass, grouped by
 * waste before the names are joined; the ratio is a window over the groups.
 */
async function composition(db: Db, M: number, year: number): Promise<NonNullable<Dashboard["composition"]>> {
  const rows = await rowsOf<{ waste_type_id: number | null; name: string | null; kg: string; ratio: string | null }>(
    db,
    sql`
    with w as (
      select waste_type_id, sum(kg) as kg from waste_evidence_total
      where municipality_id = ${M} and year = ${year} group by waste_type_id
    )
    select w.waste_type_id, wt.name, w.kg::numeric(16,3)::text as kg,
      case when sum(w.kg) over () > 0
        then round(coalesce(sum(w.kg) filter (where wt.sorted) over (), 0) * 100 / sum(w.kg) over (), 2)::text end as ratio
    from w left join waste_type wt on wt.id = w.waste_type_id
    order by w.kg desc, wt.name`,
  );
  return {
    wastes: rows
      .filter((r) => Number(r.kg) > 0)
      .map((r) => ({ wasteTypeId: r.waste_type_id === null ? null : Number(r.waste_type_id), name: r.name, kg: r.kg })),
    sortRatio: rows[0]?.ratio ?? null,
  };
}

async function topProducers(db: Db, M: number, year: number): Promise<NonNullable<Dashboard["topProducers"]>> {
  const rows = await rowsOf<{ subject_id: number; name: string; kg: string; n: string }>(
    db,
    sql`
    select g.subject_id, s.name, g.kg::text, g.n::text from (
      select subject_id, sum(kg)::numeric(16,3) as kg, sum(n) as n from waste_evidence_total
      where municipality_id = ${M} and year = ${year} group by subject_id
      having sum(kg) > 0 order by sum(kg) desc, subject_id limit ${TOP_PRODUCER_LIMIT}
    ) g join subject s on s.id = g.subject_id
    order by g.kg desc, g.subject_id`,
  );
  return rows.map((r) => ({ subjectId: Number(r.subject_id), name: r.name, kg: r.kg, records: Number(r.n) }));
}

/** Collections of the year and the year before by month or quarter: weight in kg, or their records. */
async function comparison(db: Db, M: number, year: number, q: Required<Pick<DashboardQuery, "period" | "measure">>) {
  const unit = q.period === "month" ? sql.raw("month") : sql.raw("quarter");
  const value = q.measure === "weight" ? sql.raw("coalesce(weight_kg, 0)") : sql.raw("record_count");
  const rows = await rowsOf<{ y: number; b: number; v: string }>(
    db,
    sql`
    select extract(year from collected_on)::int as y, extract(${unit} from collected_on)::int as b,
      sum(${value})::text as v
    from waste_collection
    where municipality_id = ${M} and state <> 'Discarded'
      and collected_on >= ${`${year - 1}-01-01`}::date and collected_on <= ${`${year}-12-31`}::date
    group by 1, 2`,
  );
  const of = (y: number, b: number) => rows.find((r) => Number(r.y) === y && Number(r.b) === b)?.v;
  const zero = q.measure === "weight" ? "0.000" : "0";
  return Array.from({ length: q.period === "month" ? 12 : 4 }, (_, i) => ({
    bucket: i + 1,
    current: of(year, i + 1) ?? zero,
    previous: of(year - 1, i + 1) ?? zero,
  }));
}

async function cost(db: Db, M: number, year: number): Promise<NonNullable<Dashboard["cost"]>> {
  const [row] = await rowsOf<{ expenditure: string; prescribed: string; paid: string }>(
    db,
    sql`
    select
      (select coalesce(sum(amount), 0)::numeric(14,2)::text from expenditure
        where municipality_id = ${M} and processed_on between ${`${year}-01-01`}::date and ${`${year}-12-31`}::date)
        as expenditure,
      coalesce(sum(final_fee), 0)::numeric(14,2)::text as prescribed,
      coalesce(sum(final_fee) filter (where paid), 0)::numeric(14,2)::text as paid
    from fee where municipality_id = ${M} and year = ${year} and month is null`,
  );
  return { expenditure: row?.expenditure ?? "0.00", prescribed: row?.prescribed ?? "0.00", paid: row?.paid ?? "0.00" };
}

/**
 * The widgets the user's permissions allow (DASHBOARD_WIDGET_PERMISSIONS), the others null. They are read in
 * parallel: on PostgreSQL each takes a connection of the pool (the answer waits for the slowest, the top producers'
 * grouping, ~60 ms on the bench's large city, instead of the sum, ~140 ms); PGlite answers them in turn.
 */
export async function getDashboard(
  db: Db,
  municipalityId: number,
  q: DashboardQuery,
  permissions: ReadonlySet<string>,
): Promise<Dashboard> {
  const day = today();
  const year = feeYearOf(q.year);
  const period = q.period ?? "month";
  const measure = q.measure ?? "weight";
  const M = municipalityId;
  const may = (w: DashboardWidget) => permissions.has(DASHBOARD_WIDGET_PERMISSIONS[w]);
  const when = <T>(w: DashboardWidget, read: () => Promise<T>): Promise<T | null> =>
    may(w) ? read() : Promise.resolve(null);
  const [totals, widgets] = await Promise.all([
    may("subjects") || may("feePayers") ? listTotals(db, M) : Promise.resolve(null),
    allOf({
      bins: when("bins", () => bins(db, M)),
      evidenceMonths: when("evidenceMonths", () => evidenceMonths(db, M, day)),
      yards: when("yards", () => yards(db, M, day)),
      lastCollections: when("lastCollections", () => lastCollections(db, M)),
      composition: when("composition", () => composition(db, M, year)),
      topProducers: when("topProducers", () => topProducers(db, M, year)),
      comparison: when("comparison", () => comparison(db, M, year, { period, measure })),
      cost: when("cost", () => cost(db, M, year)),
    }),
  ]);
  return {
    year,
    period,
    measure,
    subjects: may("subjects") ? totals!.subjects : null,
    feePayers: may("feePayers") ? totals!.feePayers : null,
    ...widgets,
  };
}
