import { describe, expect, it } from "vitest";
import { meadowSearchQuery, parseMeadowSearch } from "~/lib/schemas/meadow-search";
import { widerSearches } from "./wider-searches";

const searchOf = (query: string) => parseMeadowSearch(new URLSearchParams(query));
const widerQueries = (query: string) =>
  widerSearches(searchOf(query)).map(({ filter, search }) => [
    filter.kind,
    meadowSearchQuery(search),
  ]);

describe("widerSearches", () => {
  it("drops one filter at a time, in the form's order, from the first page", () => {
    expect(
      widerQueries("q=tulp&country=NL&season=now&open=now&crop=dahlia&crop=tulip&page=3"),
    ).toEqual([
      ["words", "?country=NL&crop=dahlia&crop=tulip&season=now&open=now"],
      ["country", "?q=tulp&crop=dahlia&crop=tulip&season=now&open=now"],
      ["season", "?q=tulp&country=NL&crop=dahlia&crop=tulip&open=now"],
      ["open", "?q=tulp&country=NL&crop=dahlia&crop=tulip&season=now"],
      // The crops as the form lists them, tulips before dahlias.
      ["crop", "?q=tulp&country=NL&crop=dahlia&season=now&open=now"],
      ["crop", "?q=tulp&country=NL&crop=tulip&season=now&open=now"],
    ]);
  });

  it("keeps the place and the sort, and drops the distance from it", () => {
    expect(widerQueries("place=Utrecht&km=10&sort=price&season=5")).toEqual([
      ["season", "?place=Utrecht&km=10&sort=price"],
      ["distance", "?season=5&place=Utrecht&sort=price"],
    ]);
    expect(widerQueries("lat=52.09&lng=5.12&km=25")).toEqual([["distance", "?lat=52.09&lng=5.12"]]);
  });

  it("offers nothing for a search without filters, or a distance without a place", () => {
    expect(widerQueries("")).toEqual([]);
    expect(widerQueries("km=25&sort=name")).toEqual([]);
  });
});
