/**
 * The filters every list screen declares the same way (issue 12): the search box, a select of an enum's translated
 * values, a select whose options come at run time (withFilterOptions), a yes/no and a date. Isomorphic, like list.ts.
 */
import type { ListFilter } from "./list";

/** The search box: its label is `<ns>:list.search`, its placeholder (when asked) `<ns>:list.searchPlaceholder`. */
export function searchFilter(ns: string, withPlaceholder = false): ListFilter {
  const filter: ListFilter = { key: "search", kind: "search", label: { key: `${ns}:list.search` } };
  return withPlaceholder ? { ...filter, placeholder: { key: `${ns}:list.searchPlaceholder` } } : filter;
}

/**
 * A select of an enum's values, each labelled `<valueKey>.<value>` (e.g. `device:type.Gate`); `withDefault` shows
 * the value itself where the translation is missing.
 */
export function enumFilter(
  key: string,
  label: string,
  values: readonly string[],
  valueKey: string,
  withDefault = false,
): ListFilter {
  return {
    key,
    kind: "select",
    label: { key: label },
    options: values.map((v) => ({
      value: v,
      label: withDefault
        ? ({ key: `${valueKey}.${v}`, defaultValue: v } as { key: string })
        : { key: `${valueKey}.${v}` },
    })),
  };
}

/** A select whose options are known only at run time (filled in by withFilterOptions). */
export function optionsFilter(key: string, label: string): ListFilter {
  return { key, kind: "select", label: { key: label }, options: [] };
}

/** Yes / no / all. */
export function booleanFilter(key: string, label: string): ListFilter {
  return { key, kind: "boolean", label: { key: label } };
}

/** A day. */
export function dateFilter(key: string, label: string): ListFilter {
  return { key, kind: "date", label: { key: label } };
}

/**
 * The period filters `dateFrom` and `dateTo` (the contract's `listFilter.dateRange()`), labelled `<labels>.dateFrom`
 * and `<labels>.dateTo`: `...dateRangeFilters("yardReport:list")`.
 */
export function dateRangeFilters(labels: string): ListFilter[] {
  return [dateFilter("dateFrom", `${labels}.dateFrom`), dateFilter("dateTo", `${labels}.dateTo`)];
}

/** A select's options from records with an id and a name (municipalities, parents, discounts). */
export function idOptions(items: readonly { id: number; name: string }[]): { value: string; label: string }[] {
  return items.map((i) => ({ value: String(i.id), label: i.name }));
}
