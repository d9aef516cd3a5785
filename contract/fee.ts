/**
 * Fees → Fees (issue 14 part 2): spec 001 §2 'Fees' (cards for fees, discounts, final fee, total expenditure and
 * total income; the table; fee statistics; mark paid or unpaid singly and in bulk), §3 Fee. The fees themselves are
 * written by the recalculation (docs/fees.md); these calls read them and keep their paid flag.
 */
import { z } from "zod";
import { subjectRefAnswer, feePayerRefAnswer } from "./common";
import { listFilter, listQuery } from "./list";
import { feeListKeys } from "./lists";
import { SUBJECT_TYPES } from "./enums";
import { yearOptions } from "./calendar";

/** The fee years a screen offers: next year (a fee is set ahead) and the year selector's years (spec 000 §9). */
export function feeYears(now: Date = new Date()): number[] {
  const years = yearOptions(now);
  return [years[0]! + 1, ...years];
}

const YEAR_MESSAGE = "Zadejte rok 2000–2100.";
/** A fee year; absent → the current year (Europe/Prague), chosen by the API. */
export const feeYearField = z.preprocess(
  (v) => (v === "" || v === null ? undefined : v),
  z.coerce
    .number({ message: YEAR_MESSAGE })
    .int({ message: YEAR_MESSAGE })
    .min(2000, { message: YEAR_MESSAGE })
    .max(2100, { message: YEAR_MESSAGE })
    .optional(),
);

/** GET municipality/{id}/fee: the payers' yearly fees of a year (fee rows with month null). */
export const feeList = listQuery(feeListKeys, {
  year: feeYearField,
  search: listFilter.search(),
  paid: listFilter.boolean(),
  subjectType: listFilter.select(SUBJECT_TYPES),
  /** Payers with a fixed or motivation discount (true) or none (false). */
  discounted: listFilter.boolean(),
  subjectId: listFilter.id(),
  feePayerId: listFilter.id(),
});
export type FeeListQuery = z.output<typeof feeList.query>;

const money = z.string();

/**
 * A fee's amounts as stored (spec 001 §3 Fee: base, bin and motivation fee, the discounts' total, the total and the
 * final fee), exact decimal strings: every answer that shows a fee row carries them.
 */
export const feeAmountsAnswer = {
  baseFee: money,
  binFee: money,
  motivationFee: money,
  totalDiscount: money,
  totalFee: money,
  finalFee: money,
};

export const feeListItem = z.object({
  id: z.number(),
  year: z.number(),
  ...feePayerRefAnswer,
  variableSymbol: z.string().nullable(),
  ...subjectRefAnswer,
  ...feeAmountsAnswer,
  fixedDiscount: money,
  motivationDiscount: money,
  fixedDiscountNames: z.string().nullable(),
  paid: z.boolean(),
  paidChangedAt: z.string().nullable(),
});
export type FeeListItem = z.infer<typeof feeListItem>;

/** GET municipality/{id}/fee/summary?year=: the cards and the fee statistics of a year. */
export const feeSummaryQuery = z.object({ year: feeYearField });

/** One bar of the final-fee distribution: payers whose final fee for the year (all their fees) is in [from, to). */
export const feeBucket = z.object({ from: money, to: money.nullable(), payers: z.number() });

export const feeSummary = z.object({
  year: z.number(),
  /** The years that have fees, newest first. */
  years: z.array(z.number()),
  /** The payers with a fee that year, each once; feeCount the fees (a payer who moved has one at each point). */
  payerCount: z.number(),
  feeCount: z.number(),
  /** Σ TotalFee (the fees card), Σ TotalDiscount (discounts), Σ FinalFee (the final fee). */
  totalFee: money,
  totalDiscount: money,
  finalFee: money,
  /** Σ of the year's expenditures (spec 001 §3 Expenditure). */
  totalExpenditure: money,
  /** The total income: Σ FinalFee of the fees marked paid. */
  totalIncome: money,
  /** Fees marked paid and not (a fee is paid on its own). */
  paidCount: z.number(),
  unpaidCount: z.number(),
  unpaidFinalFee: money,
  /** Fee statistics: payers with a fixed discount, with a motivation discount, with a motivation or bin fee. */
  fixedDiscountCount: z.number(),
  motivationDiscountCount: z.number(),
  motivationFeeCount: z.number(),
  /** The final fees' distribution, up to ten bars of equal width. */
  distribution: z.array(feeBucket),
});
export type FeeSummary = z.infer<typeof feeSummary>;

export const FEE_IDS_MAX = 1000;
const FEE_IDS_MESSAGE = "Vyberte položky.";
/** PATCH municipality/{id}/fee/paid: mark fees paid or unpaid (spec 001 §2, singly or in bulk). */
export const feePaidSchema = z.object({
  feeIds: z
    .array(z.coerce.number().int().positive().max(2_147_483_647))
    .min(1, { message: FEE_IDS_MESSAGE })
    .max(FEE_IDS_MAX, { message: `Nejvýše ${FEE_IDS_MAX} položek.` }),
  paid: z.boolean(),
});
export type FeePaid = z.infer<typeof feePaidSchema>;
