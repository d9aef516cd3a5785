/**
 * The fee engine (issue 14 part 1; the model and its worked examples are docs/fees.md, decision 0030): one
 * municipality and fee year computed set-based in the caller's ONE transaction — temporary tables (dropped at commit)
 * instead of a loop per payer, the same SQL on PostgreSQL and PGlite, money as numeric all the way.
 *
 * A calculation writes fee rows (matched by the key of fee_payer_subject_period_unique and updated in place, so `paid`
 * survives; only where something changed) with what their lines are built from (decision 0038), and for the current year fee_payer.final_fee,
 * subject.total_fee and subject.sort_ratio. A simulation runs the same steps on proposed settings and answers its figures, writing nothing.
 */
import { sql, type SQL } from "drizzle-orm";
import type { Db } from "../../db/client";
import { noBaseFeeMessage, type SimulationParameters, type SimulationResult } from "#contract/fee-calculation";
import { today } from "../subject/membership";
import { writeFees } from "./write";

/** A failure the user is told about as it is (Czech; translated by the messages namespace). */
export class FeeCalculationError extends Error {}

/** The steps a run reports as progress (fee_calculation.steps_done of steps_total). */
export const ENGINE_STEPS = 6;

export interface EngineRun {
  calculationId: number;
  municipalityId: number;
  year: number;
  /** A simulation's proposed settings; absent = the stored settings of the year (a calculation). */
  simulation?: SimulationParameters;
  /** Called after each step with the steps done. */
  onStep?: (done: number) => Promise<void>;
}

export interface EngineOutcome {
  payerCount: number;
  totalFinalFee: string;
  result?: SimulationResult;
}

async function rows<T>(tx: Db, query: SQL): Promise<T[]> {
  const res = await tx.execute(query);
  return (res as unknown as { rows: T[] }).rows;
}

