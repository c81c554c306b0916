import { sql } from "drizzle-orm";
import { queryManyRows, queryRows, type Database } from "~/adapters/db.server";
import { cropsFromColumns, type MeadowCrop } from "~/lib/crops";
import { encodeTimeline } from "~/lib/hours-text";
import type { FirstPhoto } from "../photos.server";
import { gridMatchCounts, gridMatchesInCells } from "./clusters.server";
import { hoursTimeline, openCropHoursKeys } from "./hours.server";
import {
  clampInteger,
  cropCellsNear,
  filterCrops,
  gridFilter,
  radiusMetres,
  searchText,
  seasonMonths,
} from "./filters.server";
import { cellsWithin, isValidLocation } from "./geo-sql.server";
import { meadowsAround, textEstimates } from "./plan-estimates.server";
import { bitmapRows, serialRows, streamingRows } from "./planner-settings.server";
import { radiusPlan, textSearchPlan, type SearchPlan } from "./search-plan";
import {
  countedFirst,
  nearCropsStatement,
  nearestWalkStatement,
  orderClause,
  planStatement,
  SEARCH_COUNT_CAP,
  seasonFirstStatement,
  type SearchParams,
} from "./search-statements.server";
import { withWordKeys } from "./word-keys.server";

/*
 * The list's search: one page of meadows matching the filters, in the chosen order, with the
 * number of matches, by a plan the service picks (SearchPlan) from what it reads of the data;
 * each plan's statement is built in search-statements.server.ts.
 */

export {
  MEADOW_SORTS,
  SEARCH_COUNT_CAP,
  type MeadowSort,
  type SearchParams,
} from "./search-statements.server";

export const DEFAULT_PAGE_SIZE = 20;
const MAX_PAGE_SIZE = 100;
/**
 * Chosen crops within a distance, sorted by distance ("crops-near"): up to this many matches are
 * read from their cells and sorted; more, and the GiST index walks to the nearest (ADR 47).
 */
export const NEAR_CROPS_SORTED = 2_000;

/**
 * Before that, for pages 1 to 5, the nearest meadows are walked to, when the stored grid shows
 * more matches than the count's cap in cells wholly within the distance, and, counting each
 * crop's, NEAR_WALK_SHARE of the meadows there or more: the walk then meets the page within
 * NEAR_WALK_PER_ROW meadows a row, while the crops' index by cell would read every entry of the
 * circle's cells (37,000 for eight common crops around Utrecht at 1,000,000 meadows) before its
 * first row.
 */
export const NEAR_WALK_PER_ROW = 20;
const NEAR_WALK_SHARE = 1 / 8;
const NEAR_WALK_ROWS = 5 * DEFAULT_PAGE_SIZE + 1;

/**
 * How far ahead a card's hours are told: past the next midnight, so a page left open overnight
 * still turns "opens tomorrow" into "opens at"; a detail page is told a week (see hoursTimeline).
 */
export const CARD_HOURS_MS = 30 * 3_600_000;

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
  /** What grows there, with its months (see app/lib/crops.ts). */
  crops: MeadowCrop[];
  /** Set when the search has a location. */
  distanceKm?: number;
  /**
   * What the hours say from the search's "now" on (see CARD_HOURS_MS), as encodeTimeline writes
   * it without the time zone (the country tells it); none without hours.
   */
  hours?: string;
  /** The meadow's first photo, as its card shows it; null without one. */
  firstPhoto: FirstPhoto | null;
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
  crops: string[];
  crop_months: number[];
  hours_syntax: string | null;
  first_photo: FirstPhoto | null;
  distance_m?: number;
}

function toSummary(row: SummaryRow, now: Date): MeadowSummary {
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
    crops: cropsFromColumns(row.crops, row.crop_months),
    firstPhoto: row.first_photo,
  };
  if (row.distance_m !== undefined) summary.distanceKm = Number(row.distance_m) / 1000;
  const hours = hoursTimeline(row.hours_syntax, row.country, now, CARD_HOURS_MS);
  if (hours) summary.hours = encodeTimeline(hours, { zone: false });
  return summary;
}

