import type { Language } from "./i18n";

const INTL_LOCALE: Record<Language, string> = { en: "en-GB", nl: "nl-NL" };

/** A country's name in the page's language, from its ISO code ("NL" → "Netherlands" / "Nederland"). */
export function countryName(code: string, lang: Language): string {
  try {
    return new Intl.DisplayNames([INTL_LOCALE[lang]], { type: "region" }).of(code) ?? code;
  } catch {
    return code;
  }
}
