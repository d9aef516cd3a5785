/**
 * A fee's lines (spec 001 §9 fee types; the table in docs/fees.md 'What the fee lines say'), built from its row when
 * it is read (decision 0038): the engine writes each component's amount and what it was computed from (months, rate,
 * quantity, percent, programme) as columns of the fee, not the lines themselves.
 *
 * Only the components that apply have a line (decision 0035): BaseFee and TotalFee always; BinFee and MotivationFee
 * under PayAsDisposed (by bin volume or by quantity); MotivationDiscount under SortRatio and ItalianWeight (also at
 * 0 %: it shows the measure); FixedDiscount when the payer has fixed discounts; TotalDiscount when both apply (with
 * one, its own line is the total).
 */
import type { fee } from "../../db/schema";
import type { FeeRecordLine } from "#contract/fee-calculation";

type FeeRow = Pick<
  typeof fee.$inferSelect,
  | "baseFee"
  | "binFee"
  | "motivationFee"
  | "motivationDiscount"
  | "fixedDiscount"
  | "fixedDiscountNames"
  | "totalFee"
  | "totalDiscount"
  | "minFeePercent"
  | "maxFeePercent"
  | "months"
  | "baseFeeRate"
  | "fixedDiscountYearly"
  | "quantity"
  | "feePerUnit"
  | "unit"
  | "quantityBasis"
  | "measure"
  | "discountPercent"
  | "programmeType"
  | "discountDistribution"
  | "bound"
>;

/** What a BinFee's quantity counts; a PayAsDisposed fee with another basis (none or Minimum) is a MotivationFee. */
const BY_BIN_VOLUME = new Set(["Disposals", "OrderedDisposeCount"]);

const line = (
  type: FeeRecordLine["type"],
  amount: string,
  rest: Partial<Omit<FeeRecordLine, "type" | "amount">> = {},
) => ({
  type,
  amount,
  quantity: rest.quantity ?? null,
  unit: rest.unit ?? null,
  rate: rest.rate ?? null,
  percent: rest.percent ?? null,
  note: rest.note ?? null,
});

/** The fee's lines in the order of spec 001 §9 fee types (components first, totals last). */
export function feeLines(f: FeeRow): FeeRecordLine[] {
  const months = `${f.months}.000`;
  const payAsDisposed = f.programmeType === "PayAsDisposed";
  const byBinVolume = payAsDisposed && BY_BIN_VOLUME.has(f.quantityBasis ?? "");
  const rated = f.programmeType === "SortRatio" || f.programmeType === "ItalianWeight";
  const fixed = f.fixedDiscountNames !== null;
  const lines: FeeRecordLine[] = [
    line("BaseFee", f.baseFee, { quantity: months, unit: "months", rate: f.baseFeeRate }),
  ];
  if (byBinVolume)
    lines.push(
      line("BinFee", f.binFee, { quantity: f.quantity, unit: "l", rate: f.feePerUnit, note: f.quantityBasis }),
    );
  if (payAsDisposed && !byBinVolume)
    lines.push(
      line("MotivationFee", f.motivationFee, {
        quantity: f.quantity,
        unit: f.unit,
        rate: f.feePerUnit,
        note: f.quantityBasis,
      }),
    );
  if (fixed)
    lines.push(
      line("FixedDiscount", f.fixedDiscount, {
        quantity: months,
        unit: "months",
        rate: f.fixedDiscountYearly,
        note: f.fixedDiscountNames,
      }),
    );
  if (rated) {
    const custom = f.discountDistribution === "Custom";
    lines.push(
      line("MotivationDiscount", f.motivationDiscount, {
        quantity: custom ? null : f.measure,
        unit: custom ? null : f.programmeType === "SortRatio" ? "%" : "kg/person",
        percent: f.discountPercent,
        note: `${f.programmeType}:${f.discountDistribution}`,
      }),
    );
  }
  lines.push(
    line("TotalFee", f.totalFee, {
      percent: f.bound === "Min" ? f.minFeePercent : f.bound === "Max" ? f.maxFeePercent : null,
      note: f.bound,
    }),
  );
  if (fixed && rated) lines.push(line("TotalDiscount", f.totalDiscount));
  return lines;
}
