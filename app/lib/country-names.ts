import type { Language } from "./i18n";

const INTL_LOCALE: Record<Language, string> = { en: "en-GB", nl: "nl-NL" };

/** A country's name in the page's language, from its ISO code ("NL" → "Netherlands" / "Nederland"). */
export function countryName(code: string, lang: Language): string {
  try {
    return regionNames(lang).of(code) ?? code;
  } catch {
    return code;
  }
}

/** One Intl.DisplayNames per language: making one costs far more than asking it for a name. */
const displayNames = new Map<Language, Intl.DisplayNames>();
function regionNames(lang: Language): Intl.DisplayNames {
  let names = displayNames.get(lang);
  if (!names) {
    names = new Intl.DisplayNames([INTL_LOCALE[lang]], { type: "region" });
    displayNames.set(lang, names);
  }
  return names;
}
