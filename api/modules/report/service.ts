/**
 * Reports (spec 001 §2 'Reports'; contract/report.ts): a period's sums per bin, collection point or waste type, each
 * grouped in SQL (one GROUP BY over the period's records by the (municipality, collected_at) index, one over the
 * period's yard visits), joined to the names, sorted and paged by the database; the totals of every row come with
 * the page as window sums. The CSV (./export.ts) reads the same query a page at a time.
 *
 * What counts: an evidence record (an emptying) not discarded, collected in the period (Prague days), with its
 * acknowledged weight (the weight the dashboard and the fees read); a yard visit of the period with its weight (a
 * collection point's: the visits of its payers on days they were its members, as on its detail) or its wastes'
 * weights (per waste type). A row is there when it has something in the period. A bin's row names its collection
 * point now; the city district is that collection point's (bins, collection points), or the record's collection
 * point (waste types' records) and the visiting payer's collection point on the visit's day (waste types' yard
 * wastes).
 */
import { sql, type SQL } from "drizzle-orm";
import type { Db } from "../../db/client";
import { parseListSort, reportListKeys, type SortKey } from "#contract/lists";
import { formatSubjectAddress } from "#contract/subject";
import type { ReportAnswer, ReportQuery, ReportRow, ReportTotals } from "#contract/report";
import { pageWindow } from "../../lib/paging";
import { rowsOf } from "../subject/shared";
import { reportFilter, type ReportFilter } from "./query";

export interface Row {
  id: number | null;
  name: string | null;
  barcode: string | null;
  plain_code: string | null;
  bin_type_name: string | null;
  bin_volume: number | null;
  waste_name: string | null;
  catalog_code: string | null;
  subject_name: string | null;
  street: string | null;
  conscription_number: string | null;
  street_number: string | null;
  provisional_number: string | null;
  city: string | null;
  district: string | null;
  bins: number | null;
  n: number;
  kg: string;
  visits: number;
  ykg: string;
  total_rows: string;
  total_n: string | null;
  total_kg: string | null;
  total_visits: string | null;
  total_ykg: string | null;
}

/** The period's records (not discarded, collected from the first day's start to the last day's end in Prague). */
const recordsOf = (M: number, f: ReportFilter) => sql`r.municipality_id = ${M} and r.discarded_at is null
  and r.collected_at >= (${f.dateFrom}::date::timestamp at time zone 'Europe/Prague')
  and r.collected_at < ((${f.dateTo}::date + 1)::timestamp at time zone 'Europe/Prague')`;

/** The period's yard visits in the municipality. */
const visitsOf = (M: number, f: ReportFilter) =>
  sql`v.municipality_id = ${M} and v.report_date between ${f.dateFrom}::date and ${f.dateTo}::date`;

/** A membership of the visit's payer valid on the visit's day. */
const MEMBER_ON_VISIT_DAY = sql`m.fee_payer_id = v.fee_payer_id and m.valid_from <= v.report_date
  and (m.valid_to is null or m.valid_to >= v.report_date)`;

const withGeneral = (f: ReportFilter) => f.source !== "yard";
const withYard = (f: ReportFilter) => f.source !== "general" && f.type !== "bin";

/** A grouping that has nothing (the source not asked for): no rows of the same columns. */
const NONE = sql`select null::int as id, 0::int as n, 0::numeric as kg where false`;

/** The collection point's columns (its address is formatted by the register's own rule). */
const PLACE = sql`s.street, s.conscription_number, s.street_number, s.provisional_number, s.city,
  s.city_district as district`;
const NO_BIN = sql`null::text as barcode, null::text as plain_code, null::text as bin_type_name,
  null::int as bin_volume`;
const NO_PLACE = sql`null::text as subject_name, null::text as street, null::text as conscription_number,
  null::text as street_number, null::text as provisional_number, null::text as city`;

/** The records' count and weight per `key` (a column of r). */
const recordSums = (M: number, f: ReportFilter, key: SQL, extra: SQL = sql``) =>
  withGeneral(f)
    ? sql`select ${key} as id, count(*)::int as n, coalesce(sum(r.acknowledged_weight_kg), 0) as kg
        from waste_evidence_record r where ${recordsOf(M, f)} ${extra} group by ${key}`
    : NONE;

/** One row per bin emptied in the period (the bin report has no yard figures). */
function binRows(M: number, f: ReportFilter): SQL {
  return sql`
    with g as (${recordSums(M, f, sql`r.header_id`, sql`and r.header_id is not null`)})
    select h.id, s.name as name, h.barcode, h.plain_code, bt.name as bin_type_name, bt.capacity as bin_volume,
      wt.name as waste_name, wt.catalog_code, s.name as subject_name, ${PLACE}, null::int as bins,
      g.n as g_n, g.kg as g_kg, 0::int as y_n, 0::numeric as y_kg, null::int as visits_total
    from g join waste_evidence_header h on h.id = g.id and h.municipality_id = ${M}
    left join bin_type bt on bt.id = h.bin_type_id
    left join waste_type wt on wt.id = h.waste_type_id
    left join subject s on s.id = h.subject_id
    ${f.district ? sql`where s.city_district = ${f.district}` : sql``}`;
}

