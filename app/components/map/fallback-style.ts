import type { StyleSpecification } from "maplibre-gl";
import type { FeatureCollection, Geometry, MultiLineString } from "geojson";
import { feature, mesh } from "topojson-client";
import type { GeometryCollection, Topology } from "topojson-specification";

/*
 * The map's own basemap, for when the configured style cannot be reached (offline, a blocked
 * tile server, tests): land, water and country borders drawn from Natural Earth's outlines
 * (the world-atlas package), in our light and dark colours. It has no glyphs and no sprites, so
 * nothing on it may be a symbol layer: pins and cluster counts are HTML markers.
 */

export type MapTheme = "light" | "dark";

export interface FallbackPalette {
  water: string;
  land: string;
  coast: string;
  border: string;
}

/** Calm, green-tinted neutrals beside the app's background tokens (app.css). */
export const FALLBACK_PALETTES: Record<MapTheme, FallbackPalette> = {
  light: { water: "#d3e5e8", land: "#f5f8f2", coast: "#a9c4c6", border: "#a3b3a0" },
  // Dark water and lighter land: at night the two must still read apart (a contrast of 1.5).
  dark: { water: "#081824", land: "#2c3b30", coast: "#456266", border: "#5b6e5e" },
};

export interface FallbackGeometry {
  land: FeatureCollection<Geometry>;
  /** Borders between two countries only; coasts come from the land's outline. */
  borders: MultiLineString;
}

type CountriesTopology = Topology<{ countries: GeometryCollection; land: GeometryCollection }>;

/** world-atlas's TopoJSON (countries-50m.json or -110m.json) as the GeoJSON the style draws. */
export function fallbackGeometry(topology: CountriesTopology): FallbackGeometry {
  const land = feature(topology, topology.objects.land) as FeatureCollection<Geometry>;
  return {
    land,
    borders: mesh(topology, topology.objects.countries, (a, b) => a !== b),
  };
}

export const FALLBACK_SOURCE_ATTRIBUTION =
  '<a href="https://www.naturalearthdata.com/" target="_blank" rel="noopener">Natural Earth</a>';

/** Which paint property of which layer shows which colour: the style, and a theme switch. */
export function fallbackPaint(palette: FallbackPalette) {
  return [
    { layer: "water", property: "background-color", value: palette.water },
    { layer: "land", property: "fill-color", value: palette.land },
    { layer: "coast", property: "line-color", value: palette.coast },
    { layer: "borders", property: "line-color", value: palette.border },
  ] as const;
}

/** The fallback style itself: four layers over two GeoJSON sources, nothing fetched. */
export function buildFallbackStyle(
  geometry: FallbackGeometry,
  palette: FallbackPalette,
  attribution: string = FALLBACK_SOURCE_ATTRIBUTION,
): StyleSpecification {
  const colour = Object.fromEntries(
    fallbackPaint(palette).map(({ layer, value }) => [layer, value]),
  ) as Record<"water" | "land" | "coast" | "borders", string>;
  return {
    version: 8,
    name: "Plukweide offline",
    sources: {
      land: { type: "geojson", data: geometry.land, attribution, maxzoom: 10 },
      borders: {
        type: "geojson",
        data: { type: "Feature", geometry: geometry.borders, properties: {} },
        maxzoom: 10,
      },
    },
    layers: [
      { id: "water", type: "background", paint: { "background-color": colour.water } },
      { id: "land", type: "fill", source: "land", paint: { "fill-color": colour.land } },
      {
        id: "coast",
        type: "line",
        source: "land",
        paint: {
          "line-color": colour.coast,
          "line-width": ["interpolate", ["linear"], ["zoom"], 3, 0.5, 10, 1.5],
        },
      },
      {
        id: "borders",
        type: "line",
        source: "borders",
        layout: { "line-join": "round" },
        paint: {
          "line-color": colour.borders,
          "line-width": ["interpolate", ["linear"], ["zoom"], 3, 0.75, 10, 2],
          "line-dasharray": [3, 2],
        },
      },
    ],
  };
}
