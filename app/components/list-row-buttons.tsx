import type { ReactNode } from "react";
import type { FormMetadata } from "@conform-to/react";
import { useTranslation } from "~/i18n/use-translation";
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

/**
 * A form's list of rows (a municipality's contacts, a payer's addresses): the empty text, each row framed under its
 * numbered legend with its fields and its 'Odebrat', then 'Přidat'. The texts are `<texts>.empty`, `.legend`,
 * `.remove` and `.add` (`n` is the row's number), e.g. texts="feePayer:addresses".
 */
export function FormRows<F>({
  form,
  field,
  texts,
  className,
  removeClassName,
  defaultValue,
  minRows = 0,
  children,
}: {
  form: FormMetadata<any, any>;
  /** The list field (`fields.addresses`): its name, its rows and its own errors. */
  field: { name: string; errors?: string[]; getFieldList: () => { key?: string; getFieldset: () => F }[] };
  texts: string;
  /** A row's grid columns and alignment, e.g. "md:grid-cols-5". */
  className: string;
  /** Where the row's 'Odebrat' stands in its grid. */
  removeClassName: string;
  /** A new row's values. */
  defaultValue?: unknown;
  /** Rows that stay (no 'Odebrat' at or below this many; no empty text when above 0): a visit needs a waste. */
  minRows?: number;
  /** A row's fields. */
  children: (row: F, index: number) => ReactNode;
}) {
  const { t } = useTranslation();
  const { name, errors } = field;
  const rows = field.getFieldList();
  return (
    <>
      {/* The list's own errors ('Zadejte alespoň jeden záznam.', too many rows), above the rows. */}
      {errors?.length ? (
        <p role="alert" className="text-sm text-red-700">
          {errors.join(" ")}
        </p>
      ) : null}
      {rows.length === 0 && minRows === 0 && <p className="text-sm text-slate-600">{t(`${texts}.empty`)}</p>}
      {rows.map((row, index) => (
        <ListRowFieldset key={row.key ?? index} className={className} legend={t(`${texts}.legend`, { n: index + 1 })}>
          {children(row.getFieldset(), index)}
          <div className={removeClassName}>
            {rows.length > minRows && (
              <RemoveRowButton form={form} name={name} index={index}>
                {t(`${texts}.remove`, { n: index + 1 })}
              </RemoveRowButton>
            )}
          </div>
        </ListRowFieldset>
      ))}
      <AddRowButton form={form} name={name} defaultValue={defaultValue}>
        {t(`${texts}.add`)}
      </AddRowButton>
    </>
  );
}
