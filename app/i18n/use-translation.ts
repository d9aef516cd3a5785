import { useContext } from "react";
import type { i18n as I18n } from "i18next";
import { I18nContext, useTranslation as useReactI18next, type UseTranslationResponse } from "react-i18next";

type Translation = UseTranslationResponse<"common", undefined>;

/**
 * The translation hook of every component. In the browser it is react-i18next's (it re-renders on a language
 * change). On the server a page is rendered once, in one language, by its own i18next instance: there the hook
 * reads that instance from context and shares one `t` for the whole render. react-i18next's hook copies the whole
 * instance into a new wrapper for each component's first render, and on the server every render is a first one:
 * that was a fifth of a list page's render time (issue 11, docs/benchmarks.md).
 */
const perInstance = new WeakMap<I18n, Translation>();

function useServerTranslation(): Translation {
  const { i18n } = useContext(I18nContext);
  let known = perInstance.get(i18n);
  if (!known) {
    // The same as react-i18next's hook without a namespace: keys carry theirs ("subject:list.title").
    const t = rememberPlain(i18n.getFixedT(null, i18n.options.defaultNS as string) as Translation["t"]);
    known = Object.assign([t, i18n, true] as [Translation["t"], I18n, boolean], { t, i18n, ready: true });
    perInstance.set(i18n, known);
  }
  return known;
}

/**
 * A render asks for the same label again and again (a column's badge on every row): a key with at most a default
 * text is looked up once per render. Calls with options (counts, values) always go to i18next.
 */
function rememberPlain(t: Translation["t"]): Translation["t"] {
  const call = t as unknown as (...args: unknown[]) => unknown;
  const known = new Map<string, unknown>();
  const remembered = (key: unknown, second?: unknown, ...rest: unknown[]) => {
    if (typeof key !== "string" || rest.length || (second !== undefined && typeof second !== "string")) {
      return call(key, second, ...rest);
    }
    const id = second === undefined ? key : `${key}\u0000${second}`;
    if (!known.has(id)) known.set(id, second === undefined ? call(key) : call(key, second));
    return known.get(id);
  };
  return Object.assign(remembered, t) as unknown as Translation["t"];
}

const useBrowserTranslation = (): Translation => useReactI18next();

export const useTranslation: () => Translation =
  typeof document === "undefined" ? useServerTranslation : useBrowserTranslation;
