import type { SQL } from "drizzle-orm";
import type { AnyPgColumn, PgTable } from "drizzle-orm/pg-core";
import type { Db } from "../db/client";

/** Every list is paged (contract/list.ts listQuery): page (1-based) and pageSize. */
type PageQuery = { page: number; pageSize: number };

export function pageWindow(q: PageQuery) {
  return { limit: q.pageSize, offset: (q.page - 1) * q.pageSize };
}

/**
 * The ids of one page of a list as a subquery, chosen from the list's own table alone (docs/decisions/0007):
 * filtered, sorted and cut to the page before anything is joined, so that a deep page costs no more than the first.
 * The caller joins its rows to the ids (`.as("page")`).
 */
export function pageIds(
  db: Db,
  table: PgTable & { id: AnyPgColumn },
  cond: SQL | undefined,
  order: SQL[],
  q: PageQuery,
) {
  const { limit, offset } = pageWindow(q);
  return db
    .select({ id: table.id })
    .from(table)
    .where(cond)
    .orderBy(...order)
    .limit(limit)
    .offset(offset);
}
