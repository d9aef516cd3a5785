/**
 * The fees area (issue 14): spec 001 §2 Fees, Discounts, Expenditures, Motivation programmes; §3 Fee, Base fee
 * settings, Motivation programme, Discount, Expenditure; §9 fee types, motivation programmes and their options,
 * discount distribution, intervals, expenditure types and sources. Money is numeric, never floating point. The fee
 * model itself is docs/fees.md.
 */
import {
  bigint,
  boolean,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  unique,
  uniqueIndex,
  varchar,
} from "drizzle-orm/pg-core";
import { municipalityColumn, municipalityRow, municipalityRecord } from "./municipality";
import { subject } from "./subject";
import { userRef } from "./user";
import { versionedId, timestamps, ownerColumn } from "./columns";

/** Spec 001 §3 Base fee settings, one row per municipality and fee year. */
export const baseFeeSetting = pgTable(
  "base_fee_setting",
  {
    ...municipalityRecord(),
    year: smallint("year").notNull(),
    /** The yearly base fee per payer, in the municipality's currency (CZK, EUR for SK). */
    baseFee: numeric("base_fee", { precision: 12, scale: 2 }).notNull(),
    /** FinalFee is bounded to [min, max] percent of BaseFee; max null = no upper bound. */
    minFeePercent: numeric("min_fee_percent", { precision: 6, scale: 2 }).notNull().default("0"),
    maxFeePercent: numeric("max_fee_percent", { precision: 6, scale: 2 }),
    ...timestamps(),
  },
  (t) => [uniqueIndex("base_fee_setting_municipality_year_unique").on(t.municipalityId, t.year)],
);

/**
 * Spec 001 §3 Motivation programme, one row per municipality and programme type (spec 001 §9: PayAsDisposed,
 * SortRatio, ItalianWeight): the parameters are kept while a programme is inactive.
 */
export const motivationProgramme = pgTable(
  "motivation_programme",
  {
    ...municipalityRecord(),
    type: varchar("type", { length: 15 }).notNull(),
    /** PayAsDisposed: what is measured, 'kg' (weight) or 'l' (volume). */
    unit: varchar("unit", { length: 2 }).notNull().default("l"),
    /** PayAsDisposed: the fee per litre or kilogram. */
    feePerUnit: numeric("fee_per_unit", { precision: 12, scale: 4 }),
    /** PayAsDisposed: the least quantity charged, per person and month. */
    minimalUnitPerPeriod: numeric("minimal_unit_per_period", { precision: 12, scale: 3 }),
    /** The ordered dispose count assumed per bin and period when 'use ordered dispose count' is on. */
    orderedDisposeCount: integer("ordered_dispose_count"),
    /** The disposed volume is bin capacity × disposals (BinFee). */
    useBinVolume: boolean("use_bin_volume").notNull().default(false),
    /** Disposals are the ordered dispose count, not the counted ones. */
    useOrderedDisposeCount: boolean("use_ordered_dispose_count").notNull().default(false),
    /** The fee period is the year (on) or each month (off). */
    useYearAsPeriod: boolean("use_year_as_period").notNull().default(true),
    /** Spec 001 §9 discount distribution: Legacy, Gradual, MembershipBased, Custom. */
    discountDistribution: varchar("discount_distribution", { length: 16 }).notNull().default("Legacy"),
    /** SortRatio's 'why not' text, shown only when longer than 3 characters (spec 001 §5). */
    whyNot: text("why_not"),
    ...timestamps(),
  },
  (t) => [uniqueIndex("motivation_programme_municipality_type_unique").on(t.municipalityId, t.type)],
);

/**
 * A programme's intervals (spec 001 §9: from exclusive, to inclusive; to null = no upper bound) and the discount
 * percent of BaseFee each gives. SortRatio measures percent sorted, ItalianWeight kg of mixed waste per person.
 */
export const motivationInterval = pgTable(
  "motivation_interval",
  {
    id: serial("id").primaryKey(),
    programmeId: ownerColumn("programme_id", () => motivationProgramme.id),
    fromValue: numeric("from_value", { precision: 12, scale: 3 }).notNull(),
    toValue: numeric("to_value", { precision: 12, scale: 3 }),
    discountPercent: numeric("discount_percent", { precision: 6, scale: 2 }).notNull(),
  },
  (t) => [index("motivation_interval_programme_idx").on(t.programmeId, t.fromValue)],
);

/**
 * A programme active for a fee year (spec 001 §2: activating a programme for a period recalculates everything).
 * One programme a municipality and year.
 */
export const motivationActivation = pgTable(
  "motivation_activation",
  {
    ...municipalityRow(),
    programmeId: ownerColumn("programme_id", () => motivationProgramme.id),
    year: smallint("year").notNull(),
    activatedAt: timestamp("activated_at", { withTimezone: true }).notNull().defaultNow(),
    activatedBy: userRef("activated_by"),
  },
  (t) => [uniqueIndex("motivation_activation_municipality_year_unique").on(t.municipalityId, t.year)],
);

