/**
 * Optimistic concurrency (decision 20): an edit writes `WHERE id = … AND version = <the version the user saw>` and
 * sets `version = version + 1`; no row written means somebody saved in between (the caller has already checked the
 * row exists and may be seen), so 409.
 */
import { sql, type AnyColumn } from "drizzle-orm";
import { staleVersion } from "./errors";

export const bumped = (version: AnyColumn) => sql`${version} + 1`;

export function writtenOrStale<T>(rows: T[]): T {
  if (rows.length === 0) throw staleVersion();
  return rows[0]!;
}
