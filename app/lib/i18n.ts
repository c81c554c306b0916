/** Languages, URL prefixes and the paths between them. Shared by server and browser. */

export const LANGUAGES = ["en", "nl"] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = "en";

/** Locale tags for Intl: Dutch as written in the Netherlands, English as in Britain (€, 24 h). */
export const INTL_LOCALE: Record<Language, string> = { en: "en-GB", nl: "nl-NL" };

/** How long the language and colour-mode cookies last (SPEC section 9). */
export const PREFERENCE_COOKIE_MAX_AGE = 365 * 24 * 60 * 60;

/** The URL prefix a page was reached under: none (English), /en or /nl. */
export type Prefix = "" | Language;

export function isLanguage(value: unknown): value is Language {
  return typeof value === "string" && (LANGUAGES as readonly string[]).includes(value);
}

/** Splits `/nl/meadows` into its prefix and the path without it. */
export function splitPrefix(pathname: string): { prefix: Prefix; rest: string } {
  const match = /^\/(en|nl)(?=\/|$)/.exec(pathname);
  if (!match) return { prefix: "", rest: pathname || "/" };
  return { prefix: match[1] as Language, rest: pathname.slice(match[0].length) || "/" };
}

export function languageOfPrefix(prefix: Prefix): Language {
  return prefix === "" ? DEFAULT_LANGUAGE : prefix;
}

export function languageOfPath(pathname: string): Language {
  return languageOfPrefix(splitPrefix(pathname).prefix);
}

/** `/meadows` under the prefix `nl` is `/nl/meadows`; `/` is `/nl`. */
export function withPrefix(prefix: Prefix, path: string): string {
  if (prefix === "") return path;
  return path === "/" ? `/${prefix}` : `/${prefix}${path}`;
}

/**
 * The address of the same page in another language. English pages live without a prefix, so
 * that is where a switch to English goes; Dutch pages live under /nl.
 */
export function pathInLanguage(pathname: string, language: Language): string {
  const { rest } = splitPrefix(pathname);
  return withPrefix(language === DEFAULT_LANGUAGE ? "" : language, rest);
}

/**
 * The language a first-time visitor's browser prefers among ours, from Accept-Language
 * (`nl-BE,nl;q=0.9,en;q=0.8`). Undefined when none of ours is named.
 */
export function preferredLanguage(acceptLanguage: string | null): Language | undefined {
  if (!acceptLanguage) return undefined;
  const ranked = acceptLanguage
    .split(",")
    .map((part, order) => {
      const [tag = "", ...params] = part.trim().split(";");
      const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
      const quality = q ? Number(q.slice(2)) : 1;
      return {
        base: tag.toLowerCase().split("-")[0],
        quality: Number.isNaN(quality) ? 0 : quality,
        order,
      };
    })
    .filter((entry) => entry.quality > 0)
    .sort((a, b) => b.quality - a.quality || a.order - b.order);
  return ranked.map((entry) => entry.base).find(isLanguage);
}
