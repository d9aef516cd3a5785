/**
 * The list of every list screen: filters (GET form), sortable headers, pagination and page size — all as URLs that
 * work without JavaScript — plus optional row selection for bulk actions (POST form with `intent`).
 * Declare the list with defineList() in app/lib/list.ts; the loader parses params with parseListParams()
 * (app/lib/list-params.ts).
 */
import { useEffect, useRef, useState, type ReactNode } from "react";
import { Form, Link, useLocation, useNavigation, useSearchParams, useSubmit } from "react-router";
import { useTranslation } from "~/i18n/use-translation";
import {
  DEFAULT_PAGE_SIZE,
  PAGE_SIZES,
  hasActiveFilters,
  pageCount,
  pageWindow,
  parseSort,
  shownRange,
  toSearch,
  toggleSort,
  withSearchParams,
  type ListColumn,
  type ListDefinition,
  type ListFilter,
  type ListValues,
  type ListText,
} from "~/lib/list";
import { Alert } from "./ui/alert";
import { Button, buttonClasses, type ButtonVariant } from "./ui/button";
import { Checkbox } from "./ui/checkbox";
import { cn } from "./ui/cn";
import { useHydrated } from "./ui/dialog";
import { Input } from "./ui/input";
import { Label } from "./ui/label";
import { Select } from "./ui/select";
import { TBody, TD, TH, THead, TR, Table } from "./ui/table";

export type BulkAction = {
  intent: string;
  label: ReactNode;
  variant?: ButtonVariant;
  /** Asks window.confirm(text) first (JavaScript only). */
  confirm?: string;
};

export type DataTableProps<Row> = {
  def: ListDefinition<Row>;
  rows: Row[];
  total: number;
  params: ListValues;
  rowKey: keyof Row | ((row: Row) => string | number);
  /** Accessible name of a row's checkbox; default: the first column's text. */
  rowLabel?: (row: Row) => string;
  /** Adds row checkboxes named `ids` that submit with the bulk form. */
  selectable?: boolean;
  bulkActions?: BulkAction[];
  /** Extra hidden fields or controls inside the bulk form. */
  bulkFields?: Record<string, string>;
  bulkExtra?: ReactNode;
  /** Bulk form action; defaults to the current route. */
  bulkAction?: string;
  rowActions?: (row: Row) => ReactNode;
  emptyState?: { message?: ReactNode; action?: ReactNode };
  /** Accessible table caption (visually hidden). */
  caption?: ReactNode;
  /** Content at the right of the filter bar, e.g. a 'Nový' button. */
  toolbar?: ReactNode;
  className?: string;
};

const alignClass = {
  left: "text-left",
  center: "text-center",
  right: "text-right",
} as const;
const SKIP_ON_FILTER = new Set(["page", "pageSize", "dialog", "index"]);

