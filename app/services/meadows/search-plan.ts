import { foldLikeSearchText, type RarestTrigram } from "./text-sample";

/*
 * The query planner's cost model: from estimates of how many meadows hold a text and how many lie
 * in a view or radius, which way of reading them costs least. Plain arithmetic, no database: the
 * callers gather the estimates (plan-estimates.server.ts) and build the chosen query.
 */

/**
 * A map view with a text filter is asked "text-first" when the word is rare in the whole table
 * (expected in at most RARE_WORD_ROWS meadows, see estimateText): the trigram index finds its
 * few meadows, which are then checked against the view. Otherwise the view's GiST index streams rows
 * (or the table is read in storage order), stopping at the LIMIT.
 */
export const RARE_WORD_ROWS = 1_000;

/**
 * What finding a text's matches in a map view costs, in microseconds per meadow: an entry of the
 * trigram index's list read in full (the rarest trigram's) or skipped through (each other
 * word's, as the index jumps to the rows the first list found); a candidate read from the table
 * and checked against the view; a row read in storage order; a row of the view read from its
 * GiST index. Fitted to EXPLAIN ANALYZE on PostgreSQL with the column order of migration 0009;
 * PGlite is slower by a similar factor for each, so the choices hold on both (ADR 14).
 */
const TRIGRAM_LIST_COST = 0.1;
const TRIGRAM_SKIP_COST = 0.008;
const TRIGRAM_ROW_COST = 0.5;
const TABLE_ROW_COST = 0.3;
const INDEX_ROW_COST = 0.75;
/** An entry of the GiST index's bitmap of a view: a fraction of a candidate's read (ADR 14). */
const VIEW_BITMAP_COST = 0.1;
/**
 * A word looked up by all of its trigrams: the lists of its other trigrams are taken to be about
 * four times as long as its rarest's (ADR 14).
 */
const OTHER_TRIGRAM_LISTS = 4;

/**
 * How many trigrams pg_trgm takes from a word to find it anywhere in a text: three letters or
 * digits in a row, within the runs of them (it splits words at other characters).
 */
export function trigramCount(word: string): number {
  return foldLikeSearchText(word)
    .split(/[^\p{L}\p{N}]+/u)
    .reduce((sum, run) => sum + Math.max([...run].length - 2, 0), 0);
}

/**
 * How the trigram index reads a word: the meadows holding its rarest trigram (`list`), and how
 * many of its trigrams it is looked up by (1, or all of them; see TrigramLookups).
 */
export interface WordLookup {
  list: number;
  trigrams: number;
}

/** What building the bitmap costs for a word read first, and for one skipped through. */
function lookupCosts({ list, trigrams }: WordLookup): { first: number; skip: number } {
  if (trigrams <= 1) return { first: list * TRIGRAM_LIST_COST, skip: list * TRIGRAM_SKIP_COST };
  const others = list * OTHER_TRIGRAM_LISTS * TRIGRAM_SKIP_COST;
  return { first: list * TRIGRAM_LIST_COST + (trigrams - 1) * others, skip: trigrams * others };
}

export interface TextPlanInput {
  /** The meadows expected to hold the whole text (estimateText). */
  matches: number;
  /** The stored grid's count of meadows in the view's cells, and in all. */
  inView: number;
  all: number;
  /** How many pins the view may show: one more match means clusters. */
  pins: number;
}

/**
 * A filtered view holding more than half of all meadows, and surely more matches than `pins`, is
 * read in table order: from the first page, the matches turn up soon and spread over the whole
 * view in proportion. Otherwise the GiST index reads the view, nearest the centre first, so that
 * past the cap the clusters show the middle of the view rather than one corner; table order
 * would read the whole table to find the few matches of a small view.
 */
const TABLE_ORDER_SHARE = 2;

export function readsTableOrder({ matches, inView, all, pins }: TextPlanInput): boolean {
  return inView * TABLE_ORDER_SHARE > all && (matches * inView) / all > 2 * pins;
}

/**
 * Whether to find a text's matches in a map view through the trigram index, checking its
 * candidates against the view, rather than reading the view until enough matches turned up
 * (one more than `pins`, or than CLUSTER_SAMPLE in storage order, see matchesToRead).
 *
 * Reading the view costs the rows it takes to meet those matches (all of the view when it holds
 * fewer), whatever the size of the table. The trigram index costs its bitmap, which grows with
 * the meadows holding each word's rarest trigram (`lookups`), so with the table, plus the
 * candidates read until enough of them match and lie in the view. So a view holding most
 * meadows is read in storage order for a fairly common word, and a view holding a small share
 * of them asks the trigram index for a pair of words, rather than read many of its rows to meet
 * enough matches (ADR 14).
 */
