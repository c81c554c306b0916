import { createI18nextMiddleware } from "remix-i18next";
import en from "./locales/en/translation";
import nl from "./locales/nl/translation";
import { DEFAULT_LANGUAGE, LANGUAGES, languageOfPath } from "./lib/i18n";
import "./i18n";
import { pageUrl } from "./lib/page-url";

/**
 * The page's language comes from its URL (no prefix or /en: English, /nl: Dutch), so every
 * address shows one language to everyone, crawlers included. Cookie and Accept-Language only
 * decide where `/` sends a visitor (see root.tsx).
 */
export const [i18nextMiddleware, getLocale, getI18n] = createI18nextMiddleware({
  detection: {
    supportedLanguages: [...LANGUAGES],
    fallbackLanguage: DEFAULT_LANGUAGE,
    order: ["custom"],
    findLocale: async ({ request }) => languageOfPath(pageUrl(request).pathname),
  },
  i18next: {
    resources: { en: { translation: en }, nl: { translation: nl } },
    fallbackLng: false,
    interpolation: { escapeValue: false },
  },
});
