import type { ReactNode } from "react";
import { Table, TBody, TH, THead, TR } from "~/components/ui/table";

export type RowsTableProps<Row> = {
  rows: readonly Row[];
  /** The text shown instead of the table when there are no rows. */
  empty: ReactNode;
  emptyClassName?: string;
  /** The column labels, or the header cells (`<TH>`s) where one needs more. */
  head: readonly string[] | ReactNode;
  /** The header row without the body rows' hover tint. */
  plainHeadRow?: boolean;
  /** One `<TR>` a row. */
  children: (row: Row, index: number) => ReactNode;
  "aria-labelledby"?: string;
};

/** A detail card's table: a line of text when there are no rows, else the header and a row each. */
export function RowsTable<Row>({
  rows,
  empty,
  emptyClassName = "text-sm text-slate-600",
  head,
  plainHeadRow,
  children,
  ...table
}: RowsTableProps<Row>) {
  if (rows.length === 0) return <p className={emptyClassName}>{empty}</p>;
  const cells = Array.isArray(head) ? head.map((label: string) => <TH key={label}>{label}</TH>) : head;
  return (
    <Table {...table}>
      <THead>{plainHeadRow ? <tr>{cells}</tr> : <TR>{cells}</TR>}</THead>
      <TBody>{rows.map((row, index) => children(row, index))}</TBody>
    </Table>
  );
}
