/**
 * Fixed discounts (spec 001 §2 Discounts, §3 Discount, §5 automatic discount groups, §9 fixed discount types Age and
 * Other; docs/discounts-expenditures.md). An Age discount belongs to a citizen group and an age range and applies by
 * itself to every payer whose age reached in the fee year falls in it; an Other discount has a price type (free text,
 * e.g. 'ZTP/P') and is assigned to payers by hand on the fee-payer form. The create form makes several age levels of
 * one group at once ('add another level'); each level is one discount row.
 */
import { z } from "zod";
import { optionalText, requiredText, versionedIdAnswer, withVersion, timestampsAnswer, idNameAnswer } from "./common";
import { listFilter, listQuery } from "./list";
import { discountListKeys } from "./lists";

export const DISCOUNT_TYPES = ["Age", "Other"] as const;
export type DiscountType = (typeof DISCOUNT_TYPES)[number];
/** Spec 001 §5 automatic discount groups: the citizen group of an Age discount. */
export const CITIZEN_GROUPS = ["Child", "Senior", "OtherAgeGroup"] as const;
export type CitizenGroup = (typeof CITIZEN_GROUPS)[number];

export const MAX_AGE = 150;
/** At most this many levels in one create (a form with more is a mistake, not a tariff). */
export const MAX_LEVELS = 20;

export const DISCOUNT_NOT_FOUND = "Sleva nebyla nalezena.";
export const AGE_REQUIRED = "Zadejte věk od.";
const AGE_MESSAGE = "Věk je celé číslo 0 až 150.";
export const AGE_UNTIL_BEFORE_FROM = "Věk do nemůže být menší než věk od.";
export const LEVELS_OVERLAP = "Věkové rozmezí se překrývá s jinou úrovní této skupiny.";
export const LEVEL_OVERLAPS_EXISTING = "Věkové rozmezí se překrývá s jinou slevou této skupiny.";
export const OTHER_ONE_LEVEL = "Jiná sleva má jen jednu úroveň.";
export const LEVELS_COUNT = "Zadejte 1 až 20 úrovní.";
export const CHOOSE_GROUP = "Vyberte skupinu občanů.";
export const DISCOUNT_ASSIGNED = "Slevu mají přiřazenou někteří plátci; nejdřív ji u nich odeberte (formulář plátce).";
const DISCOUNT_MESSAGE = "Zadejte slevu jako kladnou částku (nejvýše 2 desetinná místa).";

/**
 * Money typed by a person as an exact decimal string ('500', '499,50', '1 200.5' → '1200.5'): never a float on its
 * way to the numeric column. `positive` refuses zero.
 */
export const moneyField = (message: string, positive = true) =>
  z.preprocess(
    (v) => (typeof v === "number" ? String(v) : typeof v === "string" ? v.replace(/\s/g, "").replace(",", ".") : v),
    z
      .string({ message })
      .refine((v) => /^\d{1,10}(\.\d{1,2})?$/.test(v) && (!positive || /[1-9]/.test(v)), { message }),
  );

/** A whole age 0–150; '' is absent. */
const ageField = z.preprocess(
  (v) => (v === "" || v === null ? undefined : typeof v === "string" ? v.trim() : v),
  z.coerce
    .number({ message: AGE_MESSAGE })
    .int({ message: AGE_MESSAGE })
    .min(0, { message: AGE_MESSAGE })
    .max(MAX_AGE, {
      message: AGE_MESSAGE,
    }),
);
const optionalAge = z.preprocess((v) => (v === "" || v === null ? undefined : v), ageField.optional());

/** The choice fields: type, the citizen group (Age) and the price type (Other), name and description. */
const headShape = {
  type: z.enum(DISCOUNT_TYPES, { message: "Vyberte typ slevy." }),
  citizenGroup: z.preprocess(
    (v) => (v === "" ? undefined : v),
    z.enum(CITIZEN_GROUPS, { message: CHOOSE_GROUP }).optional(),
  ),
  /** Other: the price type (e.g. 'ZTP/P', 'Student'). */
  priceType: optionalText(50),
  name: requiredText(200),
  description: optionalText(1000),
};

/** One level: an age range (Age) and its fee discount. An empty 'until' is no upper limit. */
export const discountLevelSchema = z.object({
  ageFrom: optionalAge,
  ageUntil: optionalAge,
  feeDiscount: moneyField(DISCOUNT_MESSAGE),
});
export type DiscountLevel = z.infer<typeof discountLevelSchema>;

/** The inclusive range of a level; no 'until' reaches MAX_AGE. */
export const ageRange = (l: { ageFrom?: number | null; ageUntil?: number | null }) =>
  [l.ageFrom ?? 0, l.ageUntil ?? MAX_AGE] as const;
