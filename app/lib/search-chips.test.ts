import { describe, expect, it } from "vitest";
import { meadowSearchQuery, type MeadowSearch } from "~/lib/schemas/meadow-search";
import { searchChips } from "./search-chips";

const base: MeadowSearch = { q: "", place: "", crops: [], page: 2 };

function chips(...args: Parameters<typeof searchChips>) {
  return searchChips(...args).map(({ filter, search }) => [
    filter.kind === "crop" ? `crop:${filter.crop}` : filter.kind,
    meadowSearchQuery(search),
  ]);
}

describe("searchChips", () => {
  it("drops a filter chosen in the form from the form's search", () => {
    const search: MeadowSearch = {
      ...base,
      place: "Utrecht",
      km: 10,
      crops: ["dahlia", "tulip"],
      openNow: true,
      season: 5,
    };
    expect(chips(search, undefined, { located: true })).toEqual([
      ["place", "?crop=dahlia&crop=tulip&season=5&open=now"],
      ["crop:tulip", "?crop=dahlia&season=5&open=now&place=Utrecht&km=10"],
      ["crop:dahlia", "?crop=tulip&season=5&open=now&place=Utrecht&km=10"],
      ["open", "?crop=dahlia&crop=tulip&season=5&place=Utrecht&km=10"],
      ["season", "?crop=dahlia&crop=tulip&open=now&place=Utrecht&km=10"],
    ]);
  });

  it("drops a filter read from the words by taking those words out", () => {
    const search: MeadowSearch = { ...base, q: "tulips Lisse open now", crops: ["tulip"] };
    const read = {
      crops: [{ id: "tulip", without: "Lisse open now" }],
      place: { without: "tulips open now" },
      openNow: { without: "tulips Lisse" },
    };
    expect(chips(search, read, { located: true })).toEqual([
      ["place", "?q=tulips+open+now&crop=tulip"],
      ["crop:tulip", "?q=Lisse+open+now"],
      ["open", "?q=tulips+Lisse&crop=tulip"],
    ]);
  });

  it("has no chip without a filter", () => {
    expect(chips({ ...base, q: "zzqx" }, { crops: [] }, { located: false })).toEqual([]);
  });
});
