import type { ComponentProps } from "react";
import { cn } from "./cn";

/** Shared look of text-like controls (input, textarea, select). */
export const controlClasses =
  "block w-full rounded-md border border-slate-300 bg-white px-3 py-1.5 text-sm text-slate-900 shadow-sm " +
  "placeholder:text-slate-400 focus-visible:border-emerald-600 focus-visible:outline-2 focus-visible:outline-offset-0 " +
  "focus-visible:outline-emerald-600/40 disabled:cursor-not-allowed disabled:bg-slate-100 disabled:text-slate-500 " +
  "aria-invalid:border-red-600 aria-invalid:focus-visible:outline-red-600/40";

export type InputProps = ComponentProps<"input">;

export function Input({ className, type = "text", ...props }: InputProps) {
  return <input type={type} className={cn(controlClasses, "h-9", className)} {...props} />;
}
