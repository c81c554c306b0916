import { describe, expect, it } from "vitest";
import { median, percentile } from "./statistics.ts";

describe("median", () => {
  it("is the middle value of an odd count, whatever the order", () => {
    expect(median([0.44, 0.3, 0.45])).toBe(0.44);
  });
  it("is the mean of the two middle values of an even count", () => {
    expect(median([4, 1, 3, 2])).toBe(2.5);
  });
  it("is NaN of no values", () => {
    expect(median([])).toBeNaN();
  });
});

describe("percentile", () => {
  const sorted = Array.from({ length: 100 }, (_, index) => index + 1);
  it("takes the nearest rank", () => {
    expect(percentile(sorted, 50)).toBe(50);
    expect(percentile(sorted, 99)).toBe(99);
    expect(percentile([5, 7], 99)).toBe(7);
  });
  it("is NaN of no samples", () => {
    expect(percentile([], 50)).toBeNaN();
  });
});