export function DataTable<Row>(props: DataTableProps<Row>) {
  const { def, rows, total, params, rowKey, selectable, bulkActions, rowActions, emptyState } = props;
  const { t, i18n } = useTranslation();
  const text = (v: ListText) => (typeof v === "string" ? v : t(v.key, v.defaultValue));
  const location = useLocation();
  const [searchParams] = useSearchParams();
  const navigation = useNavigation();
  const submit = useSubmit();
  const hydrated = useHydrated();

  const filterFormId = `${def.id}-filters`;
  const bulkFormId = `${def.id}-bulk`;
  const values: Record<string, unknown> = params;
  const filtered = hasActiveFilters(def, values);
  const defaultPageSize = def.defaultPageSize ?? DEFAULT_PAGE_SIZE;
  const href = (changes: Parameters<typeof withSearchParams>[1]) => ({
    pathname: location.pathname,
    search: toSearch(withSearchParams(searchParams, changes)),
  });
  const number = (n: number) => n.toLocaleString(i18n.language === "en" ? "en-GB" : "cs-CZ");
  const busy = navigation.state !== "idle" && navigation.location?.pathname === location.pathname;

  // Filters with JavaScript: drop empty and default values, then navigate (page resets because it is not sent).
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  function submitFilters(form: HTMLFormElement | null, opts: { delay?: number; replace?: boolean } = {}) {
    clearTimeout(timer.current);
    if (!form) return;
    const run = () => {
      const next = new URLSearchParams();
      for (const [k, v] of new FormData(form)) {
        if (typeof v !== "string" || v.trim() === "") continue;
        if (k === "sort" && v === def.defaultSort) continue;
        if (k === "pageSize" && Number(v) === defaultPageSize) continue;
        next.append(k, v.trim());
      }
      void submit(next, {
        method: "get",
        replace: opts.replace,
        preventScrollReset: true,
      });
    };
    if (opts.delay) timer.current = setTimeout(run, opts.delay);
    else run();
  }

  // Row selection (client state; without JavaScript the checkboxes simply submit with the bulk form).
  const keyOf = (row: Row) =>
    String(typeof rowKey === "function" ? rowKey(row) : (row[rowKey] as unknown as string | number));
  const keys = rows.map(keyOf);
  const signature = keys.join("\u0000");
  const [selection, setSelection] = useState({
    signature,
    ids: new Set<string>(),
  });
  const selected = selection.signature === signature ? selection.ids : new Set<string>();
  const [askToSelect, setAskToSelect] = useState(false);
  const setSelected = (ids: Set<string>) => {
    setSelection({ signature, ids });
    setAskToSelect(false);
  };
  const allSelected = keys.length > 0 && keys.every((k) => selected.has(k));
  const someSelected = keys.some((k) => selected.has(k));
  const withBulk = Boolean(selectable && bulkActions?.length);

  const firstColumn = def.columns[0];
  const labelOf = (row: Row) =>
    props.rowLabel?.(row) ?? (firstColumn ? cellText(row, firstColumn.key) : undefined) ?? keyOf(row);
  const columnCount = def.columns.length + (selectable ? 1 : 0) + (rowActions ? 1 : 0);

  const preserved = [...searchParams].filter(([k]) => !SKIP_ON_FILTER.has(k) && !def.filters.some((f) => f.key === k));
  const clearFilters = href(Object.fromEntries([...def.filters.map((f) => [f.key, null]), ["page", null]]));
  const { from, to } = shownRange(params.page, params.pageSize, total);
  const pages = pageCount(total, params.pageSize);
  const sortState = parseSort(params.sort);

  return (
    <div className={cn("rounded-lg border border-slate-200 bg-white shadow-sm", props.className)}>
      {/* Filters: a GET form; page is not sent, so changing a filter goes back to page 1. */}
      {(def.filters.length > 0 || props.toolbar) && (
        <div className="flex flex-wrap items-end justify-between gap-3 border-b border-slate-200 px-4 py-3">
          {def.filters.length > 0 && (
            <Form
              method="get"
              id={filterFormId}
              role="search"
              aria-label={t("common:dataTable.filters", "Filtry")}
              className="flex flex-wrap items-end gap-3"
              onSubmit={(e) => {
                e.preventDefault();
                submitFilters(e.currentTarget);
              }}
            >
              {preserved.map(([k, v], i) => (
                <input key={`${k}-${i}`} type="hidden" name={k} value={v} />
              ))}
              {def.filters.map((f) => (
                <FilterControl
                  key={f.key}
                  listId={def.id}
                  filter={f}
                  value={paramText(values[f.key])}
                  text={text}
                  onChange={(el) =>
                    f.kind === "search" || f.kind === "date"
                      ? submitFilters(el.form, { delay: 300, replace: true })
                      : submitFilters(el.form)
                  }
                />
              ))}
              <div className="flex items-center gap-2">
                <Button type="submit" variant="secondary">
                  {t("common:dataTable.filter", "Filtrovat")}
                </Button>
                {filtered && (
                  <Link
                    to={clearFilters}
                    className="rounded text-sm text-emerald-800 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-emerald-600"
                  >
                    {t("common:dataTable.clearFilters", "Zrušit filtry")}
                  </Link>
                )}
              </div>
            </Form>
          )}
          {props.toolbar && <div className="ml-auto flex flex-wrap items-center gap-2">{props.toolbar}</div>}
        </div>
      )}

      {/* Bulk actions: a separate POST form; the row checkboxes join it through their `form` attribute. */}
      {withBulk && (
        <Form
          method="post"
          id={bulkFormId}
          action={props.bulkAction}
          className="flex flex-wrap items-center gap-2 border-b border-slate-200 bg-slate-50 px-4 py-2"
          onSubmit={(e) => {
            if (hydrated && selected.size === 0) {
              e.preventDefault();
              setAskToSelect(true);
            }
          }}
        >
          {Object.entries(props.bulkFields ?? {}).map(([k, v]) => (
            <input key={k} type="hidden" name={k} value={v} />
          ))}
          <span className="mr-2 text-sm text-slate-600" aria-live="polite">
            {hydrated
              ? t("common:dataTable.selected", "Vybráno: {{n}}", {
                  n: selected.size,
                })
              : t("common:dataTable.bulkActions", "Hromadné akce")}
          </span>
          {props.bulkExtra}
          {(bulkActions ?? []).map((a) => (
            <Button
              key={a.intent}
              type="submit"
              name="intent"
              value={a.intent}
              size="sm"
              variant={a.variant ?? "secondary"}
              onClick={(e) => {
                if (a.confirm && selected.size > 0 && !window.confirm(a.confirm)) e.preventDefault();
              }}
            >
              {a.label}
            </Button>
          ))}
          {askToSelect && selected.size === 0 && (
            <Alert tone="warning" className="py-1">
              {t("common:dataTable.selectItems", "Vyberte položky.")}
            </Alert>
          )}
        </Form>
      )}

      <div aria-busy={busy} className={cn("relative transition-opacity", busy && "opacity-60")}>
        {busy && (
          <p role="status" className="sr-only">
            {t("common:dataTable.loading", "Načítání…")}
          </p>
        )}
        <Table>
          {props.caption && <caption className="sr-only">{props.caption}</caption>}
          <THead>
            <tr>
              {selectable && (
                <TH className="w-10">
                  {hydrated ? (
                    <Checkbox
                      aria-label={t("common:dataTable.selectAll", "Vybrat vše na stránce")}
                      checked={allSelected}
                      ref={(el) => {
                        if (el) el.indeterminate = someSelected && !allSelected;
                      }}
                      onChange={() => setSelected(allSelected ? new Set() : new Set(keys))}
                      disabled={keys.length === 0}
                    />
                  ) : (
                    <span className="sr-only">{t("common:dataTable.selection", "Výběr")}</span>
                  )}
                </TH>
              )}
              {def.columns.map((c) => (
                <SortHeader
                  key={c.key}
                  column={c}
                  label={text(c.label)}
                  direction={sortState.key === c.key ? sortState.direction : undefined}
                  to={href({
                    sort: nextSort(params.sort, c.key, def.defaultSort),
                    page: null,
                  })}
                />
              ))}
              {rowActions && (
                <TH className="text-right">
                  <span className="sr-only">{t("common:dataTable.actions", "Akce")}</span>
                </TH>
              )}
            </tr>
          </THead>
          <TBody>
            {rows.length === 0 ? (
              <tr>
                <td colSpan={columnCount} className="px-4 py-10 text-center text-sm text-slate-500">
                  <p>
                    {filtered
                      ? t("common:dataTable.emptyFiltered", "Filtrům neodpovídají žádné záznamy.")
                      : (emptyState?.message ?? t("common:dataTable.empty", "Žádné záznamy"))}
                  </p>
                  <div className="mt-3 flex justify-center gap-2">
                    {filtered && (
                      <Button to={clearFilters} variant="secondary" size="sm">
                        {t("common:dataTable.clearFilters", "Zrušit filtry")}
                      </Button>
                    )}
                    {!filtered && total > 0 && params.page > 1 && (
                      <Button to={href({ page: null })} variant="secondary" size="sm">
                        {t("common:dataTable.firstPage", "První stránka")}
                      </Button>
                    )}
                    {!filtered && emptyState?.action}
                  </div>
                </td>
              </tr>
            ) : (
              rows.map((row, i) => {
                const key = keys[i];
                return (
                  <TR key={key} className={cn(selected.has(key) && "bg-emerald-50/60")}>
                    {selectable && (
                      <TD className="w-10">
                        <Checkbox
                          name="ids"
                          value={key}
                          form={withBulk ? bulkFormId : undefined}
                          aria-label={`${t("common:dataTable.selectRow", "Vybrat řádek")} ${labelOf(row)}`}
                          checked={selected.has(key)}
                          onChange={(e) => {
                            const ids = new Set(selected);
                            if (e.target.checked) ids.add(key);
                            else ids.delete(key);
                            setSelected(ids);
                          }}
                        />
                      </TD>
                    )}
                    {def.columns.map((c) => (
                      <TD key={c.key} className={cn(alignClass[c.align ?? "left"], c.className)}>
                        {c.render ? c.render(row) : (cellText(row, c.key) ?? "–")}
                      </TD>
                    ))}
                    {rowActions && (
                      <TD className="text-right whitespace-nowrap">
                        <div className="inline-flex items-center justify-end gap-1">{rowActions(row)}</div>
                      </TD>
                    )}
                  </TR>
                );
              })
            )}
          </TBody>
        </Table>
      </div>

      {/* Footer: range, page size and pagination. */}
      {total > 0 && (
        <div className="flex flex-wrap items-center justify-between gap-3 border-t border-slate-200 px-4 py-2 text-sm text-slate-600">
          <p>
            {t("common:dataTable.showing", "Zobrazeno {{from}}–{{to}} z {{total}}", {
              from: number(from),
              to: number(to),
              total: number(total),
            })}
          </p>
          <div className="flex flex-wrap items-center gap-4">
            {def.filters.length > 0 ? (
              <div className="flex items-center gap-2">
                <Label htmlFor={`${def.id}-page-size`} className="font-normal text-slate-600">
                  {t("common:dataTable.pageSize", "Na stránku")}
                </Label>
                <PageSizeSelect
                  id={`${def.id}-page-size`}
                  form={filterFormId}
                  value={params.pageSize}
                  onChange={(el) => submitFilters(el.form)}
                />
                <noscript>
                  <Button type="submit" form={filterFormId} size="sm" variant="secondary">
                    {t("common:dataTable.apply", "Použít")}
                  </Button>
                </noscript>
              </div>
            ) : (
              <PageSizeLinks
                current={params.pageSize}
                href={(n) =>
                  href({
                    pageSize: n === defaultPageSize ? null : n,
                    page: null,
                  })
                }
              />
            )}
            {pages > 1 && (
              <Pagination page={params.page} pages={pages} href={(p) => href({ page: p === 1 ? null : p })} />
            )}
          </div>
        </div>
      )}
    </div>
  );
}

