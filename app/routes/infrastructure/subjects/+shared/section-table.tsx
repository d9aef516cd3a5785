/** The table of a detail section (members, cards, fees, bins, children): its head, or a line saying it is empty. */
import type { ReactNode } from "react";
import { TBody, TH, THead, Table } from "~/components/ui/table";
import { cn } from "~/components/ui/cn";

/** A column's heading: its text, or its text with the cell's class (e.g. right-aligned money). */
export type SectionColumn = ReactNode | { label: ReactNode; className: string };

const isAligned = (c: SectionColumn): c is { label: ReactNode; className: string } =>
  typeof c === "object" && c !== null && "className" in c && "label" in c;

export function SectionTable({
  rows,
  empty,
  emptyClassName = "px-4 py-6",
  columns,
  actions,
  children,
}: {
  /** How many rows the body has; none shows `empty` instead of the table. */
  rows: number;
  empty: ReactNode;
  /** The empty line's spacing (inside a card without padding, or in a padded one). */
  emptyClassName?: string;
  columns: SectionColumn[];
  /** The name of the row actions' column (read by screen readers only); absent when the rows have no actions. */
  actions?: ReactNode;
  children: ReactNode;
}) {
  if (rows === 0) return <p className={cn("text-sm text-slate-600", emptyClassName)}>{empty}</p>;
  return (
    <Table>
      <THead>
        <tr>
          {columns.map((c, i) =>
            isAligned(c) ? (
              <TH key={i} className={c.className}>
                {c.label}
              </TH>
            ) : (
              <TH key={i}>{c}</TH>
            ),
          )}
          {actions && (
            <TH className="text-right">
              <span className="sr-only">{actions}</span>
            </TH>
          )}
        </tr>
      </THead>
      <TBody>{children}</TBody>
    </Table>
  );
}
