import { and, eq, getTableColumns, sql, type SQL } from "drizzle-orm";
import { meadows, users, type Meadow } from "../../db/schema";
import { randomId } from "./random-id.server";
import { queryManyRows, queryManyRowsAfter, queryRows, type Database } from "../adapters/db.server";
import type { MeadowFormValues } from "../lib/schemas/meadow";
import { parsePriceAmount } from "./price";
import { estimateText, foldLikeSearchText, type RarestTrigram } from "./text-sample.server";

/*
 * Meadows: adding, changing and removing them (only by the member who added them), the detail,
 * the search behind the list, and the map's viewport query. Search and map queries are plain SQL
 * written for the indexes in db/schema.ts; docs/benchmarks.md has their plans and timings.
 */

export class NotFoundError extends Error {
  override name = "NotFoundError";
}

export class ForbiddenError extends Error {
  override name = "ForbiddenError";
}

/** A search the caller should not have asked for: sorting or filtering by distance with no location. */
export class LocationRequiredError extends Error {
  override name = "LocationRequiredError";
}

/** What a member enters: the form's values with the pin position they confirmed. */
export type MeadowInput = Omit<MeadowFormValues, "lat" | "lng" | "locatedAddress"> & {
  lat: number;
  lng: number;
  isDemo?: boolean;
};

/** Looser than what newMeadowId makes, so ids given by hand (seed data) still resolve. */
const ID_PATTERN = /^[0-9A-Za-z_-]{1,64}$/;

/** A short random id for links: 10 characters of [0-9A-Za-z], about 59 bits. */
export function newMeadowId(): string {
  return randomId(10);
}

/** Whether `id` could be a meadow id at all; anything else is a 404 without asking the database. */
export function isMeadowId(id: string): boolean {
  return ID_PATTERN.test(id);
}

function columnsFrom(input: MeadowInput) {
  return {
    name: input.name,
    description: input.description,
    priceText: input.priceText,
    priceAmount: parsePriceAmount(input.priceText),
    openingHours: input.openingHours,
    street: input.street,
    houseNumber: input.houseNumber,
    postalCode: input.postalCode,
    city: input.city,
    country: input.country,
    addressExtra: input.addressExtra,
    website: input.website,
    phone: input.phone,
    instagram: input.instagram,
    lat: input.lat,
    lng: input.lng,
  };
}

export async function createMeadow(
  db: Database,
  ownerId: string,
  input: MeadowInput,
): Promise<Meadow> {
  const [row] = await db
    .insert(meadows)
    .values({
      id: newMeadowId(),
      ownerId,
      ...columnsFrom(input),
      isDemo: input.isDemo ?? false,
    })
    .returning();
  if (!row) throw new Error("insert returned no row");
  return row;
}

/** Throws NotFoundError or ForbiddenError when `actorId` may not change meadow `id`. */
async function assertOwner(db: Database, actorId: string, id: string): Promise<never> {
  const [row] = await db
    .select({ ownerId: meadows.ownerId })
    .from(meadows)
    .where(eq(meadows.id, id));
  if (!row) throw new NotFoundError(`meadow ${id} does not exist`);
  throw new ForbiddenError(`meadow ${id} belongs to someone else`);
}

/** The owner changes every field; the ownership check and the change are one statement. */
export async function updateMeadow(
  db: Database,
  actorId: string,
  id: string,
  input: MeadowInput,
): Promise<Meadow> {
  const [row] = await db
    .update(meadows)
    .set({ ...columnsFrom(input), updatedAt: new Date() })
    .where(and(eq(meadows.id, id), eq(meadows.ownerId, actorId)))
    .returning();
  return row ?? assertOwner(db, actorId, id);
}

export interface MeadowOwner {
  id: string;
  name: string;
  avatarKey: string | null;
  avatarWidth: number | null;
}

export type MeadowDetail = Meadow & { owner: MeadowOwner | null };

/** The meadow with the member who added it (null once they deleted their account). */
export async function getMeadow(db: Database, id: string): Promise<MeadowDetail | null> {
  if (!isMeadowId(id)) return null;
  const [row] = await db
    .select({
      ...getTableColumns(meadows),
      owner: {
        id: users.id,
        name: users.name,
        avatarKey: users.avatarKey,
        avatarWidth: users.avatarWidth,
      },
    })
    .from(meadows)
    .leftJoin(users, eq(users.id, meadows.ownerId))
    .where(eq(meadows.id, id));
  return row ?? null;
}

/* ---------------------------------------------------------------------------------------------
 * Search
 */

export const MEADOW_SORTS = ["distance", "name", "price", "newest"] as const;
export type MeadowSort = (typeof MEADOW_SORTS)[number];

export const DEFAULT_PAGE_SIZE = 20;
const MAX_PAGE_SIZE = 100;
/**
 * Counting stops here: "200+ meadows" helps as much as the exact figure, and counting costs time
 * in proportion to how far it counts: a common word is found in about one meadow in four, so
 * 200 matches are about 800 rows read (measured: 1,000 matches of a common word took 5 ms at any
 * table size, 10,000 took 20–90 ms), and within a radius each row comes one by one from the GiST
 * index (1,000 matches within 25 km took 10–20 ms). `hasNextPage` tells whether more pages follow.
 */
export const SEARCH_COUNT_CAP = 200;
const MAX_TEXT_LENGTH = 100;
/** Half the earth's circumference: every meadow is nearer than this. */
const MAX_DISTANCE_KM = 20_038;

export interface LatLng {
  lat: number;
  lng: number;
}

export interface MeadowFilters {
  /** Matched anywhere in name and description, ignoring case and accents. */
  text?: string;
  /** ISO 3166-1 alpha-2. */
  country?: string;
  /** The searcher's location; needed for a distance filter or sort. */
  near?: LatLng;
  maxDistanceKm?: number;
}

export interface SearchParams extends MeadowFilters {
  sort: MeadowSort;
  /** 1-based. */
  page?: number;
  pageSize?: number;
}

export interface MeadowSummary {
  id: string;
  name: string;
  city: string;
  country: string;
  priceText: string;
  priceAmount: number | null;
  lat: number;
  lng: number;
  isDemo: boolean;
  createdAt: Date;
  /** Set when the search has a location. */
  distanceKm?: number;
}

export interface SearchResult {
  items: MeadowSummary[];
  /** Exact up to SEARCH_COUNT_CAP; when `totalCapped`, at least that many match ("200+"). */
  total: number;
  totalCapped: boolean;
  page: number;
  /** The number of pages; when `totalCapped`, the pages known so far (at least one past this). */
  pageCount: number;
  pageSize: number;
  hasNextPage: boolean;
}

/** The same point expression as the GiST index `meadows_earth_idx`, so the index applies. */
const MEADOW_EARTH = sql`ll_to_earth(m.lat, m.lng)`;
/** earthdistance's earth radius (its earth() function), so both measure on the same sphere. */
const EARTH_RADIUS_M = 6_378_168;

function earthAt(point: LatLng): SQL {
  return sql`ll_to_earth(${point.lat}::float8, ${point.lng}::float8)`;
}