/** Next sort param for a header click; null when it equals the default (keeps URLs short). */
function nextSort(current: string, key: string, defaultSort: string): string | null {
  const next = toggleSort(current, key);
  return next === defaultSort ? null : next;
}

function paramText(v: unknown): string {
  if (v === undefined || v === null) return "";
  if (Array.isArray(v)) return v.length ? String(v[0]) : "";
  return String(v);
}

/** Text of a plain cell; undefined for empty values. */
function cellText(row: unknown, key: string): string | undefined {
  const v = (row as Record<string, unknown>)?.[key];
  if (v === undefined || v === null || v === "") return undefined;
  if (typeof v === "object") return undefined;
  return String(v);
}

/**
 * Ref for an uncontrolled control whose value follows `value` (the URL) after client navigations, e.g. 'Zrušit
 * filtry'. A focused control is left alone so typing is never overwritten.
 */
function useSyncedValue<E extends HTMLInputElement | HTMLSelectElement>(value: string) {
  const ref = useRef<E>(null);
  useEffect(() => {
    const el = ref.current;
    if (el && document.activeElement !== el && el.value !== value) el.value = value;
  }, [value]);
  return ref;
}

function PageSizeSelect(props: { id: string; form: string; value: number; onChange: (el: HTMLSelectElement) => void }) {
  const ref = useSyncedValue<HTMLSelectElement>(String(props.value));
  return (
    <Select
      ref={ref}
      id={props.id}
      name="pageSize"
      form={props.form}
      defaultValue={String(props.value)}
      className="h-8 w-20"
      options={PAGE_SIZES.map((n) => ({ value: String(n), label: String(n) }))}
      onChange={(e) => props.onChange(e.currentTarget)}
    />
  );
}

