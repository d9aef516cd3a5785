/**
 * The list of every list screen: filters (GET form), sortable headers, pagination and page size — all as URLs that
 * work without JavaScript — plus optional row selection for bulk actions (POST form with `intent`).
 * Declare the list with defineList() in app/lib/list.ts; the loader parses params with parseListParams()
 * (app/lib/list-params.ts). The parts live in app/components/data-table/; this module composes them.
 */
import type { ReactNode } from "react";
import { hasActiveFilters, type ListDefinition, type ListValues } from "~/lib/list";
import { BulkForm, type BulkAction } from "./data-table/bulk-form";
import { BusyRegion } from "./data-table/busy-region";
import { FilterBar } from "./data-table/filter-bar";
import { ListFooter } from "./data-table/pagination";
import { rowKeyOf, useRowSelection } from "./data-table/row-selection";
import { useListHref } from "./data-table/shared";
import { TableBody } from "./data-table/table-body";
import { TableHead } from "./data-table/table-head";
import { useFilterSubmit } from "./data-table/use-filter-submit";
import { cn } from "./ui/cn";
import { Table } from "./ui/table";

export type { BulkAction };

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

export function DataTable<Row>(props: DataTableProps<Row>) {
  const { def, rows, total, params, selectable, bulkActions, rowActions } = props;
  const href = useListHref();
  const submitFilters = useFilterSubmit(def);
  const keys = rows.map((row) => rowKeyOf(row, props.rowKey));
  const selection = useRowSelection(keys);

  const filterFormId = `${def.id}-filters`;
  const bulkFormId = `${def.id}-bulk`;
  const filtered = hasActiveFilters(def, params);
  const withBulk = Boolean(selectable && bulkActions?.length);
  const columnCount = def.columns.length + (selectable ? 1 : 0) + (rowActions ? 1 : 0);
  const clearFilters = href(Object.fromEntries([...def.filters.map((f) => [f.key, null]), ["page", null]]));

  return (
    <div className={cn("rounded-lg border border-slate-200 bg-white shadow-sm", props.className)}>
      {/* Filters: a GET form; page is not sent, so changing a filter goes back to page 1. */}
      {(def.filters.length > 0 || props.toolbar) && (
        <FilterBar
          def={def}
          formId={filterFormId}
          values={params}
          filtered={filtered}
          clearFilters={clearFilters}
          submitFilters={submitFilters}
          toolbar={props.toolbar}
        />
      )}

      {/* Bulk actions: a separate POST form; the row checkboxes join it through their `form` attribute. */}
      {withBulk && (
        <BulkForm
          id={bulkFormId}
          selection={selection}
          actions={bulkActions ?? []}
          fields={props.bulkFields}
          extra={props.bulkExtra}
          action={props.bulkAction}
        />
      )}

      <BusyRegion>
        <Table>
          {props.caption && <caption className="sr-only">{props.caption}</caption>}
          <TableHead
            def={def}
            sort={params.sort}
            href={href}
            selection={selectable ? selection : undefined}
            withActions={Boolean(rowActions)}
          />
          <TableBody
            columns={def.columns}
            rows={rows}
            keys={keys}
            selection={selectable ? selection : undefined}
            bulkFormId={withBulk ? bulkFormId : undefined}
            rowLabel={props.rowLabel}
            rowActions={rowActions}
            empty={{
              columnCount,
              filtered,
              clearFilters,
              firstPage: total > 0 && params.page > 1 ? href({ page: null }) : undefined,
              emptyState: props.emptyState,
            }}
          />
        </Table>
      </BusyRegion>

      {/* Footer: range, page size and pagination. */}
      {total > 0 && (
        <ListFooter
          def={def}
          params={params}
          total={total}
          filterFormId={filterFormId}
          href={href}
          submitFilters={submitFilters}
        />
      )}
    </div>
  );
}
