import { sql } from "drizzle-orm";
import { queryManyRows, queryRows, type Database } from "~/adapters/db.server";
import { Kept } from "~/lib/kept";
import {
  estimateFromSample,
  foldLikeSearchText,
  NEW_TRIGRAMS_PER_TEXT,
  rarestTrigram,
  REMEMBERED_COUNTS,
  type RarestTrigram,
} from "./text-sample";

/**
 * How many meadows hold some words, estimated from a sample of the stored search texts kept in
 * memory. The map and the search choose their plans by such estimates (readsTextFirst,
 * planSearch). PostgreSQL's own estimate for `search_text like '%word%'` comes from the 100
 * values of the column's histogram, so it moved with each ANALYZE, and the plans with it
 * (ADR 13). A sample of 10,000 texts finds a pair in one meadow of fifty about 200 times, and is
 * the same sample every time (REPEATABLE).
 */

/** Texts read: a word in one meadow of a thousand turns up about ten times. */
const SAMPLE_ROWS = 10_000;
/** An older sample is taken again; until then it serves, as estimates only pick plans. */
const SAMPLE_TTL_MS = 10 * 60_000;
/** So is a sample of a table that has since grown or shrunk by more than this share. */
const SAMPLE_DRIFT = 0.1;
/**
 * How long the number of meadows read for a sample serves: every text search needs it, and a
 * number a few seconds old picks the same plans, while asking for it cost each search a round
 * trip to the database (docs/benchmarks.md, "bench:pages").
 */
const TOTAL_TTL_MS = 5_000;

interface TextSample {
  texts: string[];
  /** The meadows there were when the sample was taken. */
  total: number;
  takenAt: number;
  /** Texts of the sample holding a trigram, counted when first asked (rarestTrigram). */
  trigramHits: Map<string, number>;
  /**
   * Estimates already made from this sample, by their folded words: the map asks again on every
   * pan, and each count reads all 10,000 texts.
   */
  estimates: Kept<string, number>;
}

/** What is kept per database: its sample, the one being taken, and the number of meadows. */
interface KeptForDatabase {
  sample?: TextSample;
  taking?: Promise<TextSample>;
  total?: { meadows: number; readAt: number };
}

const samples = new WeakMap<Database, KeptForDatabase>();

/** The meadows there are, from the stored grid's coarsest level (kept exact by triggers). */
async function meadowTotal(db: Database): Promise<number> {
  const [row] = await queryRows<{ total: number }>(
    db,
    sql`select coalesce(sum(count), 0)::int as total from meadow_grid where level = 0`,
  );
  return Number(row?.total ?? 0);
}

/** meadowTotal, read again once it is TOTAL_TTL_MS old. */
async function keptTotal(db: Database, kept: KeptForDatabase): Promise<number> {
  const now = Date.now();
  if (kept.total && now - kept.total.readAt < TOTAL_TTL_MS) return kept.total.meadows;
  const meadows = await meadowTotal(db);
  kept.total = { meadows, readAt: now };
  return meadows;
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
    estimates: new Kept(REMEMBERED_COUNTS),
  };
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
  return sample.estimates.get(key, () => estimateFromSample(sample.texts, total, words));
}

/** The sample kept for `db`, taken again when it is old or the table has changed much. */
async function currentSample(
  db: Database,
  total: number | undefined,
): Promise<{ sample: TextSample | undefined; meadows: number }> {
  const kept = samples.get(db) ?? {};
  samples.set(db, kept);
  const meadows = total ?? (await keptTotal(db, kept));
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
