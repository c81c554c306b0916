import { isCropId, isMonth, MAX_CROPS_PER_MEADOW } from "~/lib/crops";
import { COUNTRIES, type Country } from "~/lib/countries";
import { lazySchema, z } from "./zod";

/*
 * The meadows list's query, as it lives in the URL (`/meadows?q=tulp&country=NL&place=Utrecht&km=25`),
 * so a search can be shared, bookmarked and stepped through with the back button. Parsing is
 * lenient: a value that makes no sense (a typo, an old link, a hand-edited address) falls back to
 * its default instead of failing the page, and only values checked here reach the search.
 *
 * Parameters: q (words in name or description), country (ISO alpha-2 of COUNTRIES), sort
 * (distance, name, price), km (maximum distance), lat and lng (the visitor's own position, from
 * "use my location"), place (a typed address, placed by the geocoder), at ("lat,lng" beside a
 * place: which of the places of its name is meant, "Bergen" in Noord-Holland or in Limburg), crop (a catalogue id, once
 * per crop: meadows growing any of them), season ("now", or a month 1–12: something, or one of
 * the crops, in season then), open ("now": open at this moment, by the meadow's hours) and page
 * (1-based).
 */

/** The orders the list offers (SPEC: distance, name, price). */
export const LIST_SORTS = ["season", "distance", "name", "price"] as const;
export type ListSort = (typeof LIST_SORTS)[number];

/** Meadows per page. */
export const LIST_PAGE_SIZE = 20;
/** The choices of the maximum-distance filter; other values within the limits work too. */
export const DISTANCE_CHOICES_KM = [5, 10, 25, 50, 100] as const;
export const MIN_DISTANCE_KM = 1;
/** Beyond a day trip: a larger radius filters nothing the country filter would not. */
export const MAX_DISTANCE_KM = 500;
/** Deeper pages are never reached by clicking; the bound keeps the database from skipping far. */
export const MAX_PAGE = 500;
export const QUERY_MAX_LENGTH = 100;
export const PLACE_MAX_LENGTH = 200;
/** Three decimals of a degree are about 100 m: near enough to sort by, and no street address. */
const COORDINATE_DECIMALS = 3;

export interface MeadowSearch {
  /** Trimmed; "" when there are no words. */
  q: string;
  country?: Country;
  /** The order asked for; absent means the default (see `effectiveSort`). */
  sort?: ListSort;
  /** Maximum distance in whole kilometres; only applies with a location. */
  km?: number;
  /** Both or neither. */
  lat?: number;
  lng?: number;
  /** The typed address; "" when none. Takes precedence over lat/lng. */
  place: string;
  /** Which of the places named `place` is meant; only with a place. */
  placeAt?: { lat: number; lng: number };
  /** Catalogue crop ids, each once, in the order given; empty when none. */
  crops: string[];
  season?: Season;
  /** Open now, at each meadow's own clock. */
  openNow?: boolean;
  page: number;
}

/** "In season now" (at each meadow's own clock) or in a month, 1–12. */
export type Season = "now" | number;

/** A season in a URL: "now" or a month number; anything else is no season filter. */
export function parseSeason(value: string | null | undefined): Season | undefined {
  const trimmed = value?.trim().toLowerCase() ?? "";
  if (trimmed === "now") return "now";
  if (!/^\d{1,2}$/.test(trimmed)) return undefined;
  return isMonth(Number(trimmed)) ? Number(trimmed) : undefined;
}

/** "open=now" in a URL; any other value is no filter. */
export function parseOpen(value: string | null | undefined): boolean {
  return value?.trim().toLowerCase() === "now";
}

/** Crop ids in a URL: the known ones, each once, at most MAX_CROPS_PER_MEADOW. */
export function parseCrops(values: readonly string[]): string[] {
  const ids = values.map((value) => value.trim().toLowerCase()).filter(isCropId);
  return [...new Set(ids)].slice(0, MAX_CROPS_PER_MEADOW);
}

/**
 * Search words or a place with each control character (a NUL, which no database text may hold,
 * a tab, a line break) as a space: no search is written with them.
 */
export function controlCharactersAsSpaces(value: string): string {
  return value.replace(/\p{Cc}/gu, " ");
}

function roundCoordinate(value: number): number {
  const factor = 10 ** COORDINATE_DECIMALS;
  // `+ 0` turns -0 into 0, so the URL never reads "lat=-0".
  return Math.round(value * factor) / factor + 0;
}

/*
 * The schemas are built on their first use (lazySchema), not when this module loads: every
 * page's scripts load it (the list's filters are in the shell), and a browser needs them only
 * once the visitor changes a filter.
 */
