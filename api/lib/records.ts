/**
 * What every service does alike with a stored record: finds the municipality's row by id (tenancy: another
 * municipality's row is simply not found), asks whether a row exists (a check before a write), and shows a timestamp
 * and a person's name in its answers.
 */
import { and, eq, ne, sql, type AnyColumn, type SQL } from "drizzle-orm";
import type { AnyPgColumn, PgInsertValue, PgTable } from "drizzle-orm/pg-core";
import type { Db } from "../db/client";
import { user } from "../db/schema";

/**
 * The whole row with this id, only within the municipality (and meeting each further condition: the membership's
 * subject, the import's type); `missing()` (the domain's 404) otherwise, also for another municipality's row.
 */
export async function findInMunicipality<T extends PgTable & { id: AnyColumn; municipalityId: AnyColumn }>(
  db: Db,
  table: T,
  municipalityId: number,
  id: number,
  missing: () => Error,
  ...conditions: SQL[]
): Promise<T["$inferSelect"]> {
  const [row] = await db
    .select()
    .from(table as PgTable)
    .where(and(eq(table.id, id), eq(table.municipalityId, municipalityId), ...conditions));
  if (!row) throw missing();
  return row as T["$inferSelect"];
}

/**
 * Whether any row of `table` meets every condition (an undefined condition is left out): the check a service makes
 * before a write ('the variable symbol is taken', 'a bin still names the type'). Reads one id at most.
 */
export async function hasRow(
  db: Db,
  table: PgTable & { id: AnyPgColumn },
  ...conditions: (SQL | undefined)[]
): Promise<boolean> {
  const [row] = await db
    .select({ id: table.id })
    .from(table as PgTable)
    .where(and(...conditions))
    .limit(1);
  return !!row;
}

/** Inserts one row and answers its id, as a create answers. */
export async function insertedId<T extends PgTable & { id: AnyPgColumn }>(
  db: Pick<Db, "insert">,
  table: T,
  values: PgInsertValue<T>,
): Promise<{ id: number }> {
  const [row] = await db.insert(table).values(values).returning({ id: table.id });
  return { id: row!.id as number };
}

/** Whether the row with this id is the municipality's (another municipality's row counts as missing). */
export const isInMunicipality = (
  db: Db,
  table: PgTable & { id: AnyPgColumn; municipalityId: AnyColumn },
  municipalityId: number,
  id: number,
): Promise<boolean> => hasRow(db, table, eq(table.id, id), eq(table.municipalityId, municipalityId));

/**
 * Whether another row of the municipality (not `exceptId`, the row being edited) already holds `value` in `column`:
 * the check of a field unique within the municipality (a variable symbol, an RFID) before a write.
 */
export const takenInMunicipality = (
  db: Db,
  table: PgTable & { id: AnyPgColumn; municipalityId: AnyColumn },
  municipalityId: number,
  column: AnyColumn,
  value: unknown,
  exceptId?: number,
): Promise<boolean> =>
  hasRow(
    db,
    table,
    eq(table.municipalityId, municipalityId),
    eq(column, value),
    exceptId ? ne(table.id, exceptId) : undefined,
  );

/** A timestamp as the answers carry it (ISO 8601, UTC); an empty one stays null. */
export const iso = (d: Date | null): string | null => (d ? d.toISOString() : null);

/** A row's timestamps() columns as its detail answers them (timestampsAnswer, contract/common.ts). */
export const timestampsOf = (row: { createdAt: Date; updatedAt: Date }) => ({
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

/**
 * The columns userFullName() reads, for a select that names who did something ('who created the batch', 'who
 * assigned the bin'): selected as a nested object under a left join of user, the object is null without a user.
 */
export const userNameColumns = { firstName: user.firstName, lastName: user.lastName };

/** The name of a user read through userNameColumns: first and last name, or null when the row names nobody. */
export const userFullName = (u: { firstName: string | null; lastName: string | null } | null): string | null =>
  !u || (u.firstName === null && u.lastName === null) ? null : `${u.firstName ?? ""} ${u.lastName ?? ""}`.trim();

/**
 * The name of the row `ref` points to (a bin's type, a record's subject or waste), as a column of the select: one
 * lookup by primary key per row read, so a query that shows only the name needs no join for it; null without one.
 * `table` must not be the select's own table (the lookup would read its own row).
 */
export const nameOf = (table: PgTable & { id: AnyPgColumn; name: AnyPgColumn }, ref: AnyPgColumn) =>
  sql<string | null>`(select ${table.name} from ${table} where ${table.id} = ${ref})`;