/** The first and last year when the period is whole calendar years (the default: this year), else null. */
function wholeYears(f: ReportFilter): [number, number] | null {
  if (!f.dateFrom.endsWith("-01-01") || !f.dateTo.endsWith("-12-31")) return null;
  return [Number(f.dateFrom.slice(0, 4)), Number(f.dateTo.slice(0, 4))];
}

/**
 * The records' count and weight per collection point. Over whole years they are the kept yearly sums of decision
 * 0030 (waste_evidence_total: the same records, not discarded, acknowledged weight, Prague years), ~50,000 rows read
 * instead of ~2 million records for the large city; any other period groups the records.
 */
function subjectRecordSums(M: number, f: ReportFilter): SQL {
  const years = wholeYears(f);
  if (!withGeneral(f) || !years) return recordSums(M, f, sql`r.subject_id`, sql`and r.subject_id is not null`);
  return sql`select subject_id as id, sum(n)::int as n, sum(kg) as kg from waste_evidence_total
    where municipality_id = ${M} and year between ${years[0]} and ${years[1]}
    group by subject_id having sum(n) > 0`;
}

/** One row per collection point with records or yard visits in the period. */
function subjectRows(M: number, f: ReportFilter): SQL {
  // A visit counts once per collection point even when its payer had two memberships there that day.
  const y = withYard(f)
    ? sql`select subject_id as id, count(*)::int as n, sum(kg) as kg from (
          select distinct m.subject_id, v.id, v.total_weight_kg as kg
          from yard_report v join subject_fee_payer m on ${MEMBER_ON_VISIT_DAY} where ${visitsOf(M, f)}
        ) d group by subject_id`
    : NONE;
  return sql`
    with g as (${subjectRecordSums(M, f)}), y as (${y}),
      k as (select id from g union select id from y)
    select s.id, s.name, ${NO_BIN}, null::text as waste_name, null::text as catalog_code,
      null::text as subject_name, ${PLACE}, s.bin_count as bins,
      coalesce(g.n, 0) as g_n, coalesce(g.kg, 0) as g_kg, coalesce(y.n, 0) as y_n, coalesce(y.kg, 0) as y_kg,
      null::int as visits_total
    from k join subject s on s.id = k.id and s.municipality_id = ${M}
    left join g on g.id = k.id left join y on y.id = k.id
    ${f.district ? sql`where s.city_district = ${f.district}` : sql``}`;
}

/** One row per waste type (null: records of no waste type) with records or yard wastes in the period. */
function wasteRows(M: number, f: ReportFilter): SQL {
  const inDistrict = (subjectId: SQL) =>
    sql`${subjectId} in (select id from subject where municipality_id = ${M} and city_district = ${f.district!})`;
  const g = recordSums(M, f, sql`r.waste_type_id`, f.district ? sql`and ${inDistrict(sql`r.subject_id`)}` : sql``);
  const y = withYard(f)
    ? sql`select yw.waste_type_id as id, count(distinct v.id)::int as n, sum(x.quantity_kg) as kg,
          grouping(yw.waste_type_id) as whole
        from yard_report v join yard_report_record x on x.yard_report_id = v.id
        join collection_yard_waste yw on yw.id = x.yard_waste_id
        where ${visitsOf(M, f)}
        ${
          f.district
            ? sql`and exists (select 1 from subject_fee_payer m where ${MEMBER_ON_VISIT_DAY}
                and ${inDistrict(sql`m.subject_id`)})`
            : sql``
        }
        group by grouping sets ((yw.waste_type_id), ())`
    : sql`select null::int as id, 0::int as n, 0::numeric as kg, 0 as whole where false`;
  // A visit that brought two wastes is in both rows; the grand total (the empty grouping set) counts it once.
  return sql`
    with g as (${g}), ya as (${y}), y as (select * from ya where whole = 0),
      k as (select id from g union select id from y)
    select k.id, wt.name, ${NO_BIN}, wt.name as waste_name, wt.catalog_code, ${NO_PLACE},
      null::text as district, null::int as bins,
      coalesce(g.n, 0) as g_n, coalesce(g.kg, 0) as g_kg, coalesce(y.n, 0) as y_n, coalesce(y.kg, 0) as y_kg,
      (select n from ya where whole = 1) as visits_total
    from k left join waste_type wt on wt.id = k.id
    left join g on g.id is not distinct from k.id left join y on y.id is not distinct from k.id`;
}

const ROWS = { bin: binRows, subject: subjectRows, waste: wasteRows };

