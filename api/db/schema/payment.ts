/**
 * Payment notices (issue 14 part 6; spec 001 §3 'Fee payers' street address is used on the payment notice'): the
 * municipality's payment details printed on every notice and in its QR code, and the bulk mailings of notices.
 */
import {
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from "drizzle-orm/pg-core";
import { municipalityColumn } from "./municipality";
import { user } from "./user";
import { timestamps, versionedId } from "./columns";

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
 * A bulk e-mailing of the notices of a year (a background job): its progress, counts and the payers it could not
 * reach. `lastFeePayerId` is where a job taken over after a restart resumes (payers are sent in id order).
 */
export const paymentNoticeMailing = pgTable(
  "payment_notice_mailing",
  {
    id: serial("id").primaryKey(),
    municipalityId: municipalityColumn(),
    year: smallint("year").notNull(),
    /** Queued, Running, Done, Failed. */
    state: varchar("state", { length: 10 }).notNull().default("Queued"),
    /** The chosen payers; null = every payer of the year with an e-mail address and something to pay. */
    feePayerIds: jsonb("fee_payer_ids").$type<number[] | null>(),
    total: integer("total").notNull().default(0),
    sent: integer("sent").notNull().default(0),
    failed: integer("failed").notNull().default(0),
    lastFeePayerId: integer("last_fee_payer_id").notNull().default(0),
    /** The payers not sent to, with the reason (at most 200 kept). */
    failures: jsonb("failures")
      .$type<{ feePayerId: number; name: string; email: string | null; error: string }[]>()
      .notNull()
      .default([]),
    error: text("error"),
    requestedBy: integer("requested_by").references(() => user.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    startedAt: timestamp("started_at", { withTimezone: true }),
    finishedAt: timestamp("finished_at", { withTimezone: true }),
  },
  (t) => [index("payment_notice_mailing_municipality_idx").on(t.municipalityId, t.year, t.id)],
);