/**
 * Great-circle metres from `point` to the meadow by the haversine formula on plain columns. Equal
 * to earth_distance(ll_to_earth(…), …) but several times cheaper per row: ll_to_earth builds three
 * cubes and checks the `earth` domain's constraints for every row (measured: most of a radius
 * count's time went there).
 */
function distanceMetres(point: LatLng): SQL {
  const halfRadian = Math.PI / 360;
  return sql`(${2 * EARTH_RADIUS_M}::float8 * asin(sqrt(
    power(sin((m.lat - ${point.lat}::float8) * ${halfRadian}::float8), 2)
    + ${Math.cos((point.lat * Math.PI) / 180)}::float8 * cos(m.lat * ${2 * halfRadian}::float8)
      * power(sin((m.lng - ${point.lng}::float8) * ${halfRadian}::float8), 2))))`;
}

function isValidLocation(point: LatLng): boolean {
  return (
    Number.isFinite(point.lat) &&
    Number.isFinite(point.lng) &&
    Math.abs(point.lat) <= 90 &&
    Math.abs(point.lng) <= 180
  );
}

/** LIKE's own wildcards in what the visitor typed are meant literally. */
function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (character) => `\\${character}`);
}

/** At most this many words of a search count; each must occur. */
const MAX_SEARCH_WORDS = 5;

function textPattern(word: string): SQL {
  return sql`'%' || immutable_unaccent(lower(${escapeLike(word)}::text)) || '%'`;
}

/** The visitor's words, trimmed and bounded; undefined when there are none. */
function searchText(filters: MeadowFilters): string | undefined {
  return filters.text?.trim().slice(0, MAX_TEXT_LENGTH) || undefined;
}

/** The words of the text, each of which a meadow must contain. */
function textWords(filters: MeadowFilters): string[] {
  return searchText(filters)?.split(/\s+/).slice(0, MAX_SEARCH_WORDS) ?? [];
}

function radiusMetres(filters: MeadowFilters): number | undefined {
  if (filters.maxDistanceKm === undefined) return undefined;
  if (!filters.near) throw new LocationRequiredError("a distance filter needs a location");
  const km = Number.isFinite(filters.maxDistanceKm) ? filters.maxDistanceKm : MAX_DISTANCE_KM;
  return Math.min(Math.max(km, 0), MAX_DISTANCE_KM) * 1000;
}

/**
 * The WHERE conditions for the filters. Each word of the text must occur in the stored
 * `search_text` (name and description, lower case, accents removed; the words are folded the
 * same way), which the trigram index `meadows_search_trgm_idx` covers for words of three or more
 * characters; `textIndex: false` checks the words in a form no index takes, for rows found
 * another way (containsWord). Distance is the GiST-indexed `earth_box` (a cube around the circle)
 * refined by the exact great-circle distance; `radiusIndex: false` leaves the box out when
 * another index should find the rows.
 */
function filterConditions(
  filters: MeadowFilters,
  {
    radiusIndex = true as boolean | "point",
    lookups,
    textIndex = true,
  }: { radiusIndex?: boolean | "point"; lookups?: TrigramLookups; textIndex?: boolean } = {},
): SQL[] {
  const conditions: SQL[] = lookups
    ? lookupConditions(lookups)
    : textWords(filters).map((word) =>
        textIndex ? sql`m.search_text like ${textPattern(word)}` : containsWord(word),
      );
  if (filters.country) conditions.push(sql`m.country = ${filters.country.toUpperCase()}`);
  const metres = radiusMetres(filters);
  if (metres !== undefined && filters.near) {
    const box = radiusIndex === "point" ? circleBox(filters.near, metres) : undefined;
    if (box) {
      conditions.push(boundingBoxCondition(box));
    } else if (radiusIndex) {
      conditions.push(
        sql`earth_box(${earthAt(filters.near)}, ${metres}::float8) @> ${MEADOW_EARTH}`,
      );
    }
    conditions.push(sql`${distanceMetres(filters.near)} <= ${metres}::float8`);
  }
  return conditions;
}

/**
 * Each word of a read through the trigram index, with `rarest`, its rarest trigram (see
 * rarestTrigram) when the index should look the word up by that one alone: when at most
 * ONE_TRIGRAM_SLACK times as many meadows hold the trigram as the word. Otherwise the index reads
 * all of the word's trigrams, which find its few meadows ("chateaux" has none, but "aux" is in
 * many texts).
 */
type TrigramLookups = { word: string; rarest?: RarestTrigram }[];

const ONE_TRIGRAM_SLACK = 2;

/**
 * The text's conditions for a read through the trigram index: each word's rarest trigram is
 * what the index looks up, and the whole word is checked on the rows it finds, in a form the
 * index cannot take (strpos). Given every trigram of every word, the index reads a list per
 * trigram: "sonnenschein cueillette" (18 trigrams) took 41 to 49 ms at 1,000,000 meadows, its
 * two rarest 7 to 9, for the same 18,878 rows. The trigram is cut from the word as the database
 * folds it, so it is always part of what the whole word matches.
 */
function lookupConditions(lookups: TrigramLookups): SQL[] {
  return lookups.flatMap(({ word, rarest }) => {
    if (!rarest) return [sql`m.search_text like ${textPattern(word)}`];
    return [
      sql`m.search_text like '%' || substr(${foldedWord(word)}, ${rarest.at + 1}::int, 3) || '%'`,
      containsWord(word),
    ];
  });
}

function foldedWord(word: string): SQL {
  return sql`immutable_unaccent(lower(${word}::text))`;
}

/**
 * A word's condition where no index takes it: the rows are read another way and each is checked.
 * strpos searches the text as LIKE '%word%' matches it, in about two thirds of the time (a
 * view at 1,000,000 meadows read in storage order for a pair of words, 26,000 rows: 14 ms
 * against 20 on PGlite; a word, a country and 25 km, nearest first, at 100,000: p50 4.5–7.5 ms
 * against 6.4–8.7).
 */
function containsWord(word: string): SQL {
  return sql`strpos(m.search_text, ${foldedWord(word)}) > 0`;
}

/**
 * The latitudes and longitudes around a circle, for the GiST index on point(lng, lat), which holds
 * the search text, country and position (migration 0008), so counting the matches in a radius
 * reads that index alone. Undefined when the circle reaches a pole or the antimeridian.
 */
function circleBox(near: LatLng, metres: number): NormalizedBoundingBox | undefined {
  const radians = metres / EARTH_RADIUS_M;
  const latDegrees = (radians * 180) / Math.PI;
  const sinLng = Math.sin(radians) / Math.cos((near.lat * Math.PI) / 180);
  if (radians >= Math.PI / 2 || Math.abs(near.lat) + latDegrees >= 90 || sinLng >= 1) {
    return undefined;
  }
  // The widest longitude of a circle on a sphere; a hair more, against rounding.
  const lngDegrees = ((Math.asin(sinLng) * 180) / Math.PI) * (1 + 1e-9);
  if (Math.abs(near.lng) + lngDegrees >= 180) return undefined;
  return {
    south: near.lat - latDegrees * (1 + 1e-9),
    north: near.lat + latDegrees * (1 + 1e-9),
    lngRanges: [[near.lng - lngDegrees, near.lng + lngDegrees]],
  };
}

