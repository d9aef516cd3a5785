import type { ReactNode } from "react";
import type { FormMetadata } from "@conform-to/react";
import { Button } from "./ui/button";

/** 'Přidat' under a form's list (contacts, addresses): Conform's insert intent, sent through the action. */
export function AddRowButton({
  form,
  name,
  defaultValue,
  children,
}: {
  form: FormMetadata<any, any>;
  name: string;
  defaultValue?: any;
  children: ReactNode;
}) {
  return (
    <Button type="submit" variant="secondary" size="sm" {...form.insert.getButtonProps({ name, defaultValue })}>
      {children}
    </Button>
  );
}

/** 'Odebrat' on a row of a form's list: Conform's remove intent for the row at `index`. */
export function RemoveRowButton({
  form,
  name,
  index,
  children,
}: {
  form: FormMetadata<any, any>;
  name: string;
  index: number;
  children: ReactNode;
}) {
  return (
    <Button type="submit" variant="ghost" size="sm" {...form.remove.getButtonProps({ name, index })}>
      {children}
    </Button>
  );
}

/**
 * A row's actions two by two (or `stacked`, one a line): four actions on one line pushed the fees and yard-visit
 * tables past a 1400 px screen, hiding the last ones behind a horizontal scroll.
 */
export function RowActionGrid({ children, stacked }: { children: ReactNode; stacked?: boolean }) {
  // Stacked: one a line, for a table whose other columns need the width (the yard visits at 1400 px).
  const columns = stacked ? "grid-cols-[auto]" : "grid-cols-[auto_auto]";
  return <div className={`grid ${columns} justify-end justify-items-start gap-1 whitespace-nowrap`}>{children}</div>;
}

/** One row of a form's list (an address, a contact, a level, a visit's waste): a framed grid under its numbered legend. */
export function ListRowFieldset({
  legend,
  className,
  children,
}: {
  legend?: ReactNode;
  /** The row's grid columns and alignment, e.g. "md:grid-cols-5". */
  className: string;
  children: ReactNode;
}) {
  return (
    <fieldset className={`grid gap-3 rounded-md border border-slate-200 p-3 ${className}`}>
      {legend && <legend className="px-1 text-xs text-slate-500">{legend}</legend>}
      {children}
    </fieldset>
  );
}
