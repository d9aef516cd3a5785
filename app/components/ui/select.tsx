import type { ComponentProps } from "react";
import { cn } from "./cn";
import { controlClasses } from "./input";

export type SelectOption = { value: string; label: string; disabled?: boolean };

export type SelectProps = ComponentProps<"select"> & {
  /** Options to render; children may be used instead. */
  options?: SelectOption[];
  /** Label of an extra first option with the empty value (e.g. '– vyberte –'). */
  emptyOption?: string;
};

/** A native <select>: works without JavaScript and with every keyboard and screen reader. */
export function Select({ className, options, emptyOption, children, ...props }: SelectProps) {
  return (
    <select className={cn(controlClasses, "h-9 pr-8", className)} {...props}>
      {emptyOption !== undefined && <option value="">{emptyOption}</option>}
      {options?.map((o) => (
        <option key={o.value} value={o.value} disabled={o.disabled}>
          {o.label}
        </option>
      ))}
      {children}
    </select>
  );
}