function whereClause(conditions: SQL[]): SQL {
  return conditions.length ? sql`where ${sql.join(conditions, sql` and `)}` : sql``;
}

function orderClause(sort: MeadowSort, near: LatLng | undefined, nearestFirst: SQL): SQL {
  switch (sort) {
    case "distance":
      if (!near) throw new LocationRequiredError("sorting by distance needs a location");
      return sql`order by ${nearestFirst}`;
    case "name":
      return sql`order by m.sort_name, m.id`;
    case "price":
      return sql`order by m.price_amount asc nulls last, m.id`;
    case "newest":
      return sql`order by m.created_at desc, m.id desc`;
  }
}

function clampInteger(value: number | undefined, min: number, max: number, fallback: number) {
  if (value === undefined || !Number.isFinite(value)) return fallback;
  return Math.min(Math.max(Math.floor(value), min), max);
}

interface SummaryRow {
  id: string;
  name: string;
  city: string;
  country: string;
  price_text: string;
  price_amount: string | number | null;
  lat: number;
  lng: number;
  is_demo: boolean;
  created_at: Date | string;
  distance_m?: number;
}

function toSummary(row: SummaryRow): MeadowSummary {
  const summary: MeadowSummary = {
    id: row.id,
    name: row.name,
    city: row.city,
    country: row.country,
    priceText: row.price_text,
    priceAmount: row.price_amount === null ? null : Number(row.price_amount),
    lat: row.lat,
    lng: row.lng,
    isDemo: row.is_demo,
    createdAt: new Date(row.created_at),
  };
  if (row.distance_m !== undefined) summary.distanceKm = Number(row.distance_m) / 1000;
  return summary;
}

/**
 * Runs `query` with planner settings changed for it alone, and returns its rows as
 * queryManyRows does (as JSON on PGlite). The settings go in one statement (set_config), sent
 * with the query where the driver allows (queryManyRowsAfter): every statement costs a round
 * trip, and on PGlite a good part of a millisecond. Always off: JIT compilation, as PostgreSQL
 * compiles a plan whose cost estimate passes jit_above_cost, as a scan stopping at a LIMIT can,
 * which took 13 ms of 18 for a filtered map view at 1,000,000 meadows, to save far less; and
 * parallel workers, which PostgreSQL started for a bitmap of the area index and which, for the
 * few hundred rows these reads stop at, cost more to start than they save (a sparse view at
 * 100,000 meadows: 18 to 27 ms with two workers, on a CPU about 11).
 */
async function rowsWith<Row>(db: Database, settings: PlannerSetting[], query: SQL): Promise<Row[]> {
  const changes = ["jit", "max_parallel_workers_per_gather", ...settings].map((name) =>
    // The one number among them: no parallel workers.
    sql.raw(`set_config('${name}', '${name.startsWith("max_") ? "0" : "off"}', true)`),
  );
  return queryManyRowsAfter<Row>(db, sql`select ${sql.join(changes, sql`, `)}`, query);
}

type PlannerSetting =
  | "enable_bitmapscan"
  | "enable_indexscan"
  | "enable_indexonlyscan"
  | "enable_seqscan"
  | "synchronize_seqscans";

/**
 * Runs `query` with bitmap scans off, so index scans stream rows and stop at the LIMIT. The
 * planner guesses that an `earth_box` holds 0.1% of the table whatever its size, so it happily
 * collects every row in a radius into a bitmap first (at 1,000,000 meadows, 100,000 rows in a
 * dense 25 km, ~60 ms) and then sorts them; streaming stops after the page or the count cap.
 */
async function streamingRows<Row>(db: Database, query: SQL): Promise<Row[]> {
  return rowsWith<Row>(db, ["enable_bitmapscan"], query);
}

/**
 * Runs `query` reading the table in storage order from its first page: a LIMIT then takes rows
 * from all over it, a few thousand (rowsWith starts no parallel workers for them). Synchronized
 * scans stay off: with them on, a scan of a table larger than a quarter of shared_buffers starts
 * where the last one stopped, so each capped read started somewhere else and cost 1.3 to 9 ms
 * for the same view (measured at 100,000 meadows).
 */
async function tableOrderRows<Row>(db: Database, query: SQL): Promise<Row[]> {
  return rowsWith<Row>(
    db,
    ["enable_bitmapscan", "enable_indexscan", "synchronize_seqscans"],
    query,
  );
}

/**
 * Runs `query` through a bitmap of a trigram index (meadows_search_trgm_idx, or
 * meadows_area_trgm_idx for a view's cells: the only index its conditions can use, as the
 * caller leaves the view's box unindexed), reading the matching rows in storage order and
 * stopping at the LIMIT. Left to itself the planner, misled by the LIMIT, may read the table or
 * the name index in the hope of meeting a common-looking word early.
 */
async function trigramRows<Row>(db: Database, query: SQL): Promise<Row[]> {
  return rowsWith<Row>(
    db,
    ["enable_seqscan", "enable_indexscan", "enable_indexonlyscan", "synchronize_seqscans"],
    query,
  );
}

/**
 * A map view with a text filter is asked "text-first" when the word is rare in the whole table
 * (expected in at most RARE_WORD_ROWS meadows, see estimateText): the trigram index finds its
 * few meadows, which are then checked against the view. Otherwise the view's GiST index streams rows
 * (or the table is read in storage order), stopping at the LIMIT.
 */
const RARE_WORD_ROWS = 1_000;

/**
 * What finding a text's matches in a map view costs, in microseconds, from EXPLAIN ANALYZE on
 * PostgreSQL 15 at 100,000 and 1,000,000 meadows with the columns stored as migration 0009 left
 * them (words in one meadow of fifteen to one of three; zoom-7 views holding 5% to 80% of the
 * meadows):
 * - building the trigram index's bitmap, which looks each word up by its rarest trigram
 *   (lookupConditions): per meadow holding the rarest of those trigrams, 0.085 to 0.1 ("deich"
 *   in 62,000 meadows: 5.3 ms; "tulp" in 248,000: 16 to 20), plus per meadow holding each other
 *   word's trigram 0.005 to 0.008, as the index skips through those lists to the rows the first
 *   one found ("sonnenschein cueillette", 64,000 and 290,000: 6.7 to 8.5 ms);
 * - reading a candidate from the table and checking it against the view: about 0.5;
 * - reading a row in storage order and checking it: 0.25 to 0.31, whether in the view or not
 *   (0.5 to 0.9 before migration 0009, when lat and lng were stored after the long texts);
 * - reading a row of the view from the GiST index, nearest the centre first: about 0.75.
 *
 * PGlite takes 1.2 to 2 times as long for each, so the choices are the same.
 */
const TRIGRAM_LIST_COST = 0.1;
const TRIGRAM_SKIP_COST = 0.008;
const TRIGRAM_ROW_COST = 0.5;
const TABLE_ROW_COST = 0.3;
const INDEX_ROW_COST = 0.75;
/**
 * An entry of the GiST index's bitmap of a view: 0.3 to 0.4 µs where a candidate read from the
 * table took about 2 (PostgreSQL at 100,000 meadows, this session's slower machine).
 */
