import { describe, expect, it } from "vitest";
import { CROP_IDS, MAP_MAX_CROPS } from "~/lib/crops";
import {
  mapCropsAsked,
  mapSearchParams,
  readMapFilters,
  readMapView,
  viewportQuerySchema,
} from "./viewport";

function parse(query: string) {
  return viewportQuerySchema.safeParse(Object.fromEntries(new URLSearchParams(query)));
}

function errorOf(query: string): string | undefined {
  const result = parse(query);
  return result.success ? undefined : result.error.issues[0]?.message;
}

describe("the viewport query", () => {
  it("reads a view with its filters", () => {
    const result = parse("bbox=3.1,50.7,7.2,53.5&zoom=7&q=%20tulp%20&country=nl&other=1");
    expect(result.success).toBe(true);
    expect(result.data).toEqual({
      bbox: [3.1, 50.7, 7.2, 53.5],
      zoom: 7,
      q: "tulp",
      country: "NL",
    });
  });

  it("leaves empty filters out", () => {
    const result = parse("bbox=-180,-90,180,90&zoom=0&q=&country=");
    expect(result.data).toEqual({ bbox: [-180, -90, 180, 90], zoom: 0 });
  });

  it("reads control characters in the words as spaces", () => {
    expect(parse("bbox=3,50,7,53&zoom=7&q=tulp%00dahlia%0A").data?.q).toBe("tulp dahlia");
    expect(readMapFilters(new URLSearchParams("q=%00tulp%01"))).toEqual({ q: "tulp" });
    expect(readMapFilters(new URLSearchParams("q=%00"))).toEqual({});
  });

  it("accepts views across the antimeridian and wider than the world, as MapLibre reports them", () => {
    expect(parse("bbox=170,-10,190,10&zoom=4").data?.bbox).toEqual([170, -10, 190, 10]);
    expect(parse("bbox=-900,-85,900,85&zoom=0").data?.bbox).toEqual([-900, -85, 900, 85]);
  });

  it.each([
    ["", "mapView.errors.bbox"],
    ["bbox=1,2,3&zoom=4", "mapView.errors.bbox"],
    ["bbox=1,2,3,4,5&zoom=4", "mapView.errors.bbox"],
    ["bbox=1,2,,4&zoom=4", "mapView.errors.bbox"],
    ["bbox=a,b,c,d&zoom=4", "mapView.errors.bbox"],
    ["bbox=1,2,Infinity,4&zoom=4", "mapView.errors.bbox"],
    ["bbox=1,NaN,3,4&zoom=4", "mapView.errors.bbox"],
    ["bbox=1,-91,3,4&zoom=4", "mapView.errors.bboxLatitude"],
    ["bbox=1,2,3,90.5&zoom=4", "mapView.errors.bboxLatitude"],
    ["bbox=1,50,3,40&zoom=4", "mapView.errors.bboxLatitude"],
    ["bbox=1,2,3,4", "mapView.errors.zoom"],
    ["bbox=1,2,3,4&zoom=", "mapView.errors.zoom"],
    ["bbox=1,2,3,4&zoom=23", "mapView.errors.zoom"],
    ["bbox=1,2,3,4&zoom=-1", "mapView.errors.zoom"],
    ["bbox=1,2,3,4&zoom=7.5", "mapView.errors.zoom"],
    ["bbox=1,2,3,4&zoom=1e1", "mapView.errors.zoom"],
    [`bbox=1,2,3,4&zoom=4&q=${"x".repeat(101)}`, "mapView.errors.query"],
    ["bbox=1,2,3,4&zoom=4&country=XX", "mapView.errors.country"],
    ["bbox=1,2,3,4&zoom=4&country=Netherlands", "mapView.errors.country"],
  ])("refuses %s with %s", (query, message) => {
    expect(errorOf(query)).toBe(message);
  });

  it("takes a hundred characters of text", () => {
    expect(parse(`bbox=1,2,3,4&zoom=4&q=${"x".repeat(100)}`).success).toBe(true);
  });
});

describe("the map page's address", () => {
  it("reads the view when lat, lng and z are all there and sensible", () => {
    expect(readMapView(new URLSearchParams("lat=52.1&lng=5.3&z=7"))).toEqual({
      lat: 52.1,
      lng: 5.3,
      zoom: 7,
    });
    for (const query of [
      "",
      "lat=52.1&lng=5.3",
      "lat=52.1&lng=5.3&z=",
      "lat=x&lng=5.3&z=7",
      "lat=89&lng=5.3&z=7",
      "lat=52&lng=181&z=7",
      "lat=52&lng=5&z=23",
      "lat=52&lng=5&z=-1",
      "lat=Infinity&lng=5&z=3",
    ]) {
      expect(readMapView(new URLSearchParams(query)), query).toBeNull();
    }
  });

  it("keeps the filters it understands", () => {
    expect(readMapFilters(new URLSearchParams("q=%20tulp%20&country=be"))).toEqual({
      q: "tulp",
      country: "BE",
    });
    expect(readMapFilters(new URLSearchParams("q=&country=XX"))).toEqual({});
    expect(readMapFilters(new URLSearchParams(`q=${"y".repeat(150)}`)).q).toHaveLength(100);
  });

  it("keeps the first four crops of the address, and says how many it asked", () => {
    const asked = CROP_IDS.slice(0, 11);
    const params = new URLSearchParams(
      [...asked, "triffid", asked[0] ?? ""].map((id) => ["crop", id]),
    );
    expect(MAP_MAX_CROPS).toBe(4);
    expect(readMapFilters(params).crops).toEqual(asked.slice(0, 4));
    expect(mapCropsAsked(params)).toBe(11);
    const few = new URLSearchParams("crop=dahlia&crop=tulip");
    expect(readMapFilters(few).crops).toEqual(["dahlia", "tulip"]);
    expect(mapCropsAsked(few)).toBe(2);
  });

  it("writes a view back, rounded to what the zoom can show", () => {
    const search = mapSearchParams(
      { lat: 52.123456789, lng: 5.300001, zoom: 7.123 },
      { q: "tulp", country: "NL" },
    );
    expect(search.toString()).toBe("lat=52.123&lng=5.3&z=7.12&q=tulp&country=NL");
    const close = mapSearchParams({ lat: 52.123456789, lng: 5.987654321, zoom: 17 }, {});
    expect(close.toString()).toBe("lat=52.123457&lng=5.987654&z=17");
    const view = readMapView(close);
    expect(view?.lat).toBeCloseTo(52.123457, 6);
  });
});
