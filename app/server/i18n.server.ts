import { RemixI18Next } from "remix-i18next/server";
import { i18nOptions, supportedLngs } from "~/i18n/config";
import type { WebSession } from "./session.server";

/** Language: the signed-in user's choice (passed in), else the browser's Accept-Language, else cs. */
export const i18n = new RemixI18Next({
  detection: {
    supportedLanguages: [...supportedLngs],
    fallbackLanguage: "cs",
    order: ["searchParams", "header"],
    searchParamKey: "lng",
  },
  i18next: i18nOptions,
});

export async function localeFor(request: Request, userLanguage?: string | null): Promise<string> {
  if (userLanguage && (supportedLngs as readonly string[]).includes(userLanguage)) return userLanguage;
  return i18n.getLocale(request);
}

export function serverT(locale: string) {
  return i18n.getFixedT(locale);
}

/** Translator in the signed-in user's language, for texts an action writes (flash messages). */
export function userT(session: WebSession) {
  return serverT(session.get("user")?.language ?? "cs");
}