export function readsTextFirst(input: TextPlanInput & TrigramPlanInput): boolean {
  if (input.lookups.length === 0) return false;
  if (input.inView <= 0 || input.all <= 0) return input.matches <= RARE_WORD_ROWS;
  return trigramCost(input) < viewFirstCost(input);
}

export interface TrigramPlanInput {
  lookups: WordLookup[];
  candidates: number;
}

/** What reading the view until enough matches turned up costs (see readsTextFirst). */
function viewFirstCost({ matches, inView, all, pins }: TextPlanInput): number {
  const share = all > 0 ? Math.min(inView / all, 1) : 1;
  const found = Math.max(matches, 1);
  // Matches read in storage order (the table's or the trigram index's); the GiST index needs
  // them all, see matchesToRead.
  const sample = matchesToRead(pins, found * share);
  return readsTableOrder({ matches: found, inView, all, pins })
    ? Math.min(all, (sample * all) / (found * Math.max(share, 1e-9))) * TABLE_ROW_COST
    : Math.min(inView, (pins * all) / found) * INDEX_ROW_COST;
}

/** What finding the view's matches through the trigram index costs (see readsTextFirst). */
function trigramCost(input: TextPlanInput & TrigramPlanInput): number {
  if (input.lookups.length === 0) return Number.POSITIVE_INFINITY;
  const { alone, withView } = candidateCosts(input);
  return bitmapCost(input.lookups) + Math.min(alone, withView);
}

/** The trigram index reads the cheapest word's lists and skips through the others'. */
function bitmapCost(lookups: WordLookup[]): number {
  const costs = lookups.map(lookupCosts);
  const skips = costs.reduce((sum, cost) => sum + cost.skip, 0);
  return Math.min(...costs.map((cost) => cost.first - cost.skip)) + skips;
}

/**
 * The index meadows_area_trgm_idx keys each trigram of a meadow's text by the grid cell of level
 * AREA_GRID_LEVEL it lies in (migration 0011, ADR 15). A filtered view asks it for each word's
 * rarest trigram in each cell it touches that holds meadows, so its lists hold only the meadows
 * of those cells. Up to MAX_AREA_CELLS cells: a zoom-7 view of 1280 by 800 px touches about 60.
 */
export const AREA_GRID_LEVEL = 6;
const MAX_AREA_CELLS = 256;
/**
 * Scanning the index for one cell, and looking up each word's key there, in µs: most of the
 * bitmap's cost lies in the scans, not the lists. Set from views timed against the trigram
 * index; a lower cell cost sent crowded views here, where they took longer (ADR 15).
 */
const AREA_CELL_COST = 25;
const AREA_KEY_COST = 5;

export interface AreaPlanInput {
  /** The cells the view touches that hold meadows, and the meadows in them. */
  cells: number;
  inCells: number;
  /** Each word's rarest trigram's list in the whole table, and the meadows holding them all. */
  lists: number[];
  areaCandidates: number;
}

/** Whether a view's words are cheapest to look up in its cells (areaCost). */
export function readsAreaIndex(input: TextPlanInput & TrigramPlanInput & AreaPlanInput): boolean {
  return areaCost(input) < Math.min(viewFirstCost(input), trigramCost(input));
}

/**
 * What finding the view's matches through meadows_area_trgm_idx costs: a key per word and cell,
 * the cells' part of each word's list, and the candidates read in storage order until enough of
 * them match and lie in the view. Infinite when the view touches too many cells.
 */
function areaCost({
  matches,
  inView,
  all,
  pins,
  cells,
  inCells,
  lists,
  areaCandidates: candidates,
}: TextPlanInput & AreaPlanInput): number {
  if (lists.length === 0 || cells === 0 || cells > MAX_AREA_CELLS || all <= 0) {
    return Number.POSITIVE_INFINITY;
  }
  const cellShare = Math.min(Math.max(inCells, inView) / all, 1);
  const found = Math.max(matches, 1);
  const sample = matchesToRead(pins, found * Math.min(inView / all, 1));
  const keys = cells * (AREA_CELL_COST + lists.length * AREA_KEY_COST);
  // Each cell's scan reads its part of the cheapest word's list and skips through the others'.
  const bitmap = cellShare * bitmapCost(lists.map((list) => ({ list, trigrams: 1 })));
  // Of the candidates in the cells, this many hold the words and lie in the view.
  const held = Math.max(candidates, found) * cellShare;
  const useful = (found / Math.max(candidates, found)) * (inView / Math.max(inCells, inView, 1));
  const read = Math.min(held, sample / Math.max(useful, 1e-9));
  return keys + bitmap + read * TRIGRAM_ROW_COST;
}

