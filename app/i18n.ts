import type { Translation } from "./locales/en/translation";
import type en from "./locales/en/translation";
import type { Language } from "./lib/i18n";

declare module "i18next" {
  interface CustomTypeOptions {
    defaultNS: "translation";
    resources: { translation: typeof en };
  }
}

/** Each language's catalogue, loaded on demand so a page ships only its own language. */
export const catalogues: Record<Language, () => Promise<{ default: Translation }>> = {
  en: () => import("./locales/en/translation"),
  nl: () => import("./locales/nl/translation"),
};