async function planSearch(
  db: Database,
  params: SearchParams,
  pageSize: number,
): Promise<SearchPlan> {
  // Chosen crops without words: their GIN index finds the few meadows growing them (one in ten
  // for the commonest), which the planner combines with a radius's box and sorts (ADR 36);
  // sorted by distance, the crops' index by cell finds those within it (ADR 47).
  if (!searchText(params) && filterCrops(params)) {
    return params.sort === "distance" && cropCellsNear(params) ? "crops-near" : "planner";
  }
  const { whole: matches, meadows } = await textEstimates(db, params);
  const metres = radiusMetres(params);
  const near = metres === undefined ? undefined : params.near;
  const plan = textSearchPlan({
    matches,
    meadows,
    radius: near !== undefined,
    byDistance: params.sort === "distance",
  });
  if (plan || !near || metres === undefined) return plan ?? "planner";
  const { around, all } = await meadowsAround(db, near, metres, params.country);
  return radiusPlan({ around, all, pageSize, covered: coveredAlongOrder(params) });
}

/**
 * What the stored grid (ADR 42) says of a search counted first (countedFirst): whether more than
 * SEARCH_COUNT_CAP meadows match ("many", then nothing is counted: the page walks the sort
 * order, which meets them soon, and the total is "200+"), at most that many ("few"), or it
 * cannot tell (several crops, each crop's count summed above the cap and its largest below). With
 * few and "open now" with crops, `params` gains the keys of the index of crops by hours open
 * now, which finds just those matches. With more the index is left out: for a common crop at a
 * busy hour its keys' lists are long, and the planner chose it over walking the name order
 * (ADR 37).
 */
async function gridCounted(
  db: Database,
  asked: SearchParams,
): Promise<{ params: SearchParams; matches?: "few" | "many" }> {
  if (!countedFirst("planner", asked) || asked.near || asked.maxDistanceKm !== undefined) {
    return { params: asked };
  }
  const now = asked.now ?? new Date();
  const params = { ...asked, now };
  const grid = gridFilter(params);
  if (!grid) return { params: asked };
  const { atMost, atLeast } = await gridMatchCounts(db, params.country, grid);
  if (atLeast > SEARCH_COUNT_CAP) return { params, matches: "many" };
  if (atMost > SEARCH_COUNT_CAP) return { params };
  const crops = filterCrops(params);
  if (!params.openNow || !crops) return { params, matches: "few" };
  return {
    params: { ...params, openCropHours: await openCropHoursKeys(db, crops, now) },
    matches: "few",
  };
}

/**
 * Whether the sort order's index holds all the filters test: name holds the text, crops, seasons
 * and hours (migrations 0008 and 0022); price only the country and the place.
 */
function coveredAlongOrder(params: SearchParams): boolean {
  return (
    params.sort === "name" ||
    (params.sort === "price" &&
      !searchText(params) &&
      filterCrops(params) === undefined &&
      seasonMonths(params).length === 0 &&
      !params.openNow)
  );
}

/**
 * One page of meadows matching the filters, in the chosen order, with the number of matches (up
 * to SEARCH_COUNT_CAP); see SearchPlan for how.
 */
