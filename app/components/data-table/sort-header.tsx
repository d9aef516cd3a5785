/** A column header: plain text, or for a sortable column a link that toggles the sort (aria-sort tells the state). */
import { Link } from "react-router";
import { toggleSort, type ListColumn } from "~/lib/list";
import { cn } from "../ui/cn";
import { TH } from "../ui/table";
import { alignClass, type To } from "./shared";

/** Next sort param for a header click; null when it equals the default (keeps URLs short). */
export function nextSort(current: string, key: string, defaultSort: string): string | null {
  const next = toggleSort(current, key);
  return next === defaultSort ? null : next;
}

export function SortHeader<Row>(props: { column: ListColumn<Row>; label: string; direction?: "asc" | "desc"; to: To }) {
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
