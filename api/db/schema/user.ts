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
import { sql } from "drizzle-orm";
import { municipality, municipalityColumn } from "./municipality";
import { versionedId, createdAt, timestamps, ownerColumn, optionalRef, phoneAndEmail } from "./columns";

/** Who did something to the row (made, assigned, resolved it): kept as null when the user is deleted. */
export const userRef = (name: string) => optionalRef(name, () => user.id);

/** When the row was made and by whom (a row written once: a print batch, an import, a token). */
export const createdStamp = () => ({ ...createdAt(), createdBy: userRef("created_by") });

/** The numbered roles of spec 001 §6 with the role names of spec 000 §6. */
export const role = pgTable("role", {
  id: integer("id").primaryKey(),
  name: varchar("name", { length: 40 }).notNull().unique(),
  label: varchar("label", { length: 100 }).notNull(),
  active: boolean("active").notNull().default(true),
});

export const permission = pgTable("permission", {
  id: serial("id").primaryKey(),
  value: varchar("value", { length: 80 }).notNull().unique(),
});

export const rolePermission = pgTable(
  "role_permission",
  {
    roleId: ownerColumn("role_id", () => role.id),
    permissionId: ownerColumn("permission_id", () => permission.id),
  },
  (t) => [primaryKey({ columns: [t.roleId, t.permissionId] })],
);

/** Spec 001 §3 User. */
export const user = pgTable(
  "user",
  {
    ...versionedId(),
    userName: varchar("user_name", { length: 100 }).notNull(),
    firstName: varchar("first_name", { length: 100 }).notNull(),
    lastName: varchar("last_name", { length: 100 }).notNull(),
    ...phoneAndEmail(),
    passwordHash: text("password_hash"),
    roleId: integer("role_id")
      .notNull()
      .references(() => role.id),
    municipalityId: optionalRef("municipality_id", () => municipality.id),
    collectionYardId: integer("collection_yard_id"),
    language: varchar("language", { length: 2 }).notNull().default("cs"),
    active: boolean("active").notNull().default(true),
    failedLogins: integer("failed_logins").notNull().default(0),
    lastFailedLoginAt: timestamp("last_failed_login_at", { withTimezone: true }),
    lastLoginAt: timestamp("last_login_at", { withTimezone: true }),
    ...timestamps(),
    /**
     * What the users list's search matches (user name, name, e-mail, phone), folded once on write like the other
     * searches ('novakova' finds Nováková). Never written by the product; never returned.
     */
    search: text("search").generatedAlwaysAs(
      foldSql(
        sql`coalesce("user_name", '') || E'\\n' || coalesce("first_name", '') || ' ' || coalesce("last_name", '') || E'\\n' || coalesce("email", '') || E'\\n' || coalesce("phone", '')`,
      ),
    ),
  },
  (t) => [
    uniqueIndex("user_user_name_unique").on(sql`lower(${t.userName})`),
    index("user_search_trgm_idx").using("gin", t.search.op("gin_trgm_ops")),
    index("user_email_idx").on(sql`lower(${t.email})`),
    index("user_municipality_idx").on(t.municipalityId),
    // The users list: filter by role, default sort by last and first name.
    index("user_role_idx").on(t.roleId),
    index("user_last_name_idx").on(sql`lower(${t.lastName})`, sql`lower(${t.firstName})`),
  ],
);

/** Spec 000 §3 managed municipalities (with wasteCompanyBranchId). */
export const userMunicipality = pgTable(
  "user_municipality",
  {
    userId: ownerColumn("user_id", () => user.id),
    municipalityId: municipalityColumn(),
    wasteCompanyBranchId: integer("waste_company_branch_id"),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.municipalityId] }),
    index("user_municipality_municipality_idx").on(t.municipalityId),
  ],
);

/**
 * One-time links of POST user/register-by-email and PATCH user/resend-registration-email: only a SHA-256 hash
 * of the token is stored. A link is valid while unused and unexpired; resending deletes the unused ones.
 */
export const registrationToken = pgTable(
  "registration_token",
  {
    id: serial("id").primaryKey(),
    userId: ownerColumn("user_id", () => user.id),
    tokenHash: varchar("token_hash", { length: 64 }).notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    ...createdStamp(),
  },
  (t) => [
    uniqueIndex("registration_token_hash_unique").on(t.tokenHash),
    index("registration_token_user_idx").on(t.userId),
  ],
);
