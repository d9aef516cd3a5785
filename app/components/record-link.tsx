import type { ReactNode } from "react";
import { Link } from "react-router";
import { cn } from "./ui/cn";

/** A link to a record (its detail, its edit page) in a table or a card: the record's name in the link colour. */
export function RecordLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Link className="font-medium text-emerald-800 hover:underline" to={to}>
      {children}
    </Link>
  );
}

/** A link to a related record under its name ('#id' when the name is not known); `none` when there is no record. */
export function RefLink({
  id,
  name,
  to,
  className,
  none = null,
}: {
  id: number | null | undefined;
  name: string | null | undefined;
  to: (id: number) => string;
  className?: string;
  none?: ReactNode;
}) {
  if (!id) return <>{none}</>;
  return (
    <Link className={cn("text-emerald-800 hover:underline", className)} to={to(id)}>
      {name ?? `#${id}`}
    </Link>
  );
}
