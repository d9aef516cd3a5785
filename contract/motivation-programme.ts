/**
 * Motivation programmes (issue 14 part 5; spec 001 §2 Motivation programmes, §3 Motivation programme, §5 the 'why
 * not' text, §9 programmes, pay-as-disposed options, discount distribution, intervals; docs/motivation-programmes.md).
 * A municipality has one programme of each type (stored on its first save) and at most one active programme a year.
 * Every quantity, rate and percent is an exact decimal string, never a float on its way to the numeric columns.
 */
import { z } from "zod";
import { boolFlag, optionalText, versionAnswer, versionField, yearField } from "./common";

/** Spec 001 §9 motivation programmes. */
export const MOTIVATION_PROGRAMME_TYPES = ["PayAsDisposed", "SortRatio", "ItalianWeight"] as const;
export type MotivationProgrammeType = (typeof MOTIVATION_PROGRAMME_TYPES)[number];
/** The programmes whose discount comes from intervals. */
export const INTERVAL_TYPES = ["SortRatio", "ItalianWeight"] as const satisfies readonly MotivationProgrammeType[];
export const hasIntervals = (type: MotivationProgrammeType): type is (typeof INTERVAL_TYPES)[number] =>
  (INTERVAL_TYPES as readonly string[]).includes(type);

/** Spec 001 §9 discount distribution. */
export const DISCOUNT_DISTRIBUTIONS = ["Legacy", "Gradual", "MembershipBased", "Custom"] as const;
export type DiscountDistribution = (typeof DISCOUNT_DISTRIBUTIONS)[number];
/** PayAsDisposed measures weight (kg) or volume (l). */
export const MOTIVATION_UNITS = ["kg", "l"] as const;

/** Spec 000 §2 the edit page's sub-tabs, per programme. */
export const PROGRAMME_TABS = {
  PayAsDisposed: ["Parameters", "UseOrderedDisposeCount"],
  SortRatio: ["Parameters", "MotivationProgramType"],
  ItalianWeight: ["Parameters", "MotivationProgramType"],
} as const satisfies Record<MotivationProgrammeType, readonly string[]>;
export type ProgrammeTab = "Parameters" | "UseOrderedDisposeCount" | "MotivationProgramType";

/** The URL part of a programme (…/motivation-program/{motivational_type}/edit). */
export const PROGRAMME_SLUGS: Record<MotivationProgrammeType, string> = {
  PayAsDisposed: "pay-as-disposed",
  SortRatio: "sort-ratio",
  ItalianWeight: "italian-weight",
};
export const typeOfSlug = (slug: string | undefined): MotivationProgrammeType | undefined =>
  MOTIVATION_PROGRAMME_TYPES.find((t) => PROGRAMME_SLUGS[t] === slug);

/**
 * The programmes' Czech names, used in the API's messages (e.g. the activation conflict); each is a key of the
 * messages namespace, so the name is translated inside the message too.
 */
export const PROGRAMME_NAMES: Record<MotivationProgrammeType, string> = {
  PayAsDisposed: "Platba podle množství odpadu",
  SortRatio: "Míra třídění",
  ItalianWeight: "Italský model (hmotnost SKO na osobu)",
};

