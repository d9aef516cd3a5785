/**
 * The fee engine's writing step (decision 0030, docs/fees.md 'Writing'): the fees computed in the run's temporary
 * table `fe_fee` become fee rows and their fee_record lines (one per component that applies), writing only what changed.
 *
 * Every fee row carries a digest (a 64-bit hash) of what the engine writes for it — its values and its lines. A run computes
 * the digests of its fees and compares them with the stored ones in one hash join: an unchanged fee is neither
 * written nor are its lines built or compared (a run over unchanged data writes nothing). Changed fees are updated in
 * place (`paid` survives) and their differing lines updated in place (an update of a line's values checks no foreign
 * key and moves no index key); new fees get ids from the sequence first, so they and their lines are inserted in
 * two statements, in id order (appends to the indexes' right edge).
 */
import { sql, type SQL } from "drizzle-orm";
import type { Db } from "../../db/client";

const PAY_BY_BIN = sql`x.prog_type = 'PayAsDisposed' and x.use_bin_volume`;
const PAY_BY_QUANTITY = sql`x.prog_type = 'PayAsDisposed' and not x.use_bin_volume`;
const RATED = sql`x.prog_type in ('SortRatio', 'ItalianWeight')`;
/** A value a line type never has (typed by the first line in VALUES; left out of the digest). */
const NONE = sql`null`;

/**
 * A fee's lines from its fe_fee row `x` (spec 001 §9 fee types; the table in docs/fees.md 'What the fee_record lines
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
 * when both apply (with one, its own line is the total: the fee row keeps total_discount either way). A component that does not apply is 0 and its line would say nothing. A bit per type
 * in `fee.line_types` (null: all seven, fees written before).
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
const bit = (type: string) => 1 << LINES.findIndex(([t]) => t === type);
/** The fee's line types as bits (smallint). */
const LINE_TYPES = sql`(${sql.join(
  LINES.map(([type]) => sql`case when ${APPLIES[type]!} then ${sql.raw(String(bit(type)))} else 0 end`),
  sql` + `,
)})::smallint`;
/** The bit of a stored line `r`'s type. */
const LINE_BIT = sql`case r.type ${sql.join(
  LINES.map(([type]) => sql`when ${sql.raw(`'${type}'`)} then ${sql.raw(String(bit(type)))}`),
  sql` `,
)} end`;
const ALL_LINES = (1 << LINES.length) - 1;

/** The fee row's values (the columns of FEE_COLUMNS, in order) from its fe_fee row `x`. */
const FEE_VALUES = sql`x.variable_symbol, x.volume_share, x.base_fee_amount, x.bin_fee, x.motivation_fee,
  x.motivation_discount, x.fixed_names, x.total_discount, x.total_fee, x.final_fee,
  case when x.use_ordered then x.subject_ordered_count end, x.weight_share, x.sort_ratio, x.min_pct, x.max_pct`;
const FEE_COLUMNS = sql.raw(`variable_symbol, volume, base_fee, bin_fee, motivation_fee, motivation_discount,
  fixed_discount_names, total_discount, total_fee, final_fee, ordered_dispose_count, weight, sort_ratio,
  min_fee_percent, max_fee_percent`);
const LINE_COLUMNS = sql.raw(`amount, quantity, unit, rate, percent, note`);

/**
 * What the digest covers: the fee's key, its values and every line's values, hashed to 64 bits
 * (hash_record_extended: numerics hash by value, so 750 and 750.00 — stored alike — hash alike).
 */
const DIGEST = sql`hash_record_extended(row(x.payer_id, x.subject_id, ${FEE_VALUES}, ${sql.join(
  LINES.flatMap(([, values]) => values.filter((v) => v !== NONE)),
  sql`, `,
)}), 0)`;

/**
 * What a stored line `r` of the fee `x` should hold: each column chosen by the line's type (one index scan of a fee's
 * lines, no set of seven lines built and hashed per fee).
 */
const STORED_LINE = sql.join(
  LINES[0]![1].map(
    (_, i) =>
      sql`case r.type ${sql.join(
        LINES.map(([type, values]) => sql`when ${sql.raw(`'${type}'`)} then ${values[i]!}`),
        sql` `,
      )} end`,
  ),
  sql`, `,
);

