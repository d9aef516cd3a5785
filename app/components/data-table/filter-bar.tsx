/** The filter bar above the table: a GET form of filter controls (works without JavaScript) and the toolbar. */
import type { ReactNode } from "react";
import { Form, Link, useSearchParams } from "react-router";
import { useTranslation } from "~/i18n/use-translation";
import type { ListDefinition, ListFilter, ListText } from "~/lib/list";
import { Button } from "../ui/button";
import { Input } from "../ui/input";
import { Label } from "../ui/label";
import { Select } from "../ui/select";
import { paramText, useListText, useSyncedValue, type To } from "./shared";
import type { SubmitFilters } from "./use-filter-submit";

/** Search params the filter form does not carry along: paging, an open dialog and React Router's `?index`. */
const SKIP_ON_FILTER = new Set(["page", "pageSize", "dialog", "index"]);

type FilterBarProps = {
  def: Pick<ListDefinition<unknown>, "id" | "filters">;
  formId: string;
  values: Record<string, unknown>;
  filtered: boolean;
  clearFilters: To;
  submitFilters: SubmitFilters;
  /** Content at the right of the filter bar, e.g. a 'Nový' button. */
  toolbar?: ReactNode;
};

export function FilterBar({ def, formId, values, filtered, clearFilters, submitFilters, toolbar }: FilterBarProps) {
  const { t } = useTranslation();
  const text = useListText();
  const [searchParams] = useSearchParams();
  const preserved = [...searchParams].filter(([k]) => !SKIP_ON_FILTER.has(k) && !def.filters.some((f) => f.key === k));
  return (
    <div className="flex flex-wrap items-end justify-between gap-3 border-b border-slate-200 px-4 py-3">
      {def.filters.length > 0 && (
        <Form
          method="get"
          id={formId}
          role="search"
          aria-label={t("common:dataTable.filters")}
          className="flex flex-wrap items-end gap-3"
          onSubmit={(e) => {
            e.preventDefault();
            submitFilters(e.currentTarget);
          }}
        >
          {preserved.map(([k, v], i) => (
            <input key={`${k}-${i}`} type="hidden" name={k} value={v} />
          ))}
          {def.filters.map((f) => (
            <FilterControl
              key={f.key}
              listId={def.id}
              filter={f}
              value={paramText(values[f.key])}
              text={text}
              onChange={(el) =>
                f.kind === "search" || f.kind === "date"
                  ? submitFilters(el.form, { delay: 300, replace: true })
                  : submitFilters(el.form)
              }
            />
          ))}
          <div className="flex items-center gap-2">
            <Button type="submit" variant="secondary">
              {t("common:dataTable.filter")}
            </Button>
            {filtered && (
              <Link
                to={clearFilters}
                className="rounded text-sm text-emerald-800 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-emerald-600"
              >
                {t("common:dataTable.clearFilters")}
              </Link>
            )}
          </div>
        </Form>
      )}
      {toolbar && <div className="ml-auto flex flex-wrap items-center gap-2">{toolbar}</div>}
    </div>
  );
}

type FilterControlProps = {
  listId: string;
  filter: ListFilter;
  value: string;
  text: (v: ListText) => string;
  onChange: (el: HTMLInputElement | HTMLSelectElement) => void;
};

/** One filter control: uncontrolled (works without JavaScript), re-synced when the URL changes. */
function FilterControl({ listId, filter, value, text, onChange }: FilterControlProps) {
  const { t } = useTranslation();
  const ref = useSyncedValue<HTMLInputElement & HTMLSelectElement>(value);
  const id = `${listId}-filter-${filter.key}`;
  const common = {
    id,
    name: filter.key,
    defaultValue: value,
    onChange: (e: { currentTarget: HTMLInputElement | HTMLSelectElement }) => onChange(e.currentTarget),
  };
  let control: ReactNode;
  if (filter.kind === "search") {
    control = (
      <Input
        ref={ref}
        type="search"
        className="w-56"
        placeholder={filter.placeholder ? text(filter.placeholder) : undefined}
        {...common}
      />
    );
  } else if (filter.kind === "date") {
    control = <Input ref={ref} type="date" className="w-40" {...common} />;
  } else {
    const all = filter.allLabel ? text(filter.allLabel) : t("common:dataTable.all");
    const options =
      filter.kind === "boolean"
        ? [
            { value: "true", label: t("common:dataTable.yes") },
            { value: "false", label: t("common:dataTable.no") },
          ]
        : (filter.options ?? []).map((o) => ({
            value: o.value,
            label: text(o.label),
          }));
    control = <Select ref={ref} className="w-auto min-w-32" emptyOption={all} options={options} {...common} />;
  }
  return (
    <div className="flex flex-col gap-1">
      <Label htmlFor={id} className="text-xs text-slate-600">
        {text(filter.label)}
      </Label>
      {control}
    </div>
  );
}
