/**
 * Expenditures (spec 001 §2 Expenditures, §3 Expenditure, §9 expenditure types and sources;
 * docs/discounts-expenditures.md): what the municipality's waste management costs, entered as dated amounts, and
 * the configuration card (waste treatment flat rate, mixed waste processing price per tonne). Amounts are exact
 * decimal strings, summed by the database.
 */
import { z } from "zod";
import { optionalText, timestampsAnswer, versionedIdAnswer, withVersion, yearField } from "./common";
import { listFilter, listQuery } from "./list";
import { expenditureListKeys } from "./lists";
import { dateField } from "./subject";
import { moneyField } from "./discount";

export const EXPENDITURE_TYPES = ["EkokomForm", "FlatRate", "Wage", "WasteCollection"] as const;
export type ExpenditureType = (typeof EXPENDITURE_TYPES)[number];
export const EXPENDITURE_SOURCES = ["BinCollection", "Other", "TaxDeduction", "TotalAmount", "YardCollection"] as const;
export type ExpenditureSource = (typeof EXPENDITURE_SOURCES)[number];

export const EXPENDITURE_NOT_FOUND = "Výdaj nebyl nalezen.";
const AMOUNT_MESSAGE = "Zadejte částku jako kladné číslo (nejvýše 2 desetinná místa).";
const PRICE_MESSAGE = "Zadejte částku jako nezáporné číslo (nejvýše 2 desetinná místa).";

/** Spec 001 §3 Expenditure: the new/edit dialog and the POST/PUT body. */
export const expenditureFormSchema = z.object({
  processedOn: dateField("Zadejte datum zpracování."),
  type: z.enum(EXPENDITURE_TYPES, { message: "Vyberte typ výdaje." }),
  subType: optionalText(100),
  source: z.enum(EXPENDITURE_SOURCES, { message: "Vyberte zdroj výdaje." }),
  description: optionalText(1000),
  amount: moneyField(AMOUNT_MESSAGE),
});
export type ExpenditureForm = z.infer<typeof expenditureFormSchema>;
export const expenditureUpdateSchema = withVersion(expenditureFormSchema);
export type ExpenditureUpdate = z.infer<typeof expenditureUpdateSchema>;

/** A year filter: '' or a wrong value is absent (every year). */
const yearFilter = z.preprocess((v) => (v === "" || v === null ? undefined : v), yearField.optional());

/** GET …/expenditure: year, type and source filters; paging and sort (newest first). */
export const expenditureList = listQuery(expenditureListKeys, {
  year: yearFilter,
  type: listFilter.select(EXPENDITURE_TYPES),
  source: listFilter.select(EXPENDITURE_SOURCES),
});
export type ExpenditureListQuery = z.output<typeof expenditureList.query>;

export const expenditureItem = z.object({
  ...versionedIdAnswer,
  processedOn: z.string(),
  type: z.enum(EXPENDITURE_TYPES),
  subType: z.string().nullable(),
  source: z.enum(EXPENDITURE_SOURCES),
  description: z.string().nullable(),
  /** Exact decimal string in the municipality's currency. */
  amount: z.string(),
});
export type ExpenditureItem = z.infer<typeof expenditureItem>;
export const expenditureDetail = expenditureItem.extend(timestampsAnswer);
export type ExpenditureDetail = z.infer<typeof expenditureDetail>;

/** The configuration card (spec 001 §2): both values optional; version 0 while none was saved. */
export const expenditureSettingSchema = z.object({
  wasteTreatmentFlatRate: z.preprocess(
    (v) => (v === "" || v === null ? undefined : v),
    moneyField(PRICE_MESSAGE, false).optional(),
  ),
  mixedWasteProcessingPrice: z.preprocess(
    (v) => (v === "" || v === null ? undefined : v),
    moneyField(PRICE_MESSAGE, false).optional(),
  ),
});
export const expenditureSettingUpdate = withVersion(expenditureSettingSchema);
export type ExpenditureSettingUpdate = z.infer<typeof expenditureSettingUpdate>;
export const expenditureSetting = z.object({
  version: z.number(),
  wasteTreatmentFlatRate: z.string().nullable(),
  mixedWasteProcessingPrice: z.string().nullable(),
});
export type ExpenditureSetting = z.infer<typeof expenditureSetting>;

/** GET …/expenditure/summary?year=: the overview (default year: the current one in Prague). */
export const expenditureSummaryQuery = z.object({ year: yearFilter });
const total = z.string();
export const expenditureSummary = z.object({
  year: z.number(),
  /** Years with at least one expenditure, and the current one, newest first (the year select). */
  years: z.array(z.number()),
  total,
  count: z.number(),
  /** Every type and source, in the order of §9, with '0.00' where nothing was spent. */
  byType: z.array(z.object({ type: z.enum(EXPENDITURE_TYPES), total, count: z.number() })),
  bySource: z.array(z.object({ source: z.enum(EXPENDITURE_SOURCES), total, count: z.number() })),
  /** Per month 1–12 of the year. */
  byMonth: z.array(z.object({ month: z.number(), total })),
  setting: expenditureSetting,
});
export type ExpenditureSummary = z.infer<typeof expenditureSummary>;
