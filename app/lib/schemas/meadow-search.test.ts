import { describe, expect, it } from "vitest";
import {
  effectiveSort,
  MAX_DISTANCE_KM,
  MAX_PAGE,
  meadowSearchParams,
  meadowSearchQuery,
  parseMeadowSearch,
  parsePageParam,
  PLACE_MAX_LENGTH,
  QUERY_MAX_LENGTH,
  type MeadowSearch,
} from "./meadow-search";

function parse(query: string): MeadowSearch {
  return parseMeadowSearch(new URLSearchParams(query));
}

describe("parseMeadowSearch", () => {
  it("gives the default search for an empty query", () => {
    expect(parse("")).toEqual({ q: "", place: "", crops: [], page: 1 });
  });

  it("reads every parameter", () => {
    expect(
      parse("q=tulp&country=nl&sort=price&km=25&lat=52.0907&lng=5.1214&place=Utrecht&page=3"),
    ).toEqual({
      q: "tulp",
      country: "NL",
      sort: "price",
      km: 25,
      lat: 52.091,
      lng: 5.121,
      place: "Utrecht",
      crops: [],
      page: 3,
    });
  });

  it("trims and bounds the words and the place", () => {
    expect(parse("q=%20%20tulpen%20%20&place=%20Gent%20").q).toBe("tulpen");
    expect(parse("place=%20Gent%20").place).toBe("Gent");
    expect(parse(`q=${"a".repeat(500)}`).q).toHaveLength(QUERY_MAX_LENGTH);
    expect(parse(`place=${"b".repeat(500)}`).place).toHaveLength(PLACE_MAX_LENGTH);
  });

  it("reads control characters as spaces", () => {
    expect(parse("q=tulp%00dahlia%09%0A&place=Gent%00").q).toBe("tulp dahlia");
    expect(parse("place=%00Gent%00").place).toBe("Gent");
    expect(parse("q=%00%01%1F").q).toBe("");
  });

  it("falls back to the default for values that make no sense", () => {
    expect(parse("country=XX&sort=cheapest&km=far&lat=north&lng=5&page=last&q=&place=")).toEqual({
      q: "",
      place: "",
      crops: [],
      page: 1,
    });
    expect(parse("country=Netherlands").country).toBeUndefined();
    expect(parse("sort=newest").sort).toBeUndefined();
    expect(parse("km=0").km).toBeUndefined();
    expect(parse("km=-5").km).toBeUndefined();
    expect(parse("km=1e999").km).toBeUndefined();
    expect(parse("page=0").page).toBe(1);
    expect(parse("page=-2").page).toBe(1);
    expect(parse("page=NaN").page).toBe(1);
  });

  it("clamps distances and pages into their ranges", () => {
    expect(parse("km=0.2").km).toBe(1);
    expect(parse("km=12.6").km).toBe(13);
    expect(parse("km=100000").km).toBe(MAX_DISTANCE_KM);
    expect(parse("page=2.9").page).toBe(2);
    expect(parse("page=99999999").page).toBe(MAX_PAGE);
  });

  it("keeps a position only when both halves are valid coordinates", () => {
    expect(parse("lat=52.1&lng=5.1")).toMatchObject({ lat: 52.1, lng: 5.1 });
    for (const query of ["lat=52.1", "lng=5.1", "lat=91&lng=5", "lat=52&lng=181", "lat=&lng="]) {
      const search = parse(query);
      expect(search.lat, query).toBeUndefined();
      expect(search.lng, query).toBeUndefined();
    }
    expect(parse("lat=-0.0001&lng=-0.0001")).toMatchObject({ lat: 0, lng: 0 });
    expect(Object.is(parse("lat=-0.0001&lng=0").lat, -0)).toBe(false);
  });

  it("takes the first of a repeated parameter", () => {
    expect(parse("country=BE&country=NL").country).toBe("BE");
  });
});

describe("effectiveSort", () => {
  it("sorts nearest first by default with a location, by name with words, else in season first", () => {
    expect(effectiveSort(undefined, true)).toBe("distance");
    expect(effectiveSort(undefined, true, true)).toBe("distance");
    expect(effectiveSort(undefined, false, true)).toBe("name");
    expect(effectiveSort(undefined, false)).toBe("season");
  });

  it("falls back to the default for a distance sort without a location", () => {
    expect(effectiveSort("distance", false)).toBe("season");
    expect(effectiveSort("distance", false, true)).toBe("name");
    expect(effectiveSort("distance", true)).toBe("distance");
  });

  it("falls back to the default for in season first with a location or words", () => {
    expect(effectiveSort("season", true)).toBe("distance");
    expect(effectiveSort("season", false, true)).toBe("name");
    expect(effectiveSort("season", false)).toBe("season");
  });

  it("keeps an explicit name or price sort", () => {
    expect(effectiveSort("price", true)).toBe("price");
    expect(effectiveSort("name", true)).toBe("name");
    expect(effectiveSort("name", false)).toBe("name");
  });
});