/** What each sort key orders by; a key the type has no column for orders by name. */
const SORTS: Record<SortKey<typeof reportListKeys>, string> = {
  name: "name",
  code: "barcode",
  district: "district",
  records: "g_n",
  weight: "g_kg",
  yardVisits: "y_n",
  yardWeight: "y_kg",
};
const TYPE_SORTS = {
  bin: ["name", "code", "district", "records", "weight"],
  subject: ["name", "district", "records", "weight", "yardVisits", "yardWeight"],
  waste: ["name", "records", "weight", "yardVisits", "yardWeight"],
} as const;

function orderOf(f: ReportFilter): SQL {
  const asked = parseListSort(reportListKeys, f.sort);
  const key = (TYPE_SORTS[f.type] as readonly string[]).includes(asked.key) ? asked.key : "name";
  const dir = asked.desc && key === asked.key ? "desc" : "asc";
  // Names sort with their empty ones last; the id keeps every page's order the same.
  return sql.raw(`${SORTS[key]} ${dir} nulls last, name asc nulls last, barcode asc nulls last, id asc nulls last`);
}

/** The report's rows in their order, `limit` from `offset`, with the totals over every row. */
export async function reportRows(
  db: Db,
  M: number,
  f: ReportFilter,
  page: { limit: number; offset: number },
): Promise<Row[]> {
  return rowsOf<Row>(
    db,
    sql`
    select q.*, g_n as n, g_kg::numeric(16,3)::text as kg, y_n as visits, y_kg::numeric(16,3)::text as ykg,
      count(*) over () as total_rows, sum(g_n) over () as total_n,
      (sum(g_kg) over ())::numeric(16,3)::text as total_kg, coalesce(max(visits_total) over (), sum(y_n) over ()) as total_visits,
      (sum(y_kg) over ())::numeric(16,3)::text as total_ykg
    from (${ROWS[f.type](M, f)}) q
    order by ${orderOf(f)}
    limit ${page.limit} offset ${page.offset}`,
  );
}

export function rowOf(r: Row): ReportRow {
  const place = r.street !== null || r.city !== null || r.conscription_number !== null || r.street_number !== null;
  return {
    id: r.id === null ? null : Number(r.id),
    name: r.name,
    barcode: r.barcode,
    plainCode: r.plain_code,
    binTypeName: r.bin_type_name,
    binVolume: r.bin_volume === null ? null : Number(r.bin_volume),
    wasteName: r.waste_name,
    catalogCode: r.catalog_code,
    subjectName: r.subject_name,
    address:
      place || r.provisional_number !== null ? formatSubjectAddress({ ...placeOf(r), cityDistrict: null }) : null,
    district: r.district,
    bins: r.bins === null ? null : Number(r.bins),
    records: Number(r.n),
    weightKg: r.kg,
    yardVisits: Number(r.visits),
    yardWeightKg: r.ykg,
  };
}

const placeOf = (r: Row) => ({
  street: r.street,
  conscriptionNumber: r.conscription_number,
  streetNumber: r.street_number,
  provisionalNumber: r.provisional_number,
  city: r.city,
});

const ZERO_TOTALS: ReportTotals = { records: 0, weightKg: "0.000", yardVisits: 0, yardWeightKg: "0.000" };

export function totalsOf(r: Row | undefined): ReportTotals {
  if (!r) return ZERO_TOTALS;
  return {
    records: Number(r.total_n ?? 0),
    weightKg: r.total_kg ?? "0.000",
    yardVisits: Number(r.total_visits ?? 0),
    yardWeightKg: r.total_ykg ?? "0.000",
  };
}

/** GET municipality/{id}/report: one page of the report and the totals of all its rows. */
export async function getReport(
  db: Db,
  municipalityId: number,
  q: ReportQuery,
  permissions: readonly string[],
): Promise<ReportAnswer> {
  const f = reportFilter(q, permissions);
  const window = pageWindow(q);
  const rows = await reportRows(db, municipalityId, f, window);
  // A page past the end has no row to carry the totals: the first row tells them.
  const carrier =
    rows[0] ?? (window.offset > 0 ? (await reportRows(db, municipalityId, f, { limit: 1, offset: 0 }))[0] : undefined);
  return {
    items: rows.map(rowOf),
    total: Number(carrier?.total_rows ?? 0),
    totals: totalsOf(carrier),
    type: f.type,
    source: f.source,
    dateFrom: f.dateFrom,
    dateTo: f.dateTo,
  };
}

/** GET municipality/{id}/report/options: the city districts of the municipality's collection points. */
export async function reportOptions(db: Db, municipalityId: number): Promise<{ districts: string[] }> {
  const rows = await rowsOf<{ d: string }>(
    db,
    sql`select distinct city_district as d from subject
      where municipality_id = ${municipalityId} and city_district is not null and city_district <> ''
      order by 1`,
  );
  return { districts: rows.map((r) => r.d) };
}