export const rangesOverlap = (a: readonly [number, number], b: readonly [number, number]) =>
  a[0] <= b[1] && b[0] <= a[1];

type Head = { type: DiscountType; citizenGroup?: CitizenGroup };

/** A level's age checks, its issues under `path` (levels.0 or the edit's own fields). */
function checkLevel(v: Head, level: DiscountLevel, ctx: z.RefinementCtx, path: (string | number)[]) {
  if (v.type !== "Age") return;
  if (level.ageFrom === undefined) ctx.addIssue({ code: "custom", path: [...path, "ageFrom"], message: AGE_REQUIRED });
  if (level.ageFrom !== undefined && level.ageUntil !== undefined && level.ageUntil < level.ageFrom)
    ctx.addIssue({ code: "custom", path: [...path, "ageUntil"], message: AGE_UNTIL_BEFORE_FROM });
}

function checkHead(v: Head, ctx: z.RefinementCtx) {
  if (v.type === "Age" && !v.citizenGroup)
    ctx.addIssue({ code: "custom", path: ["citizenGroup"], message: CHOOSE_GROUP });
}

/**
 * The stored group and ages of a discount: an Other discount has no ages and no citizen group, an Age one no price
 * type (the form without JavaScript carries both groups of fields; the type decides which count).
 */
export function storedFields(v: {
  type: DiscountType;
  citizenGroup?: CitizenGroup;
  priceType?: string;
  ageFrom?: number;
  ageUntil?: number;
}) {
  return v.type === "Age"
    ? { group: v.citizenGroup ?? null, ageFrom: v.ageFrom ?? null, ageUntil: v.ageUntil ?? null }
    : { group: v.priceType ?? null, ageFrom: null, ageUntil: null };
}

/**
 * The create form and POST discount: the head and one or more levels. Age levels of the form must not overlap
 * (each level is a discount of the same group); the API also checks them against the group's stored discounts.
 */
export const discountCreateSchema = z
  .object({
    ...headShape,
    levels: z
      .array(discountLevelSchema, { message: LEVELS_COUNT })
      .min(1, { message: LEVELS_COUNT })
      .max(MAX_LEVELS, { message: LEVELS_COUNT }),
  })
  .superRefine((v, ctx) => {
    checkHead(v, ctx);
    if (v.type === "Other" && v.levels.length > 1)
      ctx.addIssue({ code: "custom", path: ["levels", 1, "feeDiscount"], message: OTHER_ONE_LEVEL });
    v.levels.forEach((level, i) => checkLevel(v, level, ctx, ["levels", i]));
    if (v.type !== "Age") return;
    v.levels.forEach((level, i) => {
      if (level.ageFrom === undefined) return;
      const clash = v.levels
        .slice(0, i)
        .some((o) => o.ageFrom !== undefined && rangesOverlap(ageRange(o), ageRange(level)));
      if (clash) ctx.addIssue({ code: "custom", path: ["levels", i, "ageFrom"], message: LEVELS_OVERLAP });
    });
  });
export type DiscountCreate = z.infer<typeof discountCreateSchema>;

/** The edit form: one discount (one level) with its fields flat. */
export const discountFormSchema = z.object({ ...headShape, ...discountLevelSchema.shape }).superRefine((v, ctx) => {
  checkHead(v, ctx);
  checkLevel(v, v, ctx, []);
});
export type DiscountForm = z.infer<typeof discountFormSchema>;
/** PUT discount/{id}: the form with the version the user saw (decision 0020). */
export const discountUpdateSchema = withVersion(discountFormSchema);
export type DiscountUpdate = z.infer<typeof discountUpdateSchema>;

/** GET …/discount: search (name, group, description), type; paging and sort. */
export const discountList = listQuery(discountListKeys, {
  search: listFilter.search(),
  type: listFilter.select(DISCOUNT_TYPES),
});
export type DiscountListQuery = z.output<typeof discountList.query>;

export const discountListItem = z.object({
  ...idNameAnswer,
  type: z.enum(DISCOUNT_TYPES),
  /** Age: a citizen group (CITIZEN_GROUPS); Other: the price type, or null. */
  group: z.string().nullable(),
  ageFrom: z.number().nullable(),
  ageUntil: z.number().nullable(),
  /** Exact decimal string, e.g. '500.00', in the municipality's currency. */
  feeDiscount: z.string(),
  description: z.string().nullable(),
  /** Active payers who get it: Age by the age reached this year, Other by assignment. */
  feePayerCount: z.number(),
});
export type DiscountListItem = z.infer<typeof discountListItem>;

export const discountDetail = discountListItem.extend({ ...versionedIdAnswer, ...timestampsAnswer });
export type DiscountDetail = z.infer<typeof discountDetail>;

/** The answer of a create: the ids of the discounts made (one per level). */
export const discountCreated = z.object({ ids: z.array(z.number()) });
