import { describe, expect, it } from "vitest";
import { greatCircleDistance } from "~/lib/great-circle";
import {
  cellsWithin,
  clusterCellSize,
  EARTH_RADIUS_M,
  normalizeBoundingBox,
  STORED_GRID_LEVELS,
  type BoundingBox,
} from "./geo-sql.server";

describe("normalizeBoundingBox", () => {
  it.each<[BoundingBox, ReturnType<typeof normalizeBoundingBox>]>([
    [[4, 51, 6, 53], { south: 51, north: 53, lngRanges: [[4, 6]] }],
    [[4, 53, 6, 51], { south: 51, north: 53, lngRanges: [[4, 6]] }],
    [[4, -100, 6, 100], { south: -90, north: 90, lngRanges: [[4, 6]] }],
    [
      [170, 0, 190, 10],
      {
        south: 0,
        north: 10,
        lngRanges: [
          [170, 180],
          [-180, -170],
        ],
      },
    ],
    [
      [170, 0, -170, 10],
      {
        south: 0,
        north: 10,
        lngRanges: [
          [170, 180],
          [-180, -170],
        ],
      },
    ],
    [[-200, 0, -190, 10], { south: 0, north: 10, lngRanges: [[160, 170]] }],
    [[10, 0, 180, 10], { south: 0, north: 10, lngRanges: [[10, 180]] }],
    [[-180, 0, 180, 10], { south: 0, north: 10, lngRanges: [[-180, 180]] }],
    [[-500, 0, 500, 10], { south: 0, north: 10, lngRanges: [[-180, 180]] }],
    [[Number.NaN, Number.NaN, 5, Number.NaN], { south: -90, north: 90, lngRanges: [[-180, 180]] }],
  ])("%j", (bbox, expected) => {
    expect(normalizeBoundingBox(bbox)).toEqual(expected);
  });
});

describe("cellsWithin", () => {
  const UTRECHT = { lat: 52.09, lng: 5.12 };

  it.each([
    [UTRECHT, 25_000],
    [UTRECHT, 5_000],
    [{ lat: 64.1, lng: -21.9 }, 50_000],
    [{ lat: -33.9, lng: 151.2 }, 10_000],
  ])("gives only cells whose every point lies within the distance, around %o", (near, metres) => {
    const found = cellsWithin(near, metres);
    expect(found).toBeDefined();
    const { level, rows } = found!;
    const size = clusterCellSize(level);
    // Cells of about half the radius, or the finest kept: a few dozen at most.
    const finest = level === STORED_GRID_LEVELS - 1;
    if (!finest) expect(size).toBeLessThanOrEqual(metres / 111_000 / 2);
    const cells = rows.flatMap(({ cy, cx: [from, to] }) =>
      Array.from({ length: to - from + 1 }, (_, i) => ({ cx: from + i, cy })),
    );
    expect(cells.length).toBeLessThan(100);
    // Points along each cell's edges and across it, not only its corners.
    for (const { cx, cy } of cells) {
      for (let i = 0; i <= 10; i++) {
        for (let j = 0; j <= 10; j++) {
          const point = { lat: (cy + i / 10) * size, lng: (cx + j / 10) * size };
          expect(greatCircleDistance(near, point, EARTH_RADIUS_M)).toBeLessThanOrEqual(metres);
        }
      }
    }
    // Where the cells are half the radius, the one holding the centre is one of them.
    const centre = { cx: Math.floor(near.lng / size), cy: Math.floor(near.lat / size) };
    if (!finest) expect(cells).toContainEqual(centre);
  });

  it("gives nothing for a circle over the antimeridian or a pole", () => {
    expect(cellsWithin({ lat: 0, lng: 179.99 }, 10_000)).toBeUndefined();
    expect(cellsWithin({ lat: 89.99, lng: 0 }, 10_000)).toBeUndefined();
  });
});
