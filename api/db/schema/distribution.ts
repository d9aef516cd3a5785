/**
 * Distribution centres and their reports (spec 001 §2 'Distribution centres', §3 Distribution centre and report, §4
 * distribution report states; spec 000 §2 …/modules/distribution-centers and /waste-collection-evidence/
 * distribution-reports). A centre hands out bins and bags to collection points' residents; each visit is a report
 * of what changed at one collection point, written by the centre's staff and processed (applied to the register)
 * by a clerk.
 */
import { date, index, integer, pgTable, serial, smallint, text, timestamp, uniqueIndex, varchar } from "drizzle-orm/pg-core";
import { municipalityRecord } from "./municipality";
import { feePayer, subject } from "./subject";
import { binType, wasteEvidenceHeader, wasteType } from "./bin";
import { user, userRef } from "./user";
import { optionalRef, ownerColumn, phoneAndEmail, timestamps } from "./columns";

/** Spec 001 §3 Distribution centre: name, phone, e-mail, users, report count. */
export const distributionCentre = pgTable(
  "distribution_centre",
  {
    ...municipalityRecord(),
    name: varchar("name", { length: 150 }).notNull(),
    ...phoneAndEmail(),
    ...timestamps(),
  },
  (t) => [index("distribution_centre_municipality_name_idx").on(t.municipalityId, t.name, t.id)],
);

/** The users who work at a centre (a user works at one centre at most). */
export const distributionCentreUser = pgTable(
  "distribution_centre_user",
  {
    id: serial("id").primaryKey(),
    centreId: ownerColumn("centre_id", () => distributionCentre.id),
    userId: ownerColumn("user_id", () => user.id),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex("distribution_centre_user_unique").on(t.userId),
    index("distribution_centre_user_centre_idx").on(t.centreId),
  ],
);

/**
 * Spec 001 §3 Distribution report: one visit of a collection point's resident at a centre. State (spec 001 §4):
 * unprocessed → processed, warning (applied with rows skipped), error (nothing applied) or discarded.
 */
export const distributionReport = pgTable(
  "distribution_report",
  {
    ...municipalityRecord(),
    centreId: ownerColumn("centre_id", () => distributionCentre.id),
    subjectId: optionalRef("subject_id", () => subject.id),
    reportDate: date("report_date").notNull(),
    state: varchar("state", { length: 12 }).notNull().default("unprocessed"),
    recordCount: integer("record_count").notNull().default(0),
    description: text("description"),
    /** Why processing ended in warning or error, in the municipality's language. */
    resultMessage: text("result_message"),
    processedAt: timestamp("processed_at", { withTimezone: true }),
    processedBy: userRef("processed_by"),
    createdBy: userRef("created_by"),
    ...timestamps(),
  },
  (t) => [
    index("distribution_report_municipality_date_idx").on(t.municipalityId, t.reportDate, t.id),
    index("distribution_report_centre_date_idx").on(t.centreId, t.reportDate),
    index("distribution_report_subject_idx").on(t.subjectId, t.reportDate),
  ],
);

/**
 * A sub row of a report (spec 001 §2): FeePayerAdded, FeePayerRemoved, FeePayerChanged, NewBin, OrderedDisposeCount or
 * Description. Which columns a type uses is in contract/distribution-report.ts; outcome and message are written when
 * the report is processed (ok, warning, error).
 */
export const distributionReportRecord = pgTable(
  "distribution_report_record",
  {
    id: serial("id").primaryKey(),
    reportId: ownerColumn("report_id", () => distributionReport.id),
    position: smallint("position").notNull(),
    type: varchar("type", { length: 24 }).notNull(),
    feePayerId: optionalRef("fee_payer_id", () => feePayer.id),
    /** NewBin: the code printed on the bin or bag handed out (plain code or barcode). */
    code: varchar("code", { length: 40 }),
    binTypeId: optionalRef("bin_type_id", () => binType.id),
    wasteTypeId: optionalRef("waste_type_id", () => wasteType.id),
    /** NewBin: the bin the code was assigned to when the report was processed. */
    wasteEvidenceHeaderId: optionalRef("waste_evidence_header_id", () => wasteEvidenceHeader.id),
    /** OrderedDisposeCount: the collection point's new ordered count. */
    orderedDisposeCount: integer("ordered_dispose_count"),
    description: text("description"),
    outcome: varchar("outcome", { length: 8 }),
    message: text("message"),
  },
  (t) => [uniqueIndex("distribution_report_record_position_unique").on(t.reportId, t.position)],
);
