import type { Map as MapLibreMap } from "maplibre-gl";
import { useEffect, useRef } from "react";
import { mapSearchParams, type MapView } from "~/lib/schemas/viewport";

function viewOf(map: MapLibreMap): MapView {
  const center = map.getCenter().wrap();
  return { lat: center.lat, lng: center.lng, zoom: map.getZoom() };
}

/** The same address for the same view: the rounding of the page's address decides. */
function sameView(a: MapView, b: MapView) {
  return mapSearchParams(a, {}).toString() === mapSearchParams(b, {}).toString();
}

/**
 * The map's view and the page's address kept together: each settled view is told to
 * `onViewChange` (for the address), and an address changed under the map (back, forward, a link)
 * moves the map there. The map's own writes match where it is, and a map on the move is left
 * alone.
 */
export function useViewInAddress(
  map: MapLibreMap | null,
  view: MapView | null,
  onViewChange: (view: MapView) => void,
) {
  const latest = useRef({ view, onViewChange });
  useEffect(() => {
    latest.current = { view, onViewChange };
  });

  useEffect(() => {
    if (!map) return;
    const onMoveEnd = () => latest.current.onViewChange(viewOf(map));
    map.on("moveend", onMoveEnd);
    return () => {
      map.off("moveend", onMoveEnd);
    };
  }, [map]);

  const viewKey = view ? mapSearchParams(view, {}).toString() : "";
  useEffect(() => {
    const wanted = latest.current.view;
    if (!map || !wanted || map.isMoving()) return;
    if (!sameView(wanted, viewOf(map))) {
      map.jumpTo({ center: [wanted.lng, wanted.lat], zoom: wanted.zoom });
    }
  }, [map, viewKey]);
}