export async function searchMeadows(
  db: Database,
  typed: SearchParams,
  {
    nearCropsSorted = NEAR_CROPS_SORTED,
    nearWalkPerRow = NEAR_WALK_PER_ROW,
    seasonPartSorted = SEASON_PART_SORTED,
  }: { nearCropsSorted?: number; nearWalkPerRow?: number; seasonPartSorted?: number } = {},
): Promise<SearchResult> {
  const asked = await withWordKeys(db, typed);
  if (seasonFirst(asked)) return seasonFirstPage(db, asked, seasonPartSorted);
  const counted = await gridCounted(db, asked);
  const params = counted.params;
  let matches = counted.matches;
  const near = params.near;
  if (near && !isValidLocation(near)) {
    throw new RangeError(`not a location: ${near.lat}, ${near.lng}`);
  }
  const pageSize = clampInteger(params.pageSize, 1, MAX_PAGE_SIZE, DEFAULT_PAGE_SIZE);
  const page = clampInteger(params.page, 1, Number.MAX_SAFE_INTEGER, 1);
  orderClause(params.sort, near, sql``); // fails early when a distance sort has no location
  let plan = await planSearch(db, params, pageSize);
  if (plan === "crops-near") {
    // One "now" for the grid's months and hours, the walk and the cells' read.
    const nearParams = { ...params, now: params.now ?? new Date() };
    const walked =
      nearWalkPerRow > 0 && (await commonWithin(db, nearParams))
        ? await nearestWalkPage(db, nearParams, { page, pageSize, perRow: nearWalkPerRow })
        : undefined;
    if (walked) return walked;
    const found = await nearCropsPage(db, nearParams, { page, pageSize, sorted: nearCropsSorted });
    if (found) return found;
    // More than are sorted: they are common near the place, and the nearest come soon.
    plan = "nearest";
    matches = "many";
  }

  const { query, count, prefix, streaming } = planStatement(plan, params, {
    matches,
    page,
    pageSize,
  });
  // A page comes as JSON on PGlite (queryManyRows, and so streamingRows): 21 rows one by one
  // cost more there. It keeps their order, as one aggregate reads the ordered statement, with no
  // join or parallel worker.
  type PageRow = SummaryRow & { matches: number };
  const rows = streaming
    ? await streamingRows<PageRow>(db, query)
    : await queryManyRows<PageRow>(db, query);
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
  return searchResult(rows, n, { page, pageSize, now: params.now });
}

/**
 * "In season first" applies without words, a place or a season asked for: with words the
 * meadows whose name holds them come first, with a place the nearest, and a season filter leaves
 * only meadows in season.
 */
function seasonFirst(params: SearchParams): boolean {
  return (
    params.sort === "season" &&
    !searchText(params) &&
    !params.near &&
    params.maxDistanceKm === undefined &&
    params.season === undefined
  );
}

/**
 * Below this many meadows (as the stored grid counts them) a season's part of the list is read
 * through the index of crops' seasons and sorted; above it, walked along the name order, which
 * meets a page of them soon.
 */
const SEASON_PART_SORTED = 2_000;

/**
 * A page "in season first" (seasonFirstStatement), each part read through the crops' seasons
 * index when the stored grid counts few enough of it to sort.
 */
async function seasonFirstPage(
  db: Database,
  asked: SearchParams,
  sortedUpTo: number,
): Promise<SearchResult> {
  const params = { ...asked, now: asked.now ?? new Date(), season: undefined };
  const pageSize = clampInteger(params.pageSize, 1, MAX_PAGE_SIZE, DEFAULT_PAGE_SIZE);
  const page = clampInteger(params.page, 1, Number.MAX_SAFE_INTEGER, 1);
  const thisMonth = seasonMonths({ ...params, season: "now" })[0]?.month ?? 1;
  /** Whether the grid counts few enough meadows in season `ahead` months from now to sort. */
  const fewIn = async (ahead: number) => {
    const grid = gridFilter({ ...params, season: ((thisMonth - 1 + ahead) % 12) + 1 });
    if (!grid) return false;
    return (await gridMatchCounts(db, params.country, grid)).atMost <= sortedUpTo;
  };
  const allGrid = gridFilter(params);
  const [nowFew, nextFew, all] = await Promise.all([
    fewIn(0),
    fewIn(1),
    allGrid ? gridMatchCounts(db, params.country, allGrid) : undefined,
  ]);
  const { query, count } = seasonFirstStatement(
    params,
    { nowFew, nextFew, many: !!all && all.atLeast > SEARCH_COUNT_CAP },
    { page, pageSize },
  );
  // In order: the parts' UNION ALL is read one part after the other, with no parallel workers.
  const rows = await serialRows<SummaryRow & { matches: number }>(db, query);
  const n = rows[0]
    ? Number(rows[0].matches)
    : Number(
        (await queryRows<{ matches: number }>(db, sql`select ${count} as matches`))[0]?.matches ??
          0,
      );
  return searchResult(rows, n, { page, pageSize, now: params.now });
}

