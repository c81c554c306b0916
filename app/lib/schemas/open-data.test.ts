import { fc, test } from "@fast-check/vitest";
import { describe, expect, it } from "vitest";
import { CROP_IDS } from "~/lib/crops";
import { API_QUERY_PARAMETERS, meadowsQuerySchema, queryObject } from "./open-data";

const NINE_CROPS = CROP_IDS.slice(0, 9)
  .map((id) => `crop=${id}`)
  .join("&");
const FIVE_CROPS = CROP_IDS.slice(0, 5)
  .map((id) => `crop=${id}`)
  .join("&");

const parse = (query: string) => {
  const raw = queryObject(new URLSearchParams(query));
  if (!raw.ok) return { repeated: raw.parameter };
  return meadowsQuerySchema.safeParse(raw.value);
};

describe("meadowsQuerySchema", () => {
  it("reads the three kinds of query", () => {
    expect(parse("near=52.09,5.12&radius=25&limit=10&crop=Dahlia&crop=tulip")).toMatchObject({
      success: true,
      data: { near: { lat: 52.09, lng: 5.12 }, radius: 25, limit: 10, crop: ["dahlia", "tulip"] },
    });
    expect(parse("bbox=4.8,52,5.4,52.2&zoom=13&country=nl&season=now")).toMatchObject({
      success: true,
      data: { bbox: [4.8, 52, 5.4, 52.2], zoom: 13, country: "NL", season: "now" },
    });
    expect(parse("cursor=abc_-9&limit=100&season=8&format=geojson")).toMatchObject({
      success: true,
      data: { cursor: "abc_-9", limit: 100, season: 8, format: "geojson" },
    });
    expect(parse("unknown=1")).toMatchObject({ success: true, data: {} });
  });

  it.each([
    ["near=91,5", "near", "openData.errors.near"],
    ["near=52", "near", "openData.errors.near"],
    ["near=52,5&radius=0", "radius", "openData.errors.radius"],
    ["near=52,5&radius=501", "radius", "openData.errors.radius"],
    ["radius=5", "radius", "openData.errors.radiusWithoutNear"],
    ["limit=0", "limit", "openData.errors.limit"],
    ["limit=101", "limit", "openData.errors.limit"],
    ["limit=2.5", "limit", "openData.errors.limit"],
    ["bbox=1,2,3,4", "zoom", "openData.errors.bboxAndZoom"],
    ["zoom=3", "bbox", "openData.errors.bboxAndZoom"],
    ["bbox=1,2,3&zoom=3", "bbox", "openData.errors.bbox"],
    ["bbox=1,5,3,4&zoom=3", "bbox", "openData.errors.bbox"],
    ["bbox=1,2,3,4&zoom=23", "zoom", "openData.errors.zoom"],
    ["near=52,5&bbox=1,2,3,4&zoom=3", "bbox", "openData.errors.nearAndBbox"],
    ["near=52,5&cursor=abc", "cursor", "openData.errors.cursorOnList"],
    ["bbox=1,2,3,4&zoom=3&limit=5", "limit", "openData.errors.limitWithBbox"],
    ["crop=orchid", "crop", "openData.errors.crop"],
    [`bbox=1,2,3,4&zoom=3&${FIVE_CROPS}`, "crop", "openData.errors.cropsWithBbox"],
    ["season=13", "season", "openData.errors.season"],
    ["country=XX", "country", "openData.errors.country"],
    ["format=xml", "format", "openData.errors.format"],
    ["cursor=a%20b", "cursor", "openData.errors.cursor"],
    [`q=${"x".repeat(101)}`, "q", "openData.errors.q"],
  ])("refuses %s, naming %s", (query, parameter, message) => {
    const result = parse(query);
    expect(result).toMatchObject({ success: false });
    const issue = "error" in result ? result.error?.issues[0] : undefined;
    expect(issue?.message).toBe(message);
    expect(issue?.path[0]).toBe(parameter);
  });

  it("refuses a parameter given twice, unless it is crop", () => {
    expect(parse("limit=5&limit=6")).toEqual({ repeated: "limit" });
    expect(parse("crop=tulip&crop=dahlia")).toMatchObject({ success: true });
  });

  it("takes up to thirty crops for a list, and four for a view", () => {
    expect(parse(NINE_CROPS)).toMatchObject({ success: true });
    const four = NINE_CROPS.split("&").slice(0, 4).join("&");
    expect(parse(`bbox=1,2,3,4&zoom=3&${four}`)).toMatchObject({ success: true });
  });

  const parameter = fc.constantFrom(...API_QUERY_PARAMETERS, "other");
  test.prop([
    fc.array(fc.tuple(parameter, fc.string({ unit: "binary", maxLength: 40 })), { maxLength: 6 }),
  ])("reads any query or refuses it with a catalogue message, never throwing", (pairs) => {
    const params = new URLSearchParams(pairs);
    const raw = queryObject(params);
    if (!raw.ok) return;
    const result = meadowsQuerySchema.safeParse(raw.value);
    if (!result.success) {
      expect(result.error.issues[0]?.message).toMatch(/^openData\.errors\.\w+$/);
    }
  });
});
