/** Small helpers shared by the parts of the DataTable: list URLs, list texts, cell values, synced controls. */
import { useEffect, useRef } from "react";
import { useLocation, useSearchParams } from "react-router";
import { useTranslation } from "~/i18n/use-translation";
import { toSearch, withSearchParams, type ListText } from "~/lib/list";

/** A link target within the current list: same path, changed search params. */
export type To = { pathname: string; search: string };
export type ListHref = (changes: Parameters<typeof withSearchParams>[1]) => To;

export const alignClass = {
  left: "text-left",
  center: "text-center",
  right: "text-right",
} as const;

/** Builds links to the current list with some search params changed (null removes one). */
export function useListHref(): ListHref {
  const location = useLocation();
  const [searchParams] = useSearchParams();
  return (changes) => ({
    pathname: location.pathname,
    search: toSearch(withSearchParams(searchParams, changes)),
  });
}

/** Visible text of a column, filter or option label: already translated, or a key with its Czech default. */
export function useListText(): (v: ListText) => string {
  const { t } = useTranslation();
  return (v) => (typeof v === "string" ? v : t(v.key));
}

export function paramText(v: unknown): string {
  if (v === undefined || v === null) return "";
  if (Array.isArray(v)) return v.length ? String(v[0]) : "";
  return String(v);
}

/** Text of a plain cell; undefined for empty values. */
export function cellText(row: unknown, key: string): string | undefined {
  const v = (row as Record<string, unknown>)?.[key];
  if (v === undefined || v === null || v === "") return undefined;
  if (typeof v === "object") return undefined;
  return String(v);
}

/**
 * Ref for an uncontrolled control whose value follows `value` (the URL) after client navigations, e.g. 'Zrušit
 * filtry'. A focused control is left alone so typing is never overwritten.
 */
export function useSyncedValue<E extends HTMLInputElement | HTMLSelectElement>(value: string) {
  const ref = useRef<E>(null);
  useEffect(() => {
    const el = ref.current;
    if (el && document.activeElement !== el && el.value !== value) el.value = value;
  }, [value]);
  return ref;
}
