/**
 * List definitions shared by every list screen (docs/kit.md): columns, filters and the sort in ONE object that the
 * page renders with <DataTable def=… />. Its id and sort keys come from the list's keys (contract/lists.ts); the
 * URL is read by the loader only, with the list's query schema (readListParams in app/lib/list-params.ts), so the
 * browser never loads zod for a list (issue 11). Isomorphic: no JSX, no server-only imports, no zod.
 */
import type { ReactNode } from "react";
import { DEFAULT_PAGE_SIZE, PAGE_SIZES, type ListKeys, type PageSize } from "#contract/lists";

export { DEFAULT_PAGE_SIZE, PAGE_SIZES, type PageSize };

/** Visible text: already translated, or a translation key with its Czech default. */
export type ListText = string | { key: string };
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

export type ListDefinition<Row> = {
  id: string;
  columns: ListColumn<Row>[];
  filters: ListFilter[];
  /** Sort used when the URL has none or an invalid one: 'name' or '-name'. */
  defaultSort: string;
  /** Page size when the URL has none; default 25. */
  defaultPageSize?: PageSize;
};

/** Base fields every list has. */
export type ListBaseParams = { page: number; pageSize: PageSize; sort: string };

/** What the table reads of the parsed search params (app/lib/list-params.ts parses them in the loader). */
export type ListValues = ListBaseParams & Record<string, unknown>;

/** A column of a list declared from its contract: sortable exactly when the contract has its key as a sort key. */
export type ContractColumn<Row> = Omit<ListColumn<Row>, "sortable">;

/**
 * A list screen's table (issue 12 'one list contract'): its id, sort keys and default sort come from the list's keys
 * in contract/lists.ts (the API's query is built from the same keys), its columns and filters are the screen's.
 * The Row type is inferred from annotated `render` functions: render: (row: Municipality) => …
 */
export function defineList<Row = any>(
  keys: ListKeys,
  second: Omit<ListDefinition<Row>, "id" | "defaultSort" | "columns"> & { columns: ContractColumn<Row>[] },
): ListDefinition<Row> {
  const sorts = new Set<string>(keys.sorts);
  return {
    ...second,
    id: keys.id,
    defaultSort: keys.defaultSort,
    columns: second.columns.map((c) => ({ ...c, sortable: sorts.has(c.key) })),
  };
}

/**
 * Filter options known only at run time (streets, districts, a chosen parent), filled in one place: each key gets
 * its options; a key given `null` is left out of the filter bar (a filter shown only while it is set).
 */
export function withFilterOptions<Row>(
  def: ListDefinition<Row>,
  options: Record<string, ListOption[] | string[] | null>,
): ListDefinition<Row> {
  return {
    ...def,
    filters: def.filters.flatMap((f) => {
      if (!(f.key in options)) return [f];
      const given = options[f.key];
      if (given === null) return [];
      const filled = given!.map((o) => (typeof o === "string" ? { value: o, label: o } : o));
      return [{ ...f, options: filled }];
    }),
  };
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
