/**
 * One list contract for both tiers (issue 12): the query schema of a list is built here from its keys
 * (contract/lists.ts) and its filters, and read by the API route (validation) and the web loader (the URL's search
 * params, parsed leniently by app/lib/list-params.ts). Paging, the search length and the sort keys are declared once.
 */
import { z } from "zod";
import { isCalendarDay } from "./calendar";
import { FORBIDDEN_TEXT_MESSAGE, tooLongMessage, hasForbiddenChars } from "./common";
import { MAX_PAGE, MAX_PAGE_SIZE, MAX_SEARCH_LENGTH, DEFAULT_PAGE_SIZE, type ListKeys } from "./lists";

const blankToUndefined = (v: unknown) => (v === "" || v === null ? undefined : v);

/** A day YYYY-MM-DD that exists in the calendar. */
const dayFilter = () =>
  z.preprocess(
    blankToUndefined,
    z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2}$/, { message: "Zadejte platné datum." })
      .refine(isCalendarDay, { message: "Zadejte platné datum." })
      .optional(),
  );

/** Filter fields of list queries; each is optional and '' counts as absent. */
export const listFilter = {
  search: () =>
    z.preprocess(
      (v) => (typeof v === "string" ? v.trim() || undefined : v),
      z
        .string()
        .max(MAX_SEARCH_LENGTH, { message: tooLongMessage(MAX_SEARCH_LENGTH) })
        .refine((s) => !hasForbiddenChars(s), { message: FORBIDDEN_TEXT_MESSAGE })
        .optional(),
    ),
  select: <const T extends readonly [string, ...string[]]>(values: T) =>
    z.preprocess(blankToUndefined, z.enum(values).optional()),
  /** 'true' / 'false' in the URL; a boolean to the code. */
  boolean: () =>
    z.preprocess(
      blankToUndefined,
      z
        .enum(["true", "false"])
        .transform((v) => v === "true")
        .optional(),
    ),
  /** A day YYYY-MM-DD that exists in the calendar. */
  date: dayFilter,
  id: () => z.preprocess(blankToUndefined, z.coerce.number().int().positive().max(2_147_483_647).optional()),
  /** Rows from a day to a day (both optional, Prague calendar days): spread into a list's filters. */
  dateRange: () => ({ dateFrom: dayFilter(), dateTo: dayFilter() }),
};

const LIST_QUERIES = new WeakMap<z.ZodType, ListKeys>();

/** The query schema of a list: its filters, then page, pageSize and sort (one of the list's keys, or '-key'). */
export function listQuery<K extends string, Shape extends z.ZodRawShape>(keys: ListKeys<K>, filters: Shape) {
  const sorts = keys.sorts.flatMap((k) => [k, `-${k}`]) as [string, ...string[]];
  const query = z.object({
    ...filters,
    page: z.coerce.number().int().min(1).max(MAX_PAGE).default(1),
    pageSize: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
    sort: z.preprocess(blankToUndefined, z.enum(sorts as [`${K}` | `-${K}`, ...(`${K}` | `-${K}`)[]]).optional()),
  });
  LIST_QUERIES.set(query, keys);
  return { keys, query };
}

export type ListContract<K extends string = string, S extends z.ZodType = z.ZodType> = { keys: ListKeys<K>; query: S };

/** The keys of a schema made by listQuery, else undefined (the list-agreement test walks the endpoints with it). */
export const listKeysOf = (schema: unknown): ListKeys | undefined =>
  schema ? LIST_QUERIES.get(schema as z.ZodType) : undefined;
