import type { ComponentProps, ReactNode } from "react";
import { cn } from "./cn";

export type AlertTone = "success" | "error" | "warning" | "info";

const tones: Record<AlertTone, string> = {
  success: "border-emerald-200 bg-emerald-50 text-emerald-900",
  error: "border-red-200 bg-red-50 text-red-900",
  warning: "border-amber-200 bg-amber-50 text-amber-900",
  info: "border-sky-200 bg-sky-50 text-sky-900",
};

export type AlertProps = Omit<ComponentProps<"div">, "title"> & {
  tone?: AlertTone;
  title?: ReactNode;
};

/** A message box. Errors and warnings interrupt screen readers (role="alert"); others are polite (role="status"). */
export function Alert({ tone = "info", title, className, children, ...props }: AlertProps) {
  const role = tone === "error" || tone === "warning" ? "alert" : "status";
  return (
    <div role={role} className={cn("rounded-md border px-4 py-3 text-sm", tones[tone], className)} {...props}>
      {title && <p className="font-semibold">{title}</p>}
      {children && <div className={title ? "mt-1" : undefined}>{children}</div>}
    </div>
  );
}
