import { Marker, type Map as MapLibreMap } from "maplibre-gl";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "~/hooks/use-translation";
import { useShellData } from "~/hooks/use-shell-data";
import { formatNumber } from "~/lib/format";
import type { MapPoint, ViewportResult } from "~/lib/schemas/viewport-result";
import { clusterPoints } from "./cluster-points";
import { clusterButton, pinButton } from "./marker-elements";

/** Pins nearer each other than this on screen share a badge. */
const CLUSTER_RADIUS_PX = 44;
/** From this zoom on every pin shows on its own. */
const CLUSTER_MAX_ZOOM = 15;
/** Clicking a badge zooms to its pins, but not further than street level. */
const CLUSTER_CLICK_MAX_ZOOM = 16;

type MarkerPlan = () => { element: HTMLElement; lngLat: [number, number] };

/**
 * The markers for an answer at the zoom of the last settled view: the server's clusters, or its
 * pins, grouped into badges where they would overlap. Markers are changed in place, so focus and
 * an open popup stay put; a popup whose pin went away is closed with `closePopup`.
 */
export function useMeadowMarkers({
  map,
  loaded,
  result,
  selectedId,
  onPin,
  closePopup,
}: {
  map: MapLibreMap | null;
  loaded: boolean;
  result: ViewportResult | null;
  selectedId: string | null;
  onPin(point: MapPoint, pin: HTMLElement, byKeyboard: boolean): void;
  closePopup(): void;
}) {
  const { t } = useTranslation();
  const { lang } = useShellData();
  const shown = useRef(new Map<string, Marker>());
  const [zoomLevel, setZoomLevel] = useState<number | null>(null);

  useEffect(() => {
    if (!map) return;
    const onMoveEnd = () => setZoomLevel(Math.floor(map.getZoom()));
    map.on("moveend", onMoveEnd);
    if (loaded) onMoveEnd();
    return () => {
      map.off("moveend", onMoveEnd);
    };
  }, [map, loaded]);

  useEffect(() => {
    if (!map || !result || zoomLevel === null) return;
    const wanted = new Map<string, MarkerPlan>();
    const format = (count: number) => formatNumber(count, lang);
    const addCluster = (
      key: string,
      count: number,
      lat: number,
      lng: number,
      bounds: [number, number, number, number],
    ) =>
      wanted.set(key, () => ({
        lngLat: [lng, lat],
        element: clusterButton({
          count,
          text: format(count),
          label:
            count === 1
              ? t("mapView.clusterOne")
              : t("mapView.clusterMany", { formatted: format(count) }),
          onActivate: () =>
            map.fitBounds(
              [
                [bounds[0], Math.max(bounds[1], -85)],
                [bounds[2], Math.min(bounds[3], 85)],
              ],
              { padding: 64, maxZoom: CLUSTER_CLICK_MAX_ZOOM },
            ),
        }),
      }));
    const addPin = (point: MapPoint) =>
      wanted.set(`pin:${point.id}`, () => ({
        lngLat: [point.lng, point.lat],
        element: pinButton(
          t("mapView.pinLabel", { name: point.name, city: point.city }),
          (element, byKeyboard) => onPin(point, element, byKeyboard),
        ),
      }));

    if (result.kind === "clusters") {
      for (const cluster of result.clusters) {
        addCluster(
          `server:${cluster.key}`,
          cluster.count,
          cluster.lat,
          cluster.lng,
          cluster.bounds,
        );
      }
    } else if (zoomLevel >= CLUSTER_MAX_ZOOM) {
      result.points.forEach(addPin);
    } else {
      for (const group of clusterPoints(result.points, zoomLevel, CLUSTER_RADIUS_PX)) {
        if (group.kind === "point") addPin(group.point);
        else
          addCluster(`local:${group.key}`, group.points.length, group.lat, group.lng, group.bounds);
      }
    }

    const markers = shown.current;
    for (const [key, marker] of markers) {
      if (!wanted.has(key)) {
        marker.remove();
        markers.delete(key);
      }
    }
    for (const [key, plan] of wanted) {
      if (markers.has(key)) continue;
      const { element, lngLat } = plan();
      const marker = new Marker({ element, anchor: key.startsWith("pin:") ? "bottom" : "center" })
        .setLngLat(lngLat)
        .addTo(map);
      markers.set(key, marker);
    }
    if (selectedId !== null && !wanted.has(`pin:${selectedId}`)) closePopup();
  }, [map, result, zoomLevel, lang, t, onPin, selectedId, closePopup]);

  useEffect(() => {
    const markers = shown.current;
    return () => {
      for (const marker of markers.values()) marker.remove();
      markers.clear();
    };
  }, []);
}
