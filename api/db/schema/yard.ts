/**
 * Collection yards and their visits (spec 001 §2 'Yard visits', 'Collection yards'; §3 Yard visit, Collection yard,
 * Yard waste configuration; §4 mail status; §9 VAT rates, payment types, units; docs/yards.md). Money is numeric
 * (exact hundredths), weights are numeric kg with grams (3 decimals).
 */
import {
  boolean,
  date,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  time,
  timestamp,
  uniqueIndex,
  varchar,
} from "drizzle-orm/pg-core";
import { municipalityColumn } from "./municipality";
import { feePayer } from "./subject";
import { wasteType } from "./bin";
import { userRef } from "./user";
import { ownerColumn, timestamps, versionedId } from "./columns";

/** Spec 001 §3 Collection yard. */
export const collectionYard = pgTable(
  "collection_yard",
  {
    ...versionedId(),
    municipalityId: municipalityColumn(),
    name: varchar("name", { length: 150 }).notNull(),
    street: varchar("street", { length: 150 }),
    city: varchar("city", { length: 100 }),
    zipCode: varchar("zip_code", { length: 10 }),
    /** basic or weighing: the protocol layout a visit prints by default. */
    reportPrintType: varchar("report_print_type", { length: 10 }).notNull().default("basic"),
    /** IČZ, the establishment identification number of the waste facility. */
    icz: varchar("icz", { length: 20 }),
    /** ZÚJ, the basic territorial unit. */
    zuj: varchar("zuj", { length: 10 }),
    operatorIdentificationNumber: varchar("operator_identification_number", { length: 20 }),
    operatorName: varchar("operator_name", { length: 200 }),
    zoneCode: varchar("zone_code", { length: 30 }),
    /** When a user of this yard last signed in (users of a yard; shown in the list). */
    lastLoginAt: timestamp("last_login_at", { withTimezone: true }),
    ...timestamps(),
  },
  (t) => [index("collection_yard_municipality_name_idx").on(t.municipalityId, t.name, t.id)],
);

/** The weekly schedule: one row per weekday 1 (Monday) … 7 (Sunday); closed days have no times. */
export const collectionYardOpening = pgTable(
  "collection_yard_opening",
  {
    id: serial("id").primaryKey(),
    yardId: ownerColumn("yard_id", () => collectionYard.id),
    weekday: smallint("weekday").notNull(),
    openTime: time("open_time"),
    closeTime: time("close_time"),
    closed: boolean("closed").notNull().default(false),
  },
  (t) => [uniqueIndex("collection_yard_opening_day_unique").on(t.yardId, t.weekday)],
);

/** Days the yard is closed outside its weekly schedule (holidays, stocktaking). */
export const collectionYardException = pgTable(
  "collection_yard_exception",
  {
    id: serial("id").primaryKey(),
    yardId: ownerColumn("yard_id", () => collectionYard.id),
    day: date("day").notNull(),
    description: varchar("description", { length: 200 }),
  },
  (t) => [uniqueIndex("collection_yard_exception_day_unique").on(t.yardId, t.day)],
);

/** Spec 001 §3 Yard waste configuration: a waste the yard takes, with its capacity and fees. */
export const collectionYardWaste = pgTable(
  "collection_yard_waste",
  {
    ...versionedId(),
    yardId: ownerColumn("yard_id", () => collectionYard.id),
    wasteTypeId: integer("waste_type_id")
      .notNull()
      .references(() => wasteType.id, { onDelete: "restrict" }),
    capacityKg: numeric("capacity_kg", { precision: 12, scale: 3 }),
    defaultWeightKg: numeric("default_weight_kg", { precision: 12, scale: 3 }),
    code: varchar("code", { length: 30 }),
    /** The ranges' bounds are per member of the payer's collection point (a household of 4 gets 4× the bounds). */
    useMemberCount: boolean("use_member_count").notNull().default(false),
    active: boolean("active").notNull().default(true),
    ...timestamps(),
  },
  (t) => [uniqueIndex("collection_yard_waste_unique").on(t.yardId, t.wasteTypeId)],
);

