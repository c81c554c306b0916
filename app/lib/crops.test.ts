import { describe, expect, it } from "vitest";
import en from "~/locales/en/translation";
import nl from "~/locales/nl/translation";
import {
  CROPS,
  cropsFromColumns,
  cropsInSeason,
  currentMonth,
  monthAt,
  inMonth,
  maskMonths,
  monthMask,
  monthRange,
  seasonMask,
  seasonRuns,
} from "./crops";

describe("the crop catalogue", () => {
  it("has at least 40 crops with unique slug ids", () => {
    expect(CROPS.length).toBeGreaterThanOrEqual(40);
    const ids = CROPS.map((crop) => crop.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) expect(id).toMatch(/^[a-z]+(-[a-z]+)*$/);
  });

  it("names every crop in English and Dutch", () => {
    const english: Record<string, string> = en.crops.names;
    const dutch: Record<string, string> = nl.crops.names;
    for (const crop of CROPS) {
      expect(english[crop.id], crop.id).toBeTruthy();
      expect(dutch[crop.id], crop.id).toBeTruthy();
    }
    expect(Object.keys(english).sort()).toEqual(CROPS.map((crop) => crop.id).sort());
  });

  it("gives every crop a botanical name, a colour and a season", () => {
    for (const crop of CROPS) {
      expect(crop.botanical.length, crop.id).toBeGreaterThan(2);
      expect(crop.colour, crop.id).toMatch(/^#[0-9a-f]{6}$/);
      expect(crop.season, crop.id).toBeGreaterThan(0);
      expect(crop.season, crop.id).toBeLessThanOrEqual(0xfff);
    }
  });
});

describe("months", () => {
  it("turns months into a mask and back", () => {
    expect(monthMask([1, 12])).toBe(0b1000_0000_0001);
    expect(maskMonths(0b1000_0000_0001)).toEqual([1, 12]);
    expect(monthMask([0, 13, 2.5])).toBe(0);
  });

  it("runs a season from December into January", () => {
    expect(maskMonths(monthRange(11, 2))).toEqual([1, 2, 11, 12]);
    expect(maskMonths(monthRange(6, 8))).toEqual([6, 7, 8]);
    expect(maskMonths(monthRange(4, 4))).toEqual([4]);
    const kale = CROPS.find((crop) => crop.id === "kale");
    expect(kale && inMonth(kale.season, 1)).toBe(true);
    expect(kale && inMonth(kale.season, 12)).toBe(true);
    expect(kale && inMonth(kale.season, 6)).toBe(false);
  });

  it("knows what is in season at a meadow", () => {
    const crops = [
      { id: "dahlia", months: monthRange(7, 10) },
      { id: "holly", months: monthRange(11, 1) },
    ];
    expect(seasonMask(crops)).toBe(monthRange(7, 1));
    expect(cropsInSeason(crops, 8).map((crop) => crop.id)).toEqual(["dahlia"]);
    expect(cropsInSeason(crops, 1).map((crop) => crop.id)).toEqual(["holly"]);
    expect(cropsInSeason(crops, 3)).toEqual([]);
  });

  it("reads the month in the meadow's own time zone", () => {
    // 23:30 on 31 December in London is already January in Amsterdam.
    const instant = new Date("2026-12-31T23:30:00Z");
    expect(currentMonth(instant, "GB")).toBe(12);
    expect(currentMonth(instant, "NL")).toBe(1);
  });

  it("turns the month at the zone's midnight to the minute, asked again and again", () => {
    for (let round = 0; round < 2; round++) {
      expect(monthAt(new Date("2026-12-31T22:59:59Z"), "Europe/Amsterdam")).toBe(12);
      expect(monthAt(new Date("2026-12-31T23:00:00Z"), "Europe/Amsterdam")).toBe(1);
      // Half an hour off UTC: the month still turns on a quarter hour.
      expect(monthAt(new Date("2026-11-30T18:29:59Z"), "Asia/Kolkata")).toBe(11);
      expect(monthAt(new Date("2026-11-30T18:30:00Z"), "Asia/Kolkata")).toBe(12);
    }
  });

  it("reads stored columns in catalogue order, leaving out retired ids", () => {
    expect(cropsFromColumns(["dahlia", "gone", "tulip"], [64, 1, 8])).toEqual([
      { id: "tulip", months: 8 },
      { id: "dahlia", months: 64 },
    ]);
  });
});

describe("seasonRuns", () => {
  it.each([
    [monthRange(7, 10), [[7, 10]]],
    [monthRange(11, 2), [[11, 2]]],
    [
      monthMask([1, 3, 4, 12]),
      [
        [3, 4],
        [12, 1],
      ],
    ],
    [monthMask([12]), [[12, 12]]],
    [0xfff, [[1, 12]]],
    [0, []],
  ])("reads %i as %j", (mask, runs) => {
    expect(seasonRuns(mask)).toEqual(runs);
  });
});
