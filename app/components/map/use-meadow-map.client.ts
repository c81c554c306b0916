import { useEffect, useRef, useState, type RefObject } from "react";
import { useTranslation } from "~/hooks/use-translation";
import { DEFAULT_MAP_BOUNDS, type MapView } from "~/lib/schemas/viewport";
import {
  disableRotation,
  FLAT_MAP_OPTIONS,
  openMap,
  type OpenedMap,
  type StyleKind,
} from "./maplibre.client";
import { useMapTheme } from "./use-map-theme";

/**
 * The map page's MapLibre map in `container`, made once: at `initialView`, or showing the
 * default region. `loaded` turns true once its style has loaded (the moment to ask for meadows);
 * the basemap follows the page's colour mode.
 */
export function useMeadowMap(
  container: RefObject<HTMLDivElement | null>,
  { initialView, styleUrl }: { initialView: MapView | null; styleUrl: string },
) {
  const { t } = useTranslation();
  const theme = useMapTheme();
  const [opened, setOpened] = useState<OpenedMap | null>(null);
  const [loaded, setLoaded] = useState(false);
  const [styleKind, setStyleKind] = useState<StyleKind | null>(null);
  // What the map is made with; later changes go through setTheme or the other hooks.
  const atStart = useRef({ initialView, styleUrl, theme, t });

  useEffect(() => {
    const element = container.current;
    if (!element) return;
    const controller = new AbortController();
    const { initialView: view, styleUrl: url, theme: startTheme, t: translate } = atStart.current;
    let mapOpened: OpenedMap | null = null;
    void openMap({
      container: element,
      styleUrl: url,
      theme: startTheme,
      t: translate,
      signal: controller.signal,
      onStyleKind: setStyleKind,
      options: {
        ...(view
          ? { center: [view.lng, view.lat], zoom: view.zoom }
          : { bounds: DEFAULT_MAP_BOUNDS, fitBoundsOptions: { padding: 16 } }),
        minZoom: 1,
        ...FLAT_MAP_OPTIONS,
      },
    }).then((result) => {
      if (!result) return;
      mapOpened = result;
      disableRotation(result.map);
      const onLoad = () => setLoaded(true);
      if (result.map.loaded()) onLoad();
      else result.map.once("load", onLoad);
      setOpened(result);
    });
    return () => {
      controller.abort();
      mapOpened?.map.remove();
    };
  }, [container]);

  useEffect(() => opened?.setTheme(theme), [opened, theme]);

  return { map: opened?.map ?? null, loaded, styleKind };
}
