import { sql, type SQL } from "drizzle-orm";
import { queryManyRows, queryRows, type Database } from "~/adapters/db.server";
import { cropsFromColumns, type MeadowCrop } from "~/lib/crops";
import { encodeTimeline } from "~/lib/hours-text";
import { firstPhotoColumn, type FirstPhoto } from "../photos.server";
import { LocationRequiredError } from "./errors";
import { gridMatchCounts, gridMatchesInCells } from "./clusters.server";
import { hoursTimeline, openCropHoursKeys } from "./hours.server";
import {
  clampInteger,
  cropCellsNear,
  cropCellsNearCondition,
  filterConditions,
  filterCrops,
  gridFilter,
  inSeasonAhead,
  nameHoldsWords,
  radiusMetres,
  searchText,
  seasonMonths,
  textWords,
  whereClause,
  type MeadowFilters,
} from "./filters.server";
import {
  cellsWithin,
  distanceMetres,
  earthAt,
  isValidLocation,
  MEADOW_EARTH,
  type LatLng,
} from "./geo-sql.server";
import { meadowsAround, textEstimates } from "./plan-estimates.server";
import { bitmapRows, serialRows, streamingRows } from "./planner-settings.server";
import { radiusPlan, textSearchPlan, type SearchPlan } from "./search-plan";
import { withWordKeys } from "./word-keys.server";

/*
 * The list's search: one page of meadows matching the filters, in the chosen order, with the
 * number of matches, by a plan the service picks (SearchPlan).
 */

export const MEADOW_SORTS = ["distance", "name", "price", "newest", "season"] as const;
export type MeadowSort = (typeof MEADOW_SORTS)[number];

export const DEFAULT_PAGE_SIZE = 20;
const MAX_PAGE_SIZE = 100;
/**
 * Counting stops here: "200+ meadows" helps as much as the exact figure, and counting costs time
 * in proportion to how far it counts, most of all within a radius, where each row comes one by
 * one from the GiST index (ADR 28). `hasNextPage` tells whether more pages follow.
 */
export const SEARCH_COUNT_CAP = 200;

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

