import type { ReactNode } from "react";
import { Link } from "react-router";

/** A link to a record (its detail, its edit page) in a table or a card: the record's name in the link colour. */
export function RecordLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Link className="font-medium text-emerald-800 hover:underline" to={to}>
      {children}
    </Link>
  );
}
