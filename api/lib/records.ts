/**
 * What every service does alike with a stored record: finds the municipality's row by id (tenancy: another
 * municipality's row is simply not found), and shows a timestamp and a person's name in its answers.
 */
import { and, eq, type AnyColumn } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import type { Db } from "../db/client";
import { user } from "../db/schema";

/**
 * The whole row with this id, only within the municipality; `missing()` (the domain's 404) otherwise, also for
 * another municipality's row.
 */
export async function findInMunicipality<T extends PgTable & { id: AnyColumn; municipalityId: AnyColumn }>(
  db: Db,
  table: T,
  municipalityId: number,
  id: number,
  missing: () => Error,
): Promise<T["$inferSelect"]> {
  const [row] = await db
    .select()
    .from(table as PgTable)
    .where(and(eq(table.id, id), eq(table.municipalityId, municipalityId)));
  if (!row) throw missing();
  return row as T["$inferSelect"];
}

/** A timestamp as the answers carry it (ISO 8601, UTC); an empty one stays null. */
export const iso = (d: Date | null): string | null => (d ? d.toISOString() : null);

/**
 * The columns userFullName() reads, for a select that names who did something ('who created the batch', 'who
 * assigned the bin'): selected as a nested object under a left join of user, the object is null without a user.
 */
export const userNameColumns = { firstName: user.firstName, lastName: user.lastName };

/** The name of a user read through userNameColumns: first and last name, or null when the row names nobody. */
export const userFullName = (u: { firstName: string | null; lastName: string | null } | null): string | null =>
  !u || (u.firstName === null && u.lastName === null) ? null : `${u.firstName ?? ""} ${u.lastName ?? ""}`.trim();
