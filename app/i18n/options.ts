import type { InitOptions, Resource, ResourceLanguage } from "i18next";

/** Spec 000 §1: cs default, English fallback; unknown key → supplied default → the key itself. */
export const supportedLngs = ["cs", "sk", "en"] as const;
export type Language = (typeof supportedLngs)[number];

export const isLanguage = (lng: unknown): lng is Language =>
  typeof lng === "string" && (supportedLngs as readonly string[]).includes(lng);

/** The options both tiers share; the resources are added by the server (all languages) or the browser (one). */
export const baseI18nOptions: InitOptions = {
  supportedLngs: [...supportedLngs],
  fallbackLng: "en",
  lng: "cs",
  defaultNS: "common",
  interpolation: { escapeValue: false },
  returnNull: false,
  react: { useSuspense: false },
};

/** locales/{lng}/{namespace}.json files (a Vite glob) → { namespace: json } of one language, or of all. */
export function namespacesOf(files: Record<string, unknown>): Resource {
  const out: Resource = {};
  for (const [file, json] of Object.entries(files)) {
    const m = /locales\/(\w+)\/([\w-]+)\.json$/.exec(file);
    if (m) (out[m[1]!] ??= {})[m[2]!] = json as ResourceLanguage[string];
  }
  return out;
}