describe("meadowSearchParams", () => {
  it("turns the map's filters into the list's query", () => {
    expect(meadowSearchParams({ q: "zonnebloem", country: "BE" }).toString()).toBe(
      "q=zonnebloem&country=BE",
    );
    expect(meadowSearchParams({}).toString()).toBe("");
  });

  it("leaves out defaults", () => {
    expect(meadowSearchQuery({ q: "", place: "", page: 1 })).toBe("");
    expect(meadowSearchQuery({ q: "tulp", page: 1, sort: "name" })).toBe("?q=tulp");
    expect(meadowSearchQuery({ place: "Utrecht", sort: "distance" })).toBe("?place=Utrecht");
  });

  it("keeps a sort that differs from the default", () => {
    expect(meadowSearchQuery({ place: "Utrecht", sort: "name" })).toBe("?place=Utrecht&sort=name");
    expect(meadowSearchQuery({ sort: "price", page: 2 })).toBe("?sort=price&page=2");
  });

  it("drops what needs a location when there is none", () => {
    expect(meadowSearchQuery({ sort: "distance", km: 10 })).toBe("");
  });

  it("lets a place win over coordinates", () => {
    expect(meadowSearchQuery({ place: "Gent", lat: 52, lng: 5, km: 10 })).toBe("?place=Gent&km=10");
    expect(meadowSearchQuery({ place: "", lat: 52.091, lng: 5.121 })).toBe("?lat=52.091&lng=5.121");
  });

  it("keeps which place of a name is meant beside the place only", () => {
    expect(meadowSearchQuery({ place: "Bergen", placeAt: { lat: 52.669, lng: 4.704 } })).toBe(
      "?place=Bergen&at=52.669%2C4.704",
    );
    expect(meadowSearchQuery({ place: "", placeAt: { lat: 52.669, lng: 4.704 } })).toBe("");
    expect(parse("place=Bergen&at=52.66917,4.70417").placeAt).toEqual({ lat: 52.669, lng: 4.704 });
    for (const at of ["52.6", "x,y", "91,4", "52,4,1", "", ","]) {
      expect(parse(`place=Bergen&at=${at}`).placeAt).toBeUndefined();
    }
    expect(parse("at=52.6,4.7").placeAt).toBeUndefined();
  });

  it("encodes what visitors type", () => {
    expect(meadowSearchParams({ q: "dahlia's & co", place: "’s-Hertogenbosch" }).toString()).toBe(
      "q=dahlia%27s+%26+co&place=%E2%80%99s-Hertogenbosch",
    );
  });

  it("round-trips: parsing the URL of a parsed search gives the same search", () => {
    const queries = [
      "",
      "q=tulp",
      "q=%20zonnebloemen%20veld%20&country=be&sort=price&page=4",
      "place=Utrecht&km=25&sort=distance",
      "place=Utrecht&km=25&sort=name&page=2",
      "lat=52.09071&lng=5.12142&km=7.4",
      "lat=52.1&lng=5.1&place=Gent&km=10",
      "place=Bergen&at=52.66917,4.70417",
      "sort=distance&km=10&country=de",
      "q=dahlia%27s+%26+co&country=XX&sort=x&km=x&lat=x&lng=x&page=x",
      `q=${"a".repeat(300)}&place=${"b".repeat(300)}&page=1e9&km=1e9`,
    ];
    for (const query of queries) {
      const first = parse(query);
      const second = parseMeadowSearch(meadowSearchParams(first));
      const located = first.place !== "" || first.lat !== undefined;
      // What the URL drops is what had no effect; the rest survives unchanged.
      expect(second.q, query).toBe(first.q);
      expect(second.country, query).toBe(first.country);
      expect(second.place, query).toBe(first.place);
      expect(second.page, query).toBe(first.page);
      const words = first.q !== "";
      expect(effectiveSort(second.sort, located, words), query).toBe(
        effectiveSort(first.sort, located, words),
      );
      expect(second.km, query).toBe(located ? first.km : undefined);
      if (first.place === "")
        expect([second.lat, second.lng], query).toEqual([first.lat, first.lng]);
      // And it is one address: the second search's URL is the first one's.
      expect(meadowSearchParams(second).toString(), query).toBe(
        meadowSearchParams(first).toString(),
      );
    }
  });
});

describe("the crop and season filters in the URL", () => {
  it("reads crops given once each, and a season of now or a month", () => {
    const search = parseMeadowSearch(
      new URLSearchParams("crop=dahlia&crop=Sunflower&crop=triffid&crop=dahlia&season=8"),
    );
    expect(search.crops).toEqual(["dahlia", "sunflower"]);
    expect(search.season).toBe(8);
    expect(parseMeadowSearch(new URLSearchParams("season=now")).season).toBe("now");
    for (const season of ["13", "0", "later", "8.5"]) {
      expect(parseMeadowSearch(new URLSearchParams({ season })).season).toBeUndefined();
    }
  });

  it("writes them back to the same address", () => {
    const query = "crop=dahlia&crop=sunflower&season=now";
    expect(meadowSearchParams(parseMeadowSearch(new URLSearchParams(query))).toString()).toBe(
      query,
    );
  });
});

describe("parsePageParam", () => {
  it("reads a page number, and makes page 1 of anything else", () => {
    expect(parsePageParam("3")).toBe(3);
    expect(parsePageParam("2.7")).toBe(2);
    for (const value of ["", "abc", "0", "-4", "1e999"]) expect(parsePageParam(value)).toBe(1);
  });

  it("goes no further than the last page a link may ask for", () => {
    expect(parsePageParam(String(MAX_PAGE + 1))).toBe(MAX_PAGE);
  });
});
