/**
 * The columns every list screen declares the same way (issue 12): a column by its key and translated label, the
 * link to the row's detail, a link to a related record (or a dash), a text with a dash for nothing, a count, a date and
 * time.
 */
import type { ReactNode } from "react";
import { Link } from "react-router";
import { formatDateTime } from "#contract/calendar";
import { useTranslation } from "~/i18n/use-translation";
import { formatNumber } from "~/lib/format";
import type { ContractColumn } from "~/lib/list";

type Extra<Row> = Omit<ContractColumn<Row>, "key" | "label" | "render">;

/** The class of the link to the row's own detail (the list's first column). */
export const RECORD_LINK = "font-medium text-emerald-800 hover:underline";

/** A column: its key (the sort key when the list has one), its label's translation key, its cell. */
export function column<Row>(
  key: string,
  label: string,
  render?: (row: Row) => ReactNode,
  extra?: Extra<Row>,
): ContractColumn<Row> {
  return { key, label: { key: label }, ...(render ? { render } : {}), ...extra };
}

/** The row's text, or '–' when it has none. */
export function textColumn<Row>(
  key: string,
  label: string,
  text: (row: Row) => ReactNode,
  extra?: Extra<Row>,
): ContractColumn<Row> {
  return column(key, label, (row: Row) => text(row) ?? "–", extra);
}

/** The link to the row's detail (`linkClassName`: another look of the link). */
export function linkColumn<Row>(
  key: string,
  label: string,
  to: (row: Row) => string,
  text: (row: Row) => ReactNode,
  extra?: Extra<Row> & { linkClassName?: string },
): ContractColumn<Row> {
  const { linkClassName = RECORD_LINK, ...rest } = extra ?? {};
  return column(
    key,
    label,
    (row: Row) => (
      <Link className={linkClassName} to={to(row)}>
        {text(row)}
      </Link>
    ),
    rest,
  );
}

/** The row's name as the link to its detail (`to`: the detail's path of an id, and of the row where it needs more). */
export function nameColumn<Row extends { id: number; name: string }>(
  label: string,
  to: (id: number, row: Row) => string,
) {
  return linkColumn<Row>(
    "name",
    label,
    (row) => to(row.id, row),
    (row) => row.name,
  );
}

/** A count, right-aligned in the reader's number format. */
export function countColumn<Row>(key: string, label: string, count: (row: Row) => number): ContractColumn<Row> {
  return column(key, label, (row: Row) => <span className="tabular-nums">{formatNumber(count(row))}</span>, {
    align: "right",
  });
}

/**
 * A link to a related record: the column's key names the row's property with the record's name (else '#id' is
 * shown), `id` gives the record's id; `none` ('–') when the row has none.
 */
export function refColumn<Row>(
  key: string & keyof Row,
  label: string,
  id: (row: Row) => number | null | undefined,
  to: (id: number) => string,
  none: ReactNode = "–",
): ContractColumn<Row> {
  return column(key, label, (row: Row) => {
    const target = id(row);
    return target ? (
      <Link className="text-emerald-800 hover:underline" to={to(target)}>
        {(row[key] as string | null | undefined) || `#${target}`}
      </Link>
    ) : (
      none
    );
  });
}

/** A date and time in the reader's language, '–' for none; inside a span when given a class. */
export function DateTime({ value, className }: { value: string | null | undefined; className?: string }) {
  const { i18n } = useTranslation();
  const text = value ? formatDateTime(value, i18n.language) : "–";
  return className ? <span className={className}>{text}</span> : <>{text}</>;
}

/** 'Ano' / 'Ne' of a yes-or-no value in a cell. */
export function YesNo({ value }: { value: boolean }) {
  const { t } = useTranslation();
  return <>{value ? t("common:dataTable.yes") : t("common:dataTable.no")}</>;
}

/** A date-and-time column. */
export function dateTimeColumn<Row>(
  key: string,
  label: string,
  value: (row: Row) => string | null | undefined,
  extra?: Extra<Row> & { spanClassName?: string },
): ContractColumn<Row> {
  const { spanClassName, ...rest } = extra ?? {};
  return column(key, label, (row: Row) => <DateTime value={value(row)} className={spanClassName} />, rest);
}

/** The row's creation time as the link to its detail (a list of jobs or batches, newest first). */
export function createdAtColumn<Row extends { id: number; createdAt: string }>(
  label: string,
  to: (id: number) => string,
) {
  return linkColumn<Row>(
    "createdAt",
    label,
    (row) => to(row.id),
    (row) => <DateTime value={row.createdAt} />,
    { className: "whitespace-nowrap" },
  );
}

/** Who created the row (a job or a batch, next to its `createdAtColumn`): their name, '–' for none. */
export function createdByColumn<Row extends { createdByName: string | null }>(label: string) {
  return textColumn<Row>("createdByName", label, (row) => row.createdByName);
}
