import { sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { testEngines } from "../../tests/support/databases";
import type { DatabaseHandle } from "../adapters/db.server";
import { estimateFromSample, estimateMatches, foldLikeSearchText } from "./text-sample.server";

describe("foldLikeSearchText", () => {
  it("folds case and accents as search_text is folded", () => {
    expect(foldLikeSearchText("Château")).toBe("chateau");
    expect(foldLikeSearchText("ÉGLANTINES")).toBe("eglantines");
    expect(foldLikeSearchText("crème")).toBe("creme");
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

/** `count` meadows at random places in the Netherlands; `name(i)` names the i-th (from 1). */
async function insertMeadows(handle: DatabaseHandle, from: number, count: number, name: string) {
  await handle.db.execute(sql`insert into meadows (id, name, description, price_text,
      opening_hours, street, house_number, postal_code, city, country, lat, lng)
    select 'm' || g, ${sql.raw(name)}, 'Bloemen om zelf te plukken', '', '', '', '', '',
      'Utrecht', 'NL', 51 + random() * 2, 4 + random() * 2
    from generate_series(${from}::int, ${from + count - 1}::int) g`);
}

describe.each(testEngines)("estimateMatches on $name", (engine) => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await engine.open();
    await handle.migrate();
  });
  afterAll(() => handle.close());
  beforeEach(async () => {
    await handle.db.execute(sql`delete from meadows`);
  });

  it("counts exactly while the table fits in the sample, and follows it as it grows", async () => {
    await insertMeadows(
      handle,
      1,
      3000,
      `case when g % 100 = 0 then 'Zeldzaam veld' else 'Veld' end`,
    );
    expect(await estimateMatches(handle.db, [["zeldzaam"]])).toEqual([30]);
    expect(await estimateMatches(handle.db, [["Bloemen", "ZELDZAAM"]])).toEqual([30]);
    expect(await estimateMatches(handle.db, [["plukken"]])).toEqual([3000]);
    expect(await estimateMatches(handle.db, [["hoeve"]])).toEqual([0]);
    // A fifth more meadows: the sample is taken again at once.
    await insertMeadows(handle, 3001, 600, `'Zeldzaam erf'`);
    expect(await estimateMatches(handle.db, [["zeldzaam"]])).toEqual([630]);
  });

  it("samples a larger table, and estimates a word in one meadow of ten within a fifth", async () => {
    await insertMeadows(handle, 1, 30_000, `case when g % 10 = 0 then 'Hoeve' else 'Veld' end`);
    const [estimate] = await estimateMatches(handle.db, [["hoeve"]]);
    expect(estimate).toBeGreaterThan(2_400);
    expect(estimate).toBeLessThan(3_600);
    // The same pages every time: the same estimate, so the same plans.
    expect(await estimateMatches(handle.db, [["hoeve"]])).toEqual([estimate]);
  });
});
