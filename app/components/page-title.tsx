/**
 * Page titles in the user's language (issue 12): a route declares its title in `handle` with pageTitle(), as a
 * translation key or a function of its loader data; the root renders the deepest one into <title> with the
 * product's name. No title is written in Czech in code: the texts are in locales/.
 */
import type { TFunction } from "i18next";
import { useMatches } from "react-router";
import { useTranslation } from "~/i18n/use-translation";

type TitleOf<Data> = string | ((t: TFunction, data: Data | undefined) => string);
export type TitleHandle<Data = unknown> = { title: TitleOf<Data> };

/** `export const handle = pageTitle("device:list.title")` or `pageTitle<Route.ComponentProps["loaderData"]>((t, d) => …)`. */
export function pageTitle<Data = unknown>(title: TitleOf<Data>): TitleHandle<Data> {
  return { title };
}

/**
 * A record's page: its name from the loader's data, or the list's title (`<ns>:list.title`) while there is none (an
 * error page). `export const handle = recordTitle<Route.ComponentProps["loaderData"]>("device", (d) => d.device.name)`.
 */
export function recordTitle<Data>(ns: string, name: (data: Data) => string | null | undefined): TitleHandle<Data> {
  return pageTitle<Data>((t, d) => (d ? name(d) : undefined) ?? t(`${ns}:list.title`));
}

/** A record's edit page: as `recordTitle`, then ' · úprava' (`common:editTitle`). */
export function editTitle<Data>(ns: string, name: (data: Data) => string | null | undefined): TitleHandle<Data> {
  return pageTitle<Data>((t, d) => `${(d ? name(d) : undefined) ?? t(`${ns}:list.title`)} · ${t("common:editTitle")}`);
}

function titleOf(handle: unknown): TitleOf<unknown> | undefined {
  const title = (handle as Partial<TitleHandle> | undefined)?.title;
  return typeof title === "string" || typeof title === "function" ? title : undefined;
}

/** The <title> of the page: the deepest route's title, then the product's name. */
export function PageTitle() {
  const matches = useMatches();
  const { t } = useTranslation();
  const product = t("common:layout.product");
  for (let i = matches.length - 1; i >= 0; i--) {
    const title = titleOf(matches[i]!.handle);
    if (!title) continue;
    const text = typeof title === "string" ? t(title) : title(t, matches[i]!.data);
    return <title>{`${text} · ${product}`}</title>;
  }
  return <title>{product}</title>;
}
