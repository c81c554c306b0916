import { describe, expect, it } from "vitest";
import {
  candidateCosts,
  CLUSTER_SAMPLE,
  looksUpByRarestTrigram,
  matchesToRead,
  radiusPlan,
  readsAreaIndex,
  readsTextFirst,
  textSearchPlan,
  trigramCount,
} from "./search-plan";

/** Up to this many meadows in view are sent as pins (VIEWPORT_POINT_LIMIT). */
const VIEWPORT_POINT_LIMIT = 500;

describe("readsTextFirst", () => {
  const pins = VIEWPORT_POINT_LIMIT;
  /** A word looked up by its rarest trigram, in `list` meadows. */
  const one = (list: number) => ({ list, trigrams: 1 });
  /** One word in `matches` meadows, looked up by one trigram in `list` meadows. */
  const word = (matches: number, inView: number, all: number, list = matches) =>
    readsTextFirst({ matches, lookups: [one(list)], candidates: list, inView, all, pins });

  it("reads a crowded view for a common word, at any size", () => {
    expect(word(22_000, 80_000, 100_000)).toBe(false);
    expect(word(22_000, 15_000, 100_000)).toBe(false);
    expect(word(220_000, 800_000, 1_000_000)).toBe(false);
  });

  it("asks the trigram index for a word whose bitmap costs less than reading the view", () => {
    expect(word(1_500, 80_000, 100_000)).toBe(true);
    expect(word(6_000, 77_000, 100_000)).toBe(true);
    expect(word(15_000, 800_000, 1_000_000)).toBe(true);
  });

  it("reads the view for a word in one meadow of fifteen at 1,000,000 meadows", () => {
    // The bitmap grows with the table, the rows read until enough matches turn up do not.
    expect(word(62_000, 770_000, 1_000_000)).toBe(false);
  });

  it("costs a word by its rarest trigram's list, which may be longer than the word's", () => {
    expect(word(6_000, 77_000, 100_000, 6_000)).toBe(true);
    expect(word(6_000, 77_000, 100_000, 60_000)).toBe(false);
  });

  it("costs a word looked up by all its trigrams by each of their lists", () => {
    // "sonnenschein" (10 trigrams) in 62,000 of 1,000,000 meadows: looked up by all its trigrams,
    // it reads their long lists (ADR 14).
    const long = { matches: 6_000, candidates: 6_000, inView: 77_000, all: 100_000, pins };
    expect(readsTextFirst({ ...long, lookups: [{ list: 6_000, trigrams: 1 }] })).toBe(true);
    expect(readsTextFirst({ ...long, lookups: [{ list: 6_000, trigrams: 10 }] })).toBe(false);
  });

  it("reads the candidates its trigrams find, not only the matches", () => {
    // Around Toulouse, a pair in 15,000 meadows: if ten times as many held both its trigrams,
    // ten times as many rows would be read for the same matches.
    const pair = { matches: 15_000, inView: 55_000, all: 1_000_000, pins };
    expect(
      readsTextFirst({ ...pair, lookups: [one(15_000), one(300_000)], candidates: 15_000 }),
    ).toBe(true);
    const precise = candidateCosts({ ...pair, candidates: 15_000 });
    const loose = candidateCosts({ ...pair, candidates: 150_000 });
    expect(loose.alone).toBeCloseTo(10 * precise.alone);
    expect(loose.withView).toBeGreaterThan(precise.withView);
  });

  it("reads a view holding few meadows, whatever the word", () => {
    expect(word(9_000, 300, 100_000)).toBe(false);
    expect(word(50, 0, 100_000)).toBe(true);
    expect(word(5_000, 0, 0)).toBe(false);
  });

  it("never goes text-first without a trigram to look up", () => {
    expect(
      readsTextFirst({ matches: 50, lookups: [], candidates: 50, inView: 0, all: 100_000, pins }),
    ).toBe(false);
  });

  it("costs a pair by the rarer lookup, and a little for skipping through the other", () => {
    const pair = { matches: 1_900, candidates: 1_900, inView: 77_000, all: 100_000, pins };
    expect(readsTextFirst({ ...pair, lookups: [one(6_000), one(20_000)] })).toBe(true);
    expect(readsTextFirst({ ...pair, lookups: [one(20_000), one(6_000)] })).toBe(true);
    // Both words common, and one meadow in sixteen holds the pair: the view finds them sooner.
    expect(
      readsTextFirst({
        ...pair,
        matches: 6_000,
        candidates: 6_000,
        lookups: [one(20_000), one(20_000)],
      }),
    ).toBe(false);
  });

  it("asks the trigram index for a pair in a small view, which the GiST index reads slowly", () => {
    // At 1,000,000 meadows: around Toulouse (55,000 in view) the GiST index reads 26,000 rows for
    // 500 holding "dahlia hoeve", which cost more than the bitmap of "dah" and "hoe" (ADR 14).
    const pair = { matches: 15_600, candidates: 15_600, all: 1_000_000, pins };
    expect(readsTextFirst({ ...pair, lookups: [one(252_000), one(63_000)], inView: 55_000 })).toBe(
      true,
    );
    // Around Berlin (295,000 in view), "sonnenschein cueillette" costs less through "nsc" and
    // "cue" than through the GiST index (ADR 14).
    expect(readsTextFirst({ ...pair, lookups: [one(63_500), one(290_000)], inView: 295_000 })).toBe(
      true,
    );
  });
});

