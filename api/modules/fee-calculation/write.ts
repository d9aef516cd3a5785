/**
 * The fee engine's writing step (decision 0030, docs/fees.md 'Writing'): the fees computed in the run's temporary
 * table `fe_fee` become fee rows with their lines (fee.lines, one per component that applies; decision 0037), writing
 * only what changed.
 *
 * Every fee row carries a digest (a 64-bit hash) of what the engine writes for it — its values and its lines. A run
 * computes the digests of its fees and compares them with the stored ones in one hash join: an unchanged fee is
 * neither written nor are its lines built (a run over unchanged data writes nothing). Changed fees are updated in
 * place (`paid` survives), lines and all; new fees are inserted in one statement.
 */
import { sql, type SQL } from "drizzle-orm";
import type { Db } from "../../db/client";

const PAY_BY_BIN = sql`x.prog_type = 'PayAsDisposed' and x.use_bin_volume`;
const PAY_BY_QUANTITY = sql`x.prog_type = 'PayAsDisposed' and not x.use_bin_volume`;
const RATED = sql`x.prog_type in ('SortRatio', 'ItalianWeight')`;
/** A value a line type never has (left out of the digest). */
const NONE = sql`null`;

/**
 * A fee's lines from its fe_fee row `x` (spec 001 §9 fee types; the table in docs/fees.md 'What the fee lines
 * say'): type and amount, quantity, unit, rate, percent, note. The note is a code the screens translate.
 */
const LINES: [type: string, values: SQL[]][] = [
  [
    "BaseFee",
    [sql`x.base_fee_amount`, sql`x.months::numeric`, sql`'months'::text`, sql`x.base_fee`, sql`null::numeric`, sql`null::text`],
  ],
  [
    "BinFee",
    [
      sql`x.bin_fee`,
      sql`case when ${PAY_BY_BIN} then round(x.quantity_share, 3) end`,
      sql`case when ${PAY_BY_BIN} then 'l' end`,
      sql`case when ${PAY_BY_BIN} then x.fee_per_unit end`,
      NONE,
      sql`case when ${PAY_BY_BIN} then case when x.use_ordered then 'OrderedDisposeCount' else 'Disposals' end end`,
    ],
  ],
  [
    "MotivationFee",
    [
      sql`x.motivation_fee`,
      sql`case when ${PAY_BY_QUANTITY} then round(greatest(x.quantity_share, x.minimum), 3) end`,
      sql`case when ${PAY_BY_QUANTITY} then x.unit end`,
      sql`case when ${PAY_BY_QUANTITY} then x.fee_per_unit end`,
      NONE,
      sql`case when ${PAY_BY_QUANTITY} and x.minimum > x.quantity_share then 'Minimum' end`,
    ],
  ],
  ["FixedDiscount", [sql`x.fixed_discount`, sql`x.months::numeric`, sql`'months'::text`, sql`x.fixed_yearly`, NONE, sql`x.fixed_names`]],
  [
    "MotivationDiscount",
    [
      sql`x.motivation_discount`,
      sql`case when ${RATED} and x.distribution <> 'Custom' then x.metric end`,
      sql`case when x.prog_type = 'SortRatio' and x.distribution <> 'Custom' then '%'
        when x.prog_type = 'ItalianWeight' and x.distribution <> 'Custom' then 'kg/person' end`,
      NONE,
      sql`case when ${RATED} then x.pct end`,
      sql`case when ${RATED} then x.prog_type || ':' || x.distribution end`,
    ],
  ],
  [
    "TotalFee",
    [sql`x.total_fee`, NONE, NONE, NONE, sql`case x.bound when 'Min' then x.min_pct when 'Max' then x.max_pct end`, sql`x.bound`],
  ],
  ["TotalDiscount", [sql`x.total_discount`, NONE, NONE, NONE, NONE, NONE]],
];

/**
 * Which lines a fee has (decision 0035): only the components that apply — BaseFee and TotalFee always; BinFee and
 * MotivationFee under PayAsDisposed (by bin volume or by quantity), MotivationDiscount under SortRatio and
 * ItalianWeight (also at 0 %: it shows the measure), FixedDiscount when the payer has fixed discounts, TotalDiscount
 * when both apply (with one, its own line is the total: the fee row keeps total_discount either way). A component
 * that does not apply is 0 and its line would say nothing.
 */
const APPLIES: Record<string, SQL> = {
  BaseFee: sql`true`,
  BinFee: PAY_BY_BIN,
  MotivationFee: PAY_BY_QUANTITY,
  FixedDiscount: sql`x.fixed_names is not null`,
  MotivationDiscount: RATED,
  TotalFee: sql`true`,
  TotalDiscount: sql`(x.fixed_names is not null and ${RATED})`,
};
/** The fee row's values (the columns of FEE_COLUMNS, in order) from its fe_fee row `x`. */
const FEE_VALUES = sql`x.variable_symbol, x.volume_share, x.base_fee_amount, x.bin_fee, x.motivation_fee,
  x.motivation_discount, x.fixed_names, x.total_discount, x.total_fee, x.final_fee,
  case when x.use_ordered then x.subject_ordered_count end, x.weight_share, x.sort_ratio, x.min_pct, x.max_pct`;
