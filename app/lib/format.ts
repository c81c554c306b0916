import type { Language } from "./i18n";

/** Locale tags for Intl: Dutch as written in the Netherlands, English as in Britain (€, 24 h). */
const INTL_LOCALE: Record<Language, string> = { en: "en-GB", nl: "nl-NL" };

/**
 * A calendar date (`2026-11-22`) in the page's language: "22 November 2026", "22 november 2026";
 * with `style` "medium", "22 Nov 2026", "22 nov 2026".
 */
export function formatDate(
  isoDate: string,
  lang: Language,
  style: "long" | "medium" = "long",
): string {
  // Noon UTC keeps the date the same in every time zone the server or browser may be in.
  const date = new Date(`${isoDate}T12:00:00Z`);
  return new Intl.DateTimeFormat(INTL_LOCALE[lang], { dateStyle: style, timeZone: "UTC" }).format(
    date,
  );
}

export function formatNumber(
  value: number,
  lang: Language,
  options?: Intl.NumberFormatOptions,
): string {
  return new Intl.NumberFormat(INTL_LOCALE[lang], options).format(value);
}

export function formatPrice(amount: number, lang: Language, currency = "EUR"): string {
  return formatNumber(amount, lang, { style: "currency", currency });
}
