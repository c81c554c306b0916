import { sql } from "drizzle-orm";
import { queryManyRows, queryRows, type Database } from "../adapters/db.server";

/**
 * How many meadows hold some words, estimated from a sample of the stored search texts kept in
 * memory. The map and the search choose their plans by such estimates (readsTextFirst,
 * planSearch). PostgreSQL's own estimate for `search_text like '%word%'` comes from the 100
 * values of the column's histogram, so it changed by up to three times with each ANALYZE: "sonnenschein
 * cueillette" was estimated at 5,300, 19,000 and 10,400 meadows in three runs (18,900 hold it),
 * and with it the plan and the p95 of the filtered map at 1,000,000 meadows (22 to 42 ms). A
 * sample of 10,000 texts finds a pair in one meadow of fifty about 200 times, and is the same
 * sample every time (REPEATABLE).
 */

/** Texts read: a word in one meadow of a thousand turns up about ten times. */
const SAMPLE_ROWS = 10_000;
/** An older sample is taken again; until then it serves, as estimates only pick plans. */
const SAMPLE_TTL_MS = 10 * 60_000;
/** So is a sample of a table that has since grown or shrunk by more than this share. */
const SAMPLE_DRIFT = 0.1;

interface TextSample {
  texts: string[];
  /** The meadows there were when the sample was taken. */
  total: number;
  takenAt: number;
  /** Texts of the sample holding a trigram, counted when first asked (rarestTrigram). */
  trigramHits: Map<string, number>;
  /**
   * Estimates already made from this sample, by their folded words: the map asks again on every
   * pan, and counting 10,000 texts takes about a millisecond.
   */
  estimates: Map<string, number>;
}

const samples = new WeakMap<Database, { sample?: TextSample; taking?: Promise<TextSample> }>();

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

/** The meadows there are, from the stored grid's coarsest level (kept exact by triggers). */
async function meadowTotal(db: Database): Promise<number> {
  const [row] = await queryRows<{ total: number }>(
    db,
    sql`select coalesce(sum(count), 0)::int as total from meadow_grid where level = 0`,
  );
  return Number(row?.total ?? 0);
}

async function takeSample(db: Database, total: number): Promise<TextSample> {
  const percent = (100 * SAMPLE_ROWS) / Math.max(total, 1);
  const rows = await queryManyRows<{ t: string }>(
    db,
    percent >= 100
      ? sql`select search_text as t from meadows`
      : // Pages picked at random, the same ones every time.
        sql`select search_text as t from meadows tablesample system (${percent}) repeatable (0)`,
  );
  return {
    texts: rows.map((row) => row.t),
    total,
    takenAt: Date.now(),
    trigramHits: new Map(),
    estimates: new Map(),
  };
}

/** Three letters or digits in a row: what pg_trgm indexes (it splits words at other characters). */
const TRIGRAM = /^[\p{L}\p{N}]{3}$/u;

/**
 * Trigrams are counted in 2,000 texts of the sample (every fifth of 10,000), about 0.4 ms a
 * trigram. They pick the cheapest list to read, where a trigram in one meadow of a hundred still
 * turns up about twenty times.
 */
const TRIGRAM_TEXTS = 2_000;
/**
 * Words and trigrams one request may count that no earlier request has: a visitor's 100
 * characters could otherwise cost 40 ms of counting. Past it, what was counted before serves.
 */
export const NEW_TRIGRAMS_PER_TEXT = 24;
/** Counts kept per sample; past this many the counts start again, so visitors cannot grow it. */
const REMEMBERED_COUNTS = 20_000;

/**
 * Where a word's rarest trigram starts in the folded word (0-based), and the meadows estimated
 * to hold it. Looking a word up by this one trigram reads one list of the trigram index instead
 * of one per trigram (see lookupConditions in meadows.server.ts). Undefined for a word without
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

/**
 * The meadows estimated to hold every word, and each word's rarest trigram, from one sample,
 * of `total` meadows: the caller's, when it knows the number already (one query less).
 */
export async function estimateText(
  db: Database,
  words: string[],
  total?: number,
): Promise<{ matches: number; rarest: (RarestTrigram | undefined)[]; total: number }> {
  const { sample, meadows } = await currentSample(db, total);
  const texts = sample?.texts ?? [];
  const budget = { left: NEW_TRIGRAMS_PER_TEXT };
  return {
    matches: sample ? rememberedEstimate(sample, meadows, words) : 0,
    rarest: words.map((word) => rarestTrigram(texts, meadows, word, sample?.trigramHits, budget)),
    total: meadows,
  };
}

/** estimateFromSample, remembered with the sample (at most REMEMBERED_COUNTS word sets). */
function rememberedEstimate(sample: TextSample, total: number, words: string[]): number {
  const key = [total, ...words.map(foldLikeSearchText).sort()].join("\u0000");
  let estimate = sample.estimates.get(key);
  if (estimate === undefined) {
    estimate = estimateFromSample(sample.texts, total, words);
    if (sample.estimates.size >= REMEMBERED_COUNTS) sample.estimates.clear();
    sample.estimates.set(key, estimate);
  }
  return estimate;
}

/** The sample kept for `db`, taken again when it is old or the table has changed much. */
async function currentSample(
  db: Database,
  total: number | undefined,
): Promise<{ sample: TextSample | undefined; meadows: number }> {
  const kept = samples.get(db) ?? {};
  samples.set(db, kept);
  const meadows = total ?? (await meadowTotal(db));
  let sample = kept.sample;
  const drifted = !sample || Math.abs(meadows - sample.total) > SAMPLE_DRIFT * sample.total;
  if (drifted || Date.now() - (sample?.takenAt ?? 0) > SAMPLE_TTL_MS) {
    kept.taking ??= takeSample(db, meadows).finally(() => (kept.taking = undefined));
    const taking = kept.taking.then((taken) => (kept.sample = taken));
    // A sample that has grown stale but still fits serves while the next one is taken.
    if (drifted) sample = await taking;
    else void taking.catch(() => {});
  }
  return { sample, meadows };
}