/** The lines of the fees in fe_feediff (as `x`, with its fee id) that `where` selects: fee_id, type and values. */
function linesOf(where: SQL): SQL {
  const rows = LINES.map(
    ([type, values]) => sql`(${sql.raw(`'${type}'`)}, ${sql.raw(String(bit(type)))}, ${sql.join(values, sql`, `)})`,
  );
  return sql`select x.id as fee_id, v.* from fe_feediff x
    cross join lateral (values ${sql.join(rows, sql`, `)}) as v(type, bit, ${LINE_COLUMNS})
    where ${where}`;
}

/**
 * Writes the run's fees (fe_fee) of municipality M and year Y: changed and new ones with their lines; deletes the
 * year's fees the run no longer produces.
 */
export async function writeFees(tx: Db, M: number, Y: number, calculationId: number): Promise<void> {
  // The changed and the new fees, with their ids (new ones from the fee id sequence). A missing subject is keyed as
  // 0: equalities hash, IS NOT DISTINCT FROM does not.
  await tx.execute(sql`create temp table fe_feediff on commit drop as
    select coalesce(f.id, nextval(pg_get_serial_sequence('fee', 'id'))::int) as id, f.id is null as is_new,
      f.digest is null as fresh, coalesce(f.line_types, ${ALL_LINES}) as old_types,
      f.digest is null or coalesce(f.line_types, ${ALL_LINES}) <> x.line_types as reshaped, x.*
    from (select x.*, ${DIGEST} as digest, ${LINE_TYPES} as line_types from fe_fee x) x
    left join fee f on f.municipality_id = ${M} and f.year = ${Y} and f.month is null
      and f.fee_payer_id = x.payer_id and coalesce(f.subject_id, 0) = coalesce(x.subject_id, 0)
    where f.digest is distinct from x.digest`);
  // Analysed on the flags the line statements filter by: usually no fee is reshaped, and the planner must know it
  // (without, it joins all of the fee's lines to find none: 2.3 s after a changed base fee).
  await tx.execute(sql`analyze fe_feediff (id, is_new, fresh, reshaped)`);
  await tx.execute(sql`update fee f set (${FEE_COLUMNS}, digest, line_types, calculation_id) =
      (${FEE_VALUES}, x.digest, x.line_types, ${calculationId}::int)
    from fe_feediff x where x.id = f.id and not x.is_new`);
  await tx.execute(sql`insert into fee (id, municipality_id, year, month, fee_payer_id, subject_id, ${FEE_COLUMNS},
      digest, line_types, calculation_id)
    select x.id, ${M}, ${Y}, null, x.payer_id, x.subject_id, ${FEE_VALUES}, x.digest, x.line_types, ${calculationId}::int
    from fe_feediff x where x.is_new order by x.id`);
  // Rows of the year this run no longer produces (a payer gone, a move undone, monthly rows of an older model).
  await tx.execute(sql`delete from fee f where f.municipality_id = ${M} and f.year = ${Y}
    and (f.month is not null or not exists (select 1 from fe_fee x where x.payer_id = f.fee_payer_id
      and coalesce(x.subject_id, 0) = coalesce(f.subject_id, 0)))`);

  // Lines: a changed fee's differing lines are updated in place; where the components that apply changed (a
  // discount assigned, a programme activated), the lines that no longer apply are deleted and the new ones inserted.
  // A new fee's lines, and those of a fee stored without a digest (written before digests), are written whole.
  await tx.execute(sql`delete from fee_record r using fe_feediff x where r.fee_id = x.id and x.reshaped
    and not x.is_new and (x.fresh or (x.line_types & ${LINE_BIT}) = 0)`);
  await tx.execute(sql`update fee_record r set (${LINE_COLUMNS}) = (${STORED_LINE})
    from fe_feediff x where r.fee_id = x.id and not x.fresh
      and (r.amount, r.quantity, r.unit, r.rate, r.percent, r.note) is distinct from (${STORED_LINE})`);
  await tx.execute(sql`insert into fee_record (fee_id, type, ${LINE_COLUMNS})
    select l.fee_id, l.type, ${LINE_COLUMNS} from (${linesOf(sql`x.reshaped
      and (x.line_types & v.bit) <> 0 and (x.fresh or (x.old_types & v.bit) = 0)`)}) l order by l.fee_id`);
}