export const FEE_PER_UNIT_MESSAGE = "Poplatek za jednotku je kladné číslo s nejvýše 4 desetinnými místy.";
export const MINIMAL_UNIT_MESSAGE = "Minimální množství je nezáporné číslo s nejvýše 3 desetinnými místy.";
export const ORDERED_COUNT_MESSAGE = "Zadejte objednaný počet vývozů (celé číslo, alespoň 1).";
export const INTERVAL_FROM_MESSAGE = "Zadejte dolní mez jako nezáporné číslo (nejvýše 3 desetinná místa).";
export const INTERVAL_TO_MESSAGE = "Horní mez je nezáporné číslo (nejvýše 3 desetinná místa) nebo prázdná.";
export const SORT_RATIO_BOUND_MESSAGE = "Míra třídění je 0 až 100 %.";
export const DISCOUNT_PERCENT_MESSAGE = "Sleva je 0 až 100 % s nejvýše 2 desetinnými místy.";
export const INTERVAL_ORDER_MESSAGE = "Horní mez musí být větší než dolní mez.";
export const INTERVAL_OVERLAP_MESSAGE = "Interval se překrývá s jiným intervalem.";
export const INTERVAL_GAP_MESSAGE = "Mezi intervaly je mezera: interval musí začínat tam, kde předchozí končí.";
export const CHOOSE_VALUE_MESSAGE = "Vyberte hodnotu.";
export const PROGRAMME_TYPE_MISMATCH = "Tělo požadavku patří jinému motivačnímu programu.";
export const ACTIVATION_YEAR_MESSAGE = "Zvolte letošní nebo příští rok, nebo rok s nastaveným základním poplatkem.";
export const PROGRAMME_NOT_CONFIGURED = "Program není nastavený: nejdřív vyplňte jeho parametry a intervaly.";
export const PROGRAMME_NOT_ACTIVE = "Program v tomto roce není aktivní.";
export const PROGRAMME_ACTIVE_NO_DELETE = "Aktivní program nelze smazat; nejdřív ho deaktivujte.";
export const CUSTOM_DISCOUNT_NOT_FOUND = "Sleva sběrného místa nebyla nalezena.";
export const CUSTOM_ONLY_INTERVALS = "Vlastní slevy má jen program s intervaly.";
/** Another programme (or this one) is already active in the year; names it (a messages key translates the name). */
export const activeConflictMessage = (year: number, name: string) =>
  `V roce ${year} je už aktivní program ${name}. Nejdřív ho deaktivujte.`;

/** A decimal typed by a person ('12,5' or '12.5'), at most `scale` decimals, as the exact string '12.5'. */
const decimalText = (scale: number, message: string) =>
  z.preprocess(
    (v) =>
      typeof v === "number" ? String(v) : typeof v === "string" ? v.trim().replace(/\s/g, "").replace(",", ".") : v,
    z.string({ message }).regex(new RegExp(`^\\d{1,9}(\\.\\d{1,${scale}})?$`), { message }),
  );
const optionalDecimalText = (scale: number, message: string) =>
  z.preprocess((v) => (v === "" || v === null ? undefined : v), decimalText(scale, message).optional());

/**
 * A decimal string as an integer of thousandths, for exact comparisons of bounds (never a float). Inputs are the
 * schema's decimal strings (at most 3 decimals).
 */
export function thousandths(value: string): bigint {
  const [whole, fraction = ""] = value.split(".");
  return BigInt(whole!) * 1000n + BigInt((fraction + "000").slice(0, 3));
}

/** Zod runs every check of a field, so a bound check must not read a value the pattern refused. */
const isDecimal = (v: unknown): v is string => typeof v === "string" && /^\d+(\.\d+)?$/.test(v);

const discountPercent = decimalText(2, DISCOUNT_PERCENT_MESSAGE).refine(
  (v) => !isDecimal(v) || thousandths(v) <= 100_000n,
  {
    message: DISCOUNT_PERCENT_MESSAGE,
  },
);

/** PayAsDisposed's Parameters tab: unit, fee per unit (> 0), minimal quantity per person and month, year as period. */
export const payAsDisposedParameters = z.object({
  unit: z.enum(MOTIVATION_UNITS, { message: CHOOSE_VALUE_MESSAGE }),
  feePerUnit: decimalText(4, FEE_PER_UNIT_MESSAGE).refine((v) => /[1-9]/.test(v), { message: FEE_PER_UNIT_MESSAGE }),
  minimalUnitPerPeriod: decimalText(3, MINIMAL_UNIT_MESSAGE),
  useYearAsPeriod: boolFlag,
});
export type PayAsDisposedParameters = z.infer<typeof payAsDisposedParameters>;

