/** Column groups many tables share; each call makes fresh builders (one set a table). */
import { customType, date, integer, numeric, serial, timestamp, varchar, type AnyPgColumn } from "drizzle-orm/pg-core";

/**
 * The row's id and its version. The version is bumped by every edit; a PUT carrying an older one answers 409
 * (decision 20, optimistic concurrency).
 */
export const versionedId = () => ({
  id: serial("id").primaryKey(),
  version: integer("version").notNull().default(0),
});

/** When the row was made (a row that is written once: a history entry, a log line, a link). */
export const createdAt = () => ({
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

/** When the row was made and last changed. */
export const timestamps = () => ({
  ...createdAt(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A required reference to the row this one belongs to, deleted with it (a payer's address, a bin's history, the
 * municipality's rows): `ownerColumn("fee_payer_id", () => feePayer.id)`.
 */
export const ownerColumn = (name: string, owner: () => AnyPgColumn) =>
  integer(name).notNull().references(owner, { onDelete: "cascade" });

/**
 * An optional reference that is cleared when the row it names is deleted (a bin's type, a collection's device, who
 * made the row): `optionalRef("device_id", () => device.id)`.
 */
export const optionalRef = (name: string, target: () => AnyPgColumn) =>
  integer(name).references(target, { onDelete: "set null" });

/** A GPS position (WGS 84 degrees to 6 decimals, about 0.1 m), both null when unknown. */
export const position = () => ({
  latitude: numeric("latitude", { precision: 9, scale: 6 }),
  longitude: numeric("longitude", { precision: 9, scale: 6 }),
});

/** The town and the zip code of an address. */
export const cityAndZip = () => ({
  city: varchar("city", { length: 100 }),
  zipCode: varchar("zip_code", { length: 10 }),
});

/** How a person or a contact is reached. */
export const phoneAndEmail = () => ({
  phone: varchar("phone", { length: 30 }),
  email: varchar("email", { length: 200 }),
});

/** The street part of an address: street, conscription number (číslo popisné) and street number (číslo orientační). */
export const streetAndNumbers = () => ({
  street: varchar("street", { length: 150 }),
  conscriptionNumber: varchar("conscription_number", { length: 10 }),
  streetNumber: varchar("street_number", { length: 10 }),
});

/** A validity from a day (required) to a day (null: open-ended): a membership, a pairing. */
export const validity = () => ({
  validFrom: date("valid_from").notNull(),
  validTo: date("valid_to"),
});

/** Bytes kept in the database (a logo, a piece of a stored file). */
export const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({ dataType: () => "bytea" });

/**
 * A piece of a file kept in the database in pieces (an import's upload, a notice job's PDF), so that any process can
 * read it back: its number, 0, 1, 2 … in the file's order, and its bytes. The owner's column and the primary key
 * (owner, seq) are the table's.
 */
export const fileChunk = () => ({
  seq: integer("seq").notNull(),
  data: bytea("data").notNull(),
});
