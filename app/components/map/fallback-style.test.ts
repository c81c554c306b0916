import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { validateStyleMin } from "@maplibre/maplibre-gl-style-spec";
import { describe, expect, it } from "vitest";
import {
  buildFallbackStyle,
  FALLBACK_PALETTES,
  FALLBACK_SOURCE_ATTRIBUTION,
  fallbackGeometry,
  fallbackPaint,
} from "./fallback-style";

const require = createRequire(import.meta.url);
const topology = JSON.parse(
  readFileSync(require.resolve("world-atlas/countries-110m.json"), "utf8"),
) as Parameters<typeof fallbackGeometry>[0];

/** WCAG's contrast ratio of two #rrggbb colours. */
function contrast(first: string, second: string): number {
  const luminance = (hex: string) => {
    const [r = 0, g = 0, b = 0] = [1, 3, 5].map((at) => {
      const c = Number.parseInt(hex.slice(at, at + 2), 16) / 255;
      return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  };
  const [lighter, darker] = [luminance(first), luminance(second)].sort((a, b) => b - a);
  return (lighter! + 0.05) / (darker! + 0.05);
}

describe("the fallback map style", () => {
  const geometry = fallbackGeometry(topology);

  it("keeps land and water apart in both colour modes", () => {
    expect(contrast(FALLBACK_PALETTES.light.land, FALLBACK_PALETTES.light.water)).toBeGreaterThan(
      1.2,
    );
    expect(contrast(FALLBACK_PALETTES.dark.land, FALLBACK_PALETTES.dark.water)).toBeGreaterThan(
      1.45,
    );
  });

  it("draws the land and the borders between countries from world-atlas", () => {
    expect(geometry.land.type).toBe("FeatureCollection");
    expect(geometry.land.features.length).toBeGreaterThan(0);
    expect(geometry.borders.type).toBe("MultiLineString");
    // The Dutch–Belgian border is among them: some segment passes near Baarle (51.4 N, 4.9 E).
    const nearBaarle = geometry.borders.coordinates.some((line) =>
      line.some(([lng = 0, lat = 0]) => Math.abs(lng - 5) < 0.6 && Math.abs(lat - 51.3) < 0.4),
    );
    expect(nearBaarle).toBe(true);
  });

  it("is a valid MapLibre style that needs no glyphs, sprites or network", () => {
    const style = buildFallbackStyle(geometry, FALLBACK_PALETTES.light);
    expect(validateStyleMin(style)).toEqual([]);
    expect(style.glyphs).toBeUndefined();
    expect(style.sprite).toBeUndefined();
    expect(style.layers.map((layer) => layer.type)).not.toContain("symbol");
    for (const source of Object.values(style.sources)) {
      expect(source.type).toBe("geojson");
      expect(typeof (source as { data: unknown }).data).toBe("object");
    }
  });

  it("credits Natural Earth", () => {
    const style = buildFallbackStyle(geometry, FALLBACK_PALETTES.light);
    const credits = Object.values(style.sources).map(
      (source) => (source as { attribution?: string }).attribution,
    );
    expect(credits).toContain(FALLBACK_SOURCE_ATTRIBUTION);
    expect(FALLBACK_SOURCE_ATTRIBUTION).toContain("Natural Earth");
  });

  it("paints land, water and borders in the theme's colours", () => {
    for (const palette of [FALLBACK_PALETTES.light, FALLBACK_PALETTES.dark]) {
      const style = buildFallbackStyle(geometry, palette);
      for (const { layer, property, value } of fallbackPaint(palette)) {
        const found = style.layers.find((candidate) => candidate.id === layer);
        expect((found?.paint as Record<string, unknown>)[property], layer).toBe(value);
      }
    }
    expect(FALLBACK_PALETTES.dark.land).not.toBe(FALLBACK_PALETTES.light.land);
    expect(FALLBACK_PALETTES.dark.water).not.toBe(FALLBACK_PALETTES.light.water);
  });
});
