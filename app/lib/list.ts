/**
 * List definitions shared by every list screen (ARCHITECTURE.md, "Web conventions"): columns, filters and a zod
 * schema for the URL search params live in ONE object. The loader parses the URL with `parseListParams`, calls the
 * API with `toApiQuery`, and the page renders <DataTable def=… />. Isomorphic: no JSX, no server-only imports.
 */
import type { ReactNode } from "react";
import { z } from "zod";
import { hasForbiddenChars } from "#contract/common";

export const PAGE_SIZES = [10, 25, 50, 100] as const;
export type PageSize = (typeof PAGE_SIZES)[number];
export const DEFAULT_PAGE_SIZE: PageSize = 25;

/** Visible text: already translated, or a translation key with its Czech default. */
export type ListText = string | { key: string; defaultValue: string };
export type ListOption = { value: string; label: ListText };

export type ListColumn<Row> = {
  key: string;
  label: ListText;
  sortable?: boolean;
  /** Cell content; without it the row's property `key` is shown as text. */
  render?: (row: Row) => ReactNode;
  align?: "left" | "center" | "right";
  className?: string;
};

export type FilterKind = "search" | "select" | "boolean" | "date";

export type ListFilter = {
  key: string;
  label: ListText;
  kind: FilterKind;
  /** Options of a "select" filter ("boolean" filters get Ano/Ne automatically). */
  options?: ListOption[];
  placeholder?: ListText;
  /** Label of the empty option of select/boolean filters; default 'Vše'. */
  allLabel?: ListText;
};

export type AnyListSchema = z.ZodObject<z.ZodRawShape>;

export type ListDefinition<Row, S extends AnyListSchema> = {
  id: string;
  columns: ListColumn<Row>[];
  filters: ListFilter[];
  /** Schema of the search params; page, pageSize and sort are always normalised even if left out. */
  searchParams: S;
  /** Sort used when the URL has none or an invalid one: 'name' or '-name'. */
  defaultSort: string;
  /** Page size when the URL has none; default 25. */
  defaultPageSize?: PageSize;
};

/** Base fields every list has. */
export type ListBaseParams = { page: number; pageSize: PageSize; sort: string };

/** Parsed search params of a list: its filters plus page, pageSize and sort. */
export type ListParams<S extends AnyListSchema = AnyListSchema> = Omit<z.output<S>, keyof ListBaseParams> &
  ListBaseParams;

// The Row type is inferred from annotated `render` functions: render: (row: Municipality) => …
export function defineList<Row = any, S extends AnyListSchema = AnyListSchema>(
  def: ListDefinition<Row, S>,
): ListDefinition<Row, S> {
  return def;
}

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

/** 'name' → { key: 'name', direction: 'asc' }; '-name' → { key: 'name', direction: 'desc' }. */
export function parseSort(sort: string): {
  key: string;
  direction: "asc" | "desc";
} {
  return sort.startsWith("-") ? { key: sort.slice(1), direction: "desc" } : { key: sort, direction: "asc" };
}

/** Next sort when a column header is clicked: ascending first, then it flips. */
export function toggleSort(current: string | undefined, key: string): string {
  if (current === key) return `-${key}`;
  return key;
}

/** Validated list values from a URL (the loader's request.url) or its search params. Invalid values fall back. */
export function parseListParams<Row, S extends AnyListSchema>(
  def: ListDefinition<Row, S>,
  input: URL | URLSearchParams | string,
): ListParams<S> {
  const sp = toSearchParams(input);
  const out: Record<string, unknown> = {};
  for (const [key, schema] of Object.entries(def.searchParams.shape)) {
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

/** Query for the /v1 list call: page, pageSize, sort, then every filter that has a value. */
export function toApiQuery(values: Record<string, unknown>): URLSearchParams {
  const q = new URLSearchParams();
  const put = (key: string, v: unknown) => {
    if (v === undefined || v === null || v === "") return;
    if (v instanceof Date) q.append(key, v.toISOString());
    else q.append(key, String(v));
  };
  for (const key of ["page", "pageSize", "sort"]) put(key, values[key]);
  for (const [key, v] of Object.entries(values)) {
    if (key === "page" || key === "pageSize" || key === "sort") continue;
    if (Array.isArray(v)) v.forEach((item) => put(key, item));
    else put(key, v);
  }
  return q;
}

/** Copy of `current` with changes applied; null/undefined/'' removes a param. */
export function withSearchParams(
  current: URLSearchParams,
  changes: Record<string, string | number | boolean | null | undefined>,
): URLSearchParams {
  const next = new URLSearchParams(current);
  for (const [key, v] of Object.entries(changes)) {
    if (v === null || v === undefined || v === "") next.delete(key);
    else next.set(key, String(v));
  }
  return next;
}

/** '?a=1' or '' for an empty set of params. */
export function toSearch(params: URLSearchParams): string {
  const s = params.toString();
  return s ? `?${s}` : "";
}

export function pageCount(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(Math.max(0, total) / pageSize));
}

/** Rows shown on a page, 1-based: { from: 26, to: 50 }; { from: 0, to: 0 } when there are none. */
export function shownRange(page: number, pageSize: number, total: number): { from: number; to: number } {
  const from = (page - 1) * pageSize + 1;
  if (total <= 0 || from > total) return { from: 0, to: 0 };
  return { from, to: Math.min(total, page * pageSize) };
}

/** Page numbers around the current one, at most `max` of them: pageWindow(7, 20) → [5, 6, 7, 8, 9]. */
export function pageWindow(page: number, count: number, max = 5): number[] {
  const size = Math.min(max, count);
  let start = Math.max(1, page - Math.floor(size / 2));
  start = Math.min(start, count - size + 1);
  return Array.from({ length: size }, (_, i) => start + i);
}

/** True when any filter of the definition has a value in the parsed params. */
export function hasActiveFilters(def: { filters: ListFilter[] }, params: Record<string, unknown>): boolean {
  return def.filters.some((f) => {
    const v = params[f.key];
    return v !== undefined && v !== null && v !== "" && !(Array.isArray(v) && v.length === 0);
  });
}
