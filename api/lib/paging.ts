import { asc, desc, sql, type AnyColumn, type SQL } from "drizzle-orm";
import type { AnyPgColumn, PgSelect, PgTable } from "drizzle-orm/pg-core";
import { parseListSort, type ListKeys } from "#contract/lists";
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

/**
 * The list's sort (`?sort=name`, `-name`; an unknown key falls back to the list's default) as the ORDER BY term of
 * its column. `nullsLast` keeps empty values last when descending too (ascending puts them last anyway).
 */
export function sortTerm<K extends string>(
  keys: ListKeys<K>,
  columns: Record<K, AnyColumn | SQL>,
  sort: string | undefined,
  { nullsLast = false } = {},
): SQL {
  const { key, desc: descending } = parseListSort(keys, sort);
  const column = columns[key];
  if (!descending) return asc(column);
  return nullsLast ? sql`${column} desc nulls last` : desc(column);
}

/**
 * One page of a list paged over its whole select (users, devices, a municipality's yards, centres, discounts; the
 * largest lists choose their page's ids first, pageIds): `rows` is the list's filtered select made `.$dynamic()`,
 * ordered here by `order` and cut to the page; `counted` counts the same filter (`select({ n: count() })`). Both
 * are read at once.
 */
export async function listPage<T extends PgSelect>(
  rows: T,
  counted: PromiseLike<{ n: number }[]>,
  order: SQL[],
  q: PageQuery,
): Promise<{ rows: Awaited<T>; total: number }> {
  const { limit, offset } = pageWindow(q);
  const [page, totals] = await Promise.all([
    rows
      .orderBy(...order)
      .limit(limit)
      .offset(offset),
    counted,
  ]);
  return { rows: page as Awaited<T>, total: Number(totals[0]?.n ?? 0) };
}
