import { fc, test } from "@fast-check/vitest";
import { describe, expect, it } from "vitest";
import { cropCellsNear, textWords } from "./filters.server";
import { EARTH_RADIUS_M } from "./geo-sql.server";

/** The point `metres` from `from` in the direction `bearing` (radians), on the sphere. */
function destination(from: { lat: number; lng: number }, bearing: number, metres: number) {
  const toRadians = Math.PI / 180;
  const angle = metres / EARTH_RADIUS_M;
  const lat1 = from.lat * toRadians;
  const lat2 = Math.asin(
    Math.sin(lat1) * Math.cos(angle) + Math.cos(lat1) * Math.sin(angle) * Math.cos(bearing),
  );
  const lng2 =
    from.lng * toRadians +
    Math.atan2(
      Math.sin(bearing) * Math.sin(angle) * Math.cos(lat1),
      Math.cos(angle) - Math.sin(lat1) * Math.sin(lat2),
    );
  return { lat: lat2 / toRadians, lng: lng2 / toRadians };
}

/** The key migration 0025's meadow_crop_season_cells gives a term at a place. */
function cellKey(term: string, { lat, lng }: { lat: number; lng: number }) {
  return `${term} ${Math.floor(lng / 0.17578125)},${Math.floor(lat / 0.17578125)}`;
}

describe("textWords", () => {
  it("gives the keys for the words, and none once the text is gone", () => {
    expect(textWords({ text: "Strawberries  fields" })).toEqual(["Strawberries", "fields"]);
    expect(textWords({ text: "Strawberries fields", words: ["strawberri", "field"] })).toEqual([
      "strawberri",
      "field",
    ]);
    // A read that drops the text ({ ...filters, text: "" }) drops its keys with it.
    expect(textWords({ text: "", words: ["strawberri"] })).toEqual([]);
  });
});

describe("cropCellsNear", () => {
  test.prop([
    fc.record({
      lat: fc.double({ min: -70, max: 70, noNaN: true }),
      lng: fc.double({ min: -175, max: 175, noNaN: true }),
    }),
    fc.integer({ min: 1, max: 100 }),
    fc.double({ min: 0, max: 2 * Math.PI, noNaN: true }),
    fc.double({ min: 0, max: 0.999, noNaN: true }),
  ])("keys the cell of every place within the distance", (near, km, bearing, share) => {
    const keys = cropCellsNear({ crops: ["kale"], near, maxDistanceKm: km });
    const place = destination(near, bearing, share * km * 1000);
    // Near the poles and the antimeridian a circle has no one box, and the GiST index serves.
    if (keys) expect(keys).toContain(cellKey("kale", place));
  });

  it("keys each chosen crop, or each crop in each month asked", () => {
    const near = { lat: 52.09, lng: 5.12 };
    const cells = cropCellsNear({ crops: ["kale"], near, maxDistanceKm: 5 });
    expect(cells).toEqual(expect.arrayContaining([cellKey("kale", near)]));
    const inSeason = cropCellsNear({
      crops: ["kale", "quince"],
      season: 11,
      near,
      maxDistanceKm: 5,
    });
    expect(inSeason).toHaveLength(2 * (cells?.length ?? 0));
    expect(inSeason).toEqual(
      expect.arrayContaining([cellKey("kale:11", near), cellKey("quince:11", near)]),
    );
  });

  it("leaves searches without crops or a distance, and very wide circles, to other plans", () => {
    const near = { lat: 52.09, lng: 5.12 };
    expect(cropCellsNear({ near, maxDistanceKm: 25 })).toBeUndefined();
    expect(cropCellsNear({ crops: ["kale"], near })).toBeUndefined();
    expect(cropCellsNear({ crops: ["no-such-crop"], near, maxDistanceKm: 25 })).toBeUndefined();
    expect(cropCellsNear({ crops: ["kale", "quince"], near, maxDistanceKm: 400 })).toBeUndefined();
  });
});
