/** What several demo steps read back from the steps before them. */
import { asc, eq } from "drizzle-orm";
import type { AnyPgColumn, PgTable } from "drizzle-orm/pg-core";
import type { Db } from "../db/client";

/**
 * The ids of a municipality's rows in a table, oldest first (the first `limit` of them when given): the collection
 * points, payers, users or centres an earlier step made, for a later step to build on. The same every run.
 */
export async function oldestRows(
  tx: Db,
  table: PgTable & { id: AnyPgColumn; municipalityId: AnyPgColumn },
  municipalityId: number,
  limit?: number,
): Promise<{ id: number }[]> {
  const rows = tx
    .select({ id: table.id })
    .from(table)
    .where(eq(table.municipalityId, municipalityId))
    .orderBy(asc(table.id))
    .$dynamic();
  return (await (limit === undefined ? rows : rows.limit(limit))) as { id: number }[];
}
