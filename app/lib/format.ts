import { INTL_LOCALE, type Language } from "./i18n";

/**
 * A calendar date (`2026-11-22`) in the page's language: "22 November 2026", "22 november 2026";
 * with `style` "medium", "22 Nov 2026", "22 nov 2026".
 */
const dateFormats = new Map<string, Intl.DateTimeFormat>();

export function formatDate(
  isoDate: string,
  lang: Language,
  style: "long" | "medium" = "long",
): string {
  // Noon UTC keeps the date the same in every time zone the server or browser may be in.
  const date = new Date(`${isoDate}T12:00:00Z`);
  const key = `${lang}:${style}`;
  let format = dateFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(INTL_LOCALE[lang], { dateStyle: style, timeZone: "UTC" });
    dateFormats.set(key, format);
  }
  return format.format(date);
}

export function formatNumber(
  value: number,
  lang: Language,
  options?: Intl.NumberFormatOptions,
): string {
  return numberFormat(lang, options).format(value);
}

/**
 * Formatters kept by language and options: building an Intl.NumberFormat costs far more than
 * formatting with one, and a page formats a number on every card. The options come from a few
 * call sites, so the map stays small.
 */
const numberFormats = new Map<string, Intl.NumberFormat>();
function numberFormat(lang: Language, options?: Intl.NumberFormatOptions): Intl.NumberFormat {
  const key = options ? `${lang}:${JSON.stringify(options)}` : lang;
  let format = numberFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(INTL_LOCALE[lang], options);
    numberFormats.set(key, format);
  }
  return format;
}

export function formatPrice(amount: number, lang: Language, currency = "EUR"): string {
  return formatNumber(amount, lang, { style: "currency", currency });
}
