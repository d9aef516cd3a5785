/**
 * Bins and their codes (issue 5): spec 001 §2 'Waste bins / waste evidence headers', 'Print batches', 'Waste and bin
 * types settings'; §3 Waste evidence header, Bin type / waste configuration, Print batch; §4 bin states; §9 bin kinds
 * and types, print batch code types. See docs/decisions/0012.
 */
import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from "drizzle-orm/pg-core";
import { municipality, municipalityRow, municipalityRecord } from "./municipality";
import { subject } from "./subject";
import { userRef, createdStamp } from "./user";
import { versionedId, timestamps, ownerColumn, optionalRef, position, cityAndZip } from "./columns";

/**
 * Waste types (spec 001 §2 settings: 'waste types with coefficient and bin count'). municipality_id null = the
 * product's catalogue, offered to every municipality; a municipality adds its own.
 */
export const wasteType = pgTable(
  "waste_type",
  {
    ...versionedId(),
    municipalityId: integer("municipality_id").references(() => municipality.id, { onDelete: "cascade" }),
    name: varchar("name", { length: 150 }).notNull(),
    /** Code of the Czech waste catalogue (vyhláška 8/2021 Sb.), e.g. '200301' mixed municipal waste. */
    catalogCode: varchar("catalog_code", { length: 10 }),
    /** Weight of a full litre in kg used to estimate a bin's weight (spec 001 §3 'waste coefficient'). */
    coefficient: numeric("coefficient", { precision: 8, scale: 4 }).notNull().default("0.1"),
    /** Shown in the sort-ratio statistics as sorted (not mixed) waste. */
    sorted: boolean("sorted").notNull().default(false),
    active: boolean("active").notNull().default(true),
  },
  (t) => [index("waste_type_municipality_idx").on(t.municipalityId, t.name)],
);

/**
 * Bin types (spec 001 §3 'Bin type / waste configuration'; §9 bin kinds fixed/disposable and types bag, bin,
 * container, waste bucket, other, waste prefix, car). municipality_id null = the seeded catalogue.
 */
export const binType = pgTable(
  "bin_type",
  {
    ...versionedId(),
    municipalityId: integer("municipality_id").references(() => municipality.id, { onDelete: "cascade" }),
    name: varchar("name", { length: 150 }).notNull(),
    /** bag, bin, container, wasteBucket, other, wastePrefix, car (spec 001 §9 bin types). */
    category: varchar("category", { length: 20 }).notNull(),
    /** fixed or disposable (a bag is used once; spec 001 §9 bin kinds). */
    kind: varchar("kind", { length: 12 }).notNull().default("fixed"),
    /** Volume in litres, 1 to 19,000. */
    capacity: integer("capacity").notNull(),
    /** The collection may record the exact quantity (weighed) instead of the bin's volume. */
    allowExact: boolean("allow_exact").notNull().default(false),
    /** The usual waste of this bin type, when it has one (a blue 240 l bin for paper). */
    wasteTypeId: optionalRef("waste_type_id", () => wasteType.id),
    active: boolean("active").notNull().default(true),
  },
  (t) => [index("bin_type_municipality_idx").on(t.municipalityId, t.capacity)],
);

/** The next plain code of each municipality: codes are allocated by one atomic UPDATE … RETURNING. */
export const codeSequence = pgTable("code_sequence", {
  municipalityId: integer("municipality_id")
    .primaryKey()
    .references(() => municipality.id, { onDelete: "cascade" }),
  lastPlainCode: integer("last_plain_code").notNull().default(0),
});

/** Spec 001 §3 Print batch; the codes it generated are waste_evidence_header rows with its id. */
export const printBatch = pgTable(
  "print_batch",
  {
    ...municipalityRow(),
    /** Regular (addressed to subjects) or NoSubject (spec 001 §9). */
    codeType: varchar("code_type", { length: 12 }).notNull(),
    codeCount: integer("code_count").notNull(),
    /** Ids of the bin types the batch is for (a label per code and bin type). */
    binTypeIds: integer("bin_type_ids").array().notNull().default([]),
    rfid: boolean("rfid").notNull().default(false),
    note: text("note"),
    /** Generated, then Printed (spec 001 §4). */
    state: varchar("state", { length: 12 }).notNull().default("Generated"),
    printedAt: timestamp("printed_at", { withTimezone: true }),
    ...createdStamp(),
  },
  (t) => [index("print_batch_municipality_idx").on(t.municipalityId, t.createdAt)],
);