describe("readsAreaIndex", () => {
  /**
   * A text in `matches` meadows, its words' rarest trigrams in `lists`, `inView` of `all` in
   * view, and `inCells` in the view's `cells`.
   */
  const view = (
    matches: number,
    lists: number[],
    {
      inView,
      all,
      cells,
      inCells,
    }: { inView: number; all: number; cells: number; inCells: number },
  ) => ({
    matches,
    inView,
    all,
    pins: VIEWPORT_POINT_LIMIT,
    lookups: lists.map((list) => ({ list, trigrams: 1 })),
    candidates: matches,
    cells,
    inCells,
    lists,
    areaCandidates: matches,
  });
  // Around Bordeaux at 1,000,000 meadows, "sonnenschein cueillette" (18,900 meadows): the
  // trigram index's lists hold the whole table, and about 5,000 candidates are read (ADR 15).
  const bordeaux = { inView: 50_000, all: 1_000_000, cells: 66, inCells: 70_000 };

  it("looks a pair up in the cells of a view holding a twentieth of the meadows", () => {
    const pair = view(18_900, [63_500, 290_000], bordeaux);
    expect(readsAreaIndex(pair)).toBe(true);
    expect(readsTextFirst(pair)).toBe(true);
  });

  it("reads a crowded view in storage order for a common word", () => {
    const crowded = { inView: 80_000, all: 100_000, cells: 60, inCells: 85_000 };
    expect(readsAreaIndex(view(22_000, [22_000], crowded))).toBe(false);
  });

  it("leaves a rare word to the trigram index, whose short list needs no cells", () => {
    const rare = view(40, [40], { inView: 5_000, all: 100_000, cells: 20, inCells: 8_000 });
    expect(readsAreaIndex(rare)).toBe(false);
    expect(readsTextFirst(rare)).toBe(true);
  });

  it("never looks up more cells than it may, nor none", () => {
    // Two words whose rarest trigrams are in most meadows: the trigram index reads long lists.
    const inCells = (cells: number) => view(18_900, [600_000, 600_000], { ...bordeaux, cells });
    expect(readsAreaIndex(inCells(256))).toBe(true);
    expect(readsAreaIndex(inCells(257))).toBe(false);
    expect(readsAreaIndex(inCells(0))).toBe(false);
  });
});

describe("candidateCosts", () => {
  /** A word in `matches` meadows, its trigram in as many, and `inView` of `all` in the view. */
  const costs = (matches: number, inView: number, all: number) =>
    candidateCosts({ matches, candidates: matches, inView, all, pins: VIEWPORT_POINT_LIMIT });

  it("ANDs the view's GiST bitmap in when the view is small", () => {
    // At 100,000 meadows, "églantines" (6,000) in a view of 5,700: most candidates lie outside.
    const small = costs(6_000, 5_700, 100_000);
    expect(small.withView).toBeLessThan(small.alone);
  });

  it("reads the candidates alone when the view holds most of them", () => {
    // Around Toulouse at 1,000,000 meadows the view's bitmap alone would be 55,000 entries.
    const large = costs(15_600, 55_000, 1_000_000);
    expect(large.alone).toBeLessThan(large.withView);
    const crowded = costs(6_000, 80_000, 100_000);
    expect(crowded.alone).toBeLessThan(crowded.withView);
  });
});

