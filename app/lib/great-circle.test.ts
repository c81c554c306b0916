import { describe, expect, it } from "vitest";
import { greatCircleDistance } from "./great-circle";

describe("greatCircleDistance", () => {
  it("measures as the haversine formula does", () => {
    const utrecht = { lat: 52.09, lng: 5.12 };
    expect(greatCircleDistance(utrecht, utrecht, 6_378_168)).toBe(0);
    // One degree of latitude on earthdistance's sphere, and on the mean earth radius in km.
    expect(greatCircleDistance({ lat: 52, lng: 5 }, { lat: 53, lng: 5 }, 6_378_168)).toBeCloseTo(
      111_317,
      -1,
    );
    expect(greatCircleDistance({ lat: 52, lng: 5 }, { lat: 53, lng: 5 }, 6_371)).toBeCloseTo(
      111.19,
      2,
    );
  });

  it("answers for points on opposite sides of the earth", () => {
    expect(greatCircleDistance({ lat: 0, lng: 0 }, { lat: 0, lng: 180 }, 1)).toBeCloseTo(Math.PI);
  });
});