/**
 * Spec 001 §3 Waste evidence header: a coded label and the bin it is on. Codes are generated into this table (state
 * Free, or Assigned when a batch is addressed to subjects) and assigned to subjects' bins later.
 * States (spec 001 §4): Free, Assigned, Used (a disposable bin that was collected), Discarded, NoBin, Undefined.
 */
export const wasteEvidenceHeader = pgTable(
  "waste_evidence_header",
  {
    ...municipalityRecord(),
    /** The check-protected code printed as the barcode: globally unique (it names its municipality). */
    barcode: varchar("barcode", { length: 40 }).notNull(),
    /** The short number clerks type, unique within the municipality. */
    plainCode: varchar("plain_code", { length: 20 }).notNull(),
    rfid: varchar("rfid", { length: 40 }),
    binTypeId: optionalRef("bin_type_id", () => binType.id),
    wasteTypeId: optionalRef("waste_type_id", () => wasteType.id),
    subjectId: optionalRef("subject_id", () => subject.id),
    printBatchId: optionalRef("print_batch_id", () => printBatch.id),
    state: varchar("state", { length: 12 }).notNull().default("Free"),
    /** Disposable (bag): used once, never reused (spec 001 §9 bin kinds). */
    disposable: boolean("disposable").notNull().default(false),
    assignedAt: timestamp("assigned_at", { withTimezone: true }),
    /** The day the assignment is valid from (collections before it belong to nobody). */
    assignedFrom: timestamp("assigned_from", { withTimezone: true }),
    assignedBy: userRef("assigned_by"),
    lastEvidenceAt: timestamp("last_evidence_at", { withTimezone: true }),
    discardedAt: timestamp("discarded_at", { withTimezone: true }),
    street: varchar("street", { length: 150 }),
    ...cityAndZip(),
    ...position(),
    description: text("description"),
    /** Spec 001 §2 dispose frequency of the bin: ordered collections per Month or Year. */
    disposePeriod: varchar("dispose_period", { length: 10 }),
    orderedDisposeCount: integer("ordered_dispose_count"),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex("weh_barcode_unique").on(t.barcode),
    uniqueIndex("weh_plain_code_unique").on(t.municipalityId, t.plainCode),
    uniqueIndex("weh_rfid_unique").on(t.municipalityId, t.rfid),
    index("weh_municipality_state_idx").on(t.municipalityId, t.state, t.id),
    // The list's default (barcode) and date sorts and the city filter read in index order within one municipality.
    index("weh_municipality_barcode_idx").on(t.municipalityId, t.barcode),
    index("weh_municipality_assigned_idx").on(t.municipalityId, t.assignedAt, t.id),
    index("weh_municipality_discarded_idx").on(t.municipalityId, t.discardedAt, t.id),
    index("weh_municipality_last_evidence_idx").on(t.municipalityId, t.lastEvidenceAt, t.id),
    index("weh_municipality_city_idx").on(t.municipalityId, t.city),
    index("weh_subject_idx").on(t.subjectId),
    index("weh_print_batch_idx").on(t.printBatchId),
  ],
);

/** Spec 001 §4 bin history: created, assigned, discarded, reactivated, configuration changed, AlreadyUsedDisposableBin. */
export const wasteEvidenceHeaderHistory = pgTable(
  "waste_evidence_header_history",
  {
    id: serial("id").primaryKey(),
    headerId: ownerColumn("header_id", () => wasteEvidenceHeader.id),
    event: varchar("event", { length: 30 }).notNull(),
    subjectId: optionalRef("subject_id", () => subject.id),
    userId: userRef("user_id"),
    /** What changed (old and new values, the transfer's 'move evidence records' choice, …). */
    details: jsonb("details"),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("weh_history_header_idx").on(t.headerId, t.at)],
);

