import i18next from "i18next";
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { setNonce } from "get-nonce";
import { I18nextProvider, initReactI18next } from "react-i18next";
import { HydratedRouter } from "react-router/dom";
import { NonceProvider } from "./components/nonce";
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
  // Browsers hide nonce attributes, but the property keeps the value; elements React creates
  // later (the stylesheet when the layout remounts) need it to pass the Content-Security-Policy.
  const nonce = document.querySelector<HTMLScriptElement>("script[nonce]")?.nonce ?? "";
  // Radix dialogs lock page scrolling with a <style> element (react-remove-scroll), which takes
  // its nonce from get-nonce.
  setNonce(nonce);
  startTransition(() => {
    hydrateRoot(
      document,
      <NonceProvider value={nonce}>
        <I18nextProvider i18n={i18next}>
          <StrictMode>
            <HydratedRouter />
          </StrictMode>
        </I18nextProvider>
      </NonceProvider>,
    );
  });
}

void hydrate();
