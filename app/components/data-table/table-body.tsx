/** The table's rows (cells, row checkbox, row actions), or one row that says why the list is empty. */
import type { ReactNode } from "react";
import { useTranslation } from "~/i18n/use-translation";
import type { ListColumn } from "~/lib/list";
import { Button } from "../ui/button";
import { cn } from "../ui/cn";
import { TBody, TD, TR } from "../ui/table";
import { RowCheckboxCell, type RowSelection } from "./row-selection";
import { alignClass, cellText, type To } from "./shared";

type TableBodyProps<Row> = {
  columns: ListColumn<Row>[];
  rows: Row[];
  /** Row keys in the order of `rows`. */
  keys: string[];
  selection?: RowSelection;
  /** Id of the bulk form the row checkboxes submit with. */
  bulkFormId?: string;
  /** Accessible name of a row's checkbox; default: the first column's text. */
  rowLabel?: (row: Row) => string;
  rowActions?: (row: Row) => ReactNode;
  empty: EmptyRowProps;
};

export function TableBody<Row>(props: TableBodyProps<Row>) {
  const { columns, rows, keys, selection, rowActions } = props;
  const { t } = useTranslation();
  if (rows.length === 0) {
    return (
      <TBody>
        <EmptyRow {...props.empty} />
      </TBody>
    );
  }
  const firstColumn = columns[0];
  const labelOf = (row: Row, key: string) =>
    props.rowLabel?.(row) ?? (firstColumn ? cellText(row, firstColumn.key) : undefined) ?? key;
  return (
    <TBody>
      {rows.map((row, i) => {
        const key = keys[i];
        return (
          <TR key={key} className={cn(selection?.selected.has(key) && "bg-emerald-50/60")}>
            {selection && (
              <RowCheckboxCell
                rowKey={key}
                label={`${t("common:dataTable.selectRow")} ${labelOf(row, key)}`}
                formId={props.bulkFormId}
                selection={selection}
              />
            )}
            {columns.map((c) => (
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
      })}
    </TBody>
  );
}

type EmptyRowProps = {
  columnCount: number;
  filtered: boolean;
  clearFilters: To;
  /** Link to page 1, offered when a later page has no rows but the list has some. */
  firstPage?: To;
  emptyState?: { message?: ReactNode; action?: ReactNode };
};

function EmptyRow({ columnCount, filtered, clearFilters, firstPage, emptyState }: EmptyRowProps) {
  const { t } = useTranslation();
  return (
    <tr>
      <td colSpan={columnCount} className="px-4 py-10 text-center text-sm text-slate-500">
        <p>
          {filtered
            ? t("common:dataTable.emptyFiltered")
            : firstPage
              ? t("common:dataTable.pastEnd")
              : (emptyState?.message ?? t("common:dataTable.empty"))}
        </p>
        <div className="mt-3 flex justify-center gap-2">
          {filtered && (
            <Button to={clearFilters} variant="secondary" size="sm">
              {t("common:dataTable.clearFilters")}
            </Button>
          )}
          {!filtered && firstPage && (
            <Button to={firstPage} variant="secondary" size="sm">
              {t("common:dataTable.firstPage")}
            </Button>
          )}
          {!filtered && !firstPage && emptyState?.action}
        </div>
      </td>
    </tr>
  );
}
