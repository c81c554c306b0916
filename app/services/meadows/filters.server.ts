import { sql, type SQL } from "drizzle-orm";
import { COUNTRIES } from "~/lib/countries";
import { controlCharactersAsSpaces } from "~/lib/schemas/meadow-search";
import { CROP_IDS, currentMonth, isCropId, isMonth, MAX_CROPS_PER_MEADOW } from "~/lib/crops";
import { LocationRequiredError } from "./errors";
import { cropHoursCondition, openNowCondition } from "./hours.server";
import {
  boundingBoxCondition,
  circleBox,
  clusterCellSize,
  distanceMetres,
  earthAt,
  inCountries,
  MEADOW_EARTH,
  type LatLng,
} from "./geo-sql.server";
import type { RarestTrigram } from "./text-sample";
import { cutText } from "~/lib/cut-text";

/*
 * The list's and the map's filters (words, country, distance) as SQL conditions on `meadows m`.
 * Which form a condition takes depends on the index that should find the rows; the search and the
 * viewport choose (see search-plan.ts).
 */

/** The visitor's text is cut to this many characters. */
const MAX_TEXT_LENGTH = 100;
/** Half the earth's circumference: every meadow is nearer than this. */
const MAX_DISTANCE_KM = 20_038;

export interface MeadowFilters {
  /** Matched anywhere in the name and either description, ignoring case and accents. */
  text?: string;
  /**
   * The text's words as they are looked for (withWordKeys: their stems); the words as typed when
   * left out.
   */
  words?: readonly string[];
  /** ISO 3166-1 alpha-2. */
  country?: string;
  /** The searcher's location; needed for a distance filter or sort. */
  near?: LatLng;
  maxDistanceKm?: number;
  /** Catalogue crop ids: a meadow growing any one of them matches. */
  crops?: string[];
  /**
   * In season in this month (1–12), or in the month it is now at each meadow (in its country's
   * time zone, by `now`). With crops, one of those crops must be in season then.
   */
  season?: number | "now";
  /**
   * Open at `now`, at each meadow's own clock, as its stored weekly hours say (ADR 37); hours
   * that are unknown then ("by appointment") do not count.
   */
  openNow?: boolean;
  /** The clock "now" is read from; the current time when left out (tests fix it). */
  now?: Date;
  /**
   * With "open now" and crops, keys of the index of crops by hours open at `now`
   * (openCropHoursKeys): given, the matches are also looked up there. The services give them
   * when the stored grid says the matches are few.
   */
  openCropHours?: readonly string[];
}

/** The crops filtered on: known ids only, each once; undefined when none. */
export function filterCrops(filters: MeadowFilters): string[] | undefined {
  const ids = [...new Set(filters.crops ?? [])].filter(isCropId).slice(0, MAX_CROPS_PER_MEADOW);
  return ids.length > 0 ? ids : undefined;
}

/**
 * What the stored grid per crop, month and hours (meadow_grid_keys, ADR 42) is asked: the rows
 * of `keys` ('crop:<id>', 'month:<M>' or 'open'; each for its countries or all), of those in
 * season in one of `months` (a crop's months there) and open at `openAt`, when given.
 */
export interface GridFilter {
  keys: { key: string; countries?: string[] }[];
  /** The crops asked for (their keys are among `keys`); none without crops. */
  crops: string[];
  months: { month: number; countries?: string[] }[];
  openAt?: Date;
  /** Several crops: a meadow growing two of them counts under both keys. */
  overlapping: boolean;
  /**
   * With several crops (up to MAX_PAIRED_CROPS), the keys of each two of them
   * ('crops:<a>+<b>'), whose rows count the meadows growing both.
   */
  pairKeys: string[];
}

/**
 * Up to this many crops, the grid is also read for each two of them (28 keys at most), and a map
 * counts each meadow once (clusters.server.ts, countCell); past it, a cell counts its largest crop.
 * A map view takes fewer (MAP_MAX_CROPS); the list's counts take more, as bounds.
 */
const MAX_PAIRED_CROPS = 8;

/** The grid's key of the meadows growing both crops (migration 0026): ids in byte order. */
function cropPairKey(a: string, b: string): string {
  return a < b ? `crops:${a}+${b}` : `crops:${b}+${a}`;
}

