/**
 * The fee engine's writing step (decision 0030, docs/fees.md 'Writing'): the fees computed in the run's temporary
 * table `fe_fee` become fee rows, writing only what changed. A fee row holds each component's amount and what it was
 * computed from; its lines are built from those when it is read (feeLines, lines.ts; decision 0038).
 *
 * Every fee row carries a digest (a 64-bit hash) of what the engine writes for it. A run computes the digests of its
 * fees and compares them with the stored ones in one hash join: an unchanged fee is not written (a run over unchanged
 * data writes nothing). Changed fees are updated in place (`paid` survives); new fees are inserted in one statement.
 */
import { sql, type SQL } from "drizzle-orm";
import type { Db } from "../../db/client";

const PAY_AS_DISPOSED = sql`x.prog_type = 'PayAsDisposed'`;
const PAY_BY_BIN = sql`${PAY_AS_DISPOSED} and x.use_bin_volume`;
const PAY_BY_QUANTITY = sql`${PAY_AS_DISPOSED} and not x.use_bin_volume`;
const RATED = sql`x.prog_type in ('SortRatio', 'ItalianWeight')`;

/** The fee row's columns and their values from its fe_fee row `x`, in pairs (what each line shows: lines.ts). */
const FEE_FIELDS: [column: string, value: SQL][] = [
  ["variable_symbol", sql`x.variable_symbol`],
  ["volume", sql`x.volume_share`],
  ["base_fee", sql`x.base_fee_amount`],
  ["bin_fee", sql`x.bin_fee`],
  ["motivation_fee", sql`x.motivation_fee`],
  ["motivation_discount", sql`x.motivation_discount`],
  ["fixed_discount", sql`x.fixed_discount`],
  ["fixed_discount_names", sql`x.fixed_names`],
  ["total_discount", sql`x.total_discount`],
  ["total_fee", sql`x.total_fee`],
  ["final_fee", sql`x.final_fee`],
  ["ordered_dispose_count", sql`case when x.use_ordered then x.subject_ordered_count end`],
  ["weight", sql`x.weight_share`],
  ["sort_ratio", sql`x.sort_ratio`],
  ["min_fee_percent", sql`x.min_pct`],
  ["max_fee_percent", sql`x.max_pct`],
  ["months", sql`x.months`],
  ["base_fee_rate", sql`x.base_fee`],
  ["fixed_discount_yearly", sql`x.fixed_yearly`],
  [
    "quantity",
    sql`case when ${PAY_BY_BIN} then round(x.quantity_share, 3)
      when ${PAY_BY_QUANTITY} then round(greatest(x.quantity_share, x.minimum), 3) end`,
  ],
  ["fee_per_unit", sql`case when ${PAY_AS_DISPOSED} then x.fee_per_unit end`],
  ["unit", sql`case when ${PAY_BY_QUANTITY} then x.unit end`],
  [
    "quantity_basis",
    sql`case when ${PAY_BY_BIN} then case when x.use_ordered then 'OrderedDisposeCount' else 'Disposals' end
      when ${PAY_BY_QUANTITY} and x.minimum > x.quantity_share then 'Minimum' end`,
  ],
  ["measure", sql`case when ${RATED} and x.distribution <> 'Custom' then x.metric end`],
  ["discount_percent", sql`case when ${RATED} then x.pct end`],
  ["programme_type", sql`x.prog_type`],
  ["discount_distribution", sql`case when ${RATED} then x.distribution end`],
  ["bound", sql`x.bound`],
];
const FEE_COLUMNS = sql.raw(FEE_FIELDS.map(([column]) => column).join(", "));
const FEE_VALUES = sql.join(
  FEE_FIELDS.map(([, value]) => value),
  sql`, `,
);

/**
 * What the digest covers: the fee's key and values, hashed to 64 bits (hash_record_extended: numerics hash by value,
 * so 750 and 750.00 — stored alike — hash alike).
 */
const DIGEST = sql`hash_record_extended(row(x.payer_id, x.subject_id, ${FEE_VALUES}), 0)`;

/**
 * Writes the run's fees (fe_fee) of municipality M and year Y: changed and new ones; deletes the year's fees the run
 * no longer produces.
 */
export async function writeFees(tx: Db, M: number, Y: number, calculationId: number): Promise<void> {
  const insert = (from: SQL) => sql`insert into fee (municipality_id, year, month, fee_payer_id, subject_id,
      ${FEE_COLUMNS}, digest, calculation_id)
    select ${M}, ${Y}, null, x.payer_id, x.subject_id, ${FEE_VALUES}, x.digest, ${calculationId}::int
    from ${from}`;
  // The year's first run (no fee of M and Y yet; runs of M never interleave) inserts every fee straight from fe_fee:
  // nothing to compare, no table of differences written and read again.
  const res = await tx.execute(
    sql`select exists (select 1 from fee where municipality_id = ${M} and year = ${Y}) as any`,
  );
  if (!(res as unknown as { rows: { any: boolean }[] }).rows[0]!.any) {
    // In key order: the index entries go in side by side, not scattered over the indexes (fe_fee comes out of a
    // hash aggregate in no order; measured: the insert 1.19 → 0.96 s, docs/benchmarks.md).
    await tx.execute(insert(sql`(select x.*, ${DIGEST} as digest from fe_fee x order by x.payer_id, x.subject_id) x`));
    return;
  }
  // Changed fees are updated where their digest differs, in one statement: the digests compared in the update's own
  // join, no table of differences written and read again (measured after a changed base fee: 0.9 → 0.6–0.75 s for
  // both steps, docs/benchmarks.md). The digest is computed once a row (the subquery is fenced by OFFSET 0). A missing
  // subject is keyed as 0: equalities hash, IS NOT DISTINCT FROM does not.
  const sameKey = sql`f.municipality_id = ${M} and f.year = ${Y} and f.month is null
    and f.fee_payer_id = x.payer_id and coalesce(f.subject_id, 0) = coalesce(x.subject_id, 0)`;
  await tx.execute(sql`update fee f set (${FEE_COLUMNS}, digest, calculation_id) =
      (${FEE_VALUES}, x.digest, ${calculationId}::int)
    from (select x.*, ${DIGEST} as digest from fe_fee x offset 0) x
    where ${sameKey} and f.digest is distinct from x.digest`);
  // New fees: keys the year has no row of yet.
  await tx.execute(
    insert(
      sql`(select x.*, ${DIGEST} as digest from fe_fee x where not exists (select 1 from fee f where ${sameKey})) x`,
    ),
  );
  // Rows of the year this run no longer produces (a payer gone, a move undone, monthly rows of an older model).
  await tx.execute(sql`delete from fee f where f.municipality_id = ${M} and f.year = ${Y}
    and (f.month is not null or not exists (select 1 from fe_fee x where x.payer_id = f.fee_payer_id
      and coalesce(x.subject_id, 0) = coalesce(f.subject_id, 0)))`);
}
