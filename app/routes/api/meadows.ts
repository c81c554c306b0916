import { appContext } from "~/context";
import { getI18n } from "~/i18n.server";
import { viewportQuerySchema } from "~/lib/schemas/viewport";
import type { ViewportResult } from "~/lib/schemas/viewport-result";
import { viewportMeadows } from "~/services/meadows/viewport.server";
import { cardPhotos } from "~/services/photos.server";
import type { Route } from "./+types/meadows";

/**
 * The map's viewport query (DESIGN.md "Map"): the pins, or clusters of them, in a bounding box at
 * a zoom, with the list's filters. The answer depends on the query string alone, so browsers and
 * shared caches may keep it briefly: a map panned back and forth asks again at most every 30 s.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { db, storage } = context.get(appContext);
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
  const result = await viewportMeadows(db, { bbox, zoom, filters: { text: q, country } });
  if (result.kind === "points") {
    // A pin's popup shows the meadow's first photo.
    const photos = await cardPhotos(
      db,
      storage,
      result.points.map((point) => point.id),
    );
    for (const point of result.points) {
      const photo = photos.get(point.id);
      if (photo) point.photo = photo;
    }
  }
  // The map checks the answer against this shape (viewportResultSchema).
  return Response.json(result satisfies ViewportResult, {
    headers: { "Cache-Control": "public, max-age=30", Vary: "Accept-Encoding" },
  });
}
