/**
 * The fee engine's calls (issue 14 parts 1 and 7; docs/fees.md): base fee settings per year (spec 001 §3 Base fee
 * settings), recalculations and simulations (the fee_calculation log) and a fee's explanation line by line (spec 001
 * §9 fee types). Money travels as exact decimal strings ('900.00'), never as floating point numbers.
 */
import { z } from "zod";
import { boolFlag, versionField, yearField } from "./common";
import { feeAmountsAnswer } from "./fee";
// Spec 001 §9 programme types, units and discount distributions are declared once, with the programmes.
import {
  DISCOUNT_DISTRIBUTIONS,
  MOTIVATION_PROGRAMME_TYPES,
  MOTIVATION_UNITS,
  programmeAnswer,
  type ProgrammeAnswer,
} from "./motivation-programme";

export const FEE_RECORD_TYPES = [
  "BaseFee",
  "BinFee",
  "MotivationFee",
  "FixedDiscount",
  "MotivationDiscount",
  "TotalFee",
  "TotalDiscount",
] as const;
export type FeeRecordType = (typeof FEE_RECORD_TYPES)[number];

export const CALCULATION_STATES = ["Queued", "Running", "Done", "Failed"] as const;
export const CALCULATION_KINDS = ["Calculation", "Simulation"] as const;

/** The Czech message of a run without a base fee for its year (docs/fees.md). */
export const noBaseFeeMessage = (year: number) => `Základní poplatek pro rok ${year} není nastaven.`;

const BLANK = (v: unknown) => v === "" || v === null || v === undefined;
const normalized = (v: unknown) => (typeof v === "string" ? v.trim().replace(/\s/g, "").replace(",", ".") : v);

/** A decimal typed by a person ('900', '900,50'): at most `scale` places, 0 … 10^`digits`; kept as exact text. */
const decimal = (digits: number, scale: number, message: string) =>
  z.preprocess(
    (v) => (typeof v === "number" ? String(v) : normalized(v)),
    z.string({ message }).refine((v) => new RegExp(`^\\d{1,${digits}}(\\.\\d{1,${scale}})?$`).test(v), { message }),
  );
const optionalDecimal = (digits: number, scale: number, message: string) =>
  z.preprocess((v) => (BLANK(v) ? null : v), decimal(digits, scale, message).nullable());

const MONEY_MESSAGE = "Zadejte částku jako nezáporné číslo (nejvýše 2 desetinná místa).";
const PERCENT_MESSAGE = "Zadejte procento jako číslo 0–999,99 (nejvýše 2 desetinná místa).";
const percent = decimal(3, 2, PERCENT_MESSAGE);
const optionalPercent = optionalDecimal(3, 2, PERCENT_MESSAGE);
const MAX_BELOW_MIN = "Maximum nesmí být menší než minimum.";

/** The base fee, the minimum and the maximum (percent of BaseFee; max empty = no upper bound). */
const baseFeeShape = {
  baseFee: decimal(9, 2, MONEY_MESSAGE),
  minFeePercent: z.preprocess((v) => (BLANK(v) ? "0" : v), percent),
  maxFeePercent: optionalPercent,
};
const maxNotBelowMin = (v: { minFeePercent: string; maxFeePercent: string | null }) =>
  v.maxFeePercent === null || Number(v.maxFeePercent) >= Number(v.minFeePercent);

export const yearQuery = z.object({ year: yearField });

/** PUT …/fee/base-fee: the settings of a year; `version` 0 creates them (decision 0020). */
export const baseFeeSettingBody = z
  .object({ year: yearField, ...baseFeeShape, version: versionField })
  .refine(maxNotBelowMin, { message: MAX_BELOW_MIN, path: ["maxFeePercent"] });

export const baseFeeSettingAnswer = z.object({
  setting: z
    .object({
      id: z.number(),
      version: z.number(),
      year: z.number(),
      baseFee: z.string(),
      minFeePercent: z.string(),
      maxFeePercent: z.string().nullable(),
    })
    .nullable(),
  /** The municipality's currency (CZK; EUR for a Slovak one). */
  currency: z.enum(["CZK", "EUR"]),
});

export const recalculateBody = z.object({ year: yearField });

const INTERVALS_MESSAGE = "Intervaly se nesmí překrývat a horní mez musí být větší než dolní.";
const intervalShape = z.object({
  fromValue: decimal(9, 3, "Zadejte dolní mez jako nezáporné číslo."),
  toValue: optionalDecimal(9, 3, "Zadejte horní mez jako nezáporné číslo."),
  discountPercent: percent,
});

/** A proposed programme of a simulation: the parameters of spec 001 §3 Motivation programme and its intervals. */
export const simulatedProgramme = z
  .object({
    type: z.enum(MOTIVATION_PROGRAMME_TYPES, { message: "Vyberte typ motivačního programu." }),
    unit: z.enum(MOTIVATION_UNITS).default("l"),
    feePerUnit: optionalDecimal(8, 4, "Zadejte sazbu jako nezáporné číslo (nejvýše 4 desetinná místa)."),
    minimalUnitPerPeriod: optionalDecimal(9, 3, "Zadejte minimální množství jako nezáporné číslo."),
    orderedDisposeCount: z.preprocess(
      (v) => (BLANK(v) ? null : v),
      z.coerce.number({ message: "Zadejte celé nezáporné číslo." }).int().min(0).max(10_000).nullable(),
    ),
    // A form posts 'on' for a ticked box and nothing for an empty one (the no-JavaScript path).
    useBinVolume: boolFlag,
    useOrderedDisposeCount: boolFlag,
    discountDistribution: z.enum(DISCOUNT_DISTRIBUTIONS).default("Legacy"),
    intervals: z.array(intervalShape).max(50).default([]),
  })
  .superRefine((p, ctx) => {
    const sorted = [...p.intervals].sort((a, b) => Number(a.fromValue) - Number(b.fromValue));
    sorted.forEach((iv, i) => {
      const next = sorted[i + 1];
      const bad =
        (iv.toValue !== null && Number(iv.toValue) <= Number(iv.fromValue)) ||
        (next && (iv.toValue === null || Number(iv.toValue) > Number(next.fromValue)));
      if (bad) ctx.addIssue({ code: "custom", message: INTERVALS_MESSAGE, path: ["intervals"] });
    });
  });