/** Spec 001 §2 dispose count card of a bin: ordered versus actual collections per month. */
export const disposeCount = pgTable(
  "dispose_count",
  {
    headerId: ownerColumn("header_id", () => wasteEvidenceHeader.id),
    year: smallint("year").notNull(),
    month: smallint("month").notNull(),
    orderedCount: integer("ordered_count"),
    actualCount: integer("actual_count").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.headerId, t.year, t.month] })],
);

/**
 * Spec 001 §3 Import job (waste card CSV now; collection and other imports later): the file, its state and counts.
 * States (spec 001 §4): unprocessed, processing, processed, error (with errors), discarded (critical error).
 */
export const importJob = pgTable(
  "import_job",
  {
    ...municipalityRow(),
    type: varchar("type", { length: 30 }).notNull(),
    fileName: varchar("file_name", { length: 255 }).notNull(),
    state: varchar("state", { length: 15 }).notNull().default("unprocessed"),
    totalRows: integer("total_rows").notNull().default(0),
    acceptedRows: integer("accepted_rows").notNull().default(0),
    /** Rows already present unchanged (a re-import of the same file). */
    unchangedRows: integer("unchanged_rows").notNull().default(0),
    errorRows: integer("error_rows").notNull().default(0),
    /** A critical error that stopped the import (state discarded). */
    message: text("message"),
    ...createdStamp(),
    processedAt: timestamp("processed_at", { withTimezone: true }),
    /**
     * Set by the process running the job every few seconds while it is 'processing' (database clock); a job whose
     * heartbeat stopped (the process died) is marked discarded 'Import byl přerušen' (decision 0019).
     */
    heartbeatAt: timestamp("heartbeat_at", { withTimezone: true }),
    /**
     * When the upload was stored whole and the job queued. A job left unprocessed without it was cut off while
     * uploading (the process died): housekeeping ends it; with it, housekeeping queues it again (issue 13).
     */
    queuedAt: timestamp("queued_at", { withTimezone: true }),
    /** The job of the queue (pg-boss) that runs it; a lost one is queued again under a new id. */
    queueJobId: varchar("queue_job_id", { length: 36 }),
    /** The file's format (collection imports: Universal or a vendor mapping; null where a type has one format). */
    format: varchar("format", { length: 40 }),
    /** The stored upload's size, and how far into it the committed batches reach (progress). */
    fileSize: bigint("file_size", { mode: "number" }).notNull().default(0),
    bytesDone: bigint("bytes_done", { mode: "number" }).notNull().default(0),
    /** Data rows whose batch is committed: a job run again (restart, retry) skips them (issue 13). */
    rowsDone: integer("rows_done").notNull().default(0),
    /** When the stored upload was deleted (a finished job's file may be removed; its log stays). */
    fileDeletedAt: timestamp("file_deleted_at", { withTimezone: true }),
    /** What the job reports beyond the row counts (e.g. the collections an import made). */
    summary: jsonb("summary"),
    /** What the upload form added to the file (a collection's licence plate and total weight). */
    options: jsonb("options"),
  },
  (t) => [
    index("import_job_municipality_idx").on(t.municipalityId, t.createdAt),
    index("import_job_processing_idx")
      .on(t.heartbeatAt)
      .where(sql`state = 'processing'`),
  ],
);

/** A rejected row of an import: its number in the file, the reason and the raw text (spec 001 §8 'Import'). */
export const importJobError = pgTable(
  "import_job_error",
  {
    id: serial("id").primaryKey(),
    importJobId: ownerColumn("import_job_id", () => importJob.id),
    rowNumber: integer("row_number").notNull(),
    category: varchar("category", { length: 30 }).notNull(),
    message: text("message").notNull(),
    rawRow: text("raw_row"),
  },
  (t) => [index("import_job_error_job_idx").on(t.importJobId, t.rowNumber)],
);