function buildSchemas() {
  /** A form or URL value as text: the first one when a parameter is given twice. */
  const text = z.preprocess(
    (value) => (Array.isArray(value) ? value[0] : value),
    z.string().catch("").transform(controlCharactersAsSpaces),
  );

  function boundedText(max: number) {
    return text.transform((value) => value.trim().slice(0, max).trim());
  }

  /** A number in a URL; anything else (empty, "abc", "1e999") is undefined. */
  const number = text.transform((value) => {
    if (value.trim() === "") return undefined;
    const parsed = Number(value);
    return Number.isFinite(parsed) ? parsed : undefined;
  });

  function coordinate(limit: number) {
    return number.transform((value) =>
      value !== undefined && Math.abs(value) <= limit ? roundCoordinate(value) : undefined,
    );
  }

  /** A 1-based page number in a URL: anything else, or nothing, is page 1; at most MAX_PAGE. */
  const page = number.transform((value) =>
    value === undefined || value < 1 ? 1 : Math.min(Math.floor(value), MAX_PAGE),
  );

  const search = z
    .object({
      q: boundedText(QUERY_MAX_LENGTH),
      country: text.transform((value) => {
        const code = value.trim().toUpperCase();
        return (COUNTRIES as readonly string[]).includes(code) ? (code as Country) : undefined;
      }),
      sort: text.transform((value) => {
        const sort = value.trim().toLowerCase();
        return (LIST_SORTS as readonly string[]).includes(sort) ? (sort as ListSort) : undefined;
      }),
      km: number.transform((value) =>
        value === undefined || value <= 0
          ? undefined
          : Math.min(Math.max(Math.round(value), MIN_DISTANCE_KM), MAX_DISTANCE_KM),
      ),
      lat: coordinate(90),
      lng: coordinate(180),
      place: boundedText(PLACE_MAX_LENGTH),
      at: text.transform((value) => {
        const [lat, lng, extra] = value.split(",").map((part) => part.trim());
        if (extra !== undefined || !lat || !lng) return undefined;
        const [y, x] = [Number(lat), Number(lng)];
        if (!Number.isFinite(y) || !Number.isFinite(x) || Math.abs(y) > 90 || Math.abs(x) > 180) {
          return undefined;
        }
        return { lat: roundCoordinate(y), lng: roundCoordinate(x) };
      }),
      page,
    })
    .transform(({ lat, lng, at, ...rest }): MeadowSearch => {
      const search: MeadowSearch = { q: rest.q, place: rest.place, crops: [], page: rest.page };
      if (at && rest.place) search.placeAt = at;
      if (rest.country) search.country = rest.country;
      if (rest.sort) search.sort = rest.sort;
      if (rest.km !== undefined) search.km = rest.km;
      // A position needs both halves; one alone is dropped.
      if (lat !== undefined && lng !== undefined) Object.assign(search, { lat, lng });
      return search;
    });
  return { page, search };
}

const searchSchemas = lazySchema(buildSchemas);

/** A 1-based page number in a URL (`value`): anything else, or nothing, is page 1; at most MAX_PAGE. */
export function parsePageParam(value: string): number {
  return searchSchemas().page.parse(value);
}

const KEYS = ["q", "country", "sort", "km", "lat", "lng", "place", "at", "page"] as const;

/** The search in `params` (a page's URL, or a GET form's data); never throws. */
export function parseMeadowSearch(params: URLSearchParams): MeadowSearch {
  const raw: Record<string, string | undefined> = {};
  for (const key of KEYS) raw[key] = params.get(key) ?? undefined;
  const search = searchSchemas().search.parse(raw);
  search.crops = parseCrops(params.getAll("crop").map(controlCharactersAsSpaces));
  const season = parseSeason(controlCharactersAsSpaces(params.get("season") ?? ""));
  if (season !== undefined) search.season = season;
  if (parseOpen(params.get("open"))) search.openNow = true;
  return search;
}

/**
 * The order a search is shown in: the one asked for, nearest first when a location is known and
 * none was asked for; without a location, by name when the box has words (meadows whose name
 * holds them first) and in season first when it has none, so a first visit meets what can be
 * picked now. Name rather than newest: it is one of the orders the sort menu offers, so the menu
 * always shows the order in use, and it keeps a shared link's pages stable while meadows are
 * added. A distance sort without a location falls back to that default, and so does "in season
 * first" with a location or words.
 */
export function effectiveSort(
  sort: ListSort | undefined,
  locationKnown: boolean,
  hasWords = false,
): ListSort {
  const fallback = locationKnown ? "distance" : hasWords ? "name" : "season";
  if (sort === undefined) return fallback;
  if (sort === "distance") return locationKnown ? "distance" : fallback;
  if (sort === "season") return locationKnown || hasWords ? fallback : "season";
  return sort;
}

/**
 * The URL query for a search, leaving out what is at its default or has no effect: no words,
 * page 1, a sort that comes out as the default order, a distance without a location. Parameters come in a fixed order, so the same search
 * always has the same address.
 */
export function meadowSearchParams(search: Partial<MeadowSearch>): URLSearchParams {
  const params = new URLSearchParams();
  const place = search.place ?? "";
  const coordinates = place === "" && search.lat !== undefined && search.lng !== undefined;
  const located = place !== "" || coordinates;
  if (search.q) params.set("q", search.q);
  if (search.country) params.set("country", search.country);
  for (const crop of search.crops ?? []) params.append("crop", crop);
  if (search.season !== undefined) params.set("season", String(search.season));
  if (search.openNow) params.set("open", "now");
  if (place) params.set("place", place);
  if (place && search.placeAt) params.set("at", `${search.placeAt.lat},${search.placeAt.lng}`);
  if (coordinates) {
    params.set("lat", String(search.lat));
    params.set("lng", String(search.lng));
  }
  if (located && search.km !== undefined) params.set("km", String(search.km));
  const hasWords = !!search.q;
  const sort = search.sort && effectiveSort(search.sort, located, hasWords);
  if (sort && sort !== effectiveSort(undefined, located, hasWords)) params.set("sort", sort);
  if (search.page !== undefined && search.page > 1) params.set("page", String(search.page));
  return params;
}

/** `?…` for a link, or "" when the search is the default one. */
export function meadowSearchQuery(search: Partial<MeadowSearch>): string {
  const query = meadowSearchParams(search).toString();
  return query ? `?${query}` : "";
}

/** Where a list is measured from: a place the visitor typed, or the device's own position. */
export type ActiveLocation = { kind: "place"; label: string } | { kind: "device" };
