import { z } from "zod";

/** Every list is paged: page (1-based), pageSize (max 200), sort 'field' or '-field'. */
export const pagingQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(200).default(25),
  sort: z.string().max(60).optional(),
});

export function pageWindow(q: { page: number; pageSize: number }) {
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