type FilterControlProps = {
  listId: string;
  filter: ListFilter;
  value: string;
  text: (v: ListText) => string;
  onChange: (el: HTMLInputElement | HTMLSelectElement) => void;
};

/** One filter control: uncontrolled (works without JavaScript), re-synced when the URL changes. */
function FilterControl({ listId, filter, value, text, onChange }: FilterControlProps) {
  const { t } = useTranslation();
  const ref = useRef<HTMLInputElement & HTMLSelectElement>(null);
  useEffect(() => {
    const el = ref.current;
    if (el && document.activeElement !== el && el.value !== value) el.value = value;
  }, [value]);
  const id = `${listId}-filter-${filter.key}`;
  const all = filter.allLabel ? text(filter.allLabel) : t("common:dataTable.all", "Vše");
  const common = {
    id,
    name: filter.key,
    defaultValue: value,
    onChange: (e: { currentTarget: HTMLInputElement | HTMLSelectElement }) => onChange(e.currentTarget),
  };
  let control: ReactNode;
  if (filter.kind === "search") {
    control = (
      <Input
        ref={ref}
        type="search"
        className="w-56"
        placeholder={filter.placeholder ? text(filter.placeholder) : undefined}
        {...common}
      />
    );
  } else if (filter.kind === "date") {
    control = <Input ref={ref} type="date" className="w-40" {...common} />;
  } else {
    const options =
      filter.kind === "boolean"
        ? [
            { value: "true", label: t("common:dataTable.yes", "Ano") },
            { value: "false", label: t("common:dataTable.no", "Ne") },
          ]
        : (filter.options ?? []).map((o) => ({
            value: o.value,
            label: text(o.label),
          }));
    control = <Select ref={ref} className="w-auto min-w-32" emptyOption={all} options={options} {...common} />;
  }
  return (
    <div className="flex flex-col gap-1">
      <Label htmlFor={id} className="text-xs text-slate-600">
        {text(filter.label)}
      </Label>
      {control}
    </div>
  );
}

