import type { Language } from "~/lib/i18n";

/** A description with the language it is written in, for the `lang` of the element holding it. */
export interface ShownDescription {
  text: string;
  lang: Language;
}

/**
 * The description a page in `language` shows: the meadow's text in that language when it has
 * one, else the other (a Dutch-only meadow is still described on an English page). Null when
 * the meadow has neither.
 */
export function shownDescription(
  meadow: { description: string; descriptionNl: string },
  language: Language,
): ShownDescription | null {
  const texts: Record<Language, string> = { en: meadow.description, nl: meadow.descriptionNl };
  const order: Language[] = language === "nl" ? ["nl", "en"] : ["en", "nl"];
  const lang = order.find((candidate) => texts[candidate] !== "");
  return lang ? { text: texts[lang], lang } : null;
}
