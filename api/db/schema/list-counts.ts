import { bigint, integer, pgTable, primaryKey, text } from "drizzle-orm/pg-core";

/**
 * Exact totals and filter options kept by the database itself (issue 11: a count(*) over 100,000 payers and the
 * DISTINCTs over 30,000 collection points ran on every list view). Statement triggers on the counted tables
 * (migration 0015_list_counts) add and subtract what each INSERT, UPDATE, DELETE or TRUNCATE changed, in the same
 * transaction, so the figures are never wrong; api/lib/list-counts.ts reads them.
 */
export const listTotal = pgTable(
  "list_total",
  {
    /** The counted table: subject, fee_payer, waste_card, waste_evidence_header. */
    list: text("list").notNull(),
    municipalityId: integer("municipality_id").notNull(),
    total: bigint("total", { mode: "number" }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.list, t.municipalityId] })],
);

/** How many rows of a municipality's list hold each value of a filter column ('subject.street', …). */
export const listOption = pgTable(
  "list_option",
  {
    list: text("list").notNull(),
    municipalityId: integer("municipality_id").notNull(),
    value: text("value").notNull(),
    total: bigint("total", { mode: "number" }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.list, t.municipalityId, t.value] })],
);
