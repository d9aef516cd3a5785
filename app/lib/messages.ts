/**
 * Validation and API messages in the user's language, "gettext style" (spec 000 §1).
 *
 * The shared zod schemas (contract/) and the API write Czech texts, and the API stays Czech by default. Where the web
 * SHOWS such a text it passes it through translateMessage: the exact Czech text is the key of the `messages`
 * namespace (locales/{cs,sk,en}/messages.json). Texts with a number or word built in by code
 * (`Nejvýše ${max} znaků.`) match a key with {{placeholders}} ('Nejvýše {{n}} znaků.'); each such key is turned
 * into a pattern once; what fills a placeholder is translated too when it is a message itself. A text without a key
 * (already translated, or unknown) is returned unchanged.
 * Isomorphic: the browser's own Conform/zod validation and the server's 422 answers go through the same table.
 */
import { useCallback } from "react";
import type { TFunction } from "i18next";
import { useTranslation } from "~/i18n/use-translation";

export const MESSAGES_NS = "messages";

// Keys contain '.', ':' and spaces: no key or namespace separators.
const lookup = { ns: MESSAGES_NS, keySeparator: false, nsSeparator: false } as const;

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/**
 * The Czech texts that have a key (the key set of the messages namespace, the same in cs, sk and en). Registered by
 * whoever holds the translations: the server with all languages (app/i18n/config.ts), the browser with the page's
 * one (app/i18n/client.ts), so this module never imports a language itself.
 */
let czech: ReadonlySet<string> = new Set();
let patterns: readonly { key: string; regex: RegExp }[] = [];

export function registerMessageKeys(keys: readonly string[]) {
  if (keys.length === czech.size && keys.every((k) => czech.has(k))) return;
  czech = new Set(keys);
  // Every key with {{name}} placeholders → a regex whose named groups fill them.
  patterns = keys
    .filter((key) => key.includes("{{"))
    .map((key) => ({
      key,
      regex: new RegExp(
        `^${key
          .split(/(\{\{\w+\}\})/)
          .map((part) => {
            const name = /^\{\{(\w+)\}\}$/.exec(part)?.[1];
            return name ? `(?<${name}>.+?)` : escapeRegExp(part);
          })
          .join("")}$`,
      ),
    }));
}

/** The placeholder patterns of the registered keys. */
export const messagePatterns = () => patterns;

/** The key of a shown text and the values of its placeholders; undefined when the text has no key. */
export function messageKey(text: string): { key: string; values?: Record<string, string> } | undefined {
  if (czech.has(text)) return { key: text };
  for (const { key, regex } of patterns) {
    const m = regex.exec(text);
    if (m) return { key, values: { ...m.groups } };
  }
  return undefined;
}

/** The Czech message `text` in t's language; unknown texts come back unchanged. */
export function translateMessage(t: TFunction, text: string): string;
export function translateMessage(t: TFunction, text: string | null | undefined): string | undefined;
export function translateMessage(t: TFunction, text: string | null | undefined): string | undefined {
  if (!text) return text ?? undefined;
  const found = messageKey(text);
  if (!found) return text;
  // A filled-in part may itself be a message ('Nepodařilo se vytisknout kód. {{reason}}'); numbers stay as they are.
  const replace = found.values
    ? Object.fromEntries(Object.entries(found.values).map(([name, value]) => [name, translateMessage(t, value)]))
    : undefined;
  return String(t(found.key, { ...lookup, replace, defaultValue: text }));
}

/** translateMessage bound to the page's language: a string in → a string out. */
export type ShownMessage = {
  (text: string): string;
  (text: string | null | undefined): string | undefined;
};

/** For components: `const message = useMessage(); … {message(answer.message)}`. */
export function useMessage(): ShownMessage {
  const { t } = useTranslation();
  return useCallback(((text: string | null | undefined) => translateMessage(t, text)) as ShownMessage, [t]);
}
