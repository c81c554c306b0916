import { sql, type SQL } from "drizzle-orm";
import { firstPhotoColumn } from "../photos.server";
import { LocationRequiredError } from "./errors";
import {
  cropCellsNearCondition,
  filterConditions,
  filterCrops,
  inSeasonAhead,
  nameHoldsWords,
  searchText,
  seasonMonths,
  textWords,
  whereClause,
  type MeadowFilters,
} from "./filters.server";
import { distanceMetres, earthAt, MEADOW_EARTH, type LatLng } from "./geo-sql.server";
import type { SearchPlan } from "./search-plan";

/*
 * The list's statements, one builder per plan (docs/search.md, "Plans"): each takes the filters
 * and what was learnt of the data (the plan, the grid's counts) and returns the SQL, with no
 * database at hand. searchMeadows (search.server.ts) gathers what they need and runs them; the
 * SQL of each is kept in ./queries and compared by search-statements.server.test.ts.
 */

export const MEADOW_SORTS = ["distance", "name", "price", "newest", "season"] as const;
export type MeadowSort = (typeof MEADOW_SORTS)[number];

/**
 * Counting stops here: "200+ meadows" helps as much as the exact figure, and counting costs time
 * in proportion to how far it counts, most of all within a radius, where each row comes one by
 * one from the GiST index (ADR 28). `hasNextPage` tells whether more pages follow.
 */
export const SEARCH_COUNT_CAP = 200;

export interface SearchParams extends MeadowFilters {
  sort: MeadowSort;
  /** 1-based. */
  page?: number;
  pageSize?: number;
}

/** Which page, of how many rows. */
export interface PageAt {
  page: number;
  pageSize: number;
}

export function orderClause(
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
 * Whether the matches are counted first and, when they are fewer than the count's cap, the page
 * is sorted from them: crops, seasons and "open now" can leave few matches scattered along a sort
 * order, which its index would walk far to meet (a rare crop open at night: 15,000 rows of
 * 100,000 for 20 matches), while the count reads them through the crops' index, or in storage
 * order where they are common. Only more matches than the cap walk the order's index (ADR 37).
 */
export function countedFirst(plan: SearchPlan, params: SearchParams): boolean {
  return (
    plan === "planner" &&
    params.sort !== "distance" &&
    !searchText(params) &&
    (filterCrops(params) !== undefined || seasonMonths(params).length > 0 || !!params.openNow)
  );
}

export interface PlanStatement {
  /** The page's rows, each with the count of matches (up to the cap, one more for "200+"). */
  query: SQL;
  /** The count alone, after `prefix`, for a page past the last. */
  count: SQL;
  prefix: SQL;
  /** Read row by row in order, without bitmap scans (streamingRows). */
  streaming: boolean;
}

/**
 * The page of the plans but "crops-near" (see SearchPlan): `matches` "many" when the stored
 * grid counted more than the cap, "few" when at most that (gridCounted).
 */
export function planStatement(
  plan: Exclude<SearchPlan, "crops-near">,
  params: SearchParams,
  { matches, page, pageSize }: PageAt & { matches?: "few" | "many" },
): PlanStatement {
  const near = params.near;
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
  return { query: pageQuery, count, prefix, streaming };
}

/** What the stored grid counts for a page "in season first" (seasonFirstPage). */
export interface SeasonParts {
  /** Few enough meadows in season now, and from next month, to read through the index and sort. */
  nowFew: boolean;
  nextFew: boolean;
  /** The grid counts surely more matches than the cap. */
  many: boolean;
}

/**
 * A page "in season first": the meadows in season now (at each meadow's clock), then those whose
 * season starts next month, then the others, each part by name. The parts are one statement's
 * UNION ALL, read in order and cut at the page: a later part is read only when the page reaches
 * it. A part the grid counts as few is read through the crops' seasons index and sorted;
 * otherwise it walks the name order's index, which holds what the conditions test (migration
 * 0022). The count is the filters' own, as with any other order. `params` has its "now".
 */
export function seasonFirstStatement(
  params: SearchParams & { now: Date },
  { nowFew, nextFew, many }: SeasonParts,
  { page, pageSize }: PageAt,
): { query: SQL; count: SQL } {
  const offset = (page - 1) * pageSize;
  const cap = SEARCH_COUNT_CAP;
  const base = filterConditions(params);
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
  const count = many
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
  return { query, count };
}

/**
 * The "crops-near" plan (ADR 47): the matches within the distance, up to `sorted` of them, read
 * through the index of crops by cell (`keys`, cropCellsNear) and sorted by distance, with the
 * page cut from them; one statement, which always answers one row with how many it found.
 */
export function nearCropsStatement(
  params: SearchParams & { near: LatLng },
  keys: string[],
  { page, pageSize, sorted }: PageAt & { sorted: number },
): SQL {
  const where = whereClause([
    cropCellsNearCondition(keys),
    ...filterConditions(params, { radiusIndex: false, cropIndex: false }),
  ]);
  return sql`with found as materialized (
          select m.id, ${distanceMetres(params.near)} as distance_m from meadows m ${where}
          limit ${sorted + 1}),
        counted as (select count(*)::int as n from found),
        page as (select f.id, f.distance_m from found f where (select n from counted) <= ${sorted}
          order by f.distance_m, f.id limit ${pageSize + 1} offset ${(page - 1) * pageSize})
        select ${SUMMARY_COLUMNS}, p.distance_m, c.n as found
        from counted c left join page p on true left join meadows m on m.id = p.id
        order by p.distance_m, p.id`;
}

/**
 * The "crops-near" plan's first try where matches are common near the place: the nearest
 * `needed` matching meadows within `metres`, of at most `walked` nearest, each checked against
 * the filters in a form no index takes.
 */
export function nearestWalkStatement(
  params: SearchParams & { near: LatLng },
  { metres, needed, walked }: { metres: number; needed: number; walked: number },
): SQL {
  const near = params.near;
  const matching = sql.join(
    filterConditions(params, { radiusIndex: false, cropIndex: false }),
    sql` and `,
  );
  // Nearest first along the earth index (bitmap scans off); the filters are tested outside
  // that LIMIT, so the walk stops as soon as enough have matched.
  return sql`with walked as materialized (
          select w.id, w.distance_m from (
            select m.id, ${distanceMetres(near)} as distance_m, (${matching}) as ok from meadows m
            where earth_box(${earthAt(near)}, ${metres}::float8) @> ${MEADOW_EARTH}
            order by ${MEADOW_EARTH} <-> ${earthAt(near)} limit ${walked}) w
          where w.ok limit ${needed})
      select ${SUMMARY_COLUMNS}, w.distance_m from walked w join meadows m on m.id = w.id
      order by w.distance_m, w.id`;
}