function orderClause(
  sort: MeadowSort,
  near: LatLng | undefined,
  nearestFirst: SQL,
  first?: SQL,
): SQL {
  const by = (order: SQL) => (first ? sql`order by ${first}, ${order}` : sql`order by ${order}`);
  switch (sort) {
    case "distance":
      if (!near) throw new LocationRequiredError("sorting by distance needs a location");
      return by(nearestFirst);
    // In season first is by name where it does not apply (seasonFirst).
    case "name":
    case "season":
      return by(sql`m.sort_name, m.id`);
    case "price":
      return by(sql`m.price_amount asc nulls last, m.id`);
    case "newest":
      return by(sql`m.created_at desc, m.id desc`);
  }
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
 * Whether the matches are counted first and, when they are fewer than the count's cap, the page
 * is sorted from them: crops, seasons and "open now" can leave few matches scattered along a sort
 * order, which its index would walk far to meet (a rare crop open at night: 15,000 rows of
 * 100,000 for 20 matches), while the count reads them through the crops' index, or in storage
 * order where they are common. Only more matches than the cap walk the order's index (ADR 37).
 */
function countedFirst(plan: SearchPlan, params: SearchParams): boolean {
  return (
    plan === "planner" &&
    params.sort !== "distance" &&
    !searchText(params) &&
    (filterCrops(params) !== undefined || seasonMonths(params).length > 0 || !!params.openNow)
  );
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
 * The columns of a result's row (SummaryRow), but its distance. The first photo comes with the
 * row: a page of cards is one statement, not two. PostgreSQL reads it for the rows that are
 * returned only, after the sort and the LIMIT.
 */
const SUMMARY_COLUMNS = sql`m.id, m.name, m.city, m.country, m.price_text, m.price_amount, m.lat,
  m.lng, m.is_demo, m.created_at, m.crops, m.crop_months, m.hours_syntax,
  ${firstPhotoColumn(sql`m.id`)} as first_photo`;

/** The columns a page needs, and what it is filtered and sorted by, for a preselection. */
const CANDIDATE_COLUMNS = sql`m.id, m.name, m.city, m.country, m.price_text, m.price_amount,
  m.lat, m.lng, m.is_demo, m.created_at, m.sort_name, m.search_text, m.crops, m.crop_months,
  m.season_mask, m.hours_syntax, m.open_minutes, m.closed_on_holidays, m.crop_seasons`;

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

  const textOnly = { text: params.text, words: params.words };
  const crops = {
    crops: params.crops,
    season: params.season,
    openNow: params.openNow,
    now: params.now,
    openCropHours: params.openCropHours,
  };
  const allButText = {
    country: params.country,
    near,
    maxDistanceKm: params.maxDistanceKm,
    ...crops,
  };
  const radiusOnly = { near, maxDistanceKm: params.maxDistanceKm };
  const allButRadius = {
    text: params.text,
    words: params.words,
    country: params.country,
    ...crops,
  };
  let prefix = sql``;
  let source = sql`meadows m`;
  let distance = near ? sql`, ${distanceMetres(near)} as distance_m` : sql``;
  // With a radius, the rows come from the GiST indexes or a sort order's index (with bitmap
  // scans off, see streamingRows), or from the radius read first: the trigram index takes no
  // part, and each row is checked for the words (containsWord).
  const textIndex = plan === "planner" || plan === "text-first";
  const conditions = filterConditions(params, { textIndex });
  let where = whereClause(conditions);
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
  // Meadows whose name holds the words come first, where the matches are sorted whole: rows
  // read along an order's index come in that order (docs/search.md).
  const words = textWords(params);
  const ranked = words.length > 0 && (plan === "text-first" || plan === "radius-first");
  const order = orderClause(
    params.sort,
    near,
    nearestFirst,
    ranked ? sql`(${nameHoldsWords(words)}) desc` : undefined,
  );
  const streaming = plan === "nearest" || plan === "along-order";
  const cap = SEARCH_COUNT_CAP;

  // The page stops after one page (and one row more, to tell whether another follows) and the
  // count at the cap; count(*) over () would have to read every match. The count rides along as
  // an uncorrelated subquery, run once: one statement instead of two (PGlite pays per statement).
  // The stored grid may have said there are more matches than the cap (gridCounted).
  const count =
    matches === "many"
      ? sql`${cap + 1}::int`
      : sql`(select count(*)::int from (select 1 from ${source} ${countWhere}
    limit ${cap + 1}) as capped)`;
  const limits = sql`limit ${pageSize + 1} offset ${(page - 1) * pageSize}`;
  const columnsWith = (matches: SQL) => sql`${SUMMARY_COLUMNS} ${distance}, ${matches} as matches`;
  const columns = columnsWith(count);
  // Walking a sort order's index, the page's ids come first, from the covering index alone
  // (migration 0008: it holds what the filters test), and only the page's rows are read.
  const idsFirst = plan === "planner" || plan === "common-word" || plan === "along-order";
  const counting = countedFirst(plan, params) && matches !== "many";
  const pageQuery = counting
    ? sql`with counted as materialized (
          select m.id, m.sort_name, m.price_amount, m.created_at from meadows m ${countWhere}
          limit ${cap + 1}),
        page as (
          (select m.id, row_number() over (${order}) as ord from counted m
            where (select count(*) from counted) <= ${cap} ${order} ${limits})
          union all
          (select m.id, row_number() over (${order}) as ord from meadows m
            ${whereClause([...conditions, sql`(select count(*) from counted) > ${cap}`])}
            ${order} ${limits}))
        select ${columnsWith(sql`(select count(*)::int from counted)`)}
        from page p join meadows m on m.id = p.id order by p.ord`
    : idsFirst
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
 * A page "in season first": the meadows in season now (at each meadow's clock), then those whose
 * season starts next month, then the others, each part by name. The parts are one statement's
 * UNION ALL, read in order and cut at the page: a later part is read only when the page reaches
 * it. A part the grid counts as few is read through the crops' seasons index and sorted;
 * otherwise it walks the name order's index, which holds what the conditions test (migration
 * 0022). The count is the filters' own, as with any other order.
 */
async function seasonFirstPage(
  db: Database,
  asked: SearchParams,
  sortedUpTo: number,
): Promise<SearchResult> {
  const params = { ...asked, now: asked.now ?? new Date(), season: undefined };
  const pageSize = clampInteger(params.pageSize, 1, MAX_PAGE_SIZE, DEFAULT_PAGE_SIZE);
  const page = clampInteger(params.page, 1, Number.MAX_SAFE_INTEGER, 1);
  const offset = (page - 1) * pageSize;
  const cap = SEARCH_COUNT_CAP;
  const base = filterConditions(params);
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
  const now = inSeasonAhead(params, 0);
  const next = inSeasonAhead(params, 1);
  const notNow = sql`(${now}) is not true`;
  const notNext = sql`(${next}) is not true`;
  const byName = sql`order by m.sort_name, m.id limit ${offset + pageSize + 1}`;
  const ctes: SQL[] = [];
  /** One part: its rows' ids by name, read through `found` first when given. */
  const part = (name: string, conditions: SQL[], found?: SQL) => {
    if (!found)
      return sql`(select m.id from meadows m ${whereClause([...base, ...conditions])} ${byName})`;
    const cte = sql.identifier(name);
    ctes.push(sql`${cte} as materialized (select m.id, m.sort_name from meadows m
      ${whereClause([...base, ...conditions, found])})`);
    return sql`(select m.id from ${cte} m ${byName})`;
  };
  const parts = [
    part(
      "in_season",
      nowFew ? [] : [now],
      nowFew ? inSeasonAhead(params, 0, { indexed: true }) : undefined,
    ),
    part(
      "next_season",
      nextFew ? [notNow] : [next, notNow],
      nextFew ? inSeasonAhead(params, 1, { indexed: true }) : undefined,
    ),
    part("out_of_season", [notNow, notNext]),
  ];
  const count =
    all && all.atLeast > cap
      ? sql`${cap + 1}::int`
      : sql`(select count(*)::int from (select 1 from meadows m ${whereClause(base)}
          limit ${cap + 1}) as capped)`;
  const query = sql`with ${sql.join(
    [
      ...ctes,
      sql`page as (select parts.id, row_number() over () as ord
        from (${sql.join(parts, sql` union all `)}) as parts
        limit ${pageSize + 1} offset ${offset})`,
    ],
    sql`, `,
  )}
    select ${SUMMARY_COLUMNS}, ${count} as matches
    from page p join meadows m on m.id = p.id order by p.ord`;
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
 * The "crops-near" plan (ADR 47): the matches within the distance, up to `sorted` of them, read
 * through the index of crops by cell and sorted by distance, with the page cut from them; in one
 * statement, which always answers one row with how many it found. Undefined when there are more.
 */
async function nearCropsPage(
  db: Database,
  // Its "now" fixed by the caller, for the keys' months and the rows' conditions alike.
  params: SearchParams & { now: Date },
  { page, pageSize, sorted }: { page: number; pageSize: number; sorted: number },
): Promise<SearchResult | undefined> {
  const keys = cropCellsNear(params);
  if (!keys || !params.near) return undefined;
  const where = whereClause([
    cropCellsNearCondition(keys),
    ...filterConditions(params, { radiusIndex: false, cropIndex: false }),
  ]);
  // Through the crops' index by cell alone, with no parallel workers: PostgreSQL started two
  // for a read of no rows, at 30 to 50 ms each time.
  const rows = await bitmapRows<Nullable<SummaryRow> & { found: number }>(
    db,
    sql`with found as materialized (
          select m.id, ${distanceMetres(params.near)} as distance_m from meadows m ${where}
          limit ${sorted + 1}),
        counted as (select count(*)::int as n from found),
        page as (select f.id, f.distance_m from found f where (select n from counted) <= ${sorted}
          order by f.distance_m, f.id limit ${pageSize + 1} offset ${(page - 1) * pageSize})
        select ${SUMMARY_COLUMNS}, p.distance_m, c.n as found
        from counted c left join page p on true left join meadows m on m.id = p.id
        order by p.distance_m, p.id`,
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
 * nearest meadows in the circle, `perRow` for each row the page needs, each checked against the
 * filters in a form no index takes, with the count "200+" the grid showed. Undefined when that
 * walk did not meet every row the page needs (and one more, to tell whether another follows):
 * the crops' index by cell reads them instead.
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
  const matching = sql.join(
    filterConditions(params, { radiusIndex: false, cropIndex: false }),
    sql` and `,
  );
  // Nearest first along the earth index (bitmap scans off), at most `perRow` meadows a row; the
  // filters are tested outside that LIMIT, so the walk stops as soon as enough have matched.
  const rows = await streamingRows<SummaryRow>(
    db,
    sql`with walked as materialized (
          select w.id, w.distance_m from (
            select m.id, ${distanceMetres(near)} as distance_m, (${matching}) as ok from meadows m
            where earth_box(${earthAt(near)}, ${metres}::float8) @> ${MEADOW_EARTH}
            order by ${MEADOW_EARTH} <-> ${earthAt(near)} limit ${needed * perRow}) w
          where w.ok limit ${needed})
      select ${SUMMARY_COLUMNS}, w.distance_m from walked w join meadows m on m.id = w.id
      order by w.distance_m, w.id`,
  );
  if (rows.length < needed) return undefined;
  return searchResult(rows.slice((page - 1) * pageSize), SEARCH_COUNT_CAP + 1, {
    page,
    pageSize,
    now: params.now,
  });
}

type Nullable<T> = { [K in keyof T]: T[K] | null };
