import { Marker } from "maplibre-gl";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "~/hooks/use-translation";
import { openMap, type OpenedMap, type StyleKind } from "./maplibre.client";
import { pinFigure } from "./marker-elements";
import { useMapTheme } from "./use-map-theme";

/** Close enough to see the roads around the meadow, far enough to see the nearest town. */
const PIN_MAP_ZOOM = 13;
/** The built-in basemap has no roads or towns: the coast and borders around say where it is. */
const FALLBACK_PIN_MAP_ZOOM = 8;

/**
 * A small map of where a meadow is, for its page: the pin, zoom buttons and the keyboard, but
 * no scroll-wheel zoom or dragging, so scrolling or swiping the page never moves the map instead.
 */
export default function MeadowPinMap({
  lat,
  lng,
  name,
  styleUrl,
}: {
  lat: number;
  lng: number;
  name: string;
  styleUrl: string;
}) {
  const { t } = useTranslation();
  const theme = useMapTheme();
  const containerRef = useRef<HTMLDivElement>(null);
  const [opened, setOpened] = useState<OpenedMap | null>(null);
  const [styleKind, setStyleKind] = useState<StyleKind | null>(null);
  const latest = useRef({ lat, lng, name, styleUrl, theme, t });
  useEffect(() => {
    latest.current = { lat, lng, name, styleUrl, theme, t };
  });

  useEffect(() => {
    const container = containerRef.current;
    if (!container) return;
    const controller = new AbortController();
    const { lat, lng, name, styleUrl, theme, t } = latest.current;
    let mapOpened: OpenedMap | null = null;
    void openMap({
      container,
      styleUrl,
      theme,
      t,
      signal: controller.signal,
      onStyleKind: setStyleKind,
      options: {
        center: [lng, lat],
        zoom: PIN_MAP_ZOOM,
        scrollZoom: false,
        dragPan: false,
        dragRotate: false,
        touchZoomRotate: false,
        touchPitch: false,
        boxZoom: false,
        pitchWithRotate: false,
      },
    }).then((result) => {
      if (!result) return;
      mapOpened = result;
      result.map.keyboard.disableRotation();
      if (result.styleKind() === "fallback") result.map.setZoom(FALLBACK_PIN_MAP_ZOOM);
      new Marker({ element: pinFigure(name), anchor: "bottom" })
        .setLngLat([lng, lat])
        .addTo(result.map);
      setOpened(result);
    });
    return () => {
      controller.abort();
      mapOpened?.map.remove();
    };
  }, []);

  useEffect(() => opened?.setTheme(theme), [opened, theme]);

  return (
    <div
      ref={containerRef}
      className="h-full w-full"
      data-testid="meadow-pin-map"
      data-map-style={styleKind ?? undefined}
    />
  );
}
