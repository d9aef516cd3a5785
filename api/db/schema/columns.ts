/** Column groups many tables share; each call makes fresh builders (one set a table). */
import { integer, serial, timestamp, type AnyPgColumn } from "drizzle-orm/pg-core";

/**
 * The row's id and its version. The version is bumped by every edit; a PUT carrying an older one answers 409
 * (decision 20, optimistic concurrency).
 */
export const versionedId = () => ({
  id: serial("id").primaryKey(),
  version: integer("version").notNull().default(0),
});

/** When the row was made and last changed. */
export const timestamps = () => ({
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A required reference to the row this one belongs to, deleted with it (a payer's address, a bin's history, the
 * municipality's rows): `ownerColumn("fee_payer_id", () => feePayer.id)`.
 */
export const ownerColumn = (name: string, owner: () => AnyPgColumn) =>
  integer(name).notNull().references(owner, { onDelete: "cascade" });
