/**
 * The URL search params of a list, parsed by its loader (ARCHITECTURE.md, "Web conventions"). Kept apart from
 * app/lib/list.ts so that a list page's browser code never pulls zod in: only loaders import this module.
 */
import { z } from "zod";
import { hasForbiddenChars } from "#contract/common";
import {
  DEFAULT_PAGE_SIZE,
  PAGE_SIZES,
  parseSort,
  type ListBaseParams,
  type ListDefinition,
  type PageSize,
} from "./list";
import { MAX_PAGE, type ListKeys } from "#contract/lists";

export type AnyListSchema = z.ZodObject<z.ZodRawShape>;

/** Parsed search params of a list: its filters plus page, pageSize and sort. */
export type ListParams<S extends AnyListSchema = AnyListSchema> = Omit<z.output<S>, keyof ListBaseParams> &
  ListBaseParams;

/** zod helpers for search-param schemas; each yields undefined (or its default) when the param is absent. */
export const listParam = {
  search: () => z.string().trim().min(1).max(200).optional(),
  select: <const T extends readonly [string, ...string[]]>(values: T) => z.enum(values).optional(),
  boolean: () =>
    z
      .enum(["true", "false"])
      .transform((v) => v === "true")
      .optional(),
  date: () =>
    z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2}$/)
      .refine(
        (v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v),
      )
      .optional(),
  page: () => z.coerce.number().int().min(1).max(1_000_000).default(1),
  pageSize: () =>
    z.coerce
      .number()
      .refine((n): n is PageSize => (PAGE_SIZES as readonly number[]).includes(n))
      .default(DEFAULT_PAGE_SIZE),
  sort: () => z.string().max(100).optional(),
};

/** A list schema: the given filter fields plus page, pageSize and sort. */
export function listSchema<Shape extends z.ZodRawShape>(shape: Shape) {
  return z.object({
    ...shape,
    page: listParam.page(),
    pageSize: listParam.pageSize(),
    sort: listParam.sort(),
  });
}

function toSearchParams(input: URL | URLSearchParams | string): URLSearchParams {
  if (input instanceof URL) return input.searchParams;
  if (input instanceof URLSearchParams) return input;
  return new URL(input, "http://localhost").searchParams;
}

/** Parses one field; an invalid value falls back to the field's default (or undefined). Never throws. */
function parseField(schema: z.ZodType, raw: string[]): unknown {
  // A value with a NUL (?search=%00) is invalid like any other bad value: no API 422, no error page.
  const values = raw.filter((v) => v !== "" && !hasForbiddenChars(v));
  const candidates: unknown[] =
    values.length === 0 ? [] : values.length === 1 ? [values[0], values] : [values, values[0]];
  for (const candidate of candidates) {
    const r = schema.safeParse(candidate);
    if (r.success) return r.data;
  }
  const fallback = schema.safeParse(undefined);
  return fallback.success ? fallback.data : undefined;
}

/** Validated list values from a URL (the loader's request.url) or its search params. Invalid values fall back. */
export function parseListParams<Row, S extends AnyListSchema>(
  def: ListDefinition<Row>,
  searchParams: S,
  input: URL | URLSearchParams | string,
): ListParams<S> {
  const sp = toSearchParams(input);
  const out: Record<string, unknown> = {};
  for (const [key, schema] of Object.entries(searchParams.shape)) {
    out[key] = parseField(schema as z.ZodType, sp.getAll(key));
  }

  const page = Number(sp.get("page"));
  out.page = Number.isInteger(page) && page >= 1 && page <= 1_000_000 ? page : 1;

  const size = Number(sp.get("pageSize"));
  out.pageSize = (PAGE_SIZES as readonly number[]).includes(size) ? size : (def.defaultPageSize ?? DEFAULT_PAGE_SIZE);

  const sortable = new Set(def.columns.filter((c) => c.sortable).map((c) => c.key));
  const sort = sp.get("sort") ?? "";
  out.sort = sortable.has(parseSort(sort).key) ? sort : def.defaultSort;

  return out as ListParams<S>;
}

/**
 * The list's values from a URL, read with its contract's query schema (contract/list.ts), the same one the API
 * validates with: a value the web accepts is one the API accepts. Lenient like parseListParams: a wrong value falls
 * back to its default, a page size the table does not offer to the default size, an unknown sort to the default.
 */
export function readListParams<S extends AnyListSchema>(
  list: { keys: ListKeys; query: S },
  input: URL | URLSearchParams | string,
): ListParams<S> {
  const sp = toSearchParams(input);
  const out: Record<string, unknown> = {};
  for (const [key, schema] of Object.entries(list.query.shape)) {
    if (key === "page" || key === "pageSize" || key === "sort") continue;
    out[key] = parseField(schema as z.ZodType, sp.getAll(key));
  }
  const page = Number(sp.get("page"));
  out.page = Number.isInteger(page) && page >= 1 && page <= MAX_PAGE ? page : 1;
  const size = Number(sp.get("pageSize"));
  out.pageSize = (PAGE_SIZES as readonly number[]).includes(size) ? size : DEFAULT_PAGE_SIZE;
  const sort = sp.get("sort") ?? "";
  out.sort = (list.keys.sorts as readonly string[]).includes(parseSort(sort).key) ? sort : list.keys.defaultSort;
  return out as ListParams<S>;
}
