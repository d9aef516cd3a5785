/** Submits the filter form with JavaScript (filter bar and page-size select share one debounce timer). */
import { useEffect, useRef } from "react";
import { useSubmit } from "react-router";
import { DEFAULT_PAGE_SIZE, type ListDefinition } from "~/lib/list";

export type SubmitFilters = (form: HTMLFormElement | null, opts?: { delay?: number; replace?: boolean }) => void;

export function useFilterSubmit(def: Pick<ListDefinition<unknown>, "defaultSort" | "defaultPageSize">): SubmitFilters {
  const submit = useSubmit();
  const defaultPageSize = def.defaultPageSize ?? DEFAULT_PAGE_SIZE;

  // Filters with JavaScript: drop empty and default values, then navigate (page resets because it is not sent).
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  return function submitFilters(form, opts = {}) {
    clearTimeout(timer.current);
    if (!form) return;
    const run = () => {
      const next = new URLSearchParams();
      for (const [k, v] of new FormData(form)) {
        if (typeof v !== "string" || v.trim() === "") continue;
        if (k === "sort" && v === def.defaultSort) continue;
        if (k === "pageSize" && Number(v) === defaultPageSize) continue;
        next.append(k, v.trim());
      }
      void submit(next, {
        method: "get",
        replace: opts.replace,
        preventScrollReset: true,
      });
    };
    if (opts.delay) timer.current = setTimeout(run, opts.delay);
    else run();
  };
}