/** A page of `rows` (one more than the page, when another follows) of `n` matches. */
function searchResult(
  rows: SummaryRow[],
  n: number,
  { page, pageSize, now }: { page: number; pageSize: number; now?: Date },
): SearchResult {
  const cap = SEARCH_COUNT_CAP;
  const totalCapped = n > cap;
  const total = Math.min(n, cap);
  const hasNextPage = rows.length > pageSize;
  const countedPages = Math.max(1, Math.ceil(total / pageSize));
  return {
    items: rows.slice(0, pageSize).map((row) => toSummary(row, now ?? new Date())),
    total,
    totalCapped,
    page,
    pageSize,
    pageCount: totalCapped ? Math.max(countedPages, page + (hasNextPage ? 1 : 0)) : countedPages,
    hasNextPage,
  };
}

/**
 * The "crops-near" plan (ADR 47, nearCropsStatement): undefined when more than `sorted` match.
 */
async function nearCropsPage(
  db: Database,
  // Its "now" fixed by the caller, for the keys' months and the rows' conditions alike.
  params: SearchParams & { now: Date },
  { page, pageSize, sorted }: { page: number; pageSize: number; sorted: number },
): Promise<SearchResult | undefined> {
  const keys = cropCellsNear(params);
  if (!keys || !params.near) return undefined;
  // Through the crops' index by cell alone, with no parallel workers: PostgreSQL started two
  // for a read of no rows, at 30 to 50 ms each time.
  const rows = await bitmapRows<Nullable<SummaryRow> & { found: number }>(
    db,
    nearCropsStatement({ ...params, near: params.near }, keys, { page, pageSize, sorted }),
  );
  const n = Number(rows[0]?.found ?? 0);
  if (n > sorted) return undefined;
  const found = rows.filter((row): row is SummaryRow & { found: number } => row.id !== null);
  return searchResult(found, n, { page, pageSize, now: params.now });
}

/**
 * Whether the stored grid counts surely more than SEARCH_COUNT_CAP matches in the cells wholly
 * within the distance (then the count is "200+"), and up to NEAR_WALK_SHARE of the meadows there
 * or more (then matches are likely common enough near the place for nearestWalkPage; where they
 * are not, its walk ends early and the crops' index by cell reads them).
 */
async function commonWithin(db: Database, params: SearchParams): Promise<boolean> {
  const metres = radiusMetres(params);
  const grid = gridFilter({ ...params, near: undefined, maxDistanceKm: undefined });
  const cells = params.near && metres !== undefined ? cellsWithin(params.near, metres) : undefined;
  if (!grid || !cells) return false;
  const { atLeast, atMost, meadows } = await gridMatchesInCells(db, params.country, grid, cells);
  return atLeast > SEARCH_COUNT_CAP && atMost >= meadows * NEAR_WALK_SHARE;
}

/**
 * The "crops-near" plan's first try where matches are common near the place (commonWithin): the
 * nearest meadows in the circle, `perRow` for each row the page needs (nearestWalkStatement),
 * with the count "200+" the grid showed. Undefined when that walk did not meet every row the
 * page needs (and one more, to tell whether another follows): the crops' index by cell reads
 * them instead.
 */
async function nearestWalkPage(
  db: Database,
  params: SearchParams,
  { page, pageSize, perRow }: { page: number; pageSize: number; perRow: number },
): Promise<SearchResult | undefined> {
  const near = params.near;
  const metres = radiusMetres(params);
  const needed = page * pageSize + 1;
  if (!near || metres === undefined || needed > NEAR_WALK_ROWS) return undefined;
  const rows = await streamingRows<SummaryRow>(
    db,
    nearestWalkStatement({ ...params, near }, { metres, needed, walked: needed * perRow }),
  );
  if (rows.length < needed) return undefined;
  return searchResult(rows.slice((page - 1) * pageSize), SEARCH_COUNT_CAP + 1, {
    page,
    pageSize,
    now: params.now,
  });
}

type Nullable<T> = { [K in keyof T]: T[K] | null };
