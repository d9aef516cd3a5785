import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import i18next from "i18next";
import { I18nextProvider, initReactI18next } from "react-i18next";
import { baseI18nOptions } from "~/i18n/options";
import { loadLanguage } from "~/i18n/client";

async function hydrate() {
  // Only the page's language reaches the browser (app/i18n/client.ts).
  const { lng, resources } = await loadLanguage(document.documentElement.lang || "cs");
  await i18next.use(initReactI18next).init({
    ...baseI18nOptions,
    lng,
    ns: Object.keys(resources),
    resources: { [lng]: resources },
  });
  startTransition(() => {
    hydrateRoot(
      document,
      <I18nextProvider i18n={i18next}>
        <StrictMode>
          <HydratedRouter />
        </StrictMode>
      </I18nextProvider>,
    );
  });
}

void hydrate();
