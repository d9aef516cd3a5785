/**
 * The distribution centres' chart (spec 001 §2 'list with charts (weekly or monthly; served and unserved collection
 * points)'; docs/distribution-centres.md): per bucket, the collection points served — with a report in the bucket
 * that was not discarded — and the unserved — active in the bucket (a fee payer's membership overlaps it) and
 * without such a report. One query over the CHART_BUCKETS buckets.
 */
import { sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { distributionReport, subjectFeePayer } from "../../db/schema";
import { rowsOf } from "../subject/shared";
import { today } from "../subject/membership";
import {
  CHART_BUCKETS,
  type CentreChart,
  type CentreChartQuery,
  type ChartPeriod,
} from "#contract/distribution-centre";
import { findCentre } from "./shared";

const DAY = 86_400_000;
const toDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const msOf = (day: string) => Date.parse(`${day}T00:00:00Z`);

/** The last `count` buckets of the period up to the one holding `until`, oldest first. */
export function chartBuckets(period: ChartPeriod, until: string, count = CHART_BUCKETS) {
  const out: { start: string; end: string }[] = [];
  if (period === "week") {
    // ISO weeks: Monday to Sunday.
    const weekday = (new Date(msOf(until)).getUTCDay() + 6) % 7;
    const monday = msOf(until) - weekday * DAY;
    for (let i = count - 1; i >= 0; i--) {
      const start = monday - i * 7 * DAY;
      out.push({ start: toDay(start), end: toDay(start + 6 * DAY) });
    }
    return out;
  }
  const y = Number(until.slice(0, 4));
  const m = Number(until.slice(5, 7)) - 1;
  for (let i = count - 1; i >= 0; i--) {
    const start = Date.UTC(y, m - i, 1);
    out.push({ start: toDay(start), end: toDay(Date.UTC(y, m - i + 1, 1) - DAY) });
  }
  return out;
}

export async function centreChart(db: Db, municipalityId: number, q: CentreChartQuery): Promise<CentreChart> {
  if (q.centreId) await findCentre(db, municipalityId, q.centreId);
  const buckets = chartBuckets(q.period, q.until ?? today());
  const values = sql.join(
    buckets.map((b, i) => sql`(${i}::int, ${b.start}::date, ${b.end}::date)`),
    sql`, `,
  );
  const r = distributionReport;
  const m = subjectFeePayer;
  const served = sql`${r.municipalityId} = ${municipalityId} and ${r.subjectId} is not null
    and ${r.state} <> 'discarded' and ${r.reportDate} between b.s and b.e
    ${q.centreId ? sql`and ${r.centreId} = ${q.centreId}` : sql``}`;
  const activeIn = sql`${m.validFrom} <= b.e and (${m.validTo} is null or ${m.validTo} >= b.s)`;
  // unserved = active − (active and served): the reports are few beside the memberships, so the points served are
  // checked against the memberships rather than every membership against the reports.
  const rows = await rowsOf<{ i: number; served: number; active: number; activeServed: number }>(
    db,
    sql`select b.i,
      (select count(distinct ${r.subjectId})::int from ${r} where ${served}) as served,
      (select count(distinct ${m.subjectId})::int from ${m}
        where ${m.municipalityId} = ${municipalityId} and ${activeIn}) as active,
      (select count(distinct ${r.subjectId})::int from ${r} where ${served}
        and exists (select 1 from ${m} where ${m.subjectId} = ${r.subjectId} and ${activeIn})) as "activeServed"
    from (values ${values}) as b(i, s, e)
    order by b.i`,
  );
  return {
    period: q.period,
    centreId: q.centreId ?? null,
    buckets: buckets.map((b, i) => {
      const row = rows.find((x) => Number(x.i) === i);
      const unserved = Number(row?.active ?? 0) - Number(row?.activeServed ?? 0);
      return { ...b, served: Number(row?.served ?? 0), unserved };
    }),
  };
}
