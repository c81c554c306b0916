import { createInstance, type i18n as I18n } from "i18next";
import { createContext, type MiddlewareFunction, type RouterContextProvider } from "react-router";
import en from "./locales/en/translation";
import nl from "./locales/nl/translation";
import { languageOfPath, type Language } from "./lib/i18n";
import "./i18n";
import { pageUrl } from "./lib/page-url";

/**
 * One i18next instance per language, made once and shared by every request: the server never
 * changes an instance's language, and making one per request (what remix-i18next's middleware
 * does) cost more than translating a whole page.
 */
const instances = new Map<Language, Promise<I18n>>();

function instanceFor(language: Language): Promise<I18n> {
  let instance = instances.get(language);
  if (!instance) {
    const made = createInstance({
      resources: { en: { translation: en }, nl: { translation: nl } },
      lng: language,
      fallbackLng: false,
      interpolation: { escapeValue: false },
    });
    instance = made.init().then(() => made);
    instances.set(language, instance);
  }
  return instance;
}

const localeContext = createContext<Language>();
const i18nContext = createContext<I18n>();

/**
 * The page's language comes from its URL (no prefix or /en: English, /nl: Dutch), so every
 * address shows one language to everyone, crawlers included. Cookie and Accept-Language only
 * decide where `/` sends a visitor (see root.tsx).
 */
export const i18nextMiddleware: MiddlewareFunction<Response> = async (
  { request, context },
  next,
) => {
  const language = languageOfPath(pageUrl(request).pathname);
  context.set(localeContext, language);
  context.set(i18nContext, await instanceFor(language));
  return next();
};

export const getLocale = (context: Readonly<RouterContextProvider>): Language =>
  context.get(localeContext);

export const getI18n = (context: Readonly<RouterContextProvider>): I18n => context.get(i18nContext);
