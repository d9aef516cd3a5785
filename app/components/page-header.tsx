/**
 * The head of every screen (issue 12): an optional way back (the list the record belongs to), the heading, a line
 * under it, and the screen's actions on the right.
 */
import type { ReactNode } from "react";
import { Link } from "react-router";

export function PageHeader({
  title,
  back,
  subtitle,
  actions,
}: {
  title: ReactNode;
  /** The way back, shown above the heading: the list or the record this screen belongs to. */
  back?: { to: string; label: ReactNode };
  subtitle?: ReactNode;
  actions?: ReactNode;
}) {
  return (
    <div className="flex flex-wrap items-start justify-between gap-3">
      <div>
        {back && (
          <p className="text-sm text-slate-600">
            <Link className="text-emerald-800 hover:underline" to={back.to}>
              {back.label}
            </Link>
          </p>
        )}
        <h1 className="text-2xl font-semibold">{title}</h1>
        {subtitle && <div className="mt-1 text-sm text-slate-600">{subtitle}</div>}
      </div>
      {actions && <div className="flex flex-wrap items-center gap-2">{actions}</div>}
    </div>
  );
}
