import type { StyleSpecification } from "maplibre-gl";
import { describe, expect, it } from "vitest";
import { withAbsoluteUrls } from "./map-style";

describe("a style loaded by hand", () => {
  it("has its relative addresses resolved against the style's, placeholders kept", () => {
    const style = {
      version: 8,
      glyphs: "fonts/{fontstack}/{range}.pbf",
      sprite: "/sprites/liberty",
      sources: {
        tiles: { type: "vector", url: "../planet" },
        direct: {
          type: "vector",
          tiles: ["tiles/{z}/{x}/{y}.pbf", "https://b.example/{z}/{x}/{y}"],
        },
        points: { type: "geojson", data: "points.json" },
        inline: { type: "geojson", data: { type: "FeatureCollection", features: [] } },
      },
      layers: [],
    } as unknown as StyleSpecification;
    const resolved = withAbsoluteUrls(style, "https://maps.example/styles/liberty");
    expect(resolved.glyphs).toBe("https://maps.example/styles/fonts/{fontstack}/{range}.pbf");
    expect(resolved.sprite).toBe("https://maps.example/sprites/liberty");
    expect(resolved.sources).toEqual({
      tiles: { type: "vector", url: "https://maps.example/planet" },
      direct: {
        type: "vector",
        tiles: [
          "https://maps.example/styles/tiles/{z}/{x}/{y}.pbf",
          "https://b.example/{z}/{x}/{y}",
        ],
      },
      points: { type: "geojson", data: "https://maps.example/styles/points.json" },
      inline: { type: "geojson", data: { type: "FeatureCollection", features: [] } },
    });
  });

  it("leaves absolute addresses and sprite sets alone but for resolving", () => {
    const style = {
      version: 8,
      sprite: [
        { id: "default", url: "https://cdn.example/sprite" },
        { id: "extra", url: "extra" },
      ],
      sources: { tiles: { type: "vector", url: "mapbox://tiles" } },
      layers: [],
    } as unknown as StyleSpecification;
    const resolved = withAbsoluteUrls(style, "https://maps.example/style.json");
    expect(resolved.sprite).toEqual([
      { id: "default", url: "https://cdn.example/sprite" },
      { id: "extra", url: "https://maps.example/extra" },
    ]);
    expect(resolved.sources.tiles).toEqual({ type: "vector", url: "mapbox://tiles" });
    expect(resolved.glyphs).toBeUndefined();
  });
});
