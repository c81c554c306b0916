import { appContext } from "~/context";
import { getI18n, getLocale } from "~/i18n.server";
import type { Language } from "~/lib/i18n";
import { MAP_MAX_CROPS } from "~/lib/crops";
import { parseCrops, parseOpen, parseSeason } from "~/lib/schemas/meadow-search";
import { viewportQuerySchema } from "~/lib/schemas/viewport";
import { mapSearch } from "~/services/meadows/map-search.server";
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
  const result = await mapSearch(
    { db, storage, places },
    { bbox, zoom, q, country, crops, season, openNow },
    { language: getLocale(context) as Language, now: new Date() },
  );
  // The map checks the answer against this shape (viewportResultSchema).
  return Response.json(result, {
    headers: { "Cache-Control": "public, max-age=30", Vary: "Accept-Encoding" },
  });
}