/**
 * How the stored grid counts the filters' matches, or undefined when it cannot (ADR 42): crops,
 * a month in season ("now" may be a month per group of countries) and "open now", in any
 * combination, with a country or not. Several crops are `overlapping`: a meadow growing two of
 * them counts under both keys, and under their pair's (`pairKeys`), which the count takes off.
 * Words and a distance are not kept per cell.
 */
export function gridFilter(filters: MeadowFilters): GridFilter | undefined {
  if (searchText(filters) || filters.maxDistanceKm !== undefined) return undefined;
  const crops = filterCrops(filters);
  const months = seasonMonths(filters);
  const openAt = filters.openNow ? (filters.now ?? new Date()) : undefined;
  if (crops) {
    const keys = crops.map((crop) => ({ key: `crop:${crop}` }));
    const pairKeys =
      crops.length <= MAX_PAIRED_CROPS
        ? crops.flatMap((a, index) => crops.slice(index + 1).map((b) => cropPairKey(a, b)))
        : [];
    return { keys, crops, months, openAt, overlapping: crops.length > 1, pairKeys };
  }
  if (months.length > 0) {
    const keys = months.map(({ month, countries }) => ({ key: `month:${month}`, countries }));
    return { keys, crops: [], months: [], openAt, overlapping: false, pairKeys: [] };
  }
  return openAt
    ? { keys: [{ key: "open" }], crops: [], months: [], openAt, overlapping: false, pairKeys: [] }
    : undefined;
}

/**
 * The months the season filter asks about, each with the countries it applies to (all of them
 * when `countries` is undefined). "Now" is one month nearly always; in the hour after midnight
 * on the first of a month, Britain is still a month behind the others.
 */
export function seasonMonths(filters: MeadowFilters): { month: number; countries?: string[] }[] {
  const season = filters.season;
  if (season === undefined) return [];
  if (season !== "now") return isMonth(season) ? [{ month: season }] : [];
  const now = filters.now ?? new Date();
  const byMonth = new Map<number, string[]>();
  for (const country of COUNTRIES) {
    const month = currentMonth(now, country);
    byMonth.set(month, [...(byMonth.get(month) ?? []), country]);
  }
  if (byMonth.size === 1) return [{ month: [...byMonth.keys()][0] ?? 1 }];
  return [...byMonth].map(([month, countries]) => ({ month, countries }));
}

/**
 * The crop and season conditions. Crops alone: the GIN index on `crops` finds the meadows
 * growing any of them. A month alone: the bit of the month in `season_mask`. Both: one of the
 * crops must be in season then, which `crop_seasons` and its GIN index tell.
 */
function cropConditions(filters: MeadowFilters): SQL[] {
  const crops = filterCrops(filters);
  const months = seasonMonths(filters);
  // Known ids of letters and '-' only, so an array literal holds them safely.
  if (months.length === 0) return crops ? [sql`m.crops && ${`{${crops.join(",")}}`}::text[]`] : [];
  return [inMonths(crops, months)];
}

/**
 * In season in one of `months` (each for its countries): one of `crops` then, or any crop
 * (`season_mask`). `indexed` asks of `crop_seasons` for every crop, which its GIN index finds.
 */
function inMonths(
  crops: readonly string[] | undefined,
  months: { month: number; countries?: string[] }[],
  { indexed = false }: { indexed?: boolean } = {},
): SQL {
  const asked = crops ?? (indexed ? CROP_IDS : undefined);
  const inMonth = ({ month, countries }: { month: number; countries?: string[] }) => {
    const bit = 1 << (month - 1);
    // Each chosen crop in that month, as crop_seasons holds it ('dahlia:8'): ids and a number.
    const season = asked
      ? sql`m.crop_seasons && ${`{${asked.map((crop) => `${crop}:${month}`).join(",")}}`}::text[]`
      : sql`m.season_mask & ${bit}::smallint <> 0`;
    return countries ? sql`(${inCountries(sql`m.country`, countries)} and ${season})` : season;
  };
  return months.length === 1 && months[0]
    ? inMonth(months[0])
    : sql`(${sql.join(months.map(inMonth), sql` or `)})`;
}

/**
 * In season `ahead` months after the month it is now at each meadow's clock (`filters.now`): any
 * crop, or one of the chosen ones. `indexed`: in a form meadows_crop_seasons_idx finds.
 */
