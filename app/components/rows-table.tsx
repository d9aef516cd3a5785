import type { ReactNode } from "react";
import { useTranslation } from "~/i18n/use-translation";
import { Table, TBody, TH, THead, TR } from "~/components/ui/table";

/** A column's heading: its text, or its text with the cell's class (e.g. right-aligned money). */
export type RowsColumn = string | { label: string; className: string };

export type RowsTableProps<Row> = {
  rows: readonly Row[];
  /** The text shown instead of the table when there are no rows. */
  empty: ReactNode;
  emptyClassName?: string;
  /** The column headings, or the header cells (`<TH>`s) where one needs more. */
  head: readonly RowsColumn[] | ReactNode;
  /** The headings' translation keys' prefix: with it, `head` holds the keys below it ("subject:cards" + "code"). */
  labels?: string;
  /** The name of the row actions' last column (read by screen readers only); absent when the rows have none. */
  actions?: ReactNode;
  /** The table's caption, read by screen readers only. */
  caption?: ReactNode;
  /** The header row without the body rows' hover tint. */
  plainHeadRow?: boolean;
  /** One `<TR>` a row. */
  children: (row: Row, index: number) => ReactNode;
  "aria-labelledby"?: string;
};

/** The heading of a column of figures (counts, weights, money): right-aligned like its cells. */
export const figureHeading = (label: string): RowsColumn => ({ label, className: "text-right" });

const headCell = (c: RowsColumn) =>
  typeof c === "string" ? (
    <TH key={c}>{c}</TH>
  ) : (
    <TH key={c.label} className={c.className}>
      {c.label}
    </TH>
  );

/** A detail card's table: a line of text when there are no rows, else the header and a row each. */
export function RowsTable<Row>({
  rows,
  empty,
  emptyClassName = "text-sm text-slate-600",
  head,
  actions,
  caption,
  plainHeadRow,
  labels,
  children,
  ...table
}: RowsTableProps<Row>) {
  const { t } = useTranslation();
  if (rows.length === 0) return <p className={emptyClassName}>{empty}</p>;
  const label = (text: string) => (labels ? t(`${labels}.${text}`) : text);
  const heading = (c: RowsColumn) =>
    headCell(typeof c === "string" ? label(c) : { label: label(c.label), className: c.className });
  const cells = (
    <>
      {Array.isArray(head) ? (head as readonly RowsColumn[]).map(heading) : head}
      {actions && (
        <TH className="text-right">
          <span className="sr-only">{actions}</span>
        </TH>
      )}
    </>
  );
  return (
    <Table {...table}>
      {caption && <caption className="sr-only">{caption}</caption>}
      <THead>{plainHeadRow ? <tr>{cells}</tr> : <TR>{cells}</TR>}</THead>
      <TBody>{rows.map((row, index) => children(row, index))}</TBody>
    </Table>
  );
}

/** The headings of a small table inside a card or a row (a report's sub rows, a programme's intervals): a `<th scope="col">` each. */
export function ColumnHeadings({ headings, className }: { headings: readonly ReactNode[]; className: string }) {
  return headings.map((heading, i) => (
    <th key={i} scope="col" className={className}>
      {heading}
    </th>
  ));
}
