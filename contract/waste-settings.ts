/**
 * Waste and bin types settings (spec 001 §2 'Waste and bin types settings', §3 'Bin type / waste configuration',
 * §9 bin kinds and types; docs/api-bins.md 'Bin and waste types'). The product's catalogue (api/db/catalogue.ts)
 * is offered to every municipality read-only; a municipality adds its own types. The add/edit dialogs and the
 * POST/PUT bodies share these schemas.
 */
import { z } from "zod";
import { boolFlag, optionalText, requiredText, versionedIdAnswer, withVersion } from "./common";
import { listFilter } from "./list";
import { optionalId } from "./subject";
import { BIN_CATEGORIES, BIN_KINDS, type BinCategory, type BinKind } from "./waste-evidence-header";

/** Spec 001 §3: volumes of the catalogue run from 1 l to 19,000 l. */
export const MIN_CAPACITY = 1;
export const MAX_CAPACITY = 19_000;
/** kg per litre of a full bin; the heaviest household waste (wet bio, glass) stays well below 1. */
export const MAX_COEFFICIENT = 2;

export const TYPE_NOT_FOUND = "Typ nebyl nalezen.";
export const TYPE_IN_USE = "Typ používají nádoby obce; nejdřív ho deaktivujte.";
export const WASTE_TYPE_USED_BY_BIN_TYPES = "Typ odpadu používají typy nádob obce; nejdřív ho deaktivujte.";
export const TYPE_NAME_TAKEN = "Typ s tímto názvem už existuje.";
export const WASTE_TYPE_UNKNOWN = "Typ odpadu nebyl nalezen.";
const CAPACITY_MESSAGE = "Objem je 1 až 19 000 l.";
const COEFFICIENT_MESSAGE = "Koeficient je 0 až 2 s nejvýše 4 desetinnými místy.";
const CATALOG_CODE_MESSAGE = "Kód katalogu odpadů má 6 číslic.";
const choose = "Vyberte hodnotu.";

/**
 * The waste coefficient as an exact decimal string ('0.12'): a form's '0,12' is accepted, the value is never a float
 * on its way to the numeric column.
 */
export const coefficientField = z.preprocess(
  (v) => (typeof v === "number" ? String(v) : typeof v === "string" ? v.trim().replace(",", ".") : v),
  z
    .string({ message: COEFFICIENT_MESSAGE })
    .regex(/^\d{1,2}(\.\d{1,4})?$/, { message: COEFFICIENT_MESSAGE })
    .refine((v) => Number(v) <= MAX_COEFFICIENT, { message: COEFFICIENT_MESSAGE }),
);

/** Spec 001 §2: waste type with its catalogue code, coefficient and the sorted flag. */
export const wasteTypeFormSchema = z.object({
  name: requiredText(150),
  /** Code of the Czech waste catalogue (vyhláška 8/2021 Sb.), six digits; optional for a municipality's own type. */
  catalogCode: optionalText(10).refine((v) => !v || /^\d{6}$/.test(v), { message: CATALOG_CODE_MESSAGE }),
  coefficient: coefficientField,
  /** Separated (not mixed) waste in the sort-ratio statistics. */
  sorted: boolFlag.default(false),
});
export type WasteTypeForm = z.infer<typeof wasteTypeFormSchema>;
/** PUT waste-type/{id}: the dialog with the version the user saw (decision 20). */
export const wasteTypeUpdateSchema = withVersion(wasteTypeFormSchema);
export type WasteTypeUpdate = z.infer<typeof wasteTypeUpdateSchema>;

/** Spec 001 §3 bin type: category and kind of §9, capacity in litres, allow exact (weighed), usual waste type. */
export const binTypeFormSchema = z
  .object({
    name: requiredText(150),
    category: z.enum(BIN_CATEGORIES, { message: choose }),
    /** Empty: a bag is disposable, every other category fixed. */
    kind: z.preprocess(
      (v) => (v === "" || v === null ? undefined : v),
      z.enum(BIN_KINDS, { message: choose }).optional(),
    ),
    capacity: z.preprocess(
      (v) => (typeof v === "string" ? v.replace(/\s/g, "") : v),
      z.coerce
        .number({ message: CAPACITY_MESSAGE })
        .int({ message: CAPACITY_MESSAGE })
        .min(MIN_CAPACITY, { message: CAPACITY_MESSAGE })
        .max(MAX_CAPACITY, { message: CAPACITY_MESSAGE }),
    ),
    /** The collection may record the exact (weighed) quantity instead of the volume. */
    allowExact: boolFlag.default(false),
    wasteTypeId: optionalId,
  })
  .transform((v) => ({ ...v, kind: v.kind ?? defaultKind(v.category) }));
export type BinTypeForm = z.infer<typeof binTypeFormSchema>;
/** PUT bin-type/{id}: the dialog with the version the user saw (decision 20). */
export const binTypeUpdateSchema = withVersion(binTypeFormSchema);
export type BinTypeUpdate = z.infer<typeof binTypeUpdateSchema>;

/** A bag is used once (spec 001 §9 bin kinds); everything else is emptied and stays. */
export function defaultKind(category: BinCategory): BinKind {
  return category === "bag" ? "disposable" : "fixed";
}

/** GET waste-type / bin-type: active=true only the active types (the pickers of other screens). */
export const typeListQuery = z.object({
  active: listFilter.boolean(),
  /** counts=false leaves binCount out (null): a picker needs no counting over every bin. */
  counts: listFilter.boolean(),
});
export type TypeListQuery = z.output<typeof typeListQuery>;

/** What a waste type's and a bin type's row have alike: active, from the catalogue, and their bins. */
const typeRowShape = {
  active: z.boolean(),
  /** A row of the product's catalogue: read-only for the municipality. */
  catalogue: z.boolean(),
  /** The municipality's bins of this type (states Assigned and Used); null with counts=false. */
  binCount: z.number().nullable(),
};

export const wasteTypeItem = z.object({
  ...versionedIdAnswer,
  name: z.string(),
  catalogCode: z.string().nullable(),
  /** kg per litre as an exact decimal string, e.g. '0.1200'. */
  coefficient: z.string(),
  sorted: z.boolean(),
  ...typeRowShape,
});
export type WasteTypeItem = z.infer<typeof wasteTypeItem>;

export const binTypeItem = z.object({
  ...versionedIdAnswer,
  name: z.string(),
  category: z.enum(BIN_CATEGORIES),
  kind: z.enum(BIN_KINDS),
  capacity: z.number(),
  allowExact: z.boolean(),
  wasteTypeId: z.number().nullable(),
  wasteTypeName: z.string().nullable(),
  ...typeRowShape,
});
export type BinTypeItem = z.infer<typeof binTypeItem>;