/** Runs the engine inside the caller's transaction `tx`. */
export async function runEngine(tx: Db, run: EngineRun): Promise<EngineOutcome> {
  const { municipalityId: M, year: Y, simulation } = run;
  const step = async (n: number) => run.onStep?.(n);
  // Czech calendar: the year runs from midnight of 1 January in Prague.
  const yearStart = `${Y}-01-01`;

  // A second run of the same municipality waits for the first (both would write the same fee rows).
  if (!simulation) {
    // fee has no foreign keys (decision 0035): its municipality, payers and subjects are read in this transaction, and
    // a deletion of any of them waits for this run's commit (a statement trigger takes this lock exclusively before
    // it deletes a row, migration 0025), so its AFTER trigger then sees the fees written here. Both locks in one
    // statement, this one second (a select list is evaluated left to right).
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('obec.feeCalculation'), ${M}::int),
      pg_advisory_xact_lock_shared(hashtext('obec.feeReferences'))`);
  }
  // JIT compiling costs seconds here (measured: 1.9 s of 2.4 s for one statement) and saves nothing on joins of
  // temporary tables. The steps hash and materialise up to a few hundred thousand rows: in memory rather than in
  // temporary files. Both this transaction's settings only (set_config local), in one statement.
  await tx.execute(sql`select set_config('jit', 'off', true), set_config('work_mem', '64MB', true)`);
  await tx.execute(sql`drop table if exists fe_setting, fe_interval, fe_row, fe_sv, fe_fee, fe_diff`);

  // 1. Settings: the year's base fee and bounds, the activated programme (or the simulation's proposal).
  if (!simulation) {
    await tx.execute(sql`create temp table fe_setting on commit drop as
      select b.base_fee, b.min_fee_percent as min_pct, b.max_fee_percent as max_pct,
        case when m.country = 'SK' then 2 else 0 end as decimals,
        p.id as programme_id, p.type as prog_type, p.unit, p.fee_per_unit, p.minimal_unit_per_period as minimal_unit,
        p.ordered_dispose_count as ordered_count, coalesce(p.use_bin_volume, false) as use_bin_volume,
        coalesce(p.use_ordered_dispose_count, false) as use_ordered, p.discount_distribution as distribution
      from municipality m
      join base_fee_setting b on b.municipality_id = m.id and b.year = ${Y}
      left join motivation_activation a on a.municipality_id = m.id and a.year = ${Y}
      left join motivation_programme p on p.id = a.programme_id
      where m.id = ${M}`);
    await tx.execute(sql`create temp table fe_interval on commit drop as
      select from_value, to_value, pct, coalesce(lag(pct) over (order by from_value), pct) as prev_pct
      from (select i.from_value, i.to_value, i.discount_percent as pct from motivation_interval i
        where i.programme_id = (select programme_id from fe_setting)) i`);
  } else {
    const p = simulation.programme;
    await tx.execute(sql`create temp table fe_setting on commit drop as
      select ${simulation.baseFee}::numeric as base_fee, ${simulation.minFeePercent}::numeric as min_pct,
        ${simulation.maxFeePercent}::numeric as max_pct,
        case when m.country = 'SK' then 2 else 0 end as decimals,
        (select id from motivation_programme where municipality_id = m.id and type = ${p?.type ?? null}::text) as programme_id,
        ${p?.type ?? null}::text as prog_type, ${p?.unit ?? null}::text as unit,
        ${p?.feePerUnit ?? null}::numeric as fee_per_unit, ${p?.minimalUnitPerPeriod ?? null}::numeric as minimal_unit,
        ${p?.orderedDisposeCount ?? null}::int as ordered_count, ${p?.useBinVolume ?? false}::boolean as use_bin_volume,
        ${p?.useOrderedDisposeCount ?? false}::boolean as use_ordered, ${p?.discountDistribution ?? null}::text as distribution
      from municipality m where m.id = ${M}`);
    await tx.execute(sql`create temp table fe_interval on commit drop as
      select from_value, to_value, pct, coalesce(lag(pct) over (order by from_value), pct) as prev_pct
      from (select (x->>'fromValue')::numeric as from_value, (x->>'toValue')::numeric as to_value,
          (x->>'discountPercent')::numeric as pct
        from jsonb_array_elements(${JSON.stringify(p?.intervals ?? [])}::jsonb) x) i`);
  }
  await tx.execute(sql`analyze fe_setting, fe_interval`);
  const [setting] = await rows<{ n: number }>(tx, sql`select count(*)::int as n from fe_setting`);
  if (!setting?.n) throw new FeeCalculationError(noBaseFeeMessage(Y));
  await step(1);

  // 2. Payers and months (565/1990 Sb. §10h): a month counts when the payer is registered on its last day, and
  // belongs to the subject the payer is a member of on that day. Counted by date arithmetic per membership, not by a
  // 12-month series per payer (measured: docs/benchmarks.md): month ends up to day d = its month − 1, + 1 when d is a
  // month's last day; a period [a, b] of the year holds ends(b) − ends(a − 1). The months of no membership count
  // with no subject.
  const yearEnd = `${Y}-12-31`;
  const ends = (d: SQL) =>
    sql`(case when ${d} < ${yearStart}::date then 0 else extract(month from ${d})::int - 1 + (extract(day from ${d} + 1) = 1)::int end)`;
  // One pass: each payer joined to its memberships of the year (none: one row of 0 months), summed per subject and,
  // by a second grouping set, per payer — the payer's months outside every membership are its months with no subject.
  await tx.execute(sql`create temp table fe_row on commit drop as
    with p as (
      select id, variable_symbol, greatest(active_from, ${yearStart}::date) as a,
        least(coalesce(active_to, ${yearEnd}::date), ${yearEnd}::date) as b
      from fee_payer
      where municipality_id = ${M} and active_from <= ${yearEnd}::date and (active_to is null or active_to >= ${yearStart}::date)
    ), ms as (
      select p.id as payer_id, p.variable_symbol, s.subject_id, ${ends(sql`p.b`)} - ${ends(sql`(p.a - 1)`)} as payer_months,
        case when s.fee_payer_id is null then 0
          else ${ends(sql`least(coalesce(s.valid_to, p.b), p.b)`)} - ${ends(sql`(greatest(s.valid_from, p.a) - 1)`)} end as months
      from p left join subject_fee_payer s on s.fee_payer_id = p.id and s.municipality_id = ${M}
        and s.valid_from <= p.b and (s.valid_to is null or s.valid_to >= p.a)
    ), g as (
      select payer_id, subject_id, grouping(subject_id) as whole, sum(months)::int as months,
        max(payer_months) as payer_months, max(variable_symbol) as variable_symbol
      from ms group by grouping sets ((payer_id, subject_id), (payer_id))
    )
    select payer_id, case when whole = 0 then subject_id end as subject_id,
      case when whole = 0 then months else payer_months - months end as months, variable_symbol
    from g
    where case when whole = 0 then subject_id is not null and months > 0 else payer_months - months > 0 end`);
  // Temporary tables are never analysed by autovacuum; the joins after them need their sizes to hash.
  await tx.execute(sql`analyze fe_row (payer_id, subject_id)`);
  await step(2);

  // 3.–4. Per subject, in one statement (its parts were temporary tables of their own: a statement, a table written
  // and analysed each): its member-months; what it threw away in the year (acknowledged weights; litres by the
  // record's or the bin type's volume); its bins' ordered volume (capacity × the programme's, else the subject's
  // ordered dispose count; only under 'use ordered dispose count'); from those its measure (sort ratio, mixed kg per
  // member-year, PayAsDisposed quantity) and discount percent (a custom one from the programme's per-subject table).
  // The records are summed per subject, year, waste and (for records without a volume) bin by triggers as they are
  // written (waste_evidence_total, migration 0021): the run reads those thousands of sums, not millions of records.
  // A key's sums are 0 (not null) when none of its records has a weight or a volume; a bin's row (header_id set)
  // holds only records without a volume, whose litres are the bin type's capacity × n.
  await tx.execute(sql`create temp table fe_sv on commit drop as
    with v as (
      select sj.subject_id, sj.member_months,
        ev.total_kg, ev.residual_kg, ev.residual_l,
        case when coalesce(ev.total_kg, 0) > 0 then round(ev.sorted_kg * 100 / ev.total_kg, 2) end as sort_ratio,
        round(coalesce(ev.mixed_kg, 0) * 12 / sj.member_months, 3) as mixed_per_person,
        o.ordered_count,
        case when st.use_bin_volume then
               case when st.use_ordered then coalesce(o.litres, 0) else coalesce(ev.residual_l, 0) end
             when st.unit = 'kg' then coalesce(ev.residual_kg, 0)
             else coalesce(ev.residual_l, 0) end as quantity
      from (select subject_id, sum(months)::int as member_months from fe_row where subject_id is not null
          group by subject_id) sj
      cross join fe_setting st
      left join (select g.subject_id,
          coalesce(sum(g.kg), 0) as total_kg,
          coalesce(sum(g.kg) filter (where wt.sorted), 0) as sorted_kg,
          coalesce(sum(g.kg) filter (where wt.catalog_code = '200301'), 0) as mixed_kg,
          coalesce(sum(g.kg) filter (where not coalesce(wt.sorted, false)), 0) as residual_kg,
          coalesce(sum(coalesce(case when g.header_id is null then g.litres end, bt.capacity * g.n, 0))
            filter (where not coalesce(wt.sorted, false)), 0) as residual_l
        from waste_evidence_total g
        left join waste_type wt on wt.id = g.waste_type_id
        left join waste_evidence_header h on h.id = g.header_id
        left join bin_type bt on bt.id = h.bin_type_id
        where g.municipality_id = ${M} and g.year = ${Y}
        group by g.subject_id) ev on ev.subject_id = sj.subject_id
      left join (select h.subject_id,
          max(coalesce(st.ordered_count, s.ordered_dispose_count * case when s.dispose_frequency_period = 'Month' then 12 else 1 end)) as ordered_count,
          coalesce(sum(bt.capacity * coalesce(st.ordered_count,
            s.ordered_dispose_count * case when s.dispose_frequency_period = 'Month' then 12 else 1 end, 0)), 0) as litres
        from waste_evidence_header h
        cross join fe_setting st
        join subject s on s.id = h.subject_id
        join bin_type bt on bt.id = h.bin_type_id
        left join waste_type wt on wt.id = h.waste_type_id
        where h.municipality_id = ${M} and h.state = 'Assigned' and not coalesce(wt.sorted, false) and st.use_ordered
        group by h.subject_id) o on o.subject_id = sj.subject_id
    ), m as (
      select v.*, case st.prog_type when 'SortRatio' then v.sort_ratio when 'ItalianWeight' then v.mixed_per_person end as metric
      from v cross join fe_setting st
    )
    select m.*,
      case when st.prog_type not in ('SortRatio', 'ItalianWeight') or st.prog_type is null then 0
        when st.distribution = 'Custom' then coalesce(c.discount_percent, 0)
        when m.metric is null then 0
        else coalesce((
          select case when st.distribution = 'Gradual' and i.to_value is not null
              then round(i.prev_pct + (i.pct - i.prev_pct) * (m.metric - i.from_value) / (i.to_value - i.from_value), 2)
              else i.pct end
          from fe_interval i
          where m.metric > i.from_value and (i.to_value is null or m.metric <= i.to_value)
          order by i.from_value limit 1), 0)
      end as pct
    from m cross join fe_setting st
    left join motivation_custom_discount c on c.programme_id = st.programme_id and c.year = ${Y}
      and c.subject_id = m.subject_id`);
  await tx.execute(sql`analyze fe_sv (subject_id)`);
  await step(3);

  // The fee of each payer and subject: components to the cent (half up), FinalFee bounded and rounded. Each stage is
  // a LATERAL subquery fenced by OFFSET 0, so a later stage reads an earlier one's values instead of the planner
  // inlining (and computing again) their expressions — and no stage is copied into a CTE's store (measured: half the
  // time of materialised CTEs at 100,000 payers, docs/benchmarks.md). Only what the writing reads is kept (a
  // narrower table to write and read). The payer's fixed discounts (automatic Age groups by the age reached in the
  // year, assigned Other ones — at most once each: fee_payer_discount_pk) are summed in this statement, not in a table
  // of their own: the two kinds as two plain joins put together (one join with an OR of both tested every payer
  // against every discount: 580 → 270 ms).
  await tx.execute(sql`create temp table fe_fee on commit drop as
    select r.payer_id, r.subject_id, r.months, r.variable_symbol, st.base_fee, st.min_pct, st.max_pct, st.prog_type,
      st.unit, st.fee_per_unit, st.use_bin_volume, st.use_ordered, st.distribution,
      sv.sort_ratio, sv.metric, sv.ordered_count as subject_ordered_count, fd.names as fixed_names,
      c.*, f.*, t.total_fee, t.total_discount, round(b.bounded, st.decimals) as final_fee,
      case when b.raw_fee < t.min_amount then 'Min' when b.raw_fee > t.max_amount then 'Max' end as bound
    from fe_row r cross join fe_setting st
    left join fe_sv sv on sv.subject_id = r.subject_id
    left join (select f.payer_id, sum(f.fee_discount) as yearly,
        string_agg(f.name, ', ' order by f.name, f.id) as names
      from (
        select p.id as payer_id, d.fee_discount, d.name, d.id
        from fee_payer p
        join discount d on d.municipality_id = ${M} and d.type = 'Age'
          and ${Y}::int - extract(year from p.date_of_birth)::int between coalesce(d.age_from, 0) and coalesce(d.age_until, 32767)
        where p.municipality_id = ${M} and p.date_of_birth is not null
        union all
        select x.fee_payer_id, d.fee_discount, d.name, d.id
        from fee_payer_discount x
        join discount d on d.id = x.discount_id and d.type = 'Other' and d.municipality_id = ${M}
      ) f
      where f.payer_id in (select payer_id from fe_row)
      group by f.payer_id) fd on fd.payer_id = r.payer_id
    cross join lateral (select coalesce(sv.pct, 0) as pct,
      round(st.base_fee * r.months / 12, 2) as base_fee_amount,
      coalesce(fd.yearly, 0) as fixed_yearly,
      round(coalesce(fd.yearly, 0) * r.months / 12, 2) as fixed_discount,
      round(sv.residual_l * r.months / sv.member_months, 2) as volume_share,
      round(sv.residual_kg * r.months / sv.member_months, 2) as weight_share,
      coalesce(sv.quantity * r.months / sv.member_months, 0) as quantity_share,
      coalesce(st.minimal_unit, 0) * r.months as minimum offset 0) c
    cross join lateral (select
      case when st.prog_type = 'PayAsDisposed' and st.use_bin_volume
        then round(c.quantity_share * coalesce(st.fee_per_unit, 0), 2) else 0 end as bin_fee,
      case when st.prog_type = 'PayAsDisposed' and not st.use_bin_volume
        then round(greatest(c.quantity_share, c.minimum) * coalesce(st.fee_per_unit, 0), 2) else 0 end as motivation_fee,
      case when st.prog_type not in ('SortRatio', 'ItalianWeight') or st.prog_type is null then 0
        when st.distribution = 'MembershipBased'
          then coalesce(round(c.pct / 100 * st.base_fee * r.months / sv.member_months, 2), 0)
        else round(c.pct / 100 * c.base_fee_amount, 2) end as motivation_discount offset 0) f
    cross join lateral (select c.base_fee_amount + f.bin_fee + f.motivation_fee as total_fee,
      c.fixed_discount + f.motivation_discount as total_discount,
      c.base_fee_amount * st.min_pct / 100 as min_amount,
      c.base_fee_amount * st.max_pct / 100 as max_amount offset 0) t
    cross join lateral (select t.total_fee - t.total_discount as raw_fee,
      greatest(least(greatest(t.total_fee - t.total_discount, t.min_amount), coalesce(t.max_amount, 'Infinity'::numeric)), 0)
        as bounded offset 0) b`);
  await step(4);

  const [totals] = await rows<{ payer_count: number; total: string }>(
    tx,
    sql`select count(distinct payer_id)::int as payer_count, coalesce(sum(final_fee), 0)::numeric(14, 2)::text as total
      from fe_fee`,
  );
  if (simulation) {
    const result = await simulationFigures(tx, M, Y);
    await step(ENGINE_STEPS);
    return { payerCount: totals!.payer_count, totalFinalFee: totals!.total, result };
  }

  // 5. Write the fees: only what changed (write.ts; a second run over the same data writes nothing,
  // `paid` is never touched).
  await writeFees(tx, M, Y, run.calculationId);
  await step(5);

  // 6. The current year's figures on the payer and the subject (the lists and details read them).
  if (Y === Number(today().slice(0, 4))) {
    await tx.execute(sql`update fee_payer p set final_fee = t.total
      from (select p2.id, s.total from fee_payer p2
        left join (select fee_payer_id, sum(final_fee) as total from fee where municipality_id = ${M} and year = ${Y}
          group by fee_payer_id) s on s.fee_payer_id = p2.id
        where p2.municipality_id = ${M}) t
      where p.id = t.id and p.final_fee is distinct from t.total`);
    await tx.execute(sql`update subject s set total_fee = t.total, sort_ratio = t.sort_ratio
      from (select s2.id, coalesce(f.total, 0) as total, sv.sort_ratio from subject s2
        left join (select subject_id, sum(final_fee) as total from fee where municipality_id = ${M} and year = ${Y}
          group by subject_id) f on f.subject_id = s2.id
        left join fe_sv sv on sv.subject_id = s2.id
        where s2.municipality_id = ${M}) t
      where s.id = t.id and (s.total_fee, s.sort_ratio) is distinct from (t.total, t.sort_ratio)`);
  }
  await step(ENGINE_STEPS);
  return { payerCount: totals!.payer_count, totalFinalFee: totals!.total };
}

/** A simulation's figures: income now and with the proposal, the change per payer, the year's expenditures. */
async function simulationFigures(tx: Db, M: number, Y: number): Promise<SimulationResult> {
  await tx.execute(sql`create temp table fe_diff on commit drop as
    with after as (select payer_id, sum(final_fee) as v from fe_fee group by payer_id),
    before as (select fee_payer_id as payer_id, sum(final_fee) as v from fee
      where municipality_id = ${M} and year = ${Y} and fee_payer_id is not null group by fee_payer_id)
    select coalesce(a.payer_id, b.payer_id) as payer_id, coalesce(a.v, 0) - coalesce(b.v, 0) as diff
    from after a full join before b on b.payer_id = a.payer_id`);
  const [figures] = await rows<{
    currency: "CZK" | "EUR";
    payer_count: number;
    income_before: string;
    income_after: string;
    expenditures: string;
    increased: number;
    decreased: number;
    unchanged: number;
  }>(
    tx,
    sql`select case when m.country = 'SK' then 'EUR' else 'CZK' end as currency,
      (select count(distinct payer_id)::int from fe_fee) as payer_count,
      (select coalesce(sum(final_fee), 0)::numeric(14, 2)::text from fee where municipality_id = ${M} and year = ${Y}) as income_before,
      (select coalesce(sum(final_fee), 0)::numeric(14, 2)::text from fe_fee) as income_after,
      (select coalesce(sum(amount), 0)::numeric(14, 2)::text from expenditure where municipality_id = ${M}
        and processed_on >= ${`${Y}-01-01`}::date and processed_on <= ${`${Y}-12-31`}::date) as expenditures,
      (select count(*)::int from fe_diff where diff > 0) as increased,
      (select count(*)::int from fe_diff where diff < 0) as decreased,
      (select count(*)::int from fe_diff where diff = 0) as unchanged
    from municipality m where m.id = ${M}`,
  );
  const [money] = await rows<{ change: string; balance: string }>(
    tx,
    sql`select (${figures!.income_after}::numeric - ${figures!.income_before}::numeric)::numeric(14, 2)::text as change,
      (${figures!.income_after}::numeric - ${figures!.expenditures}::numeric)::numeric(14, 2)::text as balance`,
  );
  // Ten equal bands between the smallest and the largest change (one band when all changed alike).
  const histogram = await rows<{ from: string; to: string; count: number }>(
    tx,
    sql`with r as (select min(diff) as lo, max(diff) as hi from fe_diff),
      bands as (select k, case when r.hi = r.lo then 1 else 10 end as n, r.lo, r.hi from r,
        generate_series(0, 9) k where r.lo is not null)
      select round(b.lo + (b.hi - b.lo) * b.k / b.n, 2)::numeric(14, 2)::text as "from",
        round(b.lo + (b.hi - b.lo) * (b.k + 1) / b.n, 2)::numeric(14, 2)::text as "to",
        (select count(*)::int from fe_diff d where
          least(case when b.hi = b.lo then 0 else floor((d.diff - b.lo) * b.n / (b.hi - b.lo)) end, b.n - 1) = b.k) as count
      from bands b where b.k < b.n order by b.k`,
  );
  return {
    currency: figures!.currency,
    payerCount: figures!.payer_count,
    incomeBefore: figures!.income_before,
    incomeAfter: figures!.income_after,
    incomeChange: money!.change,
    expenditures: figures!.expenditures,
    balance: money!.balance,
    increased: figures!.increased,
    decreased: figures!.decreased,
    unchanged: figures!.unchanged,
    histogram,
  };
}
