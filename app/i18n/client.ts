import type { i18n as I18n, ResourceLanguage } from "i18next";
import { registerMessageKeys } from "~/lib/messages";
import { isLanguage, type Language } from "./options";

/**
 * The browser loads the translations of the page's language only, as one chunk per language (issue 11: all three
 * languages were 60 kB gz on every page). Keys are the same in every language (tests/unit/locales.test.ts), so the
 * English fallback is never needed for a key that exists.
 */
const bundles: Record<Language, () => Promise<{ default: ResourceLanguage }>> = {
  cs: () => import("./bundle-cs"),
  sk: () => import("./bundle-sk"),
  en: () => import("./bundle-en"),
};

export async function loadLanguage(lng: string): Promise<{ lng: Language; resources: ResourceLanguage }> {
  const language = isLanguage(lng) ? lng : "cs";
  const resources = (await bundles[language]()).default;
  registerMessageKeys(Object.keys((resources.messages as Record<string, string> | undefined) ?? {}));
  return { lng: language, resources };
}

/** Switches a running i18next to another language, loading its bundle first (the profile's language change). */
export async function switchLanguage(i18n: I18n, lng: string): Promise<void> {
  const { lng: language, resources } = await loadLanguage(lng);
  for (const [ns, bundle] of Object.entries(resources)) {
    if (!i18n.hasResourceBundle(language, ns)) i18n.addResourceBundle(language, ns, bundle);
  }
  await i18n.changeLanguage(language);
}
