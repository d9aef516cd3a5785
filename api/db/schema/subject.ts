import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  date,
  index,
  integer,
  numeric,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  unique,
  uniqueIndex,
  varchar,
  type AnyPgColumn,
} from "drizzle-orm/pg-core";
import { municipalityRow, municipalityRecord } from "./municipality";
import { userRef } from "./user";
import { foldSql } from "./fold";
import {
  createdAt,
  timestamps,
  ownerColumn,
  optionalRef,
  position,
  cityAndZip,
  phoneAndEmail,
  streetAndNumbers,
  validity,
} from "./columns";

/** Spec 001 §3 Subject (collection point). Money is numeric; counts are kept current by the services. */
export const subject = pgTable(
  "subject",
  {
    ...municipalityRecord(),
    type: varchar("type", { length: 30 }).notNull(),
    name: varchar("name", { length: 200 }).notNull(),
    /** Printed on the label. */
    shortName: varchar("short_name", { length: 50 }),
    variableSymbol: varchar("variable_symbol", { length: 10 }),
    establishmentIdentificationNumber: varchar("establishment_identification_number", { length: 20 }),
    householdCode: varchar("household_code", { length: 30 }),
    parentId: integer("parent_id").references((): AnyPgColumn => subject.id, { onDelete: "set null" }),
    externalChief: boolean("external_chief").notNull().default(false),
    operatorIdentificationNumber: varchar("operator_identification_number", { length: 20 }),
    operatorVatNumber: varchar("operator_vat_number", { length: 20 }),
    operatorCompanyName: varchar("operator_company_name", { length: 200 }),
    operatorInvoiceAddress: varchar("operator_invoice_address", { length: 200 }),
    operatorZipCode: varchar("operator_zip_code", { length: 10 }),
    operatorCity: varchar("operator_city", { length: 100 }),
    description: text("description"),
    cityDistrict: varchar("city_district", { length: 100 }),
    ...streetAndNumbers(),
    provisionalNumber: varchar("provisional_number", { length: 10 }),
    ...cityAndZip(),
    ...position(),
    binCount: integer("bin_count").notNull().default(0),
    /** Active fee payers (subject_fee_payer rows valid today); kept by the fee-payer service. */
    memberCount: integer("member_count").notNull().default(0),
    sortRatio: numeric("sort_ratio", { precision: 5, scale: 2 }),
    totalFee: numeric("total_fee", { precision: 12, scale: 2 }).notNull().default("0"),
    feePaid: boolean("fee_paid").notNull().default(false),
    feePaidChangedAt: timestamp("fee_paid_changed_at", { withTimezone: true }),
    /** Spec 001 §2 'set collection frequency': ordered collections per month or per year. */
    disposeFrequencyPeriod: varchar("dispose_frequency_period", { length: 10 }),
    orderedDisposeCount: integer("ordered_dispose_count"),
    ...timestamps(),
    /** What the list's search matches, folded once on write (never written by the product, never returned). */
    search: text("search").generatedAlwaysAs(
      foldSql(
        sql`coalesce("name", '') || E'\\n' || coalesce("short_name", '') || E'\\n' || coalesce("variable_symbol", '') || E'\\n' || coalesce("street", '') || ' ' || coalesce("street_number", '') || E'\\n' || coalesce("conscription_number", '') || E'\\n' || coalesce("city", '') || E'\\n' || coalesce("household_code", '') || E'\\n' || coalesce("operator_company_name", '')`,
      ),
    ),
  },
  (t) => [
    // Default sort (name) and the other sorts read in index order within one municipality.
    index("subject_municipality_name_idx").on(t.municipalityId, t.name, t.id),
    index("subject_municipality_street_idx").on(t.municipalityId, t.street, t.id),
    index("subject_municipality_district_idx").on(t.municipalityId, t.cityDistrict),
    index("subject_municipality_city_idx").on(t.municipalityId, t.city),
    // The list's other sorts (and the type / fee-paid filters): a page of 30,000 subjects without a full sort.
    index("subject_municipality_type_idx").on(t.municipalityId, t.type, t.id),
    index("subject_municipality_member_count_idx").on(t.municipalityId, t.memberCount, t.id),
    index("subject_municipality_bin_count_idx").on(t.municipalityId, t.binCount, t.id),
    index("subject_municipality_total_fee_idx").on(t.municipalityId, t.totalFee, t.id),
    index("subject_municipality_fee_paid_idx").on(t.municipalityId, t.feePaid, t.id),
    index("subject_parent_idx").on(t.parentId),
    uniqueIndex("subject_variable_symbol_unique").on(t.municipalityId, t.variableSymbol),
    index("subject_search_trgm_idx").using("gin", t.search.op("gin_trgm_ops")),
  ],
);