/** PayAsDisposed's UseOrderedDisposeCount tab: the count is required (≥ 1) when 'use ordered dispose count' is on. */
export const orderedDisposeSchema = z
  .object({
    useBinVolume: boolFlag,
    useOrderedDisposeCount: boolFlag,
    orderedDisposeCount: z.preprocess(
      (v) => (v === "" || v === null ? undefined : typeof v === "string" ? Number(v.trim()) : v),
      z
        .number({ message: ORDERED_COUNT_MESSAGE })
        .int({ message: ORDERED_COUNT_MESSAGE })
        .min(1, {
          message: ORDERED_COUNT_MESSAGE,
        })
        .max(10_000, { message: ORDERED_COUNT_MESSAGE })
        .optional(),
    ),
  })
  .superRefine((v, ctx) => {
    if (v.useOrderedDisposeCount && v.orderedDisposeCount === undefined)
      ctx.addIssue({ code: "custom", path: ["orderedDisposeCount"], message: ORDERED_COUNT_MESSAGE });
  });
export type OrderedDispose = z.infer<typeof orderedDisposeSchema>;

const distribution = z.enum(DISCOUNT_DISTRIBUTIONS, { message: CHOOSE_VALUE_MESSAGE });
/** SortRatio's Parameters tab: the discount distribution and the 'why not' text. */
export const sortRatioParameters = z.object({ discountDistribution: distribution, whyNot: optionalText(2000) });
/** ItalianWeight's Parameters tab: the discount distribution. */
export const italianWeightParameters = z.object({ discountDistribution: distribution });

/** One interval as typed: from (exclusive), to (inclusive, empty = no upper bound), the discount percent. */
const intervalRow = (boundMax?: string) => {
  const within = (v: string) => boundMax === undefined || !isDecimal(v) || thousandths(v) <= thousandths(boundMax);
  return z.object({
    from: decimalText(3, INTERVAL_FROM_MESSAGE).refine(within, { message: SORT_RATIO_BOUND_MESSAGE }),
    to: optionalDecimalText(3, INTERVAL_TO_MESSAGE).refine((v) => v === undefined || within(v), {
      message: SORT_RATIO_BOUND_MESSAGE,
    }),
    discountPercent,
  });
};
export type IntervalInput = { from: string; to?: string; discountPercent: string };

/**
 * Spec 001 §9 intervals: from exclusive, to inclusive. Each interval's to is above its from; sorted by from, an
 * interval starts exactly where the previous one ends (a gap is an error, so no quantity falls between two intervals
 * unnoticed; docs/motivation-programmes.md) and only the last may be open-ended (an overlap is an error). The
 * errors stand under the row that breaks the rule; the value is answered sorted by from.
 */
export function checkIntervals(rows: IntervalInput[], ctx: z.RefinementCtx) {
  // A row whose numbers did not parse has its own errors already; the others are still checked.
  const valid = rows
    .map((r, i) => ({ r, i }))
    .filter(({ r }) => isDecimal(r.from) && (r.to === undefined || isDecimal(r.to)));
  for (const { r, i } of valid) {
    if (r.to !== undefined && thousandths(r.to) <= thousandths(r.from))
      ctx.addIssue({ code: "custom", path: [i, "to"], message: INTERVAL_ORDER_MESSAGE });
  }
  const order = [...valid].sort((a, b) => compare(a.r.from, b.r.from));
  for (let k = 1; k < order.length; k++) {
    const prev = order[k - 1]!.r;
    const { r, i } = order[k]!;
    if (prev.to === undefined || thousandths(prev.to) > thousandths(r.from))
      ctx.addIssue({ code: "custom", path: [i, "from"], message: INTERVAL_OVERLAP_MESSAGE });
    else if (thousandths(prev.to) < thousandths(r.from))
      ctx.addIssue({ code: "custom", path: [i, "from"], message: INTERVAL_GAP_MESSAGE });
  }
}
const compare = (a: string, b: string) => {
  const d = thousandths(a) - thousandths(b);
  return d < 0n ? -1 : d > 0n ? 1 : 0;
};

/** A programme's intervals: SortRatio's bounds are percent (0–100), ItalianWeight's kg of mixed waste per person. */
export const intervalsSchema = (type: (typeof INTERVAL_TYPES)[number]) =>
  z
    .array(intervalRow(type === "SortRatio" ? "100" : undefined))
    .max(50)
    .superRefine(checkIntervals)
    .transform((rows) => [...rows].sort((a, b) => compare(a.from, b.from)));

