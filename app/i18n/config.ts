import type { InitOptions, Resource } from "i18next";

/** Every locales/{lng}/{namespace}.json file, bundled for the server and the browser alike. */
const files = import.meta.glob<{ default: Record<string, unknown> }>("../../locales/*/*.json", { eager: true });

export const resources: Resource = {};
for (const [file, mod] of Object.entries(files)) {
  const m = /locales\/(\w+)\/([\w-]+)\.json$/.exec(file);
  if (!m) continue;
  (resources[m[1]!] ??= {})[m[2]!] = mod.default;
}

export const supportedLngs = ["cs", "sk", "en"] as const;
export const namespaces = Object.keys(resources.cs ?? {});

/** Spec 000 §1: cs default, English fallback; unknown key → supplied default → the key itself. */
export const i18nOptions: InitOptions = {
  supportedLngs: [...supportedLngs],
  fallbackLng: "en",
  lng: "cs",
  defaultNS: "common",
  ns: namespaces,
  resources,
  interpolation: { escapeValue: false },
  returnNull: false,
  react: { useSuspense: false },
};