/** Spec 001 §3 Fee payer. */
export const feePayer = pgTable(
  "fee_payer",
  {
    ...municipalityRecord(),
    /** Company or Resident. */
    type: varchar("type", { length: 10 }).notNull(),
    titleBefore: varchar("title_before", { length: 30 }),
    firstName: varchar("first_name", { length: 100 }),
    lastName: varchar("last_name", { length: 100 }),
    titleAfter: varchar("title_after", { length: 30 }),
    companyName: varchar("company_name", { length: 200 }),
    gender: varchar("gender", { length: 10 }),
    ...phoneAndEmail(),
    variableSymbol: varchar("variable_symbol", { length: 10 }),
    dateOfBirth: date("date_of_birth"),
    identificationNumber: varchar("identification_number", { length: 20 }),
    vatNumber: varchar("vat_number", { length: 20 }),
    /** The street address printed on the payment notice. */
    streetAddress: varchar("street_address", { length: 200 }),
    ...cityAndZip(),
    activeFrom: date("active_from").notNull(),
    activeTo: date("active_to"),
    /** The end of the fee period (spec 001 §2 'period end'). */
    periodEnd: date("period_end"),
    activeChangedAt: timestamp("active_changed_at", { withTimezone: true }),
    /** Registered for the fee (the registration form was filed). */
    registered: boolean("registered").notNull().default(false),
    registeredAt: timestamp("registered_at", { withTimezone: true }),
    /** The citizen login made by 'generate login'. */
    userId: userRef("user_id"),
    finalFee: numeric("final_fee", { precision: 12, scale: 2 }),
    note: text("note"),
    ...timestamps(),
    search: text("search").generatedAlwaysAs(
      foldSql(
        sql`coalesce("last_name", '') || ' ' || coalesce("first_name", '') || E'\\n' || coalesce("first_name", '') || ' ' || coalesce("last_name", '') || E'\\n' || coalesce("company_name", '') || E'\\n' || coalesce("variable_symbol", '') || E'\\n' || coalesce("email", '') || E'\\n' || coalesce("identification_number", '') || E'\\n' || coalesce("street_address", '')`,
      ),
    ),
  },
  (t) => [
    // The name sort (last name, first name, company name, id) reads in index order, however deep the page.
    index("fee_payer_municipality_name_idx").on(t.municipalityId, t.lastName, t.firstName, t.companyName, t.id),
    index("fee_payer_municipality_birth_idx").on(t.municipalityId, t.dateOfBirth),
    uniqueIndex("fee_payer_variable_symbol_unique").on(t.municipalityId, t.variableSymbol),
    index("fee_payer_user_idx").on(t.userId),
    index("fee_payer_search_trgm_idx").using("gin", t.search.op("gin_trgm_ops")),
  ],
);

/** Spec 001 §3 Fee payer 'several addresses (permanent, temporary, other)'. */
export const feePayerAddress = pgTable(
  "fee_payer_address",
  {
    id: serial("id").primaryKey(),
    feePayerId: ownerColumn("fee_payer_id", () => feePayer.id),
    type: varchar("type", { length: 10 }).notNull(),
    ...streetAndNumbers(),
    ...cityAndZip(),
  },
  (t) => [index("fee_payer_address_payer_idx").on(t.feePayerId)],
);

/**
 * A payer belongs to a subject for a period (spec 001 §4): rows are never overwritten; leaving sets valid_to,
 * joining again adds a row, so the history table reads them all.
 */
export const subjectFeePayer = pgTable(
  "subject_fee_payer",
  {
    ...municipalityRow(),
    subjectId: ownerColumn("subject_id", () => subject.id),
    feePayerId: ownerColumn("fee_payer_id", () => feePayer.id),
    ...validity(),
    isChief: boolean("is_chief").notNull().default(false),
    ...createdAt(),
  },
  (t) => [
    index("subject_fee_payer_subject_idx").on(t.subjectId, t.validTo),
    index("subject_fee_payer_payer_idx").on(t.feePayerId, t.validFrom),
  ],
);

