/**
 * The cards and fee statistics of a year (spec 001 §2 'Fees': fees, discounts, final fee, total expenditure, total
 * income; 'Fee statistics also exist'). Sums are numeric in SQL and come back as exact decimal texts.
 */
import { and, eq, gte, lte, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { baseFeeSetting, expenditure, fee } from "../../db/schema";
import type { FeeSummary } from "#contract/fee";
import { feeYearOf, yearlyFees } from "./list";

const BARS = 10;

/**
 * A bar width for amounts from 0 to `max` (inclusive) in at most BARS bars: 1, 2 or 5 × a power of ten (100, 200,
 * 500 Kč …), at least 1.
 */
export function barWidth(max: number): number {
  const rough = Math.max(max, BARS) / BARS;
  const power = 10 ** Math.floor(Math.log10(rough));
  const step = [1, 2, 5, 10].find((m) => m * power > rough)!;
  return step * power;
}

export async function feeSummaryOf(db: Db, municipalityId: number, askedYear: number | undefined): Promise<FeeSummary> {
  const year = feeYearOf(askedYear);
  const yearly = yearlyFees(municipalityId, year);
  const [sums] = await db
    .select({
      // A payer who moved during the year has a fee at each collection point: payers are counted once, fees apart.
      payerCount: sql<number>`count(distinct ${fee.feePayerId})`.mapWith(Number),
      feeCount: sql<number>`count(*)`.mapWith(Number),
      totalFee: sql<string>`coalesce(sum(${fee.totalFee}), 0)::numeric(14,2)::text`,
      totalDiscount: sql<string>`coalesce(sum(${fee.totalDiscount}), 0)::numeric(14,2)::text`,
      finalFee: sql<string>`coalesce(sum(${fee.finalFee}), 0)::numeric(14,2)::text`,
      totalIncome: sql<string>`coalesce(sum(${fee.finalFee}) filter (where ${fee.paid}), 0)::numeric(14,2)::text`,
      unpaidFinalFee: sql<string>`coalesce(sum(${fee.finalFee}) filter (where not ${fee.paid}), 0)::numeric(14,2)::text`,
      paidCount: sql<number>`count(*) filter (where ${fee.paid})`.mapWith(Number),
      fixedDiscountCount:
        sql<number>`count(distinct ${fee.feePayerId}) filter (where ${fee.totalDiscount} > ${fee.motivationDiscount})`.mapWith(
          Number,
        ),
      motivationDiscountCount:
        sql<number>`count(distinct ${fee.feePayerId}) filter (where ${fee.motivationDiscount} > 0)`.mapWith(Number),
      motivationFeeCount:
        sql<number>`count(distinct ${fee.feePayerId}) filter (where ${fee.motivationFee} > 0 or ${fee.binFee} > 0)`.mapWith(
          Number,
        ),
    })
    .from(fee)
    .where(yearly);
  const [spent] = await db
    .select({ total: sql<string>`coalesce(sum(${expenditure.amount}), 0)::numeric(14,2)::text` })
    .from(expenditure)
    .where(
      and(
        eq(expenditure.municipalityId, municipalityId),
        gte(expenditure.processedOn, `${year}-01-01`),
        lte(expenditure.processedOn, `${year}-12-31`),
      ),
    );
  const years = await db.execute(sql`
    select year from ${fee} where ${fee.municipalityId} = ${municipalityId}
    union select year from ${baseFeeSetting} where ${baseFeeSetting.municipalityId} = ${municipalityId}
    order by year desc`);
  const s = sums!;
  return {
    year,
    years: (years as unknown as { rows: { year: number }[] }).rows.map((r) => Number(r.year)),
    payerCount: s.payerCount,
    feeCount: s.feeCount,
    totalFee: s.totalFee,
    totalDiscount: s.totalDiscount,
    finalFee: s.finalFee,
    totalExpenditure: spent?.total ?? "0.00",
    totalIncome: s.totalIncome,
    paidCount: s.paidCount,
    unpaidCount: s.feeCount - s.paidCount,
    unpaidFinalFee: s.unpaidFinalFee,
    fixedDiscountCount: s.fixedDiscountCount,
    motivationDiscountCount: s.motivationDiscountCount,
    motivationFeeCount: s.motivationFeeCount,
    distribution: s.feeCount ? await distribution(db, yearly) : [],
  };
}

/**
 * Payers per bar of their final fee for the year (Σ of their fees at every collection point) [k × width, (k + 1) ×
 * width), every bar up to the highest shown, empty ones too.
 */
async function distribution(db: Db, yearly: ReturnType<typeof yearlyFees>) {
  const perPayer = db
    .select({ total: sql<string>`sum(${fee.finalFee})`.as("total") })
    .from(fee)
    .where(yearly)
    .groupBy(fee.feePayerId)
    .as("per_payer");
  const [top] = await db.select({ max: sql<string>`coalesce(max(${perPayer.total}), 0)::text` }).from(perPayer);
  const width = barWidth(Number(top!.max));
  const rows = await db
    .select({
      bar: sql<number>`floor(${perPayer.total} / ${width})::int`.mapWith(Number),
      payers: sql<number>`count(*)`.mapWith(Number),
    })
    .from(perPayer)
    .groupBy(sql`1`);
  const counts = new Map(rows.map((r) => [r.bar, r.payers]));
  const last = Math.max(...rows.map((r) => r.bar));
  return Array.from({ length: last + 1 }, (_, k) => ({
    from: (k * width).toFixed(2),
    to: ((k + 1) * width).toFixed(2),
    payers: counts.get(k) ?? 0,
  }));
}