const VIEW_BITMAP_COST = 0.1;
/**
 * A word looked up by all of its trigrams: the lists of its other trigrams are about four times
 * as long as its rarest's ("sonnenschein": 26 to 32 ms, against 6 for "nsc" alone).
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

interface TextPlanInput {
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

function readsTableOrder({ matches, inView, all, pins }: TextPlanInput): boolean {
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
 * meadows is read in storage order for a word in one meadow of fifteen at 1,000,000 meadows
 * (a bitmap of 62,000 entries, 5 to 6 ms, against about 5,000 rows, 1.5), and a view holding a
 * twentieth of them asks the trigram index for a pair of words: around Bordeaux, the GiST index
 * read 26,000 rows for 500 holding "sonnenschein cueillette" (42 ms on PGlite), where the
 * bitmap of the pair's two rarest trigrams takes 7 to 9.
 */
export function readsTextFirst(input: TextPlanInput & TrigramPlanInput): boolean {
  if (input.lookups.length === 0) return false;
  if (input.inView <= 0 || input.all <= 0) return input.matches <= RARE_WORD_ROWS;
  return trigramCost(input) < viewFirstCost(input);
}

interface TrigramPlanInput {
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
 * Scanning the index for one cell, and looking up each word's key there, in µs. A pair of words
 * in the 66 cells around Bordeaux at 1,000,000 meadows took 2.5 to 3.6 ms on PostgreSQL for the
 * bitmap, of which about 0.75 for the lists. Measured view by view against the trigram index
 * (the same views, interleaved), a cell costs about 30 for a pair: below that, crowded views
 * went to this index and took longer than through the trigram index.
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
 * the candidates inside it. A small view saves most of the table reads: at 100,000 meadows,
 * "églantines" in a view of 5,700 meadows took 13 to 16 ms alone, 3.7 to 4.4 with the view.
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
 * The meadows expected to hold every word of the text (`whole`; infinite without text), and,
 * when every word has a trigram, how the trigram index would look them up (`lookups`), what
 * that costs (`words`) and the meadows holding all it looks up (`candidates`), and the same for
 * the area index, which looks each word up by its rarest trigram (`area`), from one sample
 * (estimateText). `total`: the meadows there are, when known.
 */
async function textEstimates(
  db: Database,
  filters: MeadowFilters,
  total?: number,
): Promise<{
  whole: number;
  /** The meadows there are, when the text was estimated. */
  meadows?: number;
  lookup?: { lookups: TrigramLookups; words: WordLookup[]; candidates: number };
  area?: { keys: AreaKeys; candidates: number };
}> {
  const words = textWords(filters);
  if (words.length === 0) return { whole: Number.POSITIVE_INFINITY };
  const { matches, rarest, total: meadows } = await estimateText(db, words, total);
  const lookups: TrigramLookups = [];
  const costs: WordLookup[] = [];
  const keys: AreaKeys = [];
  // Candidates: as if the words came independently of each other, and never fewer than match.
  const share = (holding: number) => (meadows > 0 ? Math.min(holding / meadows, 1) : 0);
  let candidates = meadows;
  let areaCandidates = meadows;
  for (const [index, word] of words.entries()) {
    const trigram = rarest[index];
    if (!trigram) return { whole: matches, meadows };
    const own = trigram.wordMatches;
    const alone = own !== undefined && trigram.matches <= ONE_TRIGRAM_SLACK * Math.max(own, 1);
    lookups.push({ word, rarest: alone ? trigram : undefined });
    costs.push({ list: trigram.matches, trigrams: alone ? 1 : trigramCount(word) });
    candidates *= share(alone ? trigram.matches : (own ?? trigram.matches));
    // The area index always looks a word up by its rarest trigram alone.
    keys.push({ word, at: trigram.at });
    areaCandidates *= share(trigram.matches);
  }
  const atLeastMatches = (count: number) => Math.max(Math.round(count), matches);
  return {
    whole: matches,
    meadows,
    lookup: { lookups, words: costs, candidates: atLeastMatches(candidates) },
    area: { keys, candidates: atLeastMatches(areaCandidates) },
  };
}

/** Each word and where its rarest trigram starts, for meadows_area_trgm_idx (see areaCost). */
type AreaKeys = { word: string; at: number }[];

/**
 * The text's conditions for a read through meadows_area_trgm_idx: in each of `cells`, every
 * word's rarest trigram (meadow_area_queries cuts it from the word as the database folds it), one
 * scan of the index per cell; then each word checked whole on the rows found.
 */
function areaConditions(keys: AreaKeys, cells: string[]): SQL[] {
  // The cells are "cx,cy" of integers the database gave, so an array literal holds them safely.
  const cellArray = `{${cells.map((cell) => `"${cell}"`).join(",")}}`;
  const words = sql.join(
    keys.map(({ word }) => sql`${word}::text`),
    sql`, `,
  );
  const starts = sql.join(
    keys.map(({ at }) => sql`${at}::int`),
    sql`, `,
  );
  return [
    sql`meadow_area_trigrams(m.lat, m.lng, m.search_text)
          @@ any(meadow_area_queries(${cellArray}::text[], array[${words}], array[${starts}]))`,
    ...keys.map(({ word }) => containsWord(word)),
  ];
}

/** Metres per degree of latitude on earthdistance's sphere. */
const METRES_PER_DEGREE = (EARTH_RADIUS_M * Math.PI) / 180;

/**
 * About how many meadows lie within `metres` of `near` (in `country`, if given), and how many
 * there are in all, read from the stored map grid: the cells, about half the radius wide, that
 * cover the circle's bounding box. Counts a little more than the circle holds; a few dozen rows.
 */
async function meadowsAround(
  db: Database,
  near: LatLng,
  metres: number,
  country: string | undefined,
): Promise<{ around: number; all: number }> {
  const radiusDeg = metres / METRES_PER_DEGREE;
  const level = Math.min(
    Math.max(Math.ceil(Math.log2(clusterCellSize(0) / Math.max(radiusDeg / 2, 1e-9))), 0),
    STORED_GRID_LEVELS - 1,
  );
  const lngRadius = radiusDeg / Math.max(Math.cos((near.lat * Math.PI) / 180), 0.01);
  const box = normalizeBoundingBox([
    near.lng - lngRadius,
    near.lat - radiusDeg,
    near.lng + lngRadius,
    near.lat + radiusDeg,
  ]);
  const { inView, all } = await meadowsInView(db, box, level, country);
  return { around: inView, all };
}

/**
 * How a search is asked. PostgreSQL guesses that any `earth_box` holds 0.1% of the table, however
 * many meadows it really holds, and that a word's matches are spread evenly along a sort order;
 * both guesses can be far off, so the service picks the plan for these shapes itself:
 * - "text-first": the word is expected in few meadows (RARE_WORD_ROWS or fewer); the
 *   trigram index finds them first and they are filtered and sorted (rather than walking the
 *   whole name index in the hope of finding 21 of them early).
 * - "planner": no radius and a word neither rare nor common, or none: PostgreSQL chooses well
 *   (the trigram index, or a word along the sort order's index, stopping after a page).
 * - "common-word": no radius and a text in at least one meadow of COMMON_WORD_SHARE: as
 *   "planner", PostgreSQL walks the sort order's index, but each entry is checked with strpos
 *   (containsWord), a third cheaper than LIKE, which only serves the trigram index. That index
 *   would read a list of at least 2% of the table and sort it, where the walk reads about 50
 *   entries for each of a page's rows, or more where the word clusters along the order:
 *   "pluktuin" is only in names, and by name its first matches follow 17,711 others.
 * - "nearest": a radius, sorted by distance: rows come nearest first from the GiST index (KNN)
 *   and stop at the page and at the count cap (bitmap scans off, or the planner would collect
 *   every row in the radius first).
 * - "along-order": a radius holding a large share of all meadows, sorted by name, price or age:
 *   read along that order's index, measuring each row; the count streams the radius.
 * - "radius-first": a radius holding few meadows, sorted by name, price or age: the radius is read
 *   whole (a bitmap scan of the GiST index), then filtered and sorted.
 * The last two cost the same when the radius holds sqrt(c × 21 × all) meadows (a page of 21 rows
 * along the order needs all / inRadius rows each, which cost c radius rows: about 2 when each
 * is read from the table, 1/8 when the order's index covers the filters, COVERED_ROW_COST); the
 * stored map grid tells how many the radius holds. Known cost: a word common elsewhere but rare
 * within a crowded radius, sorted by distance, visits every meadow in the radius.
 */
type SearchPlan =
  "text-first" | "planner" | "common-word" | "nearest" | "along-order" | "radius-first";

/** The share of all meadows from which a text counts as common: see "common-word". */
const COMMON_WORD_SHARE = 1 / 50;

async function planSearch(
  db: Database,
  params: SearchParams,
  pageSize: number,
): Promise<SearchPlan> {
  const { whole: matches, meadows } = await textEstimates(db, params);
  if (matches <= RARE_WORD_ROWS) return "text-first";
  const metres = radiusMetres(params);
  if (metres === undefined || !params.near) {
    const common = meadows !== undefined && matches >= COMMON_WORD_SHARE * meadows;
    return common ? "common-word" : "planner";
  }
  if (params.sort === "distance") return "nearest";
  const { around, all } = await meadowsAround(db, params.near, metres, params.country);
  const rowCost = coveredAlongOrder(params) ? COVERED_ROW_COST : 2;
  return around * around > rowCost * (pageSize + 1) * all ? "along-order" : "radius-first";
}

/**
 * What reading one row along a sort order's index costs, relative to reading one row of a radius
 * (a bitmap scan of the GiST index, then the table), when that index covers the filters
 * (migration 0008) and the walk reads no table rows. Measured at 1,000,000 meadows: ~0.3 µs an
 * index entry against 3–5 µs a radius row.
 */
const COVERED_ROW_COST = 0.125;

/** Whether the sort order's index holds all the filters test: name holds text, price does not. */
function coveredAlongOrder(params: SearchParams): boolean {
  return params.sort === "name" || (params.sort === "price" && !searchText(params));
}

/** The columns a page needs, and what it is filtered and sorted by, for a preselection. */
const CANDIDATE_COLUMNS = sql`m.id, m.name, m.city, m.country, m.price_text, m.price_amount,
  m.lat, m.lng, m.is_demo, m.created_at, m.sort_name, m.search_text`;

/**
 * One page of meadows matching the filters, in the chosen order, with the number of matches (up
 * to SEARCH_COUNT_CAP); see SearchPlan for how.
 */
export async function searchMeadows(db: Database, params: SearchParams): Promise<SearchResult> {
  const near = params.near;
  if (near && !isValidLocation(near)) {
    throw new RangeError(`not a location: ${near.lat}, ${near.lng}`);
  }
  const pageSize = clampInteger(params.pageSize, 1, MAX_PAGE_SIZE, DEFAULT_PAGE_SIZE);
  const page = clampInteger(params.page, 1, Number.MAX_SAFE_INTEGER, 1);
  orderClause(params.sort, near, sql``); // fails early when a distance sort has no location
  const plan = await planSearch(db, params, pageSize);

  const textOnly = { text: params.text };
  const allButText = { country: params.country, near, maxDistanceKm: params.maxDistanceKm };
  const radiusOnly = { near, maxDistanceKm: params.maxDistanceKm };
  const allButRadius = { text: params.text, country: params.country };
  let prefix = sql``;
  let source = sql`meadows m`;
  let distance = near ? sql`, ${distanceMetres(near)} as distance_m` : sql``;
  // With a radius, the rows come from the GiST indexes or a sort order's index (with bitmap
  // scans off, see streamingRows), or from the radius read first: the trigram index takes no
  // part, and each row is checked for the words (containsWord).
  const textIndex = plan === "planner" || plan === "text-first";
  let where = whereClause(filterConditions(params, { textIndex }));
  // Counting reads the GiST index on point(lng, lat) alone (it holds all the filters test).
  let countWhere = whereClause(filterConditions(params, { radiusIndex: "point", textIndex }));
  switch (plan) {
    case "text-first":
      prefix = sql`with found as materialized (
        select ${CANDIDATE_COLUMNS} from meadows m ${whereClause(filterConditions(textOnly))})`;
      source = sql`found m`;
      where = countWhere = whereClause(filterConditions(allButText, { radiusIndex: false }));
      break;
    case "along-order":
      where = whereClause(filterConditions(params, { radiusIndex: false, textIndex }));
      break;
    case "radius-first":
      prefix = sql`with nearby as materialized (
        select ${CANDIDATE_COLUMNS} ${distance}
        from meadows m ${whereClause(filterConditions(radiusOnly))})`;
      source = sql`nearby m`;
      distance = sql`, m.distance_m`;
      where = countWhere = whereClause(filterConditions(allButRadius, { textIndex }));
      break;
  }
  // `<->` on earth points walks the GiST index nearest-first (KNN). The few rows of a rare word
  // are sorted by the cheaper great-circle formula instead, which orders them the same.
  const nearestFirst =
    near && plan !== "text-first"
      ? sql`${MEADOW_EARTH} <-> ${earthAt(near)}`
      : sql`distance_m, m.id`;
  const order = orderClause(params.sort, near, nearestFirst);
  const streaming = plan === "nearest" || plan === "along-order";
  const cap = SEARCH_COUNT_CAP;

  // The page stops after one page (and one row more, to tell whether another follows) and the
  // count at the cap; count(*) over () would have to read every match. The count rides along as
  // an uncorrelated subquery, run once: one statement instead of two (PGlite pays per statement).
  const count = sql`(select count(*)::int from (select 1 from ${source} ${countWhere}
    limit ${cap + 1}) as capped)`;
  const limits = sql`limit ${pageSize + 1} offset ${(page - 1) * pageSize}`;
  const columns = sql`m.id, m.name, m.city, m.country, m.price_text, m.price_amount, m.lat,
    m.lng, m.is_demo, m.created_at ${distance}, ${count} as matches`;
  // Walking a sort order's index, the page's ids come first, from the covering index alone
  // (migration 0008: it holds what the filters test), and only the page's rows are read.
  const idsFirst = plan === "planner" || plan === "common-word" || plan === "along-order";
  const pageQuery = idsFirst
    ? sql`with page as (select m.id, row_number() over (${order}) as ord
          from ${source} ${where} ${order} ${limits})
        select ${columns} from page p join meadows m on m.id = p.id order by p.ord`
    : sql`${prefix} select ${columns} from ${source} ${where} ${order} ${limits}`;
  // A page comes as JSON on PGlite (queryManyRows, and so streamingRows): 21 rows one by one
  // cost more there. It keeps their order, as one aggregate reads the ordered statement, with no
  // join or parallel worker.
  type PageRow = SummaryRow & { matches: number };
  const rows = streaming
    ? await streamingRows<PageRow>(db, pageQuery)
    : await queryManyRows<PageRow>(db, pageQuery);
  // Past the last page there is no row to carry the count.
  const n = rows[0]
    ? Number(rows[0].matches)
    : Number(
        (
          await (streaming ? streamingRows : queryRows)<{ matches: number }>(
            db,
            sql`${prefix} select ${count} as matches`,
          )
        )[0]?.matches ?? 0,
      );
  const totalCapped = n > cap;
  const total = Math.min(n, cap);
  const hasNextPage = rows.length > pageSize;
  const countedPages = Math.max(1, Math.ceil(total / pageSize));
  return {
    items: rows.slice(0, pageSize).map(toSummary),
    total,
    totalCapped,
    page,
    pageSize,
    pageCount: totalCapped ? Math.max(countedPages, page + (hasNextPage ? 1 : 0)) : countedPages,
    hasNextPage,
  };
}

/* ---------------------------------------------------------------------------------------------
 * Map viewport
 */

/** [west, south, east, north] in degrees, as MapLibre's `getBounds().toArray().flat()` gives. */
export type BoundingBox = [west: number, south: number, east: number, north: number];

export interface MapPoint {
  id: string;
  name: string;
  lat: number;
  lng: number;
  city: string;
  priceText: string;
  /** The meadow's first photo; the map's API adds it to the pins it answers with. */
  photo?: { src: string; srcSet: string; width: number; height: number; placeholder: string };
}

export interface MapCluster {
  /** Stable while the map pans at one zoom: the grid cell, `zoom/x/y`. */
  key: string;
  count: number;
  /** The mean position of the meadows in the cell, where the cluster is drawn. */
  lat: number;
  lng: number;
  /** One meadow of the cell. */
  sampleId: string;
  /** The cell, to zoom into on a click: [west, south, east, north]. */
  bounds: BoundingBox;
}

export type ViewportResult =
  | { kind: "points"; points: MapPoint[] }
  | {
      kind: "clusters";
      clusters: MapCluster[];
      /**
       * False for a filtered view (text or distance): the clusters then count the first matches
       * read, as many as the pins the view may show, so their counts are lower bounds.
       */
      complete: boolean;
    };

/**
 * How a view's meadows were found, told to viewportMeadows' `onRead` (the benchmark counts them):
 * the stored grid's clusters (and pins of few), the view read in storage order or from its GiST
 * index, or its words looked up in the trigram index (ANDed with the view's GiST bitmap or not)
 * or in the area index of its cells.
 */
export type ViewportRead =
  "grid" | "table-order" | "view-index" | "trigram" | "trigram-and-view" | "area";

export interface ViewportParams {
  bbox: BoundingBox;
  zoom: number;
  filters?: MeadowFilters;
}

/** Up to this many meadows in view are sent as pins; more are clustered. */
export const VIEWPORT_POINT_LIMIT = 500;
/** From this zoom on pins are sent even when there are more, up to VIEWPORT_POINT_LIMIT_NEAR. */
export const VIEWPORT_POINTS_ZOOM = 12;
const VIEWPORT_POINT_LIMIT_NEAR = 2_000;
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
 * same to find, so half as many halve the work: at 1,000,000 meadows a pair of words took 17 to
 * 20 ms (p50) with 500 and 7 to 9 with 250. The clusters then show where the first 250 lie, and
 * the map says "250+ meadows in view". Only reads in storage order (the table's or the trigram
 * index's) take fewer: their matches lie all over the view. The GiST index reads nearest the
 * centre first, and 250 would cover a smaller middle of the view than 500 do. An estimate four
 * times too high is rare; then the view shows clusters where it might have shown 251 to 500
 * pins, and one zoom step closer shows them.
 */
export function matchesToRead(limit: number, expectedInView: number): number {
  return expectedInView > SURELY_MANY * limit ? Math.min(limit, CLUSTER_SAMPLE) : limit;
}

/** Levels 0 to 11 of the grid are kept in the table meadow_grid (migration 0006). */
const STORED_GRID_LEVELS = 12;
/** Grid cells of a quarter tile (64 px of a 256 px tile): clusters about a thumb apart. */
const CELLS_PER_TILE = 4;
const MAX_ZOOM = 22;

/** The grid cell size in degrees at `zoom`; the same as SQL's meadow_grid_cell_size(level). */
export function clusterCellSize(zoom: number): number {
  return 360 / 2 ** zoom / CELLS_PER_TILE;
}

function wrapLongitude(lng: number): number {
  return ((((lng + 180) % 360) + 360) % 360) - 180;
}

export interface NormalizedBoundingBox {
  south: number;
  north: number;
  /** One range, or two when the view crosses the antimeridian. */
  lngRanges: [west: number, east: number][];
}

/**
 * The bbox as the database can use it. Values out of range are clamped, a missing (NaN) edge is
 * the world's edge, a view wider than the world is the world, and a view across the antimeridian
 * (170 to 190 as MapLibre gives it, or 170 to -170 as GeoJSON does) becomes two ranges.
 */
export function normalizeBoundingBox(bbox: BoundingBox): NormalizedBoundingBox {
  const [west, south, east, north] = bbox.map((value) =>
    Number.isFinite(value) ? value : Number.NaN,
  ) as BoundingBox;
  const clampLat = (lat: number, fallback: number) =>
    Number.isNaN(lat) ? fallback : Math.min(Math.max(lat, -90), 90);
  const [low, high] = [clampLat(south, -90), clampLat(north, 90)];
  const latitudes = { south: Math.min(low, high), north: Math.max(low, high) };
  // An east edge left of the west edge crosses the antimeridian (GeoJSON's convention);
  // MapLibre instead reports such a view with an east edge beyond 180.
  const unwrappedEast = east < west ? east + 360 : east;
  if (Number.isNaN(west) || Number.isNaN(east) || unwrappedEast - west >= 360) {
    return { ...latitudes, lngRanges: [[-180, 180]] };
  }
  const wrappedWest = wrapLongitude(west);
  // East wraps into (-180, 180], so a view ending at the antimeridian ends at 180, not -180.
  const wrappedEast = -wrapLongitude(-unwrappedEast);
  if (wrappedWest <= wrappedEast) {
    return { ...latitudes, lngRanges: [[wrappedWest, wrappedEast]] };
  }
  return {
    ...latitudes,
    lngRanges: [
      [wrappedWest, 180],
      [-180, wrappedEast],
    ],
  };
}

/**
 * The GiST index `meadows_point_idx` on point(lng, lat) answers this; `indexed: false` compares
 * the columns instead, for when another index finds the rows.
 */
function boundingBoxCondition(box: NormalizedBoundingBox, { indexed = true } = {}): SQL {
  const ranges = box.lngRanges.map(([west, east]) =>
    indexed
      ? sql`point(m.lng, m.lat) <@ box(point(${west}::float8, ${box.south}::float8), point(${east}::float8, ${box.north}::float8))`
      : sql`(m.lng between ${west}::float8 and ${east}::float8 and m.lat between ${box.south}::float8 and ${box.north}::float8)`,
  );
  return sql`(${sql.join(ranges, sql` or `)})`;
}

/** The grid cells a view touches, as index ranges. */
function cellRanges(box: NormalizedBoundingBox, cell: number) {
  return {
    x: box.lngRanges.map(
      ([west, east]) => [Math.floor(west / cell), Math.floor(east / cell)] as const,
    ),
    y: [Math.floor(box.south / cell), Math.floor(box.north / cell)] as const,
  };
}

function cellRangeCondition(column: SQL, ranges: readonly (readonly [number, number])[]): SQL {
  const parts = ranges.map(([from, to]) => sql`${column} between ${from} and ${to}`);
  return sql`(${sql.join(parts, sql` or `)})`;
}

interface PointRow {
  id: string;
  name: string;
  lat: number;
  lng: number;
  city: string;
  price_text: string;
}

interface ClusterRow {
  cx: number;
  cy: number;
  count: number;
  lat: number;
  lng: number;
  sample_id: string;
}

function toClusters(rows: ClusterRow[], zoom: number, cell: number): MapCluster[] {
  return rows.map((row) => {
    const cx = Number(row.cx);
    const cy = Number(row.cy);
    return {
      key: `${zoom}/${cx}/${cy}`,
      count: Number(row.count),
      lat: Number(row.lat),
      lng: Number(row.lng),
      sampleId: row.sample_id,
      bounds: [cx * cell, cy * cell, (cx + 1) * cell, (cy + 1) * cell],
    };
  });
}

function cellInside([west, south, east, north]: BoundingBox, box: NormalizedBoundingBox) {
  return (
    south >= box.south &&
    north <= box.north &&
    box.lngRanges.some(([from, to]) => west >= from && east <= to)
  );
}

async function storedClusters(
  db: Database,
  box: NormalizedBoundingBox,
  level: number,
  country: string | undefined,
): Promise<MapCluster[]> {
  const cell = clusterCellSize(level);
  const cells = cellRanges(box, cell);
  // A view holds up to a few hundred cells: as JSON on PGlite (queryManyRows).
  const rows = await queryManyRows<ClusterRow>(
    db,
    sql`select cx, cy, sum(count)::int as count, sum(lat_sum) / sum(count) as lat,
          sum(lng_sum) / sum(count) as lng, min(sample_id) as sample_id
        from meadow_grid
        where level = ${level} and ${cellRangeCondition(sql`cx`, cells.x)}
          and cy between ${cells.y[0]} and ${cells.y[1]}
          ${country ? sql`and country = ${country.toUpperCase()}` : sql``}
        group by cx, cy`,
  );
  return toClusters(rows, level, cell);
}

/**
 * What the map shows for a view: the pins when at most VIEWPORT_POINT_LIMIT meadows are in
 * view (from zoom VIEWPORT_POINTS_ZOOM on, up to VIEWPORT_POINT_LIMIT_NEAR), otherwise clusters:
 * one per grid cell the view touches (cells are fixed in space, so clusters stay put while the
 * map pans; a cell at the edge counts its meadows just outside the view too).
 *
 * Unfiltered and country-filtered views read the clusters from meadow_grid, which triggers keep
 * current: the cost grows with the cells in view, not with the meadows (past zoom 11, the finest
 * stored level serves), and pins are only fetched when the grid leaves room for few enough. With
 * a text or distance filter at most one more match than the pin limit is read: the pins, or
 * clusters of the first matches (then `complete` is false and the counts are lower bounds).
 */
export async function viewportMeadows(
  db: Database,
  params: ViewportParams,
  { onRead }: { onRead?: (read: ViewportRead) => void } = {},
): Promise<ViewportResult> {
  const zoom = clampInteger(params.zoom, 0, MAX_ZOOM, 0);
  const box = normalizeBoundingBox(params.bbox);
  const filters = params.filters ?? {};
  const radius = radiusMetres(filters);
  const usesGrid = !searchText(filters) && radius === undefined;
  const limit = zoom >= VIEWPORT_POINTS_ZOOM ? VIEWPORT_POINT_LIMIT_NEAR : VIEWPORT_POINT_LIMIT;

  // The stored grid bounds the meadows in view: cells wholly inside the view hold at least, all
  // cells it touches at most, what is in view. Past zoom 11 the finest stored level serves.
  let gridClusters: MapCluster[] | undefined;
  if (usesGrid) {
    const level = Math.min(zoom, STORED_GRID_LEVELS - 1);
    gridClusters = await storedClusters(db, box, level, filters.country);
    const inside = gridClusters
      .filter((cluster) => cellInside(cluster.bounds, box))
      .reduce((sum, cluster) => sum + cluster.count, 0);
    if (inside > limit) {
      onRead?.("grid");
      return { kind: "clusters", clusters: gridClusters, complete: true };
    }
  }

  // A text without a radius: the stored grid says how many meadows the view holds, so the
  // cheaper of the two ways to find its matches can be chosen. With a radius, only rare words go
  // text-first.
  const shares =
    radius === undefined && searchText(filters)
      ? await meadowsInView(db, box, Math.min(zoom, STORED_GRID_LEVELS - 1), filters.country, {
          area: true,
        })
      : undefined;
  // Estimates are for all meadows; `all` counts those of the country filtered on, if any.
  const {
    whole: estimate,
    lookup,
    area,
  } = await textEstimates(db, filters, filters.country ? undefined : shares?.all);
  const plan = shares && { matches: estimate, inView: shares.inView, all: shares.all, pins: limit };
  // The words looked up in the view's cells (areaCost), when that is cheapest.
  const areaCells =
    plan &&
    lookup &&
    area &&
    shares.area &&
    readsAreaIndex({
      ...plan,
      lookups: lookup.words,
      candidates: lookup.candidates,
      cells: shares.area.cells.length,
      inCells: shares.area.inCells,
      // The area index reads each word's rarest trigram's list, as costed for the trigram index.
      lists: lookup.words.map((word) => word.list),
      areaCandidates: area.candidates,
    })
      ? shares.area.cells
      : undefined;
  // With a radius, only rare words go text-first, looked up by all their trigrams.
  const textFirst =
    !areaCells &&
    lookup !== undefined &&
    (plan
      ? readsTextFirst({ ...plan, lookups: lookup.words, candidates: lookup.candidates })
      : estimate <= RARE_WORD_ROWS);
  // Read text-first, the words go to the trigram index; otherwise each row is checked.
  const filterWhere =
    areaCells && area
      ? [...areaConditions(area.keys, areaCells), ...filterConditions({ ...filters, text: "" })]
      : filterConditions(filters, {
          radiusIndex: !textFirst,
          lookups: textFirst && shares ? lookup?.lookups : undefined,
          textIndex: textFirst,
        });
  if (gridClusters) {
    // Few enough in the stored grid's cells inside the view, but perhaps not in all it touches.
    const points = await streamingRows<PointRow>(
      db,
      sql`select m.id, m.name, m.lat, m.lng, m.city, m.price_text
          from meadows m
          ${whereClause([boundingBoxCondition(box), ...filterWhere])}
          limit ${limit + 1}`,
    );
    onRead?.("grid");
    if (points.length <= limit) return { kind: "points", points: points.map(toMapPoint) };
    return { kind: "clusters", clusters: gridClusters, complete: true };
  }

  // A filtered view: one read of its matches, up to one more than `cap`, the pins it may show
  // (or fewer when read in storage order, see matchesToRead). All of them read: the pins. More:
  // the clusters of those read, which say they are incomplete. (No clusters of a filtered view
  // are complete, so they need not count whole cells as the stored grid does.)
  //
  // Read in storage order, or from the GiST index nearest the view's centre (readsTableOrder), or
  // through a trigram index (the whole table's, or the view's cells'), in storage order too, for
  // a text it finds more cheaply.
  let read = textFirst || areaCells ? trigramRows : streamingRows;
  if (plan && read === streamingRows && readsTableOrder(plan)) read = tableOrderRows;
  const cap =
    shares && read !== streamingRows
      ? matchesToRead(limit, (estimate * shares.inView) / shares.all)
      : limit;
  // Text-first in a small view: the view's GiST bitmap is ANDed with the trigram index's.
  const viewCosts =
    textFirst && plan && lookup
      ? candidateCosts({ ...plan, candidates: lookup.candidates })
      : undefined;
  const andsView = viewCosts !== undefined && viewCosts.withView < viewCosts.alone;
  onRead?.(
    areaCells
      ? "area"
      : textFirst
        ? andsView
          ? "trigram-and-view"
          : "trigram"
        : read === tableOrderRows
          ? "table-order"
          : "view-index",
  );
  const [range] = box.lngRanges;
  const centre = range && { lng: (range[0] + range[1]) / 2, lat: (box.south + box.north) / 2 };
  const centreFirst =
    read === streamingRows && centre && box.lngRanges.length === 1
      ? sql`order by point(m.lng, m.lat) <-> point(${centre.lng}::float8, ${centre.lat}::float8)`
      : sql``;
  // One statement answers with the pins or the clusters, counted in SQL: the rows behind the
  // clusters need not travel (on PGlite each row returned costs several µs).
  const cell = clusterCellSize(zoom);
  const rows = await read<PointRow & { count: number | null; cx: number; cy: number }>(
    db,
    sql`with matching as materialized (
          select m.id, m.name, m.lat, m.lng, m.city, m.price_text
          from meadows m
          ${whereClause([boundingBoxCondition(box, { indexed: read === streamingRows || andsView }), ...filterWhere])}
          ${centreFirst}
          limit ${cap + 1}),
        found as (select count(*) as n from matching)
        select id, name, lat, lng, city, price_text, null::int as count, null::int as cx,
          null::int as cy
        from matching where (select n from found) <= ${cap}
        union all
        select min(id), null, avg(lat), avg(lng), null, null, count(*)::int,
          floor(lng / ${cell}::float8)::int, floor(lat / ${cell}::float8)::int
        from (select * from matching limit ${cap}) first
        where (select n from found) > ${cap}
        group by 8, 9`,
  );
  if (rows.every((row) => row.count === null)) {
    return { kind: "points", points: rows.map(toMapPoint) };
  }
  const clusters = rows.map((row) => ({ ...row, count: Number(row.count), sample_id: row.id }));
  return { kind: "clusters", clusters: toClusters(clusters, zoom, cell), complete: false };
}

function toMapPoint(row: PointRow): MapPoint {
  return {
    id: row.id,
    name: row.name,
    lat: row.lat,
    lng: row.lng,
    city: row.city,
    priceText: row.price_text,
  };
}

/**
 * How many meadows the stored grid has in the cells a view touches, and in all (one statement).
 * With `area` and a level of AREA_GRID_LEVEL or finer, also the cells of AREA_GRID_LEVEL holding
 * those meadows ('cx,cy', as meadow_area_trigrams names them): each cell of a finer level lies in
 * one of them, so the same rows tell, and `inCells`, about how many meadows those larger cells
 * hold, in proportion to their area.
 */
async function meadowsInView(
  db: Database,
  box: NormalizedBoundingBox,
  level: number,
  country: string | undefined,
  { area = false } = {},
): Promise<{ inView: number; all: number; area?: { cells: string[]; inCells: number } }> {
  const cells = cellRanges(box, clusterCellSize(level));
  const inCountry = country ? sql`and country = ${country.toUpperCase()}` : sql``;
  const shift = level - AREA_GRID_LEVEL;
  const withArea = area && shift >= 0;
  const [row] = await queryRows<{
    in_view: number | null;
    all: number | null;
    area_cells: number[] | null;
  }>(
    db,
    sql`select grid.in_view, grid.area_cells,
          (select sum(count)::int from meadow_grid where level = 0 ${inCountry}) as all
        from (select sum(count)::int as in_view,
            ${withArea ? sql`array_agg(distinct ${areaCellNumber(sql`cx >> ${shift}::int`, sql`cy >> ${shift}::int`)})` : sql`null::int[]`} as area_cells
          from meadow_grid
          where level = ${level} and ${cellRangeCondition(sql`cx`, cells.x)}
            and cy between ${cells.y[0]} and ${cells.y[1]} ${inCountry}) grid`,
  );
  const inView = Number(row?.in_view ?? 0);
  const result = { inView, all: Number(row?.all ?? 0) };
  if (!withArea) return result;
  // The area of the cells of `cellLevel` the view touches, in square degrees.
  const touchedArea = (cellLevel: number) => {
    const size = clusterCellSize(cellLevel);
    const ranges = cellRanges(box, size);
    const columns = ranges.x.reduce((sum, [from, to]) => sum + to - from + 1, 0);
    return columns * (ranges.y[1] - ranges.y[0] + 1) * size ** 2;
  };
  const larger = touchedArea(AREA_GRID_LEVEL) / touchedArea(level);
  return {
    ...result,
    area: {
      cells: (row?.area_cells ?? []).map((number) => areaCellName(Number(number))),
      inCells: Math.round(inView * Math.max(larger, 1)),
    },
  };
}

/**
 * A cell of AREA_GRID_LEVEL as one number, for meadowsInView to gather distinct cells: as text
 * ('cx,cy'), 110 cells took PGlite 1 ms more to build and sort (by collation) than as numbers.
 * The level's cells number 256 around the world and 128 from pole to pole, so cx and cy lie well
 * within ±AREA_CELL_OFFSET.
 */
const AREA_CELL_OFFSET = 1024;

function areaCellNumber(cx: SQL, cy: SQL): SQL {
  return sql`((${cx}) + ${AREA_CELL_OFFSET}::int) * ${2 * AREA_CELL_OFFSET}::int + (${cy}) + ${AREA_CELL_OFFSET}::int`;
}

/** The name meadow_area_trigrams gives the cell areaCellNumber numbered: 'cx,cy'. */
function areaCellName(number: number): string {
  const span = 2 * AREA_CELL_OFFSET;
  return `${Math.floor(number / span) - AREA_CELL_OFFSET},${(number % span) - AREA_CELL_OFFSET}`;
}
