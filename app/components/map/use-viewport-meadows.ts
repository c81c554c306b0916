import type { Map as MapLibreMap } from "maplibre-gl";
import { useCallback, useEffect, useRef, useState } from "react";
import { getWithRetry } from "~/lib/fetch-with-retry";
import { mapFilterKey, type MapFilters } from "~/lib/schemas/viewport";
import {
  viewportResultSchema,
  type MapPlace,
  type ViewportResult,
} from "~/lib/schemas/viewport-result";

export type ViewportStatus =
  { kind: "loading" } | { kind: "failed" } | { kind: "ready"; result: ViewportResult };

/**
 * The view's box for the server: longitudes within one world (MapLibre reports beyond ±180 when
 * copies of the world show side by side), the whole world when the view is wider.
 */
function viewportBox(map: MapLibreMap): string {
  const bounds = map.getBounds();
  let west = bounds.getWest();
  let east = bounds.getEast();
  if (east - west >= 360) [west, east] = [-180, 180];
  else {
    const shift = Math.floor((west + 180) / 360) * 360;
    [west, east] = [west - shift, east - shift];
  }
  const clampLat = (lat: number) => Math.max(Math.min(lat, 90), -90);
  return [west, clampLat(bounds.getSouth()), east, clampLat(bounds.getNorth())]
    .map((value) => value.toFixed(4))
    .join(",");
}

/** How far around a town the map shows, when the words name one ("tulips Lisse"). */
const TOWN_RADIUS_KM = 12;
const KM_PER_DEGREE = 111.32;
/** A view at most this many times the place's own shows it closely enough. */
const CLOSE_VIEW_SPAN = 3;

/**
 * Goes to the place the words named, unless the view shows it closely already (a shared link's
 * view, or the map moved there for these words before): a view of the whole country does not.
 */
function goToPlace(map: MapLibreMap, place: MapPlace) {
  const km = place.radiusKm ?? TOWN_RADIUS_KM;
  const lat = km / KM_PER_DEGREE;
  const lng = km / (KM_PER_DEGREE * Math.cos((place.lat * Math.PI) / 180));
  const bounds = map.getBounds();
  const close = bounds.getNorth() - bounds.getSouth() <= CLOSE_VIEW_SPAN * 2 * lat;
  if (close && bounds.contains([place.lng, place.lat])) return;
  map.fitBounds(
    [
      [place.lng - lng, place.lat - lat],
      [place.lng + lng, place.lat + lat],
    ],
    { duration: 0 },
  );
}

/**
 * The meadows of the map's view from /api/meadows: asked once the map has loaded, after each
 * settled view and for new filters; a newer question aborts the one under way. While `pending`,
 * the last answer stays. An answer that is not the API's shape counts as a failed one.
 */
export function useViewportMeadows(map: MapLibreMap | null, loaded: boolean, filters: MapFilters) {
  const [status, setStatus] = useState<ViewportStatus>({ kind: "loading" });
  const [pending, setPending] = useState(true);
  const request = useRef<AbortController | null>(null);
  const latestFilters = useRef(filters);
  /** The words whose place the map went to: it goes once, and the visitor may pan away. */
  const placedFor = useRef<string | undefined>(undefined);
  useEffect(() => {
    latestFilters.current = filters;
  });

  const load = useCallback((target: MapLibreMap) => {
    request.current?.abort();
    const controller = new AbortController();
    request.current = controller;
    const { q, country, crops, season, openNow } = latestFilters.current;
    const params = new URLSearchParams({
      bbox: viewportBox(target),
      // The server's zoom counts 256 px tiles, MapLibre's 512 px ones: one level apart.
      zoom: String(Math.min(Math.floor(target.getZoom()) + 1, 22)),
    });
    if (q) params.set("q", q);
    if (country) params.set("country", country);
    for (const crop of crops ?? []) params.append("crop", crop);
    if (season !== undefined) params.set("season", String(season));
    if (openNow) params.set("open", "now");
    setPending(true);
    getWithRetry(`/api/meadows?${params}`, {
      init: { signal: controller.signal, headers: { Accept: "application/json" } },
    })
      .then(async (response) => {
        if (!response.ok) throw new Error(`/api/meadows answered ${response.status}`);
        const result = viewportResultSchema.parse(await response.json());
        if (controller.signal.aborted) return;
        if (result.place && placedFor.current !== q) {
          placedFor.current = q;
          goToPlace(target, result.place);
        }
        setStatus({ kind: "ready", result });
        setPending(false);
      })
      .catch(() => {
        if (controller.signal.aborted) return;
        setStatus({ kind: "failed" });
        setPending(false);
      });
  }, []);

  useEffect(() => {
    if (!map) return;
    const onMoveEnd = () => load(map);
    map.on("moveend", onMoveEnd);
    return () => {
      map.off("moveend", onMoveEnd);
    };
  }, [map, load]);

  const filterKey = mapFilterKey(filters);
  useEffect(() => {
    // The map is the outside system here: a new filter asks it again, and the status line shows
    // the request as pending at once, as a pan does.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    if (map && loaded) load(map);
  }, [map, loaded, filterKey, load]);

  useEffect(() => () => request.current?.abort(), []);

  const retry = useCallback(() => {
    if (map) load(map);
  }, [map, load]);

  return { status, pending, retry };
}