export function inSeasonAhead(
  filters: MeadowFilters,
  ahead: number,
  { indexed = false }: { indexed?: boolean } = {},
): SQL {
  const months = seasonMonths({ ...filters, season: "now" }).map(({ month, countries }) => ({
    month: ((month - 1 + ahead) % 12) + 1,
    ...(countries ? { countries } : {}),
  }));
  return inMonths(filterCrops(filters), months, { indexed });
}

/** The grid level whose cells key crops near a place (migration 0025): 0.17578125 degrees. */
const NEAR_CELL_DEGREES = clusterCellSize(9);
/** More keys than this (crops, or crops in a month, times cells) and the GiST index serves. */
const MAX_NEAR_CELL_KEYS = 1_024;

/**
 * The keys of meadows_crop_season_cells_idx for the filters' crops within their distance: each
 * crop ('kale 27,298'), or with a season each crop in each month asked ('kale:11 27,298'), in
 * every cell of level 9 the circle's bounding box touches (ADR 47). Undefined without crops or
 * a distance, and when there would be more than MAX_NEAR_CELL_KEYS (a radius of a few hundred
 * kilometres). The cells hold every match and some meadows just outside the circle, which the
 * distance condition removes.
 */
export function cropCellsNear(filters: MeadowFilters): string[] | undefined {
  const crops = filterCrops(filters);
  if (!crops || !filters.near || filters.maxDistanceKm === undefined) return undefined;
  const metres = radiusMetres(filters);
  const box = metres === undefined ? undefined : circleBox(filters.near, metres);
  const [range] = box?.lngRanges ?? [];
  if (!box || !range) return undefined;
  const months = seasonMonths(filters);
  const terms =
    months.length === 0
      ? crops
      : crops.flatMap((crop) => months.map(({ month }) => `${crop}:${month}`));
  const cell = (degrees: number) => Math.floor(degrees / NEAR_CELL_DEGREES);
  const [west, east] = [cell(range[0]), cell(range[1])];
  const [south, north] = [cell(box.south), cell(box.north)];
  if (terms.length * (east - west + 1) * (north - south + 1) > MAX_NEAR_CELL_KEYS) return undefined;
  const keys: string[] = [];
  for (const term of terms) {
    for (let x = west; x <= east; x++) {
      for (let y = south; y <= north; y++) keys.push(`${term} ${x},${y}`);
    }
  }
  return keys;
}

/** The index condition for keys from cropCellsNear. */
export function cropCellsNearCondition(keys: readonly string[]): SQL {
  return sql`meadow_crop_season_cells(m.crops, m.crop_seasons, m.lat, m.lng)
    && ${quotedArray(keys)}::text[]`;
}

/**
 * A text array literal of `keys`, each in double quotes: for keys made of crop ids (checked
 * against the list of crops), month numbers, digits, spaces, commas, colons and minus signs,
 * none of which needs escaping there.
 */
export function quotedArray(keys: readonly string[]): string {
  return `{${keys.map((key) => `"${key}"`).join(",")}}`;
}

/** LIKE's own wildcards in what the visitor typed are meant literally. */
function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (character) => `\\${character}`);
}

/** At most this many words of a search count; each must occur. */
const MAX_SEARCH_WORDS = 5;

/** `LIKE` pattern for a word anywhere in `search_text`, folded as it is. */
export function textPattern(word: string): SQL {
  return sql`'%' || immutable_unaccent(lower(${escapeLike(word)}::text)) || '%'`;
}

/**
 * The visitor's words, trimmed and bounded; undefined when there are none. Control characters
 * separate words, as the search forms read them: a NUL, which no database text may hold, never
 * reaches a query.
 */
export function searchText(filters: MeadowFilters): string | undefined {
  const text = filters.text && controlCharactersAsSpaces(filters.text);
  return (text && cutText(text.trim(), MAX_TEXT_LENGTH)) || undefined;
}

/** The words of the text, each of which a meadow must contain. */
export function textWords(filters: MeadowFilters): string[] {
  const text = searchText(filters);
  // Without a text there are no words, whatever keys an earlier step left ({ ...filters, text: "" }).
  if (!text) return [];
  return (filters.words ?? text.split(/\s+/)).slice(0, MAX_SEARCH_WORDS);
}

export function radiusMetres(filters: MeadowFilters): number | undefined {
  if (filters.maxDistanceKm === undefined) return undefined;
  if (!filters.near) throw new LocationRequiredError("a distance filter needs a location");
  const km = Number.isFinite(filters.maxDistanceKm) ? filters.maxDistanceKm : MAX_DISTANCE_KM;
  return Math.min(Math.max(km, 0), MAX_DISTANCE_KM) * 1000;
}

