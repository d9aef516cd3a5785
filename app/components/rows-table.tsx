import type { ReactNode } from "react";
import { cn } from "~/components/ui/cn";
import { Table, TBody, THead, TR } from "~/components/ui/table";

export type RowsTableProps<Row> = {
  rows: readonly Row[];
  /** The text shown instead of the table when there are no rows. */
  empty: ReactNode;
  emptyClassName?: string;
  /** The header cells (`<TH>`s). */
  head: ReactNode;
  /** One `<TR>` a row. */
  children: (row: Row) => ReactNode;
  "aria-labelledby"?: string;
};

/** A detail card's table: a line of text when there are no rows, else the header and a row each. */
export function RowsTable<Row>({ rows, empty, emptyClassName, head, children, ...table }: RowsTableProps<Row>) {
  if (rows.length === 0) return <p className={cn("text-sm text-slate-600", emptyClassName)}>{empty}</p>;
  return (
    <Table {...table}>
      <THead>
        <TR>{head}</TR>
      </THead>
      <TBody>{rows.map(children)}</TBody>
    </Table>
  );
}
