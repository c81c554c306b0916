import { createInstance, type TFunction } from "i18next";
import en from "~/locales/en/translation";
import nl from "~/locales/nl/translation";
import type { Language } from "./i18n";

// One instance for texts made outside React Router's requests (mails, the server's own pages),
// where the app's per-request i18next does not reach.
const i18n = createInstance();
void i18n.init({
  resources: { en: { translation: en }, nl: { translation: nl } },
  fallbackLng: false,
  interpolation: { escapeValue: false },
  initAsync: false,
});

/** The catalogues' words in `language`. */
export function catalogueTranslator(language: Language): TFunction {
  return i18n.getFixedT(language);
}
