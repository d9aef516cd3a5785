import type { i18n as I18n, ResourceLanguage } from "i18next";
import { registerMessageKeys } from "~/lib/messages";
import { isLanguage, type Language } from "./options";

/**
 * The browser loads the translations of the page's language only (issue 11: all three languages were 60 kB gz on
 * every page), and as data, not code: each namespace is a hashed JSON asset (cached for a year like the scripts), fetched in
 * parallel, so no page's JavaScript carries texts. Keys are the same in every language
 * (tests/unit/locales.test.ts), so the English fallback is never needed for a key that exists. idp and email are the
 * server's own.
 */
const files = import.meta.glob(["../../locales/*/*.json", "!../../locales/*/{idp,email}.json"], {
  eager: true,
  query: "?url",
  import: "default",
}) as Record<string, string>;

function urlsOf(language: Language): [namespace: string, url: string][] {
  return Object.entries(files).flatMap(([file, url]) => {
    const m = /locales\/(\w+)\/([\w-]+)\.json$/.exec(file);
    return m && m[1] === language ? [[m[2]!, url] as [string, string]] : [];
  });
}

async function fetchJson(url: string): Promise<ResourceLanguage[string]> {
  const res = await fetch(url, { credentials: "same-origin" });
  if (!res.ok) throw new Error(`${url}: ${res.status}`);
  return res.json();
}

export async function loadLanguage(lng: string): Promise<{ lng: Language; resources: ResourceLanguage }> {
  const language = isLanguage(lng) ? lng : "cs";
  const entries = await Promise.all(urlsOf(language).map(async ([ns, url]) => [ns, await fetchJson(url)] as const));
  const resources: ResourceLanguage = Object.fromEntries(entries);
  registerMessageKeys(Object.keys((resources.messages as Record<string, string> | undefined) ?? {}));
  return { lng: language, resources };
}

/** Switches a running i18next to another language, loading its texts first (the profile's language change). */
export async function switchLanguage(i18n: I18n, lng: string): Promise<void> {
  const { lng: language, resources } = await loadLanguage(lng);
  for (const [ns, bundle] of Object.entries(resources)) {
    if (!i18n.hasResourceBundle(language, ns)) i18n.addResourceBundle(language, ns, bundle);
  }
  await i18n.changeLanguage(language);
}
