import { INTL_LOCALE, type Language } from "./i18n";
import { Kept } from "./kept";

/** A country's name in the page's language, from its ISO code ("NL" → "Netherlands" / "Nederland"). */
export function countryName(code: string, lang: Language): string {
  return keptNames.get(`${lang}:${code}`, () => {
    try {
      return regionNames(lang).of(code) ?? code;
    } catch {
      return code;
    }
  });
}

/** Names already asked for: even a kept Intl.DisplayNames takes microseconds per name, and a
 * list page asks for one on every card. */
const keptNames = new Kept<string, string>(1_000);

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
