/*
 * Checks that keep Dutch texts reading as Dutch (ADR 33): the catalogue test and the demo data
 * test run every Dutch text through them.
 */

/** A text without its markup tags (`<terms>`) and placeholders, which are not prose. */
function withoutMarkup(text: string): string {
  return text.replace(/<\/?\w+>/g, "").replace(/{{[^}]*}}/g, "");
}

/**
 * Quotation marks in a Dutch text that are not ‘…’. An apostrophe inside or before a word
 * (foto's, dahlia's, 's avonds) is no quotation mark.
 */
export function wrongQuotes(text: string): string[] {
  const prose = withoutMarkup(text)
    .replace(/(?<=\p{L})'(?=\p{L})/gu, "")
    .replace(/(?<![\p{L}\p{N}])'(?=s\b)/gu, "");
  return prose.match(/["'“”„]/g) ?? [];
}

/** English words that slip into Dutch texts, each with the Dutch the catalogue uses instead. */
const ENGLISH_WORDS: Record<string, string> = {
  check: "controleren",
  checken: "controleren",
  gecheckt: "gecontroleerd",
  email: "e-mail",
  favorites: "favorieten",
  login: "inloggen",
  meadow: "pluktuin",
  meadows: "pluktuinen",
  password: "wachtwoord",
  please: "graag",
  settings: "instellingen",
  submit: "versturen",
};

/** The English words of ENGLISH_WORDS in a Dutch text, each with its Dutch in brackets. */
export function englishWords(text: string): string[] {
  const words =
    withoutMarkup(text)
      .toLowerCase()
      .match(/[\p{L}-]+/gu) ?? [];
  return words
    .filter((word) => Object.hasOwn(ENGLISH_WORDS, word))
    .map((word) => `${word} (${ENGLISH_WORDS[word]})`);
}
