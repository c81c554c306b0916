import { COUNTRIES, isCountry, type Country } from "~/lib/countries";
import { MAP_MAX_CROPS } from "~/lib/crops";
import {
  controlCharactersAsSpaces,
  parseCrops,
  parseOpen,
  parseSeason,
  type Season,
} from "./meadow-search";
import { z } from "./zod";
import { cutText } from "../cut-text";

/*
 * The map's two addresses: the JSON query for a viewport (`/api/meadows?bbox=…&zoom=…`), which
 * refuses what it cannot answer, and the page's own (`/map?lat=…&lng=…&z=…&q=…&country=…`),
 * which shows the default view for anything it cannot read: a shared link never breaks the page.
 * Messages are catalogue keys (mapView.*).
 */

/** At most this many characters of search text, as the list allows. */
export const MAP_QUERY_MAX = 100;
/** MapLibre's and the server's deepest zoom. */
export const MAP_MAX_ZOOM = 22;
/** Web Mercator's edge: the map shows nothing beyond it. */
export const MERCATOR_MAX_LAT = 85.051129;

/** [west, south, east, north] in degrees, as MapLibre's `getBounds().toArray().flat()` gives. */
export type ViewportBox = [west: number, south: number, east: number, north: number];

/** Text the visitor left empty means no filter. */
function emptyToUndefined(value: unknown) {
  return typeof value === "string" && value.trim() === "" ? undefined : value;
}

/**
 * "w,s,e,n": four finite numbers, latitudes within ±90, south not above north. Longitudes may lie
 * past ±180 (MapLibre reports them so when copies of the world show side by side); the service
 * wraps them, and a view wider than the world is the world. `errors` are the catalogue keys of
 * its two refusals (the map's and the open data API's differ).
 */
export function boundingBoxSchema(errors: { bbox: string; latitude: string }) {
  return z.string({ error: errors.bbox }).transform((value, context) => {
    const parts = value.split(",").map((part) => (part.trim() === "" ? Number.NaN : Number(part)));
    if (parts.length !== 4 || parts.some((part) => !Number.isFinite(part))) {
      context.addIssue({ code: "custom", message: errors.bbox });
      return z.NEVER;
    }
    const [west, south, east, north] = parts as ViewportBox;
    if (Math.abs(south) > 90 || Math.abs(north) > 90 || south > north) {
      context.addIssue({ code: "custom", message: errors.latitude });
      return z.NEVER;
    }
    return [west, south, east, north] as ViewportBox;
  });
}

const bboxSchema = boundingBoxSchema({
  bbox: "mapView.errors.bbox",
  latitude: "mapView.errors.bboxLatitude",
});

/** A whole number from 0 to 22, written as digits. */
const zoomSchema = z
  .string({ error: "mapView.errors.zoom" })
  .regex(/^\d{1,2}$/, { error: "mapView.errors.zoom" })
  .transform(Number)
  .pipe(z.number().max(MAP_MAX_ZOOM, { error: "mapView.errors.zoom" }));

const querySchema = z.preprocess(
  emptyToUndefined,
  z
    .string()
    .transform(controlCharactersAsSpaces)
    .pipe(z.string().trim().max(MAP_QUERY_MAX, { error: "mapView.errors.query" }))
    .optional(),
);

const countrySchema = z.preprocess(
  (value) => {
    const text = emptyToUndefined(value);
    return typeof text === "string" ? text.trim().toUpperCase() : text;
  },
  z.enum(COUNTRIES, { error: "mapView.errors.country" }).optional(),
);

/** The query of `GET /api/meadows`; unknown parameters are ignored. */
export const viewportQuerySchema = z.object({
  bbox: bboxSchema,
  zoom: zoomSchema,
  q: querySchema,
  country: countrySchema,
});

export type ViewportQuery = z.output<typeof viewportQuerySchema>;

/* ---------------------------------------------------------------------------------------------
 * The map page's address
 */

