/** The table's footer: which rows are shown, the page size and links to the other pages. */
import { Link } from "react-router";
import { useTranslation } from "~/i18n/use-translation";
import { DEFAULT_PAGE_SIZE, pageCount, pageWindow, shownRange, type ListDefinition, type ListValues } from "~/lib/list";
import { cn } from "../ui/cn";
import { PageSizeField, PageSizeLinks } from "./page-size";
import type { ListHref, To } from "./shared";
import type { SubmitFilters } from "./use-filter-submit";

type ListFooterProps = {
  def: Pick<ListDefinition<unknown>, "id" | "filters" | "defaultPageSize">;
  params: Pick<ListValues, "page" | "pageSize">;
  total: number;
  /** Id of the filter form; the page size is one of its fields when the list has filters, links otherwise. */
  filterFormId: string;
  href: ListHref;
  submitFilters: SubmitFilters;
};

export function ListFooter(props: ListFooterProps) {
  const { def, total, href } = props;
  const { page, pageSize } = props.params;
  const { t, i18n } = useTranslation();
  const number = (n: number) => n.toLocaleString(i18n.language === "en" ? "en-GB" : "cs-CZ");
  const { from, to } = shownRange(page, pageSize, total);
  const pages = pageCount(total, pageSize);
  return (
    <div className="flex flex-wrap items-center justify-between gap-3 border-t border-slate-200 px-4 py-2 text-sm text-slate-600">
      <p>
        {t("common:dataTable.showing", {
          from: number(from),
          to: number(to),
          total: number(total),
        })}
      </p>
      <div className="flex flex-wrap items-center gap-4">
        {def.filters.length > 0 ? (
          <PageSizeField
            id={`${def.id}-page-size`}
            form={props.filterFormId}
            value={pageSize}
            onChange={(el) => props.submitFilters(el.form)}
          />
        ) : (
          <PageSizeLinks
            current={pageSize}
            href={(n) =>
              href({
                pageSize: n === (def.defaultPageSize ?? DEFAULT_PAGE_SIZE) ? null : n,
                page: null,
              })
            }
          />
        )}
        {pages > 1 && <Pagination page={page} pages={pages} href={(p) => href({ page: p === 1 ? null : p })} />}
      </div>
    </div>
  );
}

function Pagination({ page, pages, href }: { page: number; pages: number; href: (page: number) => To }) {
  const { t } = useTranslation();
  const item =
    "inline-flex h-8 min-w-8 items-center justify-center rounded-md px-2 text-sm focus-visible:outline-2 focus-visible:outline-emerald-600";
  const step = (target: number, label: string, glyph: string, disabled: boolean) => (
    <li>
      {disabled ? (
        <span aria-disabled="true" className={cn(item, "text-slate-300")}>
          <span aria-hidden="true">{glyph}</span>
          <span className="sr-only">{label}</span>
        </span>
      ) : (
        <Link to={href(target)} className={cn(item, "text-slate-700 hover:bg-slate-100")} aria-label={label}>
          <span aria-hidden="true">{glyph}</span>
        </Link>
      )}
    </li>
  );
  return (
    <nav aria-label={t("common:dataTable.pagination")}>
      <ul className="flex items-center gap-0.5">
        {step(1, t("common:dataTable.firstPage"), "«", page <= 1)}
        {step(Math.min(page - 1, pages), t("common:dataTable.previousPage"), "‹", page <= 1)}
        {pageWindow(page, pages).map((p) => (
          <li key={p}>
            {p === page ? (
              <span aria-current="page" className={cn(item, "bg-emerald-700 font-semibold text-white")}>
                {p}
              </span>
            ) : (
              <Link
                to={href(p)}
                className={cn(item, "text-slate-700 hover:bg-slate-100")}
                aria-label={t("common:dataTable.page", {
                  page: p,
                })}
              >
                {p}
              </Link>
            )}
          </li>
        ))}
        {step(Math.min(page + 1, pages), t("common:dataTable.nextPage"), "›", page >= pages)}
        {step(pages, t("common:dataTable.lastPage"), "»", page >= pages)}
      </ul>
    </nav>
  );
}