/**
 * PUT …/motivation-programme/{type}: the version the form loaded and the tab's section(s) — a section left out is
 * kept as stored (each sub-tab saves its own). `type` must be the path's.
 */
const programmeUpdateVariants = z.discriminatedUnion("type", [
  z.object({
    type: z.literal("PayAsDisposed"),
    version: versionField,
    parameters: payAsDisposedParameters.optional(),
    orderedDispose: orderedDisposeSchema.optional(),
  }),
  z.object({
    type: z.literal("SortRatio"),
    version: versionField,
    parameters: sortRatioParameters.optional(),
    intervals: intervalsSchema("SortRatio").optional(),
  }),
  z.object({
    type: z.literal("ItalianWeight"),
    version: versionField,
    parameters: italianWeightParameters.optional(),
    intervals: intervalsSchema("ItalianWeight").optional(),
  }),
]);
/** The body's fields as one object first (what every body check and the OpenAPI document read), then its programme's. */
export const programmeUpdateBody = z
  .object({
    type: z.enum(MOTIVATION_PROGRAMME_TYPES, { message: CHOOSE_VALUE_MESSAGE }),
    version: z.unknown(),
    parameters: z.unknown().optional(),
    intervals: z.unknown().optional(),
    orderedDispose: z.unknown().optional(),
  })
  .pipe(programmeUpdateVariants);
export type ProgrammeUpdate = z.output<typeof programmeUpdateBody>;

/** The intervals tab's form: an emptied list is sent as no field at all, which here means 'no intervals'. */
export const intervalsFormSchema = (type: (typeof INTERVAL_TYPES)[number]) =>
  z.object({
    version: versionField,
    intervals: z.preprocess((v) => v ?? [], intervalsSchema(type)),
  });

/** POST …/activate and …/deactivate: the fee year. */
export const activationBody = z.object({ year: yearField });

/** A custom discount (Custom distribution) of a subject for a year. */
export const customDiscountBody = z.object({ year: yearField, discountPercent });
export const customDiscountQuery = z.object({ year: yearField });
export const customDiscountItem = z.object({
  subjectId: z.number(),
  subjectName: z.string(),
  address: z.string().nullable(),
  year: z.number(),
  discountPercent: z.string(),
});
export type CustomDiscountItem = z.infer<typeof customDiscountItem>;

export const intervalAnswer = z.object({ from: z.string(), to: z.string().nullable(), discountPercent: z.string() });
export type IntervalAnswer = z.infer<typeof intervalAnswer>;

/** One programme as stored, or its defaults before its first save (`stored` false, version 0). */
export const programmeAnswer = z.object({
  type: z.enum(MOTIVATION_PROGRAMME_TYPES),
  stored: z.boolean(),
  ...versionAnswer,
  unit: z.enum(MOTIVATION_UNITS),
  feePerUnit: z.string().nullable(),
  minimalUnitPerPeriod: z.string().nullable(),
  orderedDisposeCount: z.number().nullable(),
  useBinVolume: z.boolean(),
  useOrderedDisposeCount: z.boolean(),
  useYearAsPeriod: z.boolean(),
  discountDistribution: z.enum(DISCOUNT_DISTRIBUTIONS),
  whyNot: z.string().nullable(),
  intervals: z.array(intervalAnswer),
  /** The fee years this programme is active in, ascending. */
  activeYears: z.array(z.number()),
});
export type ProgrammeAnswer = z.infer<typeof programmeAnswer>;

/** GET …/motivation-programme: the three programmes and the years an activation may choose. */
export const programmeListAnswer = z.object({
  items: z.array(programmeAnswer),
  currentYear: z.number(),
  /** Current and next year and every year with a base fee setting, ascending. */
  yearOptions: z.array(z.number()),
});
export type ProgrammeList = z.infer<typeof programmeListAnswer>;

/** The 'why not' text is shown only when longer than 3 characters (spec 001 §5). */
export const showsWhyNot = (text: string | null | undefined) => (text?.trim().length ?? 0) > 3;
