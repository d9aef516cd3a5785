/**
 * The URL search params of a list, parsed by its loader with the list's contract (contract/list.ts). Kept apart
 * from app/lib/list.ts so that a list page's browser code never pulls zod in: only loaders import this module.
 */
import { z } from "zod";
import { hasForbiddenChars } from "#contract/common";
import { DEFAULT_PAGE_SIZE, PAGE_SIZES, parseSort, type ListBaseParams } from "./list";
import { MAX_PAGE, type ListKeys } from "#contract/lists";

export type AnyListSchema = z.ZodObject<z.ZodRawShape>;

/** Parsed search params of a list: its filters plus page, pageSize and sort. */
export type ListParams<S extends AnyListSchema = AnyListSchema> = Omit<z.output<S>, keyof ListBaseParams> &
  ListBaseParams;

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

/**
 * The list's values from a URL, read with its contract's query schema (contract/list.ts), the same one the API
 * validates with: a value the web accepts is one the API accepts. Lenient: a wrong value falls
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