/** Spec 001 §3 Discount (the fixed discounts; their screens come with the fees area). */
export const discount = pgTable(
  "discount",
  {
    ...municipalityRecord(),
    name: varchar("name", { length: 200 }).notNull(),
    /** Age or Other (spec 001 §9 fixed discount types). */
    type: varchar("type", { length: 10 }).notNull(),
    /**
     * Age: the citizen group (Child, Senior, OtherAgeGroup; spec 001 §5 automatic discount groups, given from the
     * date of birth). Other: the price type, free text (e.g. 'ZTP', 'Student'); assigned to payers by hand.
     */
    group: varchar("group", { length: 50 }),
    ageFrom: smallint("age_from"),
    ageUntil: smallint("age_until"),
    feeDiscount: numeric("fee_discount", { precision: 12, scale: 2 }).notNull().default("0"),
    description: text("description"),
    ...timestamps(),
  },
  (t) => [index("discount_municipality_idx").on(t.municipalityId)],
);

export const feePayerDiscount = pgTable(
  "fee_payer_discount",
  {
    feePayerId: ownerColumn("fee_payer_id", () => feePayer.id),
    discountId: ownerColumn("discount_id", () => discount.id),
  },
  (t) => [
    uniqueIndex("fee_payer_discount_pk").on(t.feePayerId, t.discountId),
    index("fee_payer_discount_discount_idx").on(t.discountId),
  ],
);

/**
 * Spec 001 §3 Fee: one row per subject, payer and period (month null = the whole year). Written by the fee
 * recalculation of the fees area; read here by the subject and fee-payer screens.
 */
export const fee = pgTable(
  "fee",
  {
    // No foreign keys (decision 0035): the fee engine, the only writer, takes its references from the municipality's
    // payers and memberships in its transaction, and deletions of them wait for its commit; deleting a municipality or
    // a subject deletes its fees, and deleting a payer with fees is refused (23503), by statement triggers (migration
    // 0025).
    id: serial("id").primaryKey(),
    municipalityId: integer("municipality_id").notNull(),
    subjectId: integer("subject_id"),
    // The fee-payer service refuses the delete of a payer with fee records with a clear message first.
    feePayerId: integer("fee_payer_id"),
    year: smallint("year").notNull(),
    month: smallint("month"),
    variableSymbol: varchar("variable_symbol", { length: 10 }),
    volume: numeric("volume", { precision: 12, scale: 2 }),
    baseFee: numeric("base_fee", { precision: 12, scale: 2 }).notNull().default("0"),
    binFee: numeric("bin_fee", { precision: 12, scale: 2 }).notNull().default("0"),
    motivationFee: numeric("motivation_fee", { precision: 12, scale: 2 }).notNull().default("0"),
    motivationDiscount: numeric("motivation_discount", { precision: 12, scale: 2 }).notNull().default("0"),
    fixedDiscountNames: text("fixed_discount_names"),
    totalDiscount: numeric("total_discount", { precision: 12, scale: 2 }).notNull().default("0"),
    totalFee: numeric("total_fee", { precision: 12, scale: 2 }).notNull().default("0"),
    finalFee: numeric("final_fee", { precision: 12, scale: 2 }).notNull().default("0"),
    orderedDisposeCount: integer("ordered_dispose_count"),
    weight: numeric("weight", { precision: 12, scale: 2 }),
    sortRatio: numeric("sort_ratio", { precision: 5, scale: 2 }),
    minFeePercent: numeric("min_fee_percent", { precision: 5, scale: 2 }),
    maxFeePercent: numeric("max_fee_percent", { precision: 5, scale: 2 }),
    /** Paid or unpaid (spec 001 §2, singly or in bulk); kept across recalculations of the same fee. */
    paid: boolean("paid").notNull().default(false),
    paidChangedAt: timestamp("paid_changed_at", { withTimezone: true }),
    /** The recalculation that wrote this row (fee_calculation; no reference, the log may be pruned). */
    calculationId: integer("calculation_id"),
    /**
     * A 64-bit hash of what the fee engine wrote for this fee, its values and its lines: a run rewrites only the fees
     * whose digest changed (decision 0030).
     */
    digest: bigint("digest", { mode: "bigint" }),
    // What the fee's lines are built from (decision 0038; the lines themselves by feeLines(), fee-calculation/lines.ts):
    // with the component amounts above, each fee can be explained line by line (spec 001 §9 fee types).
    fixedDiscount: numeric("fixed_discount", { precision: 12, scale: 2 }).notNull().default("0"),
    /** The payer's months of the period with this subject (BaseFee and FixedDiscount are yearly amounts × months/12). */
    months: smallint("months").notNull().default(0),
    /** The year's base fee the BaseFee was computed from. */
    baseFeeRate: numeric("base_fee_rate", { precision: 12, scale: 4 }),
    /** The yearly sum of the payer's fixed discounts. */
    fixedDiscountYearly: numeric("fixed_discount_yearly", { precision: 12, scale: 4 }),
    /** PayAsDisposed: the payer's share of the subject's litres (BinFee) or kg/l raised to the minimum (MotivationFee). */
    quantity: numeric("quantity", { precision: 14, scale: 3 }),
    feePerUnit: numeric("fee_per_unit", { precision: 12, scale: 4 }),
    /** The MotivationFee's unit (kg or l). */
    unit: varchar("unit", { length: 10 }),
    /** What the quantity counts: Disposals or OrderedDisposeCount (BinFee), Minimum when raised to it (MotivationFee). */
    quantityBasis: varchar("quantity_basis", { length: 20 }),
    /** SortRatio: the subject's sort ratio in %; ItalianWeight: mixed waste kg per person (not under Custom). */
    measure: numeric("measure", { precision: 14, scale: 3 }),
    /** The MotivationDiscount's percent (SortRatio, ItalianWeight). */
    discountPercent: numeric("discount_percent", { precision: 6, scale: 2 }),
    /** The activated programme's type and (SortRatio, ItalianWeight) discount distribution. */
    programmeType: varchar("programme_type", { length: 20 }),
    discountDistribution: varchar("discount_distribution", { length: 20 }),
    /** Min or Max when FinalFee was bounded to min_fee_percent or max_fee_percent of BaseFee. */
    bound: varchar("bound", { length: 3 }),
    ...createdAt(),
  },
  (t) => [
    index("fee_subject_period_idx").on(t.subjectId, t.year, t.month),
    // One fee a payer, subject and period: a recalculation updates it in place (its paid flag stays).
    unique("fee_payer_subject_period_unique")
      .on(t.municipalityId, t.year, t.feePayerId, t.subjectId, t.month)
      .nullsNotDistinct(),
    index("fee_payer_period_idx").on(t.feePayerId, t.year, t.month),
    // A municipality's year is read through fee_payer_subject_period_unique (its first two columns; decision 0037).
  ],
);