/** A fee period of a yard waste: valid from a day (to a day), with its VAT rate (spec 001 §9: 0, 10, 15, 20, 21 %). */
export const collectionYardWasteFee = pgTable(
  "collection_yard_waste_fee",
  {
    id: serial("id").primaryKey(),
    yardWasteId: ownerColumn("yard_waste_id", () => collectionYardWaste.id),
    validFrom: date("valid_from").notNull(),
    validTo: date("valid_to"),
    vatRate: smallint("vat_rate").notNull().default(0),
  },
  (t) => [index("collection_yard_waste_fee_waste_idx").on(t.yardWasteId, t.validFrom)],
);

/** A weight range of a fee period: above from_kg up to to_kg (open when null), value = price per kg without VAT. */
export const collectionYardWasteFeeRange = pgTable(
  "collection_yard_waste_fee_range",
  {
    id: serial("id").primaryKey(),
    feeId: ownerColumn("fee_id", () => collectionYardWasteFee.id),
    fromKg: numeric("from_kg", { precision: 12, scale: 3 }).notNull(),
    toKg: numeric("to_kg", { precision: 12, scale: 3 }),
    value: numeric("value", { precision: 12, scale: 2 }).notNull(),
    note: varchar("note", { length: 200 }),
  },
  (t) => [index("collection_yard_waste_fee_range_fee_idx").on(t.feeId, t.fromKg)],
);

/** Spec 001 §3 Yard visit (yard report). The fee is the sum of its records' fees. */
export const yardReport = pgTable(
  "yard_report",
  {
    ...versionedId(),
    municipalityId: municipalityColumn(),
    yardId: ownerColumn("yard_id", () => collectionYard.id),
    feePayerId: ownerColumn("fee_payer_id", () => feePayer.id),
    reportDate: date("report_date").notNull(),
    startTime: time("start_time"),
    endTime: time("end_time"),
    /** Cash, Invoice or Transfer (spec 001 §9). */
    paymentType: varchar("payment_type", { length: 10 }).notNull(),
    totalWeightKg: numeric("total_weight_kg", { precision: 12, scale: 3 }).notNull().default("0"),
    feeWithoutVat: numeric("fee_without_vat", { precision: 12, scale: 2 }).notNull().default("0"),
    vat: numeric("vat", { precision: 12, scale: 2 }).notNull().default("0"),
    fee: numeric("fee", { precision: 12, scale: 2 }).notNull().default("0"),
    paid: boolean("paid").notNull().default(false),
    manuallyUpdated: boolean("manually_updated").notNull().default(false),
    /** The device or app the visit came from (the web form leaves it empty). */
    clientId: varchar("client_id", { length: 64 }),
    /** Pending, Sent, Failed (spec 001 §4 Mail status); null until a protocol was e-mailed. */
    mailStatus: varchar("mail_status", { length: 10 }),
    mailTo: varchar("mail_to", { length: 200 }),
    mailError: text("mail_error"),
    mailAttempts: integer("mail_attempts").notNull().default(0),
    mailSentAt: timestamp("mail_sent_at", { withTimezone: true }),
    createdBy: userRef("created_by"),
    ...timestamps(),
  },
  (t) => [
    index("yard_report_municipality_date_idx").on(t.municipalityId, t.reportDate, t.id),
    // A yard's workload and top visitors read indexes only: this one INCLUDEs the payer, weight and fee, and
    // yard_report_yard_payer_idx (yard, payer INCLUDE day, weight, fee) streams the sums per payer; both are in the
    // hand-written migration 0027_yard_report_covering (drizzle cannot write INCLUDE).
    index("yard_report_yard_date_idx").on(t.yardId, t.reportDate),
    index("yard_report_fee_payer_idx").on(t.feePayerId, t.reportDate),
  ],
);

