import { appContext } from "~/context";
import { getI18n, getLocale } from "~/i18n.server";
import type { Language } from "~/lib/i18n";
import { MAP_MAX_CROPS } from "~/lib/crops";
import { seasonReopensAt } from "~/lib/hours-text";
import { parseCrops, parseOpen, parseSeason } from "~/lib/schemas/meadow-search";
import { viewportQuerySchema } from "~/lib/schemas/viewport";
import type { ViewportResult } from "~/lib/schemas/viewport-result";
import { CARD_HOURS_MS } from "~/services/meadows/search.server";
import { hoursTimelinesOf } from "~/services/meadows/hours.server";
import { cropsInSeasonOf } from "~/services/meadows/records.server";
import { readQuery } from "~/services/meadows/read-query.server";
import { viewportMeadows } from "~/services/meadows/viewport.server";
import { cardPhotos } from "~/services/photos.server";
import type { Route } from "./+types/meadows";
import type { SharedAnswerHandle } from "~/lib/shared-answer";

/** The same for every client asking the same address: kept briefly by the page cache (ADR 40). */
export const handle: SharedAnswerHandle = { sharedAnswer: true };

/**
 * The map's viewport query (DESIGN.md "Map"): the pins, or clusters of them, in a bounding box at
 * a zoom, with the list's filters. The answer depends on the query string alone, so browsers and
 * shared caches may keep it briefly: a map panned back and forth asks again at most every 30 s.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { db, storage, places } = context.get(appContext);
  const { t } = getI18n(context);
  const parsed = viewportQuerySchema.safeParse(
    Object.fromEntries(new URL(request.url).searchParams),
  );
  if (!parsed.success) {
    const message = parsed.error.issues[0]?.message ?? "mapView.errors.bbox";
    return Response.json(
      { error: t(message as never) },
      { status: 400, headers: { "Cache-Control": "no-store" } },
    );
  }
  const { bbox, zoom, q, country } = parsed.data;
  // Crops come once per crop (crop=dahlia&crop=sunflower); one the catalogue lacks is refused,
  // as are more than the map counts exactly and a season that is neither "now" nor a month.
  const params = new URL(request.url).searchParams;
  const cropParams = params.getAll("crop");
  const crops = parseCrops(cropParams);
  const seasonParam = params.get("season");
  const season = parseSeason(seasonParam);
  const openParam = params.get("open");
  const openNow = parseOpen(openParam);
  const refusal =
    crops.length !== new Set(cropParams.filter(Boolean)).size
      ? "mapView.errors.crop"
      : crops.length > MAP_MAX_CROPS
        ? "mapView.errors.tooManyCrops"
        : seasonParam && season === undefined
          ? "mapView.errors.season"
          : openParam && !openNow
            ? "mapView.errors.open"
            : undefined;
  if (refusal) {
    return Response.json(
      { error: t(refusal, { max: MAP_MAX_CROPS }) },
      { status: 400, headers: { "Cache-Control": "no-store" } },
    );
  }
  // The box's words as the list reads them: crops and "open now" join the filters, and a place
  // comes back for the map to go to.
  const reading = q ? await readQuery(q, places, getLocale(context) as Language) : undefined;
  const readCrops = reading?.crops.map((crop) => crop.id) ?? [];
  const result: ViewportResult = await viewportMeadows(db, {
    bbox,
    zoom,
    filters: {
      text: reading ? reading.words || undefined : q,
      country,
      crops: [...new Set([...crops, ...readCrops])].slice(0, MAP_MAX_CROPS),
      season,
      openNow: openNow || !!reading?.openNow,
    },
  });
  if (reading?.place) {
    const { place } = reading.place;
    result.place = { name: place.name, lat: place.lat, lng: place.lng };
    if (place.radiusKm !== undefined) result.place.radiusKm = place.radiusKm;
  }
  if (result.kind === "points") {
    // A pin's popup shows the meadow's first photo, what is in season and what its hours say.
    const ids = result.points.map((point) => point.id);
    const now = new Date();
    const photos = await cardPhotos(db, storage, ids);
    const inSeason = await cropsInSeasonOf(db, ids, now);
    const hours = await hoursTimelinesOf(db, ids, now, CARD_HOURS_MS);
    for (const point of result.points) {
      const timeline = hours.get(point.id);
      if (timeline) point.hours = timeline;
      const photo = photos.get(point.id);
      if (photo) point.photo = photo;
      const crops = inSeason.get(point.id);
      // As on the cards (pickableInSeason): nothing is told in season while closed for the season.
      if (crops && seasonReopensAt(timeline, now.getTime()) === undefined) point.inSeason = crops;
    }
  }
  // The map checks the answer against this shape (viewportResultSchema).
  return Response.json(result, {
    headers: { "Cache-Control": "public, max-age=30", Vary: "Accept-Encoding" },
  });
}
