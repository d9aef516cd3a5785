/**
 * Devices (spec 001 §2 'Devices', §3 Device, §4 'A device is paired with a municipality', §9 device types): the
 * terminals, scanners and printers of the provider, and the periods each one is paired with a municipality.
 */
import { sql } from "drizzle-orm";
import { index, pgTable, serial, text, timestamp, uniqueIndex, varchar } from "drizzle-orm/pg-core";
import { municipalityColumn } from "./municipality";
import { foldSql } from "./fold";
import { createdStamp } from "./user";
import { versionedId, timestamps, ownerColumn, validity } from "./columns";

/** Spec 001 §3 Device: name, type, serial number, uuid, sim card number, note, last used. */
export const device = pgTable(
  "device",
  {
    ...versionedId(),
    name: varchar("name", { length: 150 }).notNull(),
    /** One of DEVICE_TYPES (contract/enums.ts). */
    type: varchar("type", { length: 20 }).notNull(),
    serialNumber: varchar("serial_number", { length: 100 }).notNull(),
    /** The identifier the device reports itself with (an app installation or hardware id); optional. */
    uuid: varchar("uuid", { length: 64 }),
    simCardNumber: varchar("sim_card_number", { length: 30 }),
    note: text("note"),
    /** When the device last sent data (written by the synchronisation, shown in the list). */
    lastUsedAt: timestamp("last_used_at", { withTimezone: true }),
    ...timestamps(),
    /** What the list's search matches, folded once on write (never written by the product, never returned). */
    search: text("search").generatedAlwaysAs(
      foldSql(
        sql`coalesce("name", '') || E'\\n' || coalesce("serial_number", '') || E'\\n' || coalesce("uuid", '') || E'\\n' || coalesce("sim_card_number", '')`,
      ),
    ),
  },
  (t) => [
    // Serial numbers and uuids are unique whatever their letter case ('SN-1' and 'sn-1' are one device).
    uniqueIndex("device_serial_number_unique").on(sql`lower(${t.serialNumber})`),
    uniqueIndex("device_uuid_unique").on(sql`lower(${t.uuid})`),
    index("device_name_idx").on(t.name, t.id),
    index("device_type_idx").on(t.type, t.id),
    index("device_search_trgm_idx").using("gin", t.search.op("gin_trgm_ops")),
  ],
);

/**
 * The history of a device's pairings: the device belongs to the municipality from valid_from to valid_to
 * (inclusive; open when null). At most one row of a device is valid on any day (checked by the device service).
 * Deleting a municipality deletes its rows; the devices stay, unpaired.
 */
export const deviceAssignment = pgTable(
  "device_assignment",
  {
    id: serial("id").primaryKey(),
    deviceId: ownerColumn("device_id", () => device.id),
    municipalityId: municipalityColumn(),
    ...validity(),
    ...createdStamp(),
  },
  (t) => [
    index("device_assignment_device_idx").on(t.deviceId, t.validFrom),
    index("device_assignment_municipality_idx").on(t.municipalityId, t.validTo),
  ],
);
