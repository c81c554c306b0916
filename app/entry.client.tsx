import i18next from "i18next";
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { I18nextProvider, initReactI18next } from "react-i18next";
import { HydratedRouter } from "react-router/dom";
import { catalogues } from "./i18n";
import { isLanguage, DEFAULT_LANGUAGE } from "./lib/i18n";

async function hydrate() {
  // The server rendered the page in the language of its URL and said so in <html lang>.
  const declared = document.documentElement.lang;
  const lang = isLanguage(declared) ? declared : DEFAULT_LANGUAGE;
  const { default: translation } = await catalogues[lang]();
  await i18next.use(initReactI18next).init({
    lng: lang,
    resources: { [lang]: { translation } },
    fallbackLng: false,
    interpolation: { escapeValue: false },
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
