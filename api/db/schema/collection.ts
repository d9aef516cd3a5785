/**
 * Waste collections and their per-bin evidence (issue 13): spec 001 §2 'Waste collections', 'Waste evidence
 * records'; §3 Waste collection, Waste evidence record, waste collection log record; §4 collection states; §8
 * collection log record errors; §9 evidence origins, collection types, nonconforming states. See
 * docs/collection-import.md and docs/decisions/0029.
 */
import { sql } from "drizzle-orm";
import {
  boolean,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from "drizzle-orm/pg-core";
import { municipalityRow, municipalityRecord } from "./municipality";
import { importJob, wasteEvidenceHeader, wasteType } from "./bin";
import { feePayer } from "./subject";
import { device } from "./device";
import { userRef } from "./user";
import { versionedId, createdAt, timestamps, ownerColumn, optionalRef, position } from "./columns";

/**
 * One run of a vehicle (or a manual or exceptional collection): spec 001 §3 Waste collection. An import groups a
 * file's rows by vehicle, Prague day and waste into collections.
 */
export const wasteCollection = pgTable(
  "waste_collection",
  {
    ...municipalityRecord(),
    name: varchar("name", { length: 200 }).notNull(),
    /** The Prague calendar day of the collection. */
    collectedOn: date("collected_on").notNull(),
    /** The first and last emptied bin's time. */
    startedAt: timestamp("started_at", { withTimezone: true }),
    endedAt: timestamp("ended_at", { withTimezone: true }),
    wasteTypeId: optionalRef("waste_type_id", () => wasteType.id),
    /** The waste as the file named it (shown when it is none of the municipality's waste types). */
    wasteName: varchar("waste_name", { length: 150 }),
    licencePlate: varchar("licence_plate", { length: 20 }),
    deviceId: optionalRef("device_id", () => device.id),
    /** Spec 001 §9 evidence origins: WebImport, WebManual, AndroidTerminal, … */
    origin: varchar("origin", { length: 20 }).notNull(),
    /** Spec 001 §9 collection types: Basic, MultiCollection, NoMwc. */
    collectionType: varchar("collection_type", { length: 20 }).notNull().default("Basic"),
    /** Spec 001 §4: None, WaitingData, UnProcessed, Processed, Error, Discarded. */
    state: varchar("state", { length: 15 }).notNull().default("UnProcessed"),
    /** The total weight in kg, exact to the gram (shown in tonnes); null: not weighed. */
    weightKg: numeric("weight_kg", { precision: 14, scale: 3 }),
    /** The unit the weight was entered in (kg or t; an exceptional collection's modal asks). */
    weightUnit: varchar("weight_unit", { length: 4 }),
    /** The invoice value (spec 001 §2 'set invoice price'), in price_unit (CZK, EUR). */
    invoiceValue: numeric("invoice_value", { precision: 14, scale: 2 }),
    priceUnit: varchar("price_unit", { length: 4 }),
    /** An exceptional collection (a bulky-waste round, an extra run): its weight and value are entered by hand. */
    exceptional: boolean("exceptional").notNull().default(false),
    /** Kept with the records and the log (one transaction per batch), for the list's columns. */
    recordCount: integer("record_count").notNull().default(0),
    errorCount: integer("error_count").notNull().default(0),
    importJobId: optionalRef("import_job_id", () => importJob.id),
    /** Day, vehicle and waste of an imported collection: a resumed run or another file of the same run finds it. */
    importKey: varchar("import_key", { length: 300 }),
    createdBy: userRef("created_by"),
    ...timestamps(),
  },
  (t) => [
    index("waste_collection_municipality_day_idx").on(t.municipalityId, t.collectedOn, t.id),
    // Imports put the rows of one vehicle, day and waste into one collection, whichever file brought them.
    uniqueIndex("waste_collection_import_key").on(t.municipalityId, t.importKey),
  ],
);

/**
 * One emptied bin: spec 001 §3 Waste evidence record. Fees are computed from these (issue 14).
 *
 * Only the fee payer is a foreign key. The municipality, collection, bin, subject, waste type, import job and author
 * are checked once per batch by the writer (write-records.ts lockReferences: all of the record's own municipality,
 * under an advisory lock that their deletion's trigger takes exclusive, decision 0036), and their deletion is
 * followed by triggers of migrations 0020 and 0026 (the municipality's and the collection's records deleted, the
 * others unset): eight row-by-row key checks were 60–70 % of an import's insert (decision 0031).
 */
export const wasteEvidenceRecord = pgTable(
  "waste_evidence_record",
  {
    ...versionedId(),
    municipalityId: integer("municipality_id").notNull(),
    wasteCollectionId: integer("waste_collection_id"),
    headerId: integer("header_id"),
    /** The code as read (barcode or plain code) and the RFID tag. */
    code: varchar("code", { length: 60 }),
    rfid: varchar("rfid", { length: 40 }),
    wasteTypeId: integer("waste_type_id"),
    subjectId: integer("subject_id"),
    feePayerId: optionalRef("fee_payer_id", () => feePayer.id),
    city: varchar("city", { length: 100 }),
    collectedAt: timestamp("collected_at", { withTimezone: true }).notNull(),
    /** Fullness in percent (spec 001 §5: 100 full, 200 overfilled). */
    fullness: smallint("fullness"),
    /** The bin's volume in litres (from the file, else the bin type's). */
    binVolume: integer("bin_volume"),
    /** The weight measured on the vehicle for this bin, kg. */
    weightKg: numeric("weight_kg", { precision: 12, scale: 3 }),
    /** This record's share of the collection's weight (docs/collection-import.md 'Weights'), kg. */
    acknowledgedWeightKg: numeric("acknowledged_weight_kg", { precision: 12, scale: 3 }),
    ...position(),
    /** Spec 001 §9 nonconforming states 1, 33, 34, 52, 53. */
    nonconformingStateIds: smallint("nonconforming_state_ids")
      .array()
      .notNull()
      .default(sql`'{}'`),
    /** processed or unprocessed (spec 001 §4). */
    state: varchar("state", { length: 12 }).notNull().default("processed"),
    /** Spec 001 §9 evidence origins. */
    origin: varchar("origin", { length: 20 }).notNull(),
    /** Set when the record was marked a duplicate kept anyway (strategy NoAction), for the map. */
    duplicate: boolean("duplicate").notNull().default(false),
    discardedAt: timestamp("discarded_at", { withTimezone: true }),
    importJobId: integer("import_job_id"),
    /** The line of the import file the record came from. */
    rowNumber: integer("row_number"),
    createdBy: integer("created_by"),
    ...timestamps(),
  },
  (t) => [
    index("wer_collection_idx").on(t.wasteCollectionId, t.id),
    index("wer_municipality_time_idx").on(t.municipalityId, t.collectedAt, t.id),
    index("wer_subject_time_idx").on(t.subjectId, t.collectedAt),
    // The same bin read at the same instant is the same emptying: a file imported again adds nothing. It is also the
    // index of a bin's records by time (a plain (header_id, collected_at) index beside it cost every insert one more
    // index for nothing: `header_id = …` implies the predicate; migration 0020).
    uniqueIndex("wer_header_instant_unique")
      .on(t.headerId, t.collectedAt)
      .where(sql`header_id is not null`),
  ],
);

/**
 * A row of a collection that did not become a record, or became one with a remark: spec 001 §3 waste collection
 * log record, §8 error types (DiscardedCode, DuplicateRecord, EmptyCode, InvalidBin, InvalidWaste, NoBin,
 * OutOfRoute, UnknownCode, Undefined, AlreadyUsedDisposableBin). The row as read is kept, so that a fixed error
 * (the code assigned to a bin) can be processed again.
 */
export const wasteCollectionLog = pgTable(
  "waste_collection_log",
  {
    ...municipalityRow(),
    wasteCollectionId: ownerColumn("waste_collection_id", () => wasteCollection.id),
    importJobId: optionalRef("import_job_id", () => importJob.id),
    rowNumber: integer("row_number"),
    errorType: varchar("error_type", { length: 30 }).notNull(),
    /** The route-evidence message of spec 001 §8 (Czech; the web translates it). */
    message: text("message").notNull(),
    code: varchar("code", { length: 60 }),
    collectedAt: timestamp("collected_at", { withTimezone: true }),
    ...position(),
    /** The bin the row matched (a discarded or mismatched one), and the record a duplicate met. */
    headerId: optionalRef("header_id", () => wasteEvidenceHeader.id),
    recordId: optionalRef("record_id", () => wasteEvidenceRecord.id),
    /** The row as read (CollectionRow) and its raw text. */
    data: jsonb("data").notNull(),
    rawRow: text("raw_row"),
    /** When the error was fixed (its record made) or dismissed, and by whom. */
    resolvedAt: timestamp("resolved_at", { withTimezone: true }),
    resolvedBy: userRef("resolved_by"),
    ...createdAt(),
  },
  (t) => [
    index("wcl_collection_idx").on(t.wasteCollectionId, t.errorType, t.id),
    index("wcl_open_code_idx")
      .on(t.municipalityId, t.code)
      .where(sql`resolved_at is null`),
    // A duplicate already handled is known by its bin and instant: the same file again changes nothing.
    index("wcl_header_instant_idx").on(t.headerId, t.collectedAt),
    // A record deleted (its collection deleted) unlinks its log entries: without it, a scan of the log per record.
    index("wcl_record_idx")
      .on(t.recordId)
      .where(sql`record_id is not null`),
    // The same row of the same collection is logged once, however often its file is imported.
    uniqueIndex("wcl_row_unique").on(
      t.wasteCollectionId,
      t.errorType,
      sql`coalesce(code, '')`,
      sql`coalesce(collected_at, 'epoch'::timestamptz)`,
    ),
  ],
);