function SortHeader<Row>(props: {
  column: ListColumn<Row>;
  label: string;
  direction?: "asc" | "desc";
  to: { pathname: string; search: string };
}) {
  const { column, label, direction, to } = props;
  const align = alignClass[column.align ?? "left"];
  if (!column.sortable) return <TH className={align}>{label}</TH>;
  return (
    <TH className={align} aria-sort={direction === "asc" ? "ascending" : direction === "desc" ? "descending" : "none"}>
      <Link
        to={to}
        preventScrollReset
        className={cn(
          "inline-flex items-center gap-1 rounded uppercase hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-emerald-600",
          direction && "text-slate-900",
        )}
      >
        {label}
        <SortIcon direction={direction} />
      </Link>
    </TH>
  );
}

function SortIcon({ direction }: { direction?: "asc" | "desc" }) {
  return (
    <svg aria-hidden="true" viewBox="0 0 12 12" className="size-3" fill="currentColor">
      <path d="M6 1.5 9 5H3z" opacity={direction === "desc" ? 0.25 : direction ? 1 : 0.4} />
      <path d="M6 10.5 3 7h6z" opacity={direction === "asc" ? 0.25 : direction ? 1 : 0.4} />
    </svg>
  );
}

type To = { pathname: string; search: string };

function Pagination({ page, pages, href }: { page: number; pages: number; href: (page: number) => To }) {
  const { t } = useTranslation();
  const item =
    "inline-flex h-8 min-w-8 items-center justify-center rounded-md px-2 text-sm focus-visible:outline-2 focus-visible:outline-emerald-600";
  const step = (target: number, label: string, glyph: string, disabled: boolean) => (
    <li>
      {disabled ? (
        <span aria-disabled="true" className={cn(item, "text-slate-300")}>
          <span aria-hidden="true">{glyph}</span>
          <span className="sr-only">{label}</span>
        </span>
      ) : (
        <Link to={href(target)} className={cn(item, "text-slate-700 hover:bg-slate-100")} aria-label={label}>
          <span aria-hidden="true">{glyph}</span>
        </Link>
      )}
    </li>
  );
  return (
    <nav aria-label={t("common:dataTable.pagination", "Stránkování")}>
      <ul className="flex items-center gap-0.5">
        {step(1, t("common:dataTable.firstPage", "První stránka"), "«", page <= 1)}
        {step(Math.min(page - 1, pages), t("common:dataTable.previousPage", "Předchozí stránka"), "‹", page <= 1)}
        {pageWindow(page, pages).map((p) => (
          <li key={p}>
            {p === page ? (
              <span aria-current="page" className={cn(item, "bg-emerald-700 font-semibold text-white")}>
                {p}
              </span>
            ) : (
              <Link
                to={href(p)}
                className={cn(item, "text-slate-700 hover:bg-slate-100")}
                aria-label={t("common:dataTable.page", "Stránka {{page}}", {
                  page: p,
                })}
              >
                {p}
              </Link>
            )}
          </li>
        ))}
        {step(Math.min(page + 1, pages), t("common:dataTable.nextPage", "Další stránka"), "›", page >= pages)}
        {step(pages, t("common:dataTable.lastPage", "Poslední stránka"), "»", page >= pages)}
      </ul>
    </nav>
  );
}

/** Page size choice as links, for lists without a filter form. */
function PageSizeLinks({ current, href }: { current: number; href: (n: number) => To }) {
  const { t } = useTranslation();
  return (
    <div className="flex items-center gap-1" role="group" aria-label={t("common:dataTable.pageSize", "Na stránku")}>
      <span aria-hidden="true">{t("common:dataTable.pageSize", "Na stránku")}</span>
      {PAGE_SIZES.map((n) =>
        n === current ? (
          <span key={n} aria-current="true" className="rounded px-1.5 font-semibold text-slate-900">
            {n}
          </span>
        ) : (
          <Link
            key={n}
            to={href(n)}
            className={cn(buttonClasses({ variant: "ghost", size: "sm" }), "h-7 px-1.5 font-normal")}
          >
            {n}
          </Link>
        ),
      )}
    </div>
  );
}
