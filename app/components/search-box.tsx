/**
 * The global search box of every page (spec 001 §2 navigation 'A global search box', decision 0042): a GET form to
 * /search?q=…, so Enter searches with or without JavaScript. On /search it shows the term searched. The layout shows it
 * in the header on wide screens, in the menu on phones, and between them (beside the quick actions) a link to /search.
 */
import { Form, Link, useLocation } from "react-router";
import { MAX_SEARCH_LENGTH } from "#contract/lists";
import { useTranslation } from "~/i18n/use-translation";
import { cn } from "./ui/cn";

export const SEARCH_PATH = "/search";

export function SearchBox({ id, className }: { id: string; className?: string }) {
  const { t } = useTranslation();
  const { pathname, search } = useLocation();
  const q = pathname === SEARCH_PATH ? (new URLSearchParams(search).get("q") ?? "") : "";
  return (
    <Form
      method="get"
      action={SEARCH_PATH}
      role="search"
      aria-label={t("search:box.label")}
      className={cn("relative items-center", className)}
    >
      <label htmlFor={id} className="sr-only">
        {t("search:box.label")}
      </label>
      <input
        id={id}
        key={q}
        type="search"
        name="q"
        defaultValue={q}
        maxLength={MAX_SEARCH_LENGTH}
        placeholder={t("search:box.placeholder")}
        className="h-8 w-full min-w-0 rounded-md border border-slate-300 bg-white py-1 pr-9 pl-3 text-sm text-slate-900 shadow-sm placeholder:text-slate-400 focus-visible:border-emerald-600 focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-emerald-600/40"
      />
      <button
        type="submit"
        className="absolute inset-y-0 right-0 flex w-8 items-center justify-center rounded-r-md text-slate-500 hover:text-emerald-800 focus-visible:outline-2 focus-visible:outline-emerald-600"
      >
        <SearchIcon />
        <span className="sr-only">{t("search:box.submit")}</span>
      </button>
    </Form>
  );
}

/** Where the header has no room for the box (beside the quick actions): a link to the search page and its form. */
export function SearchLink({ className }: { className?: string }) {
  const { t } = useTranslation();
  return (
    <Link
      to={SEARCH_PATH}
      title={t("search:box.label")}
      className={cn(
        "h-8 w-8 shrink-0 items-center justify-center rounded-md text-slate-600 ring-1 ring-slate-300 hover:bg-slate-100 hover:text-emerald-800 focus-visible:outline-2 focus-visible:outline-emerald-600",
        className,
      )}
    >
      <SearchIcon />
      <span className="sr-only">{t("search:box.label")}</span>
    </Link>
  );
}

function SearchIcon() {
  return (
    <svg width="16" height="16" viewBox="0 0 24 24" fill="none" aria-hidden="true">
      <circle cx="11" cy="11" r="7" stroke="currentColor" strokeWidth="2" />
      <path d="m20 20-3.5-3.5" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
    </svg>
  );
}
