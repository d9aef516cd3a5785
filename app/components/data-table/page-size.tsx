/** Page size choice: a select in the filter form when the list has one, otherwise links. */
import { Link } from "react-router";
import { useTranslation } from "~/i18n/use-translation";
import { PAGE_SIZES } from "~/lib/list";
import { Button, buttonClasses } from "../ui/button";
import { cn } from "../ui/cn";
import { Label } from "../ui/label";
import { Select } from "../ui/select";
import { useSyncedValue, type To } from "./shared";

type PageSizeFieldProps = { id: string; form: string; value: number; onChange: (el: HTMLSelectElement) => void };

/**
 * Page size as a field of the filter form (`form` attribute), so that it keeps the filters; without JavaScript
 * the 'Použít' button submits it.
 */
export function PageSizeField({ id, form, value, onChange }: PageSizeFieldProps) {
  const { t } = useTranslation();
  return (
    <div className="flex items-center gap-2">
      <Label htmlFor={id} className="font-normal text-slate-600">
        {t("common:dataTable.pageSize")}
      </Label>
      <PageSizeSelect id={id} form={form} value={value} onChange={onChange} />
      <noscript>
        <Button type="submit" form={form} size="sm" variant="secondary">
          {t("common:dataTable.apply")}
        </Button>
      </noscript>
    </div>
  );
}

function PageSizeSelect(props: PageSizeFieldProps) {
  const ref = useSyncedValue<HTMLSelectElement>(String(props.value));
  return (
    <Select
      ref={ref}
      id={props.id}
      name="pageSize"
      form={props.form}
      defaultValue={String(props.value)}
      className="h-8 w-24"
      options={PAGE_SIZES.map((n) => ({ value: String(n), label: String(n) }))}
      onChange={(e) => props.onChange(e.currentTarget)}
    />
  );
}

/** Page size choice as links, for lists without a filter form. */
export function PageSizeLinks({ current, href }: { current: number; href: (n: number) => To }) {
  const { t } = useTranslation();
  return (
    <div className="flex items-center gap-1" role="group" aria-label={t("common:dataTable.pageSize")}>
      <span aria-hidden="true">{t("common:dataTable.pageSize")}</span>
      {PAGE_SIZES.map((n) =>
        n === current ? (
          <span key={n} aria-current="true" className="rounded px-1.5 font-semibold text-slate-900">
            {n}
          </span>
        ) : (
          <Link
            key={n}
            to={href(n)}
            className={cn(buttonClasses({ variant: "ghost", size: "sm" }), "h-7 px-1.5 font-normal")}
          >
            {n}
          </Link>
        ),
      )}
    </div>
  );
}