export type SimulatedProgramme = z.output<typeof simulatedProgramme>;

/** A programme as stored (or as a screen's form proposes it) in the shape a simulation takes. */
export function programmeProposal(
  p: Omit<ProgrammeAnswer, "stored" | "version" | "activeYears" | "whyNot" | "useYearAsPeriod">,
): SimulatedProgramme {
  return {
    type: p.type,
    unit: p.unit,
    feePerUnit: p.feePerUnit,
    minimalUnitPerPeriod: p.minimalUnitPerPeriod,
    orderedDisposeCount: p.orderedDisposeCount,
    useBinVolume: p.useBinVolume,
    useOrderedDisposeCount: p.useOrderedDisposeCount,
    discountDistribution: p.discountDistribution,
    intervals: p.intervals.map((i) => ({ fromValue: i.from, toValue: i.to, discountPercent: i.discountPercent })),
  };
}

/** GET …/fee/active-programme?year: the programme active in the year as a simulation takes it (null: none). */
export const activeProgrammeAnswer = z.object({
  programme: programmeAnswer
    .pick({
      type: true,
      unit: true,
      feePerUnit: true,
      minimalUnitPerPeriod: true,
      orderedDisposeCount: true,
      useBinVolume: true,
      useOrderedDisposeCount: true,
      discountDistribution: true,
    })
    .extend({
      intervals: z.array(
        z.object({ fromValue: z.string(), toValue: z.string().nullable(), discountPercent: z.string() }),
      ),
    })
    .nullable(),
});

/**
 * Where a simulation was asked for: the base fee dialog of Fees → Fees or a motivation programme's page. The engine
 * ignores it; it is kept with the parameters so that each screen finds its own simulations.
 */
export const SIMULATION_PURPOSES = ["BaseFee", "Programme"] as const;

/** POST …/fee/simulation: the year and the proposed settings; null programme = none. */
export const simulateBody = z
  .object({
    year: yearField,
    ...baseFeeShape,
    programme: simulatedProgramme.nullable().default(null),
    purpose: z.enum(SIMULATION_PURPOSES).optional(),
  })
  .refine(maxNotBelowMin, { message: MAX_BELOW_MIN, path: ["maxFeePercent"] });
export type SimulationParameters = z.output<typeof simulateBody>;

export const simulationResult = z.object({
  currency: z.enum(["CZK", "EUR"]),
  payerCount: z.number(),
  /** Σ final fees of the year as calculated now (the stored fees) and with the proposed settings. */
  incomeBefore: z.string(),
  incomeAfter: z.string(),
  /** incomeAfter − incomeBefore. */
  incomeChange: z.string(),
  /** Σ expenditures of the year and incomeAfter − expenditures. */
  expenditures: z.string(),
  balance: z.string(),
  /** Payers whose yearly fee would rise, fall or stay. */
  increased: z.number(),
  decreased: z.number(),
  unchanged: z.number(),
  /** The change per payer (after − before) in ten equal bands between the smallest and the largest change. */
  histogram: z.array(z.object({ from: z.string(), to: z.string(), count: z.number() })),
});
export type SimulationResult = z.output<typeof simulationResult>;

export const calculationItem = z.object({
  id: z.number(),
  year: z.number(),
  kind: z.enum(CALCULATION_KINDS),
  reason: z.string(),
  state: z.enum(CALCULATION_STATES),
  stepsDone: z.number(),
  stepsTotal: z.number().nullable(),
  /** 0–100. */
  progress: z.number(),
  requestedAt: z.string(),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
  payerCount: z.number().nullable(),
  totalFinalFee: z.string().nullable(),
  error: z.string().nullable(),
});
export type CalculationItem = z.output<typeof calculationItem>;

/** GET …/fee/calculation?year: the latest runs, the one queued or running and the last finished calculation. */
export const calculationsAnswer = z.object({
  items: z.array(calculationItem),
  /** A calculation queued or running now (the screens say one is running). */
  pending: calculationItem.nullable(),
  /** The last finished calculation (the result the screens show meanwhile). */
  lastDone: calculationItem.nullable(),
});

export const calculationDetail = calculationItem.extend({
  parameters: z.unknown().nullable(),
  result: simulationResult.nullable(),
});

export const feeRecordLine = z.object({
  type: z.enum(FEE_RECORD_TYPES),
  amount: z.string(),
  quantity: z.string().nullable(),
  unit: z.string().nullable(),
  rate: z.string().nullable(),
  percent: z.string().nullable(),
  note: z.string().nullable(),
});
export type FeeRecordLine = z.infer<typeof feeRecordLine>;

export const feeExplanation = z.object({
  id: z.number(),
  year: z.number(),
  month: z.number().nullable(),
  feePayerId: z.number().nullable(),
  subjectId: z.number().nullable(),
  variableSymbol: z.string().nullable(),
  ...feeAmountsAnswer,
  motivationDiscount: z.string(),
  fixedDiscountNames: z.string().nullable(),
  sortRatio: z.string().nullable(),
  minFeePercent: z.string().nullable(),
  maxFeePercent: z.string().nullable(),
  paid: z.boolean(),
  calculationId: z.number().nullable(),
  lines: z.array(feeRecordLine),
});