/**
 * What a read through the trigram index costs past its bitmap: its candidates read from the
 * table in storage order until enough of them match and lie in the view (`alone`), or, with the
 * GiST index's bitmap of the whole view ANDed in (`withView`), the view's entries and then only
 * the candidates inside it. A small view saves most of the table reads (ADR 14).
 */
export function candidateCosts({
  matches,
  candidates,
  inView,
  all,
  pins,
}: TextPlanInput & { candidates: number }): { alone: number; withView: number } {
  const share = all > 0 ? Math.min(inView / all, 1) : 1;
  const found = Math.max(matches, 1);
  const held = Math.max(candidates, found);
  const sample = matchesToRead(pins, found * share);
  const alone = Math.min(held, (sample / Math.max(share, 1e-9)) * (held / found));
  const inside = Math.min(held * share, sample * (held / found));
  return {
    alone: alone * TRIGRAM_ROW_COST,
    withView: inView * VIEW_BITMAP_COST + inside * TRIGRAM_ROW_COST,
  };
}

/**
 * A word is looked up by its rarest trigram alone when at most this many times as many meadows
 * hold the trigram as the word (see TrigramLookups in filters.server.ts).
 */
const ONE_TRIGRAM_SLACK = 2;

/** Whether the trigram index should look a word up by its rarest trigram alone. */
export function looksUpByRarestTrigram({ matches, wordMatches }: RarestTrigram): boolean {
  return wordMatches !== undefined && matches <= ONE_TRIGRAM_SLACK * Math.max(wordMatches, 1);
}

/** How a search is asked: docs/search.md, "Plans", tells when each is chosen and why. */
export type SearchPlan =
  | "text-first"
  | "planner"
  | "common-word"
  | "nearest"
  | "along-order"
  | "radius-first"
  | "crops-near";

/** The share of all meadows from which a text counts as common: see "common-word". */
const COMMON_WORD_SHARE = 1 / 50;

/**
 * The plan for a search whose text is expected in `matches` of `meadows` (when known), with or
 * without a radius; undefined when the radius's share of all meadows decides (radiusPlan).
 */
export function textSearchPlan({
  matches,
  meadows,
  radius,
  byDistance,
}: {
  matches: number;
  meadows: number | undefined;
  radius: boolean;
  byDistance: boolean;
}): SearchPlan | undefined {
  if (matches <= RARE_WORD_ROWS) return "text-first";
  if (!radius) {
    const common = meadows !== undefined && matches >= COMMON_WORD_SHARE * meadows;
    return common ? "common-word" : "planner";
  }
  return byDistance ? "nearest" : undefined;
}

/**
 * What reading one row along a sort order's index costs, relative to reading one row of a radius
 * (a bitmap scan of the GiST index, then the table), when that index covers the filters
 * (migration 0008) and the walk reads no table rows (ADR 28).
 */
const COVERED_ROW_COST = 0.125;

/**
 * The plan for a radius sorted by name, price or age, holding `around` of `all` meadows: along
 * the order's index when the radius holds many, else the radius read first (see SearchPlan).
 * `covered`: the order's index holds all the filters test.
 */
export function radiusPlan({
  around,
  all,
  pageSize,
  covered,
}: {
  around: number;
  all: number;
  pageSize: number;
  covered: boolean;
}): "along-order" | "radius-first" {
  const rowCost = covered ? COVERED_ROW_COST : 2;
  return around * around > rowCost * (pageSize + 1) * all ? "along-order" : "radius-first";
}

/**
 * How many matches a filtered view's clusters are made of when the view surely holds many more
 * than it may show as pins (SURELY_MANY times as many, by the estimate for the text
 * and the stored grid's count of meadows in view) and is read in storage order (ADR 10).
 */
export const CLUSTER_SAMPLE = 250;
const SURELY_MANY = 4;

/**
 * How many matches a filtered view reads, at most, before it shows clusters: as many as it may
 * show as pins, or CLUSTER_SAMPLE when it surely holds far more. Each match costs about the
 * same to find, so half as many halve the work (ADR 10). The clusters then show where the first
 * 250 lie, and the map says "250+ meadows in view". Only reads in storage order (the table's or
 * the trigram index's) take fewer: their matches lie all over the view. The GiST index reads
 * nearest the centre first, and 250 would cover a smaller middle of the view than 500 do. An
 * estimate four times too high is rare; then the view shows clusters where it might have shown
 * 251 to 500 pins, and one zoom step closer shows them.
 */
export function matchesToRead(limit: number, expectedInView: number): number {
  return expectedInView > SURELY_MANY * limit ? Math.min(limit, CLUSTER_SAMPLE) : limit;
}
