import { sql } from "drizzle-orm";
import { foldSql } from "./fold";
import {
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from "drizzle-orm/pg-core";
import { versionedId, timestamps, ownerColumn, cityAndZip, phoneAndEmail, bytea } from "./columns";

/** The municipality a row belongs to: required, and deleted with it. */
export const municipalityColumn = () => ownerColumn("municipality_id", () => municipality.id);

/** A row of a municipality's own data: its id and the municipality it belongs to. */
export const municipalityRow = () => ({ id: serial("id").primaryKey(), municipalityId: municipalityColumn() });

/** A record of a municipality that is edited: its id, version (decision 20) and the municipality it belongs to. */
export const municipalityRecord = () => ({ ...versionedId(), municipalityId: municipalityColumn() });

/** Spec 001 §3 Municipality. */
export const municipality = pgTable(
  "municipality",
  {
    ...versionedId(),
    name: varchar("name", { length: 200 }).notNull(),
    shortName: varchar("short_name", { length: 50 }),
    type: varchar("type", { length: 30 }).notNull().default("Municipality"),
    kind: varchar("kind", { length: 20 }).notNull().default("Small"),
    parentId: integer("parent_id"),
    district: varchar("district", { length: 100 }),
    country: varchar("country", { length: 2 }).notNull().default("CZ"),
    identificationNumber: varchar("identification_number", { length: 20 }),
    vatNumber: varchar("vat_number", { length: 20 }),
    companyName: varchar("company_name", { length: 200 }),
    companyAddress: varchar("company_address", { length: 200 }),
    ...cityAndZip(),
    labelType: varchar("label_type", { length: 30 }).notNull().default("Barcode"),
    monitoredPeriod: varchar("monitored_period", { length: 20 }).notNull().default("Year"),
    duplicateHandlingStrategy: varchar("duplicate_handling_strategy", { length: 20 }).notNull().default("NoAction"),
    note: text("note"),
    active: boolean("active").notNull().default(true),
    lastLoginAt: timestamp("last_login_at", { withTimezone: true }),
    lastRecordAt: timestamp("last_record_at", { withTimezone: true }),
    ...timestamps(),
    /**
     * What the list's search matches (name, short name, IČO, city), folded once on write like the other searches
     * ('trebic' finds Třebíč): one LIKE per row instead of four ILIKEs, and one trigram index for selective
     * searches. The newline keeps a match from spanning two fields. Never written by the product; never returned.
     */
    search: text("search").generatedAlwaysAs(
      foldSql(
        sql`coalesce("name", '') || E'\\n' || coalesce("short_name", '') || E'\\n' || coalesce("identification_number", '') || E'\\n' || coalesce("city", '')`,
      ),
    ),
  },
  (t) => [
    index("municipality_name_idx").on(sql`lower(${t.name})`),
    index("municipality_parent_idx").on(t.parentId),
    index("municipality_district_idx").on(t.district),
    // The list's default sort and the 'last login' sort, read in index order (docs/benchmarks.md).
    index("municipality_name_id_idx").on(t.name, t.id),
    index("municipality_last_login_id_idx").on(t.lastLoginAt.desc().nullsLast(), t.id),
    // pg_trgm (created by the same migration): LIKE '%term%' of 3+ characters from the index.
    index("municipality_search_trgm_idx").using("gin", t.search.op("gin_trgm_ops")),
  ],
);

/** The logo is kept in the database (type and size checked on upload), never as a user-named file. */
export const municipalityLogo = pgTable("municipality_logo", {
  municipalityId: integer("municipality_id")
    .primaryKey()
    .references(() => municipality.id, { onDelete: "cascade" }),
  contentType: varchar("content_type", { length: 40 }).notNull(),
  data: bytea("data").notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

export const municipalityModule = pgTable(
  "municipality_module",
  {
    municipalityId: municipalityColumn(),
    module: varchar("module", { length: 40 }).notNull(),
    enabled: boolean("enabled").notNull().default(false),
  },
  (t) => [primaryKey({ columns: [t.municipalityId, t.module] })],
);

export const municipalityContact = pgTable(
  "municipality_contact",
  {
    ...municipalityRow(),
    name: varchar("name", { length: 200 }).notNull(),
    type: varchar("type", { length: 30 }).notNull(),
    ...phoneAndEmail(),
  },
  (t) => [index("municipality_contact_municipality_idx").on(t.municipalityId)],
);

/** Spec 001 §3 External account: type, login, password, customer number. */
export const externalAccount = pgTable(
  "external_account",
  {
    ...municipalityRow(),
    type: varchar("type", { length: 30 }).notNull(),
    login: varchar("login", { length: 100 }).notNull(),
    /** Sealed (api/lib/secret-box.ts, decision 0015): a 200-character password takes about 1,100 characters. */
    password: text("password"),
    customerNumber: varchar("customer_number", { length: 50 }),
  },
  (t) => [uniqueIndex("external_account_unique").on(t.municipalityId, t.type, t.login)],
);
