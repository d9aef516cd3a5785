/**
 * Fees of the large city (issue 14 part 8): a base fee for last year (the year of the collections area's ~2 million
 * evidence records) with SortRatio activated, Gradual; the recalculation of its 100,000 payers timed three times — the
 * first run writes every fee and line, the second finds nothing changed (idempotence), the third follows a changed
 * base fee (every fee and most lines change) — then the calls the fees screens read. Target: a recalculation under
 * 3 s on PostgreSQL (docs/benchmarks.md). Then the year's merged payment-notice PDF (decision 0033): its first
 * NOTICE_PAGES pages written as the document job writes them, in pages/s.
 */
import { and, eq, isNotNull, sql } from "drizzle-orm";
import {
  baseFeeSetting,
  fee,
  feeCalculation,
  motivationActivation,
  motivationInterval,
  motivationProgramme,
  paymentSetting,
} from "../../../api/db/schema";
import { runFeeCalculation } from "../../../api/modules/fee-calculation/run";
import { mergedNotices, noticeContext } from "../../../api/modules/payment-notice/notices";
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

/** Enough pages for a steady rate (the whole city's 100,000 would take most of an hour). */
const NOTICE_PAGES = 1_000;

/** The merged notices of the year as the document job writes them (payers read 200 at a time), stopped after `pages`. */
async function timedNotices(ctx: GenerateContext, municipalityId: number, year: number, pages: number) {
  await ctx.db.insert(paymentSetting).values({
    municipalityId,
    accountPrefix: "19",
    accountNumber: "2000145399",
    bankCode: "0800",
    iban: "CZ6508000000192000145399",
    dueDay: 31,
    dueMonth: 5,
    noticeText: "Poplatek za odpad",
  });
  const notice = await noticeContext(ctx.db, municipalityId, year);
  let written = 0;
  let bytes = 0;
  const started = performance.now();
  for await (const chunk of mergedNotices(ctx.db, municipalityId, notice, async (n) => void (written = n))) {
    bytes += chunk.length;
    if (written >= pages) break;
  }
  return { pages: written, bytes, ms: performance.now() - started };
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
  ctx.stats.push({
    table: "fee recalculation of the large city, first run (writes every fee)",
    rows: payers,
    ms: first,
  });
  ctx.stats.push({ table: "fee recalculation of the large city, again (nothing changed)", rows: payers, ms: second });
  ctx.stats.push({ table: "fee recalculation of the large city, after a changed base fee", rows: payers, ms: changed });
  const notices = await timedNotices(ctx, municipalityId, year, NOTICE_PAGES);
  console.log(
    `  payment notices PDF: ${notices.pages} pages in ${(notices.ms / 1000).toFixed(2)} s = ${((notices.pages * 1000) / notices.ms).toFixed(1)} pages/s, ${(notices.bytes / notices.pages / 1024).toFixed(1)} KiB a page`,
  );
  ctx.stats.push({ table: "payment notices, merged PDF (rows = pages)", rows: notices.pages, ms: notices.ms });
  const [one] = await ctx.db
    .select({ id: fee.id })
    .from(fee)
    .where(and(eq(fee.municipalityId, municipalityId), eq(fee.year, year), isNotNull(fee.subjectId)))
    .limit(1);
  ctx.sizes.fees = payers;
  ctx.state.fees = {
    municipalityId,
    year,
    feeId: one!.id,
    runs: { first, second, changed, payers },
  } satisfies FeeState;
}

export const feesArea: Area = {
  name: "fees",
  generate,
  scenarios({ state }) {
    const f = state.fees as FeeState;
    const base = `/municipality/${f.municipalityId}/fee`;
    return [
      {
        name: "fee calculations of a year (the fees screens' state)",
        as: "manager",
        path: `${base}/calculation?year=${f.year}`,
      },
      { name: "a fee explained line by line", as: "manager", path: `${base}/${f.feeId}/explanation` },
      { name: "base fee settings of a year", as: "manager", path: `${base}/base-fee?year=${f.year}` },
      // The dashboard reads the kept sums of every area (collections, evidence totals, yards, fees): a page's budget.
      {
        name: "the dashboard's widgets of the large city",
        as: "manager",
        path: `/municipality/${f.municipalityId}/dashboard?year=${f.year}`,
        budgetMs: 150,
      },
    ];
  },
};
