/**
 * Optimistic concurrency (decision 20): an edit writes `WHERE id = … AND version = <the version the user saw>` and
 * sets `version = version + 1`; no row written means somebody saved in between (the caller has already checked the
 * row exists and may be seen), so 409.
 */
import { and, eq, sql, type AnyColumn, type SQL } from "drizzle-orm";
import type { AnyPgColumn, PgTable, PgUpdateSetSource } from "drizzle-orm/pg-core";
import type { Db } from "../db/client";
import { staleVersion } from "./errors";

export const bumped = (version: AnyColumn) => sql`${version} + 1`;

export function writtenOrStale<T>(rows: T[]): T {
  if (rows.length === 0) throw staleVersion();
  return rows[0]!;
}

/** A table whose rows are edited over their version: versionedId() and timestamps() (api/db/schema/columns.ts). */
type VersionedTable = PgTable & { id: AnyPgColumn; version: AnyPgColumn; updatedAt: AnyPgColumn };

/**
 * The edit of one row over the version its user loaded: `values` written with the version bumped and updatedAt now
 * (or the caller's own updatedAt, one instant with its other stamps), only while the id, the version and each
 * further condition (the municipality, 'not discarded') still hold; 409 otherwise. Answers the row's id and its new
 * version.
 */
export async function updateVersioned<T extends VersionedTable>(
  db: Pick<Db, "update">,
  table: T,
  row: { id: number; version: number },
  values: PgUpdateSetSource<T>,
  ...conditions: SQL[]
): Promise<{ id: number; version: number }> {
  const t = table as VersionedTable;
  const rows = await db
    .update(t)
    .set({ updatedAt: new Date(), ...values, version: bumped(t.version) })
    .where(and(eq(t.id, row.id), eq(t.version, row.version), ...conditions))
    .returning({ id: t.id, version: t.version });
  return writtenOrStale(rows as { id: number; version: number }[]);
}
