import { describe, expect, it } from "vitest";
import { estimateFromSample, foldLikeSearchText, rarestTrigram } from "./text-sample";

describe("foldLikeSearchText", () => {
  it("folds case and accents as search_text is folded", () => {
    expect(foldLikeSearchText("Château")).toBe("chateau");
    expect(foldLikeSearchText("ÉGLANTINES")).toBe("eglantines");
    expect(foldLikeSearchText("crème")).toBe("creme");
    expect(foldLikeSearchText("STRAẞE")).toBe("strasse");
    expect(foldLikeSearchText("Bœuf Smørrebrød")).toBe("boeuf smorrebrod");
  });
});

describe("estimateFromSample", () => {
  const texts = ["tulpen veld", "dahlia veld", "tulpen en dahlia", "zonnebloemen"];
  it("scales the sample's share of texts holding every word to the whole", () => {
    expect(estimateFromSample(texts, 1_000, ["veld"])).toBe(500);
    expect(estimateFromSample(texts, 1_000, ["Tulpen", "DAHLIA"])).toBe(250);
    expect(estimateFromSample(texts, 1_000, ["hoeve"])).toBe(0);
    expect(estimateFromSample([], 1_000, ["veld"])).toBe(0);
  });
});

describe("rarestTrigram", () => {
  const texts = ["tulpen veld", "tulpen hoeve", "dahlia hoeve", "zonnebloemen", "bio-anbau"];
  it("finds where the folded word's least common trigram starts, and scales the counts", () => {
    // "hoe", "oev" and "eve" are each in the two texts holding "hoeve": the first of them.
    expect(rarestTrigram(texts, 1_000, "hoeve")).toEqual({ at: 0, matches: 400, wordMatches: 400 });
    expect(rarestTrigram(texts, 1_000, "DAHLIA")).toEqual({
      at: 0,
      matches: 200,
      wordMatches: 200,
    });
    // No text holds "hoeveld", but each of its trigrams is in one or two.
    expect(rarestTrigram(texts, 1_000, "hoeveld")).toEqual({
      at: 3,
      matches: 200,
      wordMatches: 0,
    });
  });

  it("counts positions in the folded word, skipping what pg_trgm does not index", () => {
    // "Château" folds to "chateau"; "bio-anbau" has trigrams within its runs only.
    expect(rarestTrigram(["le chateau", "chat"], 10, "Château")).toEqual({
      at: 2,
      matches: 5,
      wordMatches: 5,
    });
    expect(rarestTrigram(texts, 1_000, "o-a")).toBeUndefined();
    expect(rarestTrigram(texts, 1_000, "bio-anbau")?.at).toBe(0);
    expect(rarestTrigram(texts, 1_000, "zo")).toBeUndefined();
  });

  it("remembers counts in the map it is given", () => {
    const hits = new Map<string, number>();
    rarestTrigram(texts, 1_000, "veld", hits);
    expect([...hits]).toEqual([
      ["veld", 1],
      ["vel", 1],
      ["eld", 1],
    ]);
  });

  it("counts no more new words and trigrams than its budget allows", () => {
    // A visitor's long words must not cost a scan of the sample per trigram.
    const hits = new Map([["dah", 1]]);
    const budget = { left: 3 };
    expect(rarestTrigram(texts, 1_000, "tulpen", hits, budget)).toEqual({
      at: 0,
      matches: 400,
      wordMatches: 400,
    });
    expect(budget.left).toBe(0);
    expect([...hits.keys()]).toEqual(["dah", "tulpen", "tul", "ulp"]);
    // Out of budget: by what it has counted, or else by its first trigram, as if in every text.
    expect(rarestTrigram(texts, 1_000, "dahlia", hits, budget)).toEqual({
      at: 0,
      matches: 200,
      wordMatches: undefined,
    });
    expect(rarestTrigram(texts, 1_000, "zonnebloemen", hits, budget)).toEqual({
      at: 0,
      matches: 1_000,
      wordMatches: undefined,
    });
    expect(hits.size).toBe(4);
  });
});
