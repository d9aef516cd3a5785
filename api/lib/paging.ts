import type { SQL } from "drizzle-orm";
import type { AnyPgColumn, PgTable } from "drizzle-orm/pg-core";
import { z } from "zod";
import type { Db } from "../db/client";

/** Every list is paged: page (1-based), pageSize (max 200), sort 'field' or '-field'. */
export const pagingQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(200).default(25),
  sort: z.string().max(60).optional(),
});

type PageQuery = { page: number; pageSize: number };

export function pageWindow(q: PageQuery) {
  return { limit: q.pageSize, offset: (q.page - 1) * q.pageSize };
}

export function parseSort<K extends string>(
  sort: string | undefined,
  allowed: readonly K[],
  fallback: K,
): { key: K; desc: boolean } {
  const desc = !!sort?.startsWith("-");
  const key = (sort?.replace(/^-/, "") ?? fallback) as K;
  return allowed.includes(key) ? { key, desc } : { key: fallback, desc: false };
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
