import i18next from "i18next";
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { setNonce } from "get-nonce";
import { I18nextProvider, initReactI18next } from "react-i18next";
import { HydratedRouter } from "react-router/dom";
import { NonceProvider } from "./components/nonce";
import { catalogues } from "./i18n";
import { prepareClassMerging } from "./lib/cn";
import { noteEarlyChoices } from "./lib/early-choices";
import { isLanguage, DEFAULT_LANGUAGE } from "./lib/i18n";

async function hydrate() {
  noteEarlyChoices();
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
  // Hydration runs in short slices, but a slice cannot split the work of one component: building
  // tailwind-merge's class map for the first cn() would make one long task of its own there.
  await nextTask();
  prepareClassMerging();
  await nextTask();
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

/** Resolves in a later task, so the work after it does not lengthen the current one. */
function nextTask(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

void hydrate();
