import type { InitOptions, Resource } from "i18next";
import { registerMessageKeys } from "~/lib/messages";
import { baseI18nOptions, namespacesOf } from "./options";

export { supportedLngs } from "./options";

/**
 * Every locales/{lng}/{namespace}.json file, for the server (pages, e-mails, the provider's pages) and the tests.
 * The browser never imports this module: it loads the one language of the page (app/i18n/client.ts).
 */
const files = import.meta.glob("../../locales/*/*.json", { eager: true, import: "default" });

export const resources: Resource = namespacesOf(files);
export const namespaces = Object.keys(resources.cs ?? {});

// The Czech texts are the keys of the messages namespace (the same in every language).
registerMessageKeys(Object.keys(resources.cs?.messages ?? {}));

export const i18nOptions: InitOptions = { ...baseI18nOptions, ns: namespaces, resources };