/**
 * The WHERE conditions for the filters. Each word of the text must occur in the stored
 * `search_text` (name and both descriptions, lower case, accents removed; the words are folded the
 * same way), which the trigram index `meadows_search_trgm_idx` covers for words of three or more
 * characters; `textIndex: false` checks the words in a form no index takes, for rows found
 * another way (containsWord). Distance is the GiST-indexed `earth_box` (a cube around the circle)
 * refined by the exact great-circle distance; `radiusIndex: false` leaves the box out when
 * another index should find the rows. `cropIndex: false` checks the crops and seasons in a form
 * their indexes do not take, for rows the index of crops by cell finds (ADR 47): ANDed in, the
 * index of a crop's seasons passed every meadow where it is in season.
 */
export function filterConditions(
  filters: MeadowFilters,
  {
    radiusIndex = true as boolean | "point",
    lookups,
    textIndex = true,
    cropIndex = true,
  }: {
    radiusIndex?: boolean | "point";
    lookups?: TrigramLookups;
    textIndex?: boolean;
    cropIndex?: boolean;
  } = {},
): SQL[] {
  const conditions: SQL[] = lookups
    ? lookupConditions(lookups)
    : textWords(filters).map((word) =>
        textIndex ? sql`m.search_text like ${textPattern(word)}` : containsWord(word),
      );
  if (filters.country) conditions.push(sql`m.country = ${filters.country.toUpperCase()}`);
  conditions.push(
    ...cropConditions(filters).map((condition) =>
      cropIndex ? condition : sql`(${condition}) is true`,
    ),
  );
  if (filters.openNow) {
    if (filters.openCropHours && filterCrops(filters))
      conditions.push(cropHoursCondition(filters.openCropHours));
    conditions.push(openNowCondition(filters.now ?? new Date()));
  }
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
export type TrigramLookups = { word: string; rarest?: RarestTrigram }[];

/**
 * The text's conditions for a read through the trigram index: each word's rarest trigram is
 * what the index looks up, and the whole word is checked on the rows it finds, in a form the
 * index cannot take (strpos). Given every trigram of every word, the index would read a list per
 * trigram, most of them far longer than the rarest's (ADR 14). The trigram is cut from the word
 * as the database folds it, so it is always part of what the whole word matches.
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

/** The word folded as `search_text` and `sort_name` are: lower case, accents removed. */
export function foldedWord(word: string): SQL {
  return sql`immutable_unaccent(lower(${word}::text))`;
}

/**
 * A word's condition where no index takes it: the rows are read another way and each is checked.
 * strpos searches the text as LIKE '%word%' matches it, and costs less per row (ADR 28).
 */
export function containsWord(word: string): SQL {
  return sql`strpos(m.search_text, ${foldedWord(word)}) > 0`;
}

/**
 * Whether every word occurs in the meadow's name: in `search_text`, before the unit separator
 * that ends the name and its stems (migration 0030).
 */
export function nameHoldsWords(words: readonly string[]): SQL {
  return sql.join(
    words.map(
      (word) => sql`strpos(split_part(m.search_text, chr(31), 1), ${foldedWord(word)}) > 0`,
    ),
    sql` and `,
  );
}

export function whereClause(conditions: SQL[]): SQL {
  return conditions.length ? sql`where ${sql.join(conditions, sql` and `)}` : sql``;
}

export function clampInteger(
  value: number | undefined,
  min: number,
  max: number,
  fallback: number,
) {
  if (value === undefined || !Number.isFinite(value)) return fallback;
  return Math.min(Math.max(Math.floor(value), min), max);
}

/** Each word and where its rarest trigram starts, for meadows_area_trgm_idx (see areaCost). */
export type AreaKeys = { word: string; at: number }[];

/**
 * The text's conditions for a read through meadows_area_trgm_idx: in each of `cells`, every
 * word's rarest trigram (meadow_area_queries cuts it from the word as the database folds it), one
 * scan of the index per cell; then each word checked whole on the rows found.
 */
export function areaConditions(keys: AreaKeys, cells: string[]): SQL[] {
  // The cells are "cx,cy" of integers the database gave.
  const cellArray = quotedArray(cells);
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