const FEE_COLUMNS = sql.raw(`variable_symbol, volume, base_fee, bin_fee, motivation_fee, motivation_discount,
  fixed_discount_names, total_discount, total_fee, final_fee, ordered_dispose_count, weight, sort_ratio,
  min_fee_percent, max_fee_percent`);

/**
 * What the digest covers: the fee's key, its values and every line's values, hashed to 64 bits
 * (hash_record_extended: numerics hash by value, so 750 and 750.00 — stored alike — hash alike).
 */
const DIGEST = sql`hash_record_extended(row(x.payer_id, x.subject_id, ${FEE_VALUES}, ${sql.join(
  LINES.flatMap(([, values]) => values.filter((v) => v !== NONE)),
  sql`, `,
)}), 0)`;

/** A line's values and their SQL types (numbers as the text of their decimal type: exact, no float on the way). */
const LINE_FIELDS: [name: string, type: string][] = [
  ["amount", "numeric(12, 2)"],
  ["quantity", "numeric(14, 3)"],
  ["unit", "text"],
  ["rate", "numeric(12, 4)"],
  ["percent", "numeric(6, 2)"],
  ["note", "text"],
];

/** `"name":value` of a line's field as JSON text; null (left out by concat_ws) when the value is null. */
const field = (name: string, type: string, value: SQL) =>
  type === "text"
    ? sql`${sql.raw(`'"${name}":'`)} || to_json((${value})::text)::text`
    : sql`${sql.raw(`'"${name}":"'`)} || (${value})::${sql.raw(type)}::text || '"'`;

/**
 * The fee's lines as compact JSON text for fee.lines, from its row `x`: an object per line type that applies, in the
 * order of LINES, without its null fields. Written as text (the json type keeps it as is): 7 µs a fee against
 * json_build_object's wider, spaced output (~510 bytes a fee instead of ~250; docs/benchmarks.md).
 */
export const LINES_JSON = sql`('[' || concat_ws(',', ${sql.join(
  LINES.map(
    ([type, values]) =>
      sql`case when ${APPLIES[type]!} then '{' || concat_ws(',', ${sql.raw(`'"type":"${type}"'`)}, ${sql.join(
        LINE_FIELDS.flatMap(([name, t], i) => (values[i] === NONE ? [] : [field(name, t, values[i]!)])),
        sql`, `,
      )}) || '}' end`,
  ),
  sql`, `,
)}) || ']')::json`;

/**
 * Writes the run's fees (fe_fee) of municipality M and year Y: changed and new ones with their lines; deletes the
 * year's fees the run no longer produces.
 */
export async function writeFees(tx: Db, M: number, Y: number, calculationId: number): Promise<void> {
  const insert = (from: SQL) => sql`insert into fee (municipality_id, year, month, fee_payer_id, subject_id,
      ${FEE_COLUMNS}, digest, lines, calculation_id)
    select ${M}, ${Y}, null, x.payer_id, x.subject_id, ${FEE_VALUES}, x.digest, ${LINES_JSON}, ${calculationId}::int
    from ${from}`;
  // The year's first run (no fee of M and Y yet; runs of M never interleave) inserts every fee straight from fe_fee:
  // nothing to compare, no table of differences written and read again.
  const res = await tx.execute(sql`select exists (select 1 from fee where municipality_id = ${M} and year = ${Y}) as any`);
  if (!(res as unknown as { rows: { any: boolean }[] }).rows[0]!.any) {
    await tx.execute(insert(sql`(select x.*, ${DIGEST} as digest from fe_fee x) x`));
    return;
  }
  // The changed and the new fees, by key and digest only (a narrow table: the values are read from fe_fee again by
  // key; a wide copy of every changed fee cost ~1 s after a changed base fee). A missing subject is keyed as 0:
  // equalities hash, IS NOT DISTINCT FROM does not.
  await tx.execute(sql`create temp table fe_feediff on commit drop as
    select f.id, x.payer_id, x.subject_id, x.digest
    from (select x.payer_id, x.subject_id, ${DIGEST} as digest from fe_fee x) x
    left join fee f on f.municipality_id = ${M} and f.year = ${Y} and f.month is null
      and f.fee_payer_id = x.payer_id and coalesce(f.subject_id, 0) = coalesce(x.subject_id, 0)
    where f.digest is distinct from x.digest`);
  await tx.execute(sql`analyze fe_feediff`);
  const changed = (where: SQL) => sql`(select x.*, d.id, d.digest from fe_feediff d
    join fe_fee x on x.payer_id = d.payer_id and coalesce(x.subject_id, 0) = coalesce(d.subject_id, 0)
    where ${where}) x`;
  await tx.execute(sql`update fee f set (${FEE_COLUMNS}, digest, lines, calculation_id) =
      (${FEE_VALUES}, x.digest, ${LINES_JSON}, ${calculationId}::int)
    from ${changed(sql`d.id is not null`)} where x.id = f.id`);
  await tx.execute(insert(changed(sql`d.id is null`)));
  // Rows of the year this run no longer produces (a payer gone, a move undone, monthly rows of an older model).
  await tx.execute(sql`delete from fee f where f.municipality_id = ${M} and f.year = ${Y}
    and (f.month is not null or not exists (select 1 from fe_fee x where x.payer_id = f.fee_payer_id
      and coalesce(x.subject_id, 0) = coalesce(f.subject_id, 0)))`);
}
