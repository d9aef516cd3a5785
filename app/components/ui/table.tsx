import type { ComponentProps } from "react";
import { cn } from "./cn";

/**
 * Table wrapped in a horizontally scrollable region. The region is `relative` so that absolutely placed children
 * (the sr-only labels of checkboxes and sort buttons) are clipped by it instead of widening the whole page on a phone.
 */
export function Table({
  className,
  wrapperClassName,
  ...props
}: ComponentProps<"table"> & { wrapperClassName?: string }) {
  return (
    <div className={cn("relative w-full overflow-x-auto", wrapperClassName)}>
      <table className={cn("w-full border-collapse text-left text-sm text-slate-800", className)} {...props} />
    </div>
  );
}

export function THead({ className, ...props }: ComponentProps<"thead">) {
  return <thead className={cn("border-b border-slate-200 bg-slate-50", className)} {...props} />;
}

export function TBody({ className, ...props }: ComponentProps<"tbody">) {
  return <tbody className={cn("divide-y divide-slate-100", className)} {...props} />;
}

export function TR({ className, ...props }: ComponentProps<"tr">) {
  return <tr className={cn("hover:bg-slate-50/70", className)} {...props} />;
}

export function TH({ className, scope = "col", ...props }: ComponentProps<"th">) {
  return (
    <th
      scope={scope}
      className={cn("px-3 py-2 text-xs font-semibold tracking-wide text-slate-600 uppercase", className)}
      {...props}
    />
  );
}

export function TD({ className, ...props }: ComponentProps<"td">) {
  return <td className={cn("px-3 py-1.5 align-middle", className)} {...props} />;
}