export interface MapView {
  lat: number;
  lng: number;
  zoom: number;
}

export interface MapFilters {
  q?: string;
  country?: Country;
  /** Catalogue crop ids: meadows growing any of them. */
  crops?: string[];
  season?: Season;
  /** Open now, at each meadow's own clock. */
  openNow?: boolean;
}

/** The filters as one string, to notice when they change. */
export function mapFilterKey(filters: MapFilters): string {
  return [
    filters.q ?? "",
    filters.country ?? "",
    (filters.crops ?? []).join(","),
    filters.season ?? "",
    filters.openNow ? "open" : "",
  ].join("|");
}

/** The Netherlands and Belgium, where the map opens when its address names no view. */
export const DEFAULT_MAP_BOUNDS: ViewportBox = [2.5, 49.45, 7.25, 53.6];

function finiteParam(params: URLSearchParams, name: string): number | undefined {
  const raw = params.get(name);
  if (raw === null || raw.trim() === "") return undefined;
  const value = Number(raw);
  return Number.isFinite(value) ? value : undefined;
}

/** The view in the address, or null (the default view) unless lat, lng and z all make sense. */
export function readMapView(params: URLSearchParams): MapView | null {
  const lat = finiteParam(params, "lat");
  const lng = finiteParam(params, "lng");
  const zoom = finiteParam(params, "z");
  if (lat === undefined || lng === undefined || zoom === undefined) return null;
  if (Math.abs(lat) > MERCATOR_MAX_LAT || Math.abs(lng) > 180) return null;
  if (zoom < 0 || zoom > MAP_MAX_ZOOM) return null;
  return { lat, lng, zoom };
}

/**
 * The filters in the address; what is not a filter is left out rather than refused, and crops
 * past the first MAP_MAX_CROPS too (mapCropsAsked says how many were asked).
 */
export function readMapFilters(params: URLSearchParams): MapFilters {
  const filters: MapFilters = {};
  const q = cutText(controlCharactersAsSpaces(params.get("q") ?? "").trim(), MAP_QUERY_MAX);
  if (q) filters.q = q;
  const country = params.get("country")?.trim().toUpperCase();
  if (country && isCountry(country)) filters.country = country;
  const crops = parseCrops(params.getAll("crop")).slice(0, MAP_MAX_CROPS);
  if (crops.length > 0) filters.crops = crops;
  const season = parseSeason(params.get("season"));
  if (season !== undefined) filters.season = season;
  if (parseOpen(params.get("open"))) filters.openNow = true;
  return filters;
}

/** How many catalogue crops the address asks for, the map's first MAP_MAX_CROPS and the rest. */
export function mapCropsAsked(params: URLSearchParams): number {
  return parseCrops(params.getAll("crop")).length;
}

/**
 * Decimals that keep a position to about a pixel at `zoom`: a degree is 512 × 2^zoom / 360
 * pixels wide, so shorter addresses lose nothing visible.
 */
function positionDecimals(zoom: number): number {
  const pixelsPerDegree = (512 * 2 ** zoom) / 360;
  return Math.min(Math.max(Math.ceil(Math.log10(pixelsPerDegree)), 2), 7);
}

function round(value: number, decimals: number): string {
  // Number() drops trailing zeros: 52.10000 → 52.1.
  return String(Number(value.toFixed(decimals)));
}

/** The query string of the map page for a view and filters, without the leading "?". */
export function mapSearchParams(view: MapView | null, filters: MapFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (view) {
    const decimals = positionDecimals(view.zoom);
    params.set("lat", round(view.lat, decimals));
    params.set("lng", round(view.lng, decimals));
    params.set("z", round(view.zoom, 2));
  }
  if (filters.q) params.set("q", filters.q);
  if (filters.country) params.set("country", filters.country);
  for (const crop of filters.crops ?? []) params.append("crop", crop);
  if (filters.season !== undefined) params.set("season", String(filters.season));
  if (filters.openNow) params.set("open", "now");
  return params;
}
