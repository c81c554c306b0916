import type { Database } from "~/adapters/db.server";
import type { PlaceNames } from "~/adapters/places.server";
import type { ObjectStorage } from "~/adapters/storage.server";
import type { Language } from "~/lib/i18n";
import { MAP_MAX_CROPS } from "~/lib/crops";
import { seasonReopensAt } from "~/lib/hours-text";
import type { ViewportResult } from "~/lib/schemas/viewport-result";
import { cardPhotos } from "../photos.server";
import type { MeadowFilters } from "./filters.server";
import type { BoundingBox } from "./geo-sql.server";
import { hoursTimelinesOf } from "./hours.server";
import { closerReading } from "./list-search.server";
import { readQuery, type QueryReading } from "./read-query.server";
import { cropsInSeasonOf } from "./records.server";
import { CARD_HOURS_MS } from "./search.server";
import { viewportMeadows } from "./viewport.server";

export interface MapSearch {
  bbox: BoundingBox;
  zoom: number;
  /** The box's words, as typed. */
  q?: string;
  country?: string;
  crops: string[];
  season?: MeadowFilters["season"];
  openNow: boolean;
}

export interface MapSearchServices {
  db: Database;
  storage: ObjectStorage;
  places: PlaceNames;
}

/**
 * The map's view (DESIGN.md "Map", docs/search.md): the box's words read as the list reads them
 * (crops and "open now" join the filters, a place comes back for the map to go to), the pins or
 * clusters in view, and each pin with what its popup shows. A view the words as typed leave
 * empty is asked again with their slips read as the list reads them ("tlupen Zundret"), when
 * that finds something or a place to go to.
 */
export async function mapSearch(
  services: MapSearchServices,
  search: MapSearch,
  { language, now }: { language: Language; now: Date },
): Promise<ViewportResult> {
  const reading = search.q ? await readQuery(search.q, services.places, language) : undefined;
  let result = await viewWith(services.db, search, reading, now);
  if (search.q && reading?.words && isEmpty(result)) {
    const close = await closerReading(services, search.q, language);
    if (close) {
      const retried = await viewWith(services.db, search, close, now);
      if (!isEmpty(retried) || retried.place) result = { ...retried, corrected: close.corrected };
    }
  }
  if (result.kind === "points") await withPopups(services, result.points, now);
  return result;
}

async function viewWith(
  db: Database,
  search: MapSearch,
  reading: QueryReading | undefined,
  now: Date,
): Promise<ViewportResult> {
  const readCrops = reading?.crops.map((crop) => crop.id) ?? [];
  const result = await viewportMeadows(db, {
    bbox: search.bbox,
    zoom: search.zoom,
    filters: {
      text: reading ? reading.words || undefined : search.q,
      country: search.country,
      crops: [...new Set([...search.crops, ...readCrops])].slice(0, MAP_MAX_CROPS),
      season: search.season,
      openNow: search.openNow || !!reading?.openNow,
      now,
    },
  });
  if (reading?.place) {
    const { place } = reading.place;
    result.place = { name: place.name, lat: place.lat, lng: place.lng };
    if (place.radiusKm !== undefined) result.place.radiusKm = place.radiusKm;
  }
  return result;
}

function isEmpty(result: ViewportResult): boolean {
  return result.kind === "points" ? result.points.length === 0 : result.clusters.length === 0;
}

/** A pin's popup shows the meadow's first photo, what is in season and what its hours say. */
async function withPopups(
  { db, storage }: MapSearchServices,
  points: Extract<ViewportResult, { kind: "points" }>["points"],
  now: Date,
) {
  const ids = points.map((point) => point.id);
  const photos = await cardPhotos(db, storage, ids);
  const inSeason = await cropsInSeasonOf(db, ids, now);
  const hours = await hoursTimelinesOf(db, ids, now, CARD_HOURS_MS);
  for (const point of points) {
    const timeline = hours.get(point.id);
    if (timeline) point.hours = timeline;
    const photo = photos.get(point.id);
    if (photo) point.photo = photo;
    const crops = inSeason.get(point.id);
    // As on the cards (pickableInSeason): nothing is told in season while closed for the season.
    if (crops && seasonReopensAt(timeline, now.getTime()) === undefined) point.inSeason = crops;
  }
}