/** The Custom discount distribution: a discount percent set per subject and year. */
export const motivationCustomDiscount = pgTable(
  "motivation_custom_discount",
  {
    id: serial("id").primaryKey(),
    programmeId: ownerColumn("programme_id", () => motivationProgramme.id),
    subjectId: ownerColumn("subject_id", () => subject.id),
    year: smallint("year").notNull(),
    discountPercent: numeric("discount_percent", { precision: 6, scale: 2 }).notNull(),
  },
  (t) => [uniqueIndex("motivation_custom_discount_unique").on(t.programmeId, t.subjectId, t.year)],
);

/**
 * One recalculation of a municipality's fees for a year (a background job): the screens show the last finished
 * one and say when one is queued or running.
 */
export const feeCalculation = pgTable(
  "fee_calculation",
  {
    ...municipalityRow(),
    year: smallint("year").notNull(),
    /** Queued, Running, Done, Failed. */
    state: varchar("state", { length: 10 }).notNull().default("Queued"),
    /** Calculation (writes the fees) or Simulation (the same engine, writes only its result here). */
    kind: varchar("kind", { length: 12 }).notNull().default("Calculation"),
    /** What asked for it: Recalculate, BaseFee, Activation, Deactivation, Discount, Programme, Simulation. */
    reason: varchar("reason", { length: 20 }).notNull(),
    /** A simulation's proposed settings (base fee, programme and its intervals) in place of the stored ones. */
    parameters: jsonb("parameters"),
    /** A simulation's figures (income, per-payer change, difference to expenditures). */
    result: jsonb("result"),
    /** Progress: steps done of the steps of the run. */
    stepsDone: integer("steps_done").notNull().default(0),
    stepsTotal: integer("steps_total"),
    requestedBy: userRef("requested_by"),
    requestedAt: timestamp("requested_at", { withTimezone: true }).notNull().defaultNow(),
    startedAt: timestamp("started_at", { withTimezone: true }),
    finishedAt: timestamp("finished_at", { withTimezone: true }),
    payerCount: integer("payer_count"),
    totalFinalFee: numeric("total_final_fee", { precision: 14, scale: 2 }),
    error: text("error"),
  },
  (t) => [index("fee_calculation_municipality_year_idx").on(t.municipalityId, t.year, t.id)],
);

/** Spec 001 §3 Expenditure; §9 types (EkokomForm, FlatRate, Wage, WasteCollection) and sources. */
export const expenditure = pgTable(
  "expenditure",
  {
    ...municipalityRecord(),
    processedOn: date("processed_on").notNull(),
    type: varchar("type", { length: 20 }).notNull(),
    subType: varchar("sub_type", { length: 100 }),
    /** BinCollection, Other, TaxDeduction, TotalAmount, YardCollection. */
    source: varchar("source", { length: 20 }).notNull(),
    description: text("description"),
    amount: numeric("amount", { precision: 14, scale: 2 }).notNull(),
    ...timestamps(),
  },
  (t) => [index("expenditure_municipality_processed_idx").on(t.municipalityId, t.processedOn, t.id)],
);

/** The expenditures' configuration card (spec 001 §2): one row per municipality. */
export const expenditureSetting = pgTable("expenditure_setting", {
  ...versionedId(),
  municipalityId: municipalityColumn().unique(),
  /** The waste treatment flat rate per year. */
  wasteTreatmentFlatRate: numeric("waste_treatment_flat_rate", { precision: 14, scale: 2 }),
  /** The mixed waste processing price per tonne. */
  mixedWasteProcessingPrice: numeric("mixed_waste_processing_price", { precision: 12, scale: 2 }),
  ...timestamps(),
});

/**
 * What each subject threw away in a year (Prague time), summed from its waste evidence records that count for fees
 * (a subject, not discarded) per waste type — and per bin for records without a volume (their litres are the bin
 * type's capacity × n). Kept by statement triggers on waste_evidence_record (migration 0021, decision 0030), so the
 * fee engine reads thousands of rows instead of scanning millions of records.
 */
export const wasteEvidenceTotal = pgTable(
  "waste_evidence_total",
  {
    municipalityId: integer("municipality_id").notNull(),
    year: smallint("year").notNull(),
    subjectId: integer("subject_id").notNull(),
    wasteTypeId: integer("waste_type_id"),
    /** The bin, only for records without a bin volume. */
    headerId: integer("header_id"),
    /** Σ acknowledged weight (none = 0), Σ bin volume (none = 0), the number of records. */
    kg: numeric("kg", { precision: 16, scale: 3 }).notNull(),
    litres: bigint("litres", { mode: "number" }).notNull(),
    n: integer("n").notNull(),
  },
  (t) => [
    unique("waste_evidence_total_key")
      .on(t.municipalityId, t.year, t.subjectId, t.wasteTypeId, t.headerId)
      .nullsNotDistinct(),
  ],
);
