import type { ReactNode } from "react";
import { Link } from "react-router";
import { cn } from "./ui/cn";

/** One pill of a year / month / view switcher: a plain link (no JavaScript needed), the current one filled. */
export function PillLink({ to, current, children }: { to: string; current: boolean; children: ReactNode }) {
  return (
    <Link
      to={to}
      preventScrollReset
      aria-current={current ? "true" : undefined}
      className={cn(
        "rounded-md px-2.5 py-1 text-sm focus-visible:outline-2 focus-visible:outline-emerald-600",
        current ? "bg-emerald-700 font-medium text-white" : "text-slate-700 hover:bg-slate-100",
      )}
    >
      {children}
    </Link>
  );
}
