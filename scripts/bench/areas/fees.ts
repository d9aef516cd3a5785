/**
 * Fees of the large city (issue 14 part 8): a base fee for last year (the year of the collections area's ~2 million
 * evidence records) with SortRatio activated, Gradual; the recalculation of its 100,000 payers timed three times — the
 * first run writes every fee and line, the second finds nothing changed (idempotence), the third follows a changed
 * base fee (every fee and most lines change) — then the calls the fees screens read. Target: a recalculation under
 * 3 s on PostgreSQL (docs/benchmarks.md).
 */
import { and, eq, isNotNull, sql } from "drizzle-orm";
import {
  baseFeeSetting,
  fee,
  feeCalculation,
  motivationActivation,
  motivationInterval,
  motivationProgramme,
} from "../../../api/db/schema";
import { runFeeCalculation } from "../../../api/modules/fee-calculation/run";
import type { Area, GenerateContext } from "../harness";
import type { BinState } from "./bins";

export interface FeeState {
  municipalityId: number;
  year: number;
  feeId: number;
  runs: { first: number; second: number; changed: number; payers: number };
}

async function timedRun(ctx: GenerateContext, municipalityId: number, year: number): Promise<number> {
  const [calc] = await ctx.db
    .insert(feeCalculation)
    .values({ municipalityId, year, reason: "Recalculate" })
    .returning({ id: feeCalculation.id });
  const started = performance.now();
  await runFeeCalculation(ctx.db, calc!.id, { progressOutsideTransaction: ctx.kind === "postgres" });
  const ms = performance.now() - started;
  const [done] = await ctx.db.select().from(feeCalculation).where(eq(feeCalculation.id, calc!.id));
  if (done?.state !== "Done") throw new Error(`fee calculation: ${JSON.stringify(done)}`);
  return ms;
}

async function generate(ctx: GenerateContext) {
  const { municipalityId } = ctx.state.bins as BinState;
  const year = new Date().getUTCFullYear() - 1;
  await ctx.db.insert(baseFeeSetting).values([
    { municipalityId, year, baseFee: "900.00", minFeePercent: "20", maxFeePercent: "150" },
    { municipalityId, year: year + 1, baseFee: "960.00", minFeePercent: "20", maxFeePercent: "150" },
  ]);
  const [programme] = await ctx.db
    .insert(motivationProgramme)
    .values({ municipalityId, type: "SortRatio", discountDistribution: "Gradual" })
    .returning({ id: motivationProgramme.id });
  await ctx.db.insert(motivationInterval).values([
    { programmeId: programme!.id, fromValue: "0", toValue: "10", discountPercent: "0" },
    { programmeId: programme!.id, fromValue: "10", toValue: "30", discountPercent: "10" },
    { programmeId: programme!.id, fromValue: "30", toValue: null, discountPercent: "20" },
  ]);
  await ctx.db.insert(motivationActivation).values({ municipalityId, programmeId: programme!.id, year });

  const first = await timedRun(ctx, municipalityId, year);
  const second = await timedRun(ctx, municipalityId, year);
  await ctx.db
    .update(baseFeeSetting)
    .set({ baseFee: "960.00" })
    .where(and(eq(baseFeeSetting.municipalityId, municipalityId), eq(baseFeeSetting.year, year)));
  const changed = await timedRun(ctx, municipalityId, year);
  const [{ payers }] = (await ctx.db
    .select({ payers: sql<number>`count(distinct ${fee.feePayerId})::int` })
    .from(fee)
    .where(and(eq(fee.municipalityId, municipalityId), eq(fee.year, year)))) as [{ payers: number }];
  console.log(
    `  fee recalculation: ${payers.toLocaleString("en-US")} payers, first run ${(first / 1000).toFixed(2)} s, again (nothing changed) ${(second / 1000).toFixed(2)} s, after a changed base fee ${(changed / 1000).toFixed(2)} s`,
  );
  ctx.stats.push({ table: "fee recalculation of the large city, first run (writes every fee)", rows: payers, ms: first });
  ctx.stats.push({ table: "fee recalculation of the large city, again (nothing changed)", rows: payers, ms: second });
  ctx.stats.push({ table: "fee recalculation of the large city, after a changed base fee", rows: payers, ms: changed });
  const [one] = await ctx.db
    .select({ id: fee.id })
    .from(fee)
    .where(and(eq(fee.municipalityId, municipalityId), eq(fee.year, year), isNotNull(fee.subjectId)))
    .limit(1);
  ctx.sizes.fees = payers;
  ctx.state.fees = { municipalityId, year, feeId: one!.id, runs: { first, second, changed, payers } } satisfies FeeState;
}

export const feesArea: Area = {
  name: "fees",
  generate,
  scenarios({ state }) {
    const f = state.fees as FeeState;
    const base = `/municipality/${f.municipalityId}/fee`;
    return [
      { name: "fee calculations of a year (the fees screens' state)", as: "manager", path: `${base}/calculation?year=${f.year}` },
      { name: "a fee explained line by line", as: "manager", path: `${base}/${f.feeId}/explanation` },
      { name: "base fee settings of a year", as: "manager", path: `${base}/base-fee?year=${f.year}` },
    ];
  },
};