/** A waste brought in a visit: its quantity as entered (kg or t) and in kg, and its fee. */
export const yardReportRecord = pgTable(
  "yard_report_record",
  {
    id: serial("id").primaryKey(),
    yardReportId: ownerColumn("yard_report_id", () => yardReport.id),
    yardWasteId: integer("yard_waste_id")
      .notNull()
      .references(() => collectionYardWaste.id, { onDelete: "restrict" }),
    quantity: numeric("quantity", { precision: 12, scale: 3 }).notNull(),
    /** kg or t (spec 001 §9 units). */
    unit: varchar("unit", { length: 2 }).notNull().default("kg"),
    quantityKg: numeric("quantity_kg", { precision: 12, scale: 3 }).notNull(),
    processedAt: timestamp("processed_at", { withTimezone: true }),
    vatRate: smallint("vat_rate").notNull().default(0),
    feeWithoutVat: numeric("fee_without_vat", { precision: 12, scale: 2 }).notNull().default("0"),
    vat: numeric("vat", { precision: 12, scale: 2 }).notNull().default("0"),
    fee: numeric("fee", { precision: 12, scale: 2 }).notNull().default("0"),
  },
  (t) => [
    index("yard_report_record_report_idx").on(t.yardReportId),
    index("yard_report_record_waste_idx").on(t.yardWasteId),
  ],
);

/**
 * A yard's visits of one day (count and kg), kept by triggers on yard_report (hand-written part of migration
 * 0028_yard_day_sums): the workload reads a row per day instead of the visits.
 */
export const yardDaySum = pgTable(
  "yard_day_sum",
  {
    yardId: integer("yard_id").notNull(),
    day: date("day").notNull(),
    visits: integer("visits").notNull(),
    weightKg: numeric("weight_kg", { precision: 16, scale: 3 }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.yardId, t.day] })],
);

/**
 * A yard waste's records of one day (kg, fees, count), kept by triggers on yard_report and yard_report_record
 * (migration 0028_yard_day_sums): the income table reads a row per day and waste instead of the records.
 */
export const yardDayWasteSum = pgTable(
  "yard_day_waste_sum",
  {
    yardId: integer("yard_id").notNull(),
    day: date("day").notNull(),
    yardWasteId: integer("yard_waste_id").notNull(),
    records: integer("records").notNull(),
    weightKg: numeric("weight_kg", { precision: 16, scale: 3 }).notNull(),
    feeWithoutVat: numeric("fee_without_vat", { precision: 14, scale: 2 }).notNull(),
    vat: numeric("vat", { precision: 14, scale: 2 }).notNull(),
    fee: numeric("fee", { precision: 14, scale: 2 }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.yardId, t.day, t.yardWasteId] })],
);

/**
 * A payer's visits of a yard in one calendar year (count, kg, fee), kept by triggers on yard_report (migration
 * 0028_yard_day_sums): the top visitors of a year read its first ten rows in index order. Per day or month these
 * would be about as many rows as the visits (a payer comes about 1.4 times a year), so other periods sum the visits.
 */
export const yardPayerYearSum = pgTable(
  "yard_payer_year_sum",
  {
    yardId: integer("yard_id").notNull(),
    year: smallint("year").notNull(),
    feePayerId: integer("fee_payer_id").notNull(),
    visits: integer("visits").notNull(),
    weightKg: numeric("weight_kg", { precision: 16, scale: 3 }).notNull(),
    fee: numeric("fee", { precision: 14, scale: 2 }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.yardId, t.year, t.feePayerId] }),
    index("yard_payer_year_sum_visits_idx").on(t.yardId, t.year, t.visits.desc(), t.weightKg.desc(), t.feePayerId),
    index("yard_payer_year_sum_weight_idx").on(t.yardId, t.year, t.weightKg.desc(), t.visits.desc(), t.feePayerId),
  ],
);
