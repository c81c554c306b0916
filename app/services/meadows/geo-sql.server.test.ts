import { describe, expect, it } from "vitest";
import { normalizeBoundingBox, type BoundingBox } from "./geo-sql.server";

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