/**
 * Spec 001 §3 Waste card. The subject detail creates virtual cards; the waste-cards area (list, import) adds the
 * rest on this table.
 */
export const wasteCard = pgTable(
  "waste_card",
  {
    ...municipalityRow(),
    // Both COLLATE "C" (migration 0013, written by hand: drizzle has no column collation), so their indexes
    // serve the list's prefix search.
    plainCode: varchar("plain_code", { length: 40 }).notNull(),
    code: varchar("code", { length: 60 }).notNull(),
    subjectId: optionalRef("subject_id", () => subject.id),
    feePayerId: optionalRef("fee_payer_id", () => feePayer.id),
    /** Free, Assigned, Discarded, Expired. */
    state: varchar("state", { length: 12 }).notNull().default("Free"),
    validFrom: date("valid_from"),
    validTo: date("valid_to"),
    virtual: boolean("virtual").notNull().default(false),
    ...createdAt(),
    /**
     * The names of the card's collection point and fee payer, folded, kept by triggers (migration 0031: on the card's
     * write, and on a rename of either); written only by the waste card import (from the rows it looked up), never
     * returned. The list's name search reads its trigram index instead of looking names up first and passing over
     * every card (docs/benchmarks.md).
     */
    search: text("search"),
  },
  (t) => [
    uniqueIndex("waste_card_code_unique").on(t.municipalityId, t.code),
    index("waste_card_search_trgm_idx").using("gin", t.search.op("gin_trgm_ops")),
    // The import's plain-code check and the list's default sort (26,000 instead of 14,500 rows/s, docs/benchmarks.md).
    index("waste_card_municipality_plain_code_idx").on(t.municipalityId, t.plainCode, t.id),
    index("waste_card_subject_idx").on(t.subjectId),
    index("waste_card_payer_idx").on(t.feePayerId),
    // The list's state filters and their counts (docs/benchmarks.md): a state is a range of the first; 'Expired' is
    // also a card still Free or Assigned whose validity ended, a range of the second (only those states in it).
    index("waste_card_municipality_state_idx").on(t.municipalityId, t.state),
    index("waste_card_municipality_valid_to_idx")
      .on(t.municipalityId, t.validTo)
      .where(sql`${t.state} in ('Free', 'Assigned')`),
  ],
);
