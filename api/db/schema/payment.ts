/**
 * Payment notices (issue 14 part 6; spec 001 §3 'Fee payers' street address is used on the payment notice'): the
 * municipality's payment details printed on every notice and in its QR code, and the jobs that write or mail them.
 */
import {
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from "drizzle-orm/pg-core";
import { municipalityColumn } from "./municipality";
import { user } from "./user";
import { fileChunk, ownerColumn, timestamps, versionedId } from "./columns";

/** One row per municipality: where and when its fees are paid. */
export const paymentSetting = pgTable(
  "payment_setting",
  {
    ...versionedId(),
    municipalityId: municipalityColumn(),
    /** A Czech account 'prefix-number/bank code' (the prefix optional); null for an IBAN-only (Slovak) account. */
    accountPrefix: varchar("account_prefix", { length: 6 }),
    accountNumber: varchar("account_number", { length: 10 }),
    bankCode: varchar("bank_code", { length: 4 }),
    /** Stored without spaces; for a Czech account it is derived from it when not typed (they must agree). */
    iban: varchar("iban", { length: 34 }).notNull(),
    /** The yearly fee is due on this day and month of its year. */
    dueDay: smallint("due_day").notNull(),
    dueMonth: smallint("due_month").notNull(),
    constantSymbol: varchar("constant_symbol", { length: 4 }),
    /** Printed under the amounts (how to pay, where to ask). */
    noticeText: text("notice_text"),
    ...timestamps(),
  },
  (t) => [uniqueIndex("payment_setting_municipality_unique").on(t.municipalityId)],
);

/**
 * A background job over the notices of a year (decision 0033): 'Document' writes all notices into one PDF kept in
 * chunks, 'Mail' e-mails them. Progress is `done` of `total` payers. A mailing sends in payer-id order and records
 * `lastFeePayerId` after each payer, so a job taken over after a restart resumes there; a document starts again.
 */
export const paymentNoticeJob = pgTable(
  "payment_notice_job",
  {
    id: serial("id").primaryKey(),
    municipalityId: municipalityColumn(),
    year: smallint("year").notNull(),
    /** Document, Mail. */
    kind: varchar("kind", { length: 10 }).notNull(),
    /** Queued, Running, Done, Failed. */
    state: varchar("state", { length: 10 }).notNull().default("Queued"),
    /** The chosen payers of a mailing; null = every payer of the year with something to pay (and an address). */
    feePayerIds: jsonb("fee_payer_ids").$type<number[] | null>(),
    total: integer("total").notNull().default(0),
    done: integer("done").notNull().default(0),
    failed: integer("failed").notNull().default(0),
    lastFeePayerId: integer("last_fee_payer_id").notNull().default(0),
    /** The payers a mailing did not reach, with the reason (at most 200 kept). */
    failures: jsonb("failures")
      .$type<{ feePayerId: number; name: string; email: string | null; error: string }[]>()
      .notNull()
      .default([]),
    /** The document's size in bytes once written. */
    fileSize: integer("file_size"),
    error: text("error"),
    requestedBy: integer("requested_by").references(() => user.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    startedAt: timestamp("started_at", { withTimezone: true }),
    finishedAt: timestamp("finished_at", { withTimezone: true }),
  },
  (t) => [index("payment_notice_job_municipality_idx").on(t.municipalityId, t.year, t.kind, t.id)],
);

/** A document job's PDF in pieces of about 1 MB (as an import keeps its file), read back in order. */
export const paymentNoticeFileChunk = pgTable(
  "payment_notice_file_chunk",
  {
    jobId: ownerColumn("job_id", () => paymentNoticeJob.id),
    ...fileChunk(),
  },
  (t) => [primaryKey({ columns: [t.jobId, t.seq] })],
);