describe("trigramCount", () => {
  it.each([
    ["deich", 3],
    ["Château", 5],
    ["sonnenschein", 10],
    ["bio-anbau", 4],
    ["zo", 0],
    ["", 0],
  ])("%s has %i", (text, count) => {
    expect(trigramCount(text)).toBe(count);
  });
});

describe("matchesToRead", () => {
  it("reads as many matches as the view may show as pins", () => {
    expect(matchesToRead(VIEWPORT_POINT_LIMIT, 700)).toBe(VIEWPORT_POINT_LIMIT);
    expect(matchesToRead(VIEWPORT_POINT_LIMIT, 4 * VIEWPORT_POINT_LIMIT)).toBe(
      VIEWPORT_POINT_LIMIT,
    );
    expect(matchesToRead(2_000, 8_000)).toBe(2_000);
  });

  it("reads fewer when the view surely holds more than four times as many", () => {
    expect(matchesToRead(VIEWPORT_POINT_LIMIT, 4 * VIEWPORT_POINT_LIMIT + 1)).toBe(CLUSTER_SAMPLE);
    expect(matchesToRead(2_000, 8_001)).toBe(CLUSTER_SAMPLE);
  });
});

describe("textSearchPlan", () => {
  const plan = (matches: number, radius: boolean, byDistance = false) =>
    textSearchPlan({ matches, meadows: 100_000, radius, byDistance });

  it("finds a rare word's meadows first, with a radius or without", () => {
    expect(plan(1_000, false)).toBe("text-first");
    expect(plan(40, true, true)).toBe("text-first");
  });

  it("walks the sort order for a word in one meadow of fifty or more, else leaves it to PostgreSQL", () => {
    expect(plan(2_000, false)).toBe("common-word");
    expect(plan(1_999, false)).toBe("planner");
    // No text: nothing estimated, and PostgreSQL walks the sort order's index.
    expect(
      textSearchPlan({
        matches: Number.POSITIVE_INFINITY,
        meadows: undefined,
        radius: false,
        byDistance: false,
      }),
    ).toBe("planner");
  });

  it("streams a radius nearest first, and leaves other orders to the radius's share", () => {
    expect(plan(Number.POSITIVE_INFINITY, true, true)).toBe("nearest");
    expect(plan(Number.POSITIVE_INFINITY, true, false)).toBeUndefined();
  });
});

describe("radiusPlan", () => {
  const all = 1_000_000;

  it("reads along the order's index when the radius holds a large share of all meadows", () => {
    // sqrt(2 × 21 × 1,000,000) ≈ 6,481 meadows is where both cost the same.
    expect(radiusPlan({ around: 7_000, all, pageSize: 20, covered: false })).toBe("along-order");
    expect(radiusPlan({ around: 6_000, all, pageSize: 20, covered: false })).toBe("radius-first");
  });

  it("reads along the order sooner when its index covers the filters", () => {
    // sqrt(0.125 × 21 × 1,000,000) ≈ 1,620.
    expect(radiusPlan({ around: 2_000, all, pageSize: 20, covered: true })).toBe("along-order");
    expect(radiusPlan({ around: 1_500, all, pageSize: 20, covered: true })).toBe("radius-first");
  });
});

describe("looksUpByRarestTrigram", () => {
  it("looks a word up by its rarest trigram when that is in at most twice its meadows", () => {
    expect(looksUpByRarestTrigram({ at: 0, matches: 200, wordMatches: 100 })).toBe(true);
    expect(looksUpByRarestTrigram({ at: 0, matches: 201, wordMatches: 100 })).toBe(false);
    expect(looksUpByRarestTrigram({ at: 0, matches: 2, wordMatches: 0 })).toBe(true);
    expect(looksUpByRarestTrigram({ at: 0, matches: 3, wordMatches: 0 })).toBe(false);
    expect(looksUpByRarestTrigram({ at: 0, matches: 10, wordMatches: undefined })).toBe(false);
  });
});
