/*
 * How many meadows hold some words, judged from a sample of their search texts: the folding that
 * makes a typed word comparable with the stored texts, and the counting. The sample itself is
 * kept by text-sample.server.ts.
 */

/**
 * The letters immutable_unaccent spells out that Unicode does not decompose into a letter and an
 * accent (from its unaccent.rules): "Straße" is "strasse" in search_text.
 */
const SPELLED_OUT: Record<string, string> = {
  ß: "ss",
  æ: "ae",
  œ: "oe",
  ø: "o",
  ł: "l",
  đ: "d",
  ð: "d",
  þ: "th",
  ı: "i",
  ħ: "h",
  ŧ: "t",
  ŀ: "l",
  ĳ: "ij",
  ŋ: "n",
};
const SPELLED_OUT_PATTERN = new RegExp(`[${Object.keys(SPELLED_OUT).join("")}]`, "gu");

/**
 * A word folded as `search_text` is: lower case, accents removed, and the letters in
 * SPELLED_OUT spelled out. The estimates count the folded word in stored texts, so a word folded
 * otherwise ("straße") would seem to be in no meadow.
 */
export function foldLikeSearchText(word: string): string {
  return word
    .toLowerCase()
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .replace(SPELLED_OUT_PATTERN, (letter) => SPELLED_OUT[letter] ?? letter);
}

/** How many of `total` meadows hold every word, judging by `texts`, a sample of them. */
export function estimateFromSample(texts: readonly string[], total: number, words: string[]) {
  if (texts.length === 0) return 0;
  const folded = words.map(foldLikeSearchText);
  let hits = 0;
  for (const text of texts) if (folded.every((word) => text.includes(word))) hits++;
  return Math.round((hits / texts.length) * total);
}
/** Three letters or digits in a row: what pg_trgm indexes (it splits words at other characters). */
const TRIGRAM = /^[\p{L}\p{N}]{3}$/u;

/**
 * Trigrams are counted in 2,000 texts of the sample (every fifth of 10,000), so each count stays
 * short (ADR 14). They pick the cheapest list to read, where a trigram in one meadow of a
 * hundred still turns up about twenty times.
 */
const TRIGRAM_TEXTS = 2_000;
/**
 * Words and trigrams one request may count that no earlier request has, so a long text cannot
 * make one request count for long (ADR 14). Past it, what was counted before serves.
 */
export const NEW_TRIGRAMS_PER_TEXT = 24;
/** Counts kept per sample; past this many the counts start again, so visitors cannot grow it. */
export const REMEMBERED_COUNTS = 20_000;

/**
 * Where a word's rarest trigram starts in the folded word (0-based), and the meadows estimated
 * to hold it. Looking a word up by this one trigram reads one list of the trigram index instead
 * of one per trigram (see lookupConditions in filters.server.ts). Undefined for a word without
 * three letters or digits in a row.
 */
export interface RarestTrigram {
  at: number;
  matches: number;
  /** The meadows estimated to hold the whole word, counted in the same texts; undefined when
   * the budget ran out first. */
  wordMatches: number | undefined;
}

/**
 * The rarest trigram of `word` in `texts`, a sample of `total` meadows. `hits` remembers counts
 * between calls; `budget.left` is how many trigrams not in it may still be counted. A word none
 * of whose trigrams could be counted is looked up by its first, as if every meadow held it.
 */
export function rarestTrigram(
  texts: readonly string[],
  total: number,
  word: string,
  hits: Map<string, number> = new Map(),
  budget = { left: NEW_TRIGRAMS_PER_TEXT },
): RarestTrigram | undefined {
  const folded = [...foldLikeSearchText(word)];
  const stride = Math.max(Math.floor(texts.length / TRIGRAM_TEXTS), 1);
  const counted = Math.ceil(texts.length / stride);
  const scaled = (count: number) => (counted ? Math.round((count / counted) * total) : 0);
  /** Texts holding `part`, remembered; undefined once the budget is spent. */
  const count = (part: string): number | undefined => {
    let found = hits.get(part);
    if (found === undefined) {
      if (budget.left <= 0) return undefined;
      budget.left--;
      found = 0;
      for (let i = 0; i < texts.length; i += stride) if (texts[i]?.includes(part)) found++;
      if (hits.size >= REMEMBERED_COUNTS) hits.clear();
      hits.set(part, found);
    }
    return found;
  };
  const trigrams = folded.flatMap((_, at) => {
    const trigram = folded.slice(at, at + 3).join("");
    return TRIGRAM.test(trigram) ? [{ at, trigram }] : [];
  });
  const [first] = trigrams;
  if (!first) return undefined;
  const wordHits = count(folded.join(""));
  let best: { at: number; hits: number } | undefined;
  for (const { at, trigram } of trigrams) {
    const hitsOf = count(trigram);
    if (hitsOf !== undefined && (!best || hitsOf < best.hits)) best = { at, hits: hitsOf };
  }
  const wordMatches = wordHits === undefined ? undefined : scaled(wordHits);
  if (!best) return { at: first.at, matches: total, wordMatches };
  return { at: best.at, matches: scaled(best.hits), wordMatches };
}
