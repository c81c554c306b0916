import type { i18n as I18n, TFunction } from "i18next";
import { useContext } from "react";
import { I18nContext } from "react-i18next";
import { Kept } from "~/lib/kept";

const translators = new WeakMap<I18n, TFunction>();

/** How many texts one instance keeps: far more than its catalogue, few enough to stay small. */
const KEPT_TEXTS = 4_000;

/**
 * The page's translation function. react-i18next's own hook copies the i18next instance for
 * every component it renders in, to notice language changes: on the server that is done for
 * every component of every page. A page's language never changes while it is open (the
 * language switch loads the other language's page, with its own catalogue), so the instance's
 * own function serves every component.
 */
export function useTranslation(): { t: TFunction; i18n: I18n } {
  const { i18n } = useContext(I18nContext);
  let t = translators.get(i18n);
  if (!t) {
    t = keptTranslator(i18n);
    translators.set(i18n, t);
  }
  return { t, i18n };
}

/**
 * i18next's `t`, remembering its answers: the same key with the same values always gives the
 * same text in one instance, and looking a text up again costs a fraction of i18next's work
 * (parsing the key, plurals, nesting, interpolation), which a list page does a hundred times.
 * Only calls whose values are strings and numbers are kept, and never an answer that is the key
 * itself (a text the catalogue lacks). A key without values whose text has nothing for i18next
 * to fill in is read from the catalogue directly: most of a page's texts are such, and in the
 * browser each is asked for once, while the page hydrates.
 */
export function keptTranslator(i18n: I18n): TFunction {
  const translate = i18n.t.bind(i18n) as (key: unknown, options?: unknown) => unknown;
  const kept = new Kept<string, unknown>(KEPT_TEXTS);
  const keptTranslate = (key: unknown, options?: unknown) => {
    const id = textId(key, options);
    if (id === undefined) return translate(key, options);
    return kept.get(
      id,
      () => (options === undefined && plainText(i18n, key as string)) || translate(key, options),
      (text) => text !== key && typeof text === "string",
    );
  };
  return keptTranslate as unknown as TFunction;
}

/**
 * The catalogue's text for `key` in the instance's language when i18next would give it as it
 * stands: a string with no value to put in (`{{…}}`) and no other text to nest (`$t(…)`), under a
 * key that names no namespace. Else undefined, and i18next answers.
 */
function plainText(i18n: I18n, key: string): string | undefined {
  if (key.includes(":")) return undefined;
  const text: unknown = i18n.getResource(i18n.language, "translation", key);
  if (typeof text !== "string" || text.includes("{{") || text.includes("$t(")) return undefined;
  return text;
}

/** The key and its values as one string, or undefined when a value is not a string or number. */
function textId(key: unknown, options: unknown): string | undefined {
  if (typeof key !== "string") return undefined;
  if (options === undefined) return key;
  if (typeof options !== "object" || options === null) return undefined;
  for (const name in options) {
    const value = (options as Record<string, unknown>)[name];
    if (typeof value !== "string" && typeof value !== "number") return undefined;
  }
  // JSON tells strings from numbers and escapes every character that could run into the next.
  return `${key}\u0000${JSON.stringify(options)}`;
}
