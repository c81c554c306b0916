import { sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { migratedDatabase, testEngines } from "../../../tests/support/databases";
import { queryRows, type Database } from "~/adapters/db.server";
import { foldLikeSearchText } from "./text-sample";
import { estimateText } from "./text-sample.server";

/** `count` meadows at random places in the Netherlands; `name(i)` names the i-th (from 1). */
async function insertRandomMeadows(db: Database, from: number, count: number, name: string) {
  await db.execute(sql`insert into meadows (id, name, description, price_text,
      opening_hours, street, house_number, postal_code, city, country, lat, lng)
    select 'm' || g, ${sql.raw(name)}, 'Bloemen om zelf te plukken', '', '', '', '', '',
      'Utrecht', 'NL', 51 + random() * 2, 4 + random() * 2
    from generate_series(${from}::int, ${from + count - 1}::int) g`);
}

describe.each(testEngines)("estimateText on $name", (engine) => {
  const database = migratedDatabase(engine);
  /** Later than the number of meadows is kept for. */
  const keptTotalOutlived = () => vi.setSystemTime(Date.now() + 5_001);
  beforeAll(() => {
    vi.useFakeTimers({ toFake: ["Date"] });
  });
  afterAll(() => {
    vi.useRealTimers();
  });
  beforeEach(async () => {
    await database.db.execute(sql`delete from meadows`);
    keptTotalOutlived();
  });

  it("folds words as the database folds search_text", async () => {
    const words = [
      "Château",
      "ÉGLANTINES",
      "Straße",
      "Smørrebrød",
      "Łódź",
      "Œillets",
      "Ærø",
      "Þórsmörk",
      "Đakovo",
      "Ĳsselmeer",
      "Ħamrun",
      "ŀl",
      "Ŧest",
      "Ŋgo",
      "Dıyarbakır",
    ];
    const rows = await queryRows<{ folded: string }>(
      database.db,
      sql`select immutable_unaccent(lower(word)) as folded
          from unnest(${`{${words.map((word) => `"${word}"`).join(",")}}`}::text[])
            with ordinality as w(word, n)
          order by n`,
    );
    expect(rows.map((row) => row.folded)).toEqual(words.map(foldLikeSearchText));
  });

  it("counts exactly while the table fits in the sample, and follows it as it grows", async () => {
    await insertRandomMeadows(
      database.db,
      1,
      3000,
      `case when g % 100 = 0 then 'Zeldzaam veld' else 'Veld' end`,
    );
    expect((await estimateText(database.db, ["zeldzaam"])).matches).toBe(30);
    expect((await estimateText(database.db, ["Bloemen", "ZELDZAAM"])).matches).toBe(30);
    // Remembered by the folded words, whatever their order and case.
    expect((await estimateText(database.db, ["zeldzaam", "bloemen"])).matches).toBe(30);
    expect((await estimateText(database.db, ["bloemen"])).matches).toBe(3000);
    expect((await estimateText(database.db, ["plukken"])).matches).toBe(3000);
    expect((await estimateText(database.db, ["hoeve"])).matches).toBe(0);
    // A fifth more meadows: the number of meadows read a moment ago still serves, and so does
    // the sample; once that number is five seconds old, the sample is taken again at once.
    await insertRandomMeadows(database.db, 3001, 600, `'Zeldzaam erf'`);
    expect(await estimateText(database.db, ["zeldzaam"])).toMatchObject({
      matches: 30,
      total: 3000,
    });
    keptTotalOutlived();
    expect(await estimateText(database.db, ["zeldzaam"])).toMatchObject({
      matches: 630,
      total: 3600,
    });
  });

  it("samples a larger table, and estimates a word in one meadow of ten within a fifth", async () => {
    await insertRandomMeadows(
      database.db,
      1,
      30_000,
      // One in ten, but not every tenth row: the trigram count reads every so many texts of
      // the sample, which a period in the rows would line up with (or miss).
      `case when abs(hashtext(g::text)) % 10 = 0 then 'Hoeve' else 'Veld' end`,
    );
    const { matches: estimate, rarest } = await estimateText(database.db, ["hoeve"]);
    expect(estimate).toBeGreaterThan(2_400);
    expect(estimate).toBeLessThan(3_600);
    // The same pages every time: the same estimate, so the same plans.
    expect((await estimateText(database.db, ["hoeve"])).matches).toBe(estimate);
    // Its trigrams come only with the word, and are counted in a part of the same sample.
    expect(rarest[0]?.at).toBe(0);
    expect(rarest[0]?.matches).toBeGreaterThan(2_400);
    expect(rarest[0]?.matches).toBeLessThan(3_600);
  });
});
