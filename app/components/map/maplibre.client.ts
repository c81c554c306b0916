import type { TFunction } from "i18next";
import {
  AttributionControl,
  Map as MapLibreMap,
  NavigationControl,
  setWorkerUrl,
  type MapOptions,
} from "maplibre-gl";
import "maplibre-gl/dist/maplibre-gl.css";
// MapLibre looks for its worker beside its own module; bundled, that is a hashed file elsewhere.
import workerUrl from "maplibre-gl/dist/maplibre-gl-worker.mjs?url";
import { FALLBACK_PALETTES, fallbackPaint, type MapTheme } from "./fallback-style";
import { mapLocale } from "./map-locale";
import { fallbackStyle, loadMapStyle, rememberStyleFailure } from "./map-style";
import "./map.css";

/*
 * Everything the map components share: MapLibre itself (in the lazily loaded chunk with them),
 * its worker, the style with its fallback, attribution, translated controls and the theme.
 */

setWorkerUrl(workerUrl);

export type StyleKind = "remote" | "fallback";

/**
 * Our maps stay flat and north-up: a tilted or turned map of fields helps nobody find one, and a
 * stray two-finger gesture should not leave the visitor lost.
 */
export const FLAT_MAP_OPTIONS = {
  dragRotate: false,
  pitchWithRotate: false,
  touchPitch: false,
} as const;

/** The rest of keeping a map flat, once it exists: no rotating by touch or keyboard. */
export function disableRotation(map: MapLibreMap) {
  map.touchZoomRotate.disableRotation();
  map.keyboard.disableRotation();
}

/** Tile errors before any tile arrived: the style loaded, but its tiles cannot be reached. */
const TILE_FAILURES_BEFORE_FALLBACK = 2;

export interface OpenedMap {
  map: MapLibreMap;
  styleKind(): StyleKind;
  /** Repaints the built-in basemap for a colour-mode change (the remote style has one look). */
  setTheme(theme: MapTheme): void;
}

/**
 * Creates a map in `container` with the configured style, or the built-in one when that cannot
 * be loaded, now or (its tiles) later. Resolves once the map exists; `signal` abandons it.
 */
export async function openMap({
  container,
  styleUrl,
  theme,
  t,
  options,
  onStyleKind,
  signal,
}: {
  container: HTMLElement;
  styleUrl: string;
  theme: MapTheme;
  t: TFunction;
  options: Omit<MapOptions, "container" | "style">;
  onStyleKind?: (kind: StyleKind) => void;
  signal: AbortSignal;
}): Promise<OpenedMap | null> {
  const loaded = await loadMapStyle(styleUrl, theme);
  if (signal.aborted) return null;
  let kind: StyleKind = loaded.kind;
  let currentTheme = theme;
  const customAttribution =
    kind === "remote" && !JSON.stringify(loaded.style.sources).includes("openstreetmap.org")
      ? [osmAttribution(t)]
      : [];
  const map = new MapLibreMap({
    ...options,
    container,
    style: loaded.style,
    locale: mapLocale(t),
    attributionControl: false,
    maplibreLogo: false,
    // The built-in basemap has nothing to show past its outlines' detail.
    maxZoom: options.maxZoom ?? 19,
  });
  let attribution = new AttributionControl({ compact: true, customAttribution });
  map.addControl(attribution, "bottom-right");
  if (options.interactive !== false) {
    map.addControl(new NavigationControl({ showCompass: false }), "top-right");
  }
  onStyleKind?.(kind);

  // A style whose tiles never arrive (a tile server blocked or down) is swapped for ours.
  let tileFailures = 0;
  let tilesArrived = false;
  map.on("data", (event) => {
    if (event.dataType === "source" && "tile" in event && event.tile) tilesArrived = true;
  });
  map.on("error", (event) => {
    // MapLibre logs errors nobody listens for; a missing tile is not the page's error.
    console.warn("map:", event.error?.message ?? event);
    if (kind !== "remote" || tilesArrived) return;
    if (++tileFailures < TILE_FAILURES_BEFORE_FALLBACK) return;
    kind = "fallback";
    rememberStyleFailure(styleUrl);
    void fallbackStyle(currentTheme).then((style) => {
      if (signal.aborted) return;
      map.setStyle(style);
      // Natural Earth's credit comes with the style; OpenStreetMap's no longer applies.
      map.removeControl(attribution);
      attribution = new AttributionControl({ compact: true });
      map.addControl(attribution, "bottom-right");
      onStyleKind?.("fallback");
    });
  });

  return {
    map,
    styleKind: () => kind,
    setTheme(next) {
      currentTheme = next;
      const paint = () => {
        if (kind !== "fallback") return;
        for (const { layer, property, value } of fallbackPaint(FALLBACK_PALETTES[currentTheme])) {
          if (map.getLayer(layer)) map.setPaintProperty(layer, property, value);
        }
      };
      if (map.isStyleLoaded()) paint();
      else map.once("style.load", paint);
    },
  };
}

function osmAttribution(t: TFunction): string {
  return `<a href="https://www.openstreetmap.org/copyright" target="_blank" rel="noopener">${t(
    "mapView.attributionOsm",
  )}</a>`;
}

export { MapLibreMap };
