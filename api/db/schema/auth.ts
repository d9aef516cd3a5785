import { sql } from "drizzle-orm";
import { index, integer, jsonb, pgTable, text, timestamp, varchar } from "drizzle-orm/pg-core";
import { createdAt } from "./columns";

/** Server-side web sessions: the cookie carries only the id (spec 000 §4, ARCHITECTURE.md). */
export const session = pgTable(
  "session",
  {
    id: varchar("id", { length: 64 }).primaryKey(),
    data: jsonb("data").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }),
  },
  (t) => [
    index("session_expires_idx").on(t.expiresAt),
    // A password change ends the user's other sessions (user/profile/change-password).
    index("session_user_idx").on(sql`(${t.data} -> 'user' ->> 'id')`),
  ],
);

/** Storage of the built-in OpenID provider (grants, codes, refresh tokens, interactions...). */
export const oidcPayload = pgTable(
  "oidc_payload",
  {
    id: varchar("id", { length: 200 }).notNull(),
    type: varchar("type", { length: 40 }).notNull(),
    payload: jsonb("payload").notNull(),
    grantId: varchar("grant_id", { length: 200 }),
    userCode: varchar("user_code", { length: 200 }),
    uid: varchar("uid", { length: 200 }),
    expiresAt: timestamp("expires_at", { withTimezone: true }),
    consumedAt: timestamp("consumed_at", { withTimezone: true }),
  },
  (t) => [
    index("oidc_payload_pk").on(t.type, t.id),
    index("oidc_payload_grant_idx").on(t.grantId),
    index("oidc_payload_uid_idx").on(t.uid),
    // Grants, sessions and refresh tokens of one account (ended by a password change).
    index("oidc_payload_account_idx").on(sql`(${t.payload} ->> 'accountId')`),
  ],
);

/**
 * Wrong-password counters of sign-in names that belong to no user (decision 0019): an unknown name is slowed down
 * exactly like a known one (whose counter is user.failed_logins), so the answers do not tell which names exist.
 * Keyed by the lower-cased name as typed; rows idle for a day are purged by housekeeping.
 */
export const signInThrottle = pgTable(
  "sign_in_throttle",
  {
    name: varchar("name", { length: 200 }).primaryKey(),
    failedLogins: integer("failed_logins").notNull().default(0),
    lastFailedLoginAt: timestamp("last_failed_login_at", { withTimezone: true }),
  },
  (t) => [index("sign_in_throttle_last_idx").on(t.lastFailedLoginAt)],
);

/** Signing keys and generated secrets persisted in the database so restarts keep sessions valid. */
export const systemSecret = pgTable("system_secret", {
  name: varchar("name", { length: 60 }).primaryKey(),
  value: text("value").notNull(),
  ...createdAt(),
});

/** Company-registry answers cached by identification number (spec 000 §3 global state). */
export const registryCache = pgTable("registry_cache", {
  key: varchar("key", { length: 40 }).primaryKey(),
  data: jsonb("data").notNull(),
  fetchedAt: timestamp("fetched_at", { withTimezone: true }).notNull().defaultNow(),
});
