import { eq, sql } from "drizzle-orm";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { queryRows, type Database, type DatabaseHandle } from "../app/adapters/db.server";
import { insertMeadows } from "./factories/meadows";
import { meadows } from "./schema";
import { migratedDatabase, testEngines } from "../tests/support/databases";
import { openMigratedBefore } from "../tests/support/migrations";

/** The words table as word → meadows holding it, for the words given. */
async function heldWords(db: Database, words: readonly string[]) {
  const rows = await queryRows<{ word: string; meadows: number }>(
    db,
    sql`select word, meadows from meadow_words
        where word in (${sql.join(
          words.map((word) => sql`${word}`),
          sql`, `,
        )})`,
  );
  return Object.fromEntries(rows.map((row) => [row.word, Number(row.meadows)]));
}

describe.each(testEngines)("the meadows' words on $name", (engine) => {
  describe("migration 0032", () => {
    let handle: DatabaseHandle | undefined;
    afterEach(() => handle?.close());

    it("gathers the words of the meadows there are, each with how many hold it", async () => {
      handle = await openMigratedBefore(engine, "0032_meadow_words");
      await insertMeadows(handle.db, [
        { name: "Tulpenveld Zonnehoek", description: "Tulpen en dahlia's", priceText: "" },
        { name: "De Zonnehoek", description: "Crème-kleurige tulpen", priceText: "" },
      ]);
      await handle.migrate();
      expect(
        await heldWords(handle.db, ["zonnehoek", "tulpen", "tulpenveld", "creme", "dahlia", "de"]),
      ).toEqual({ zonnehoek: 2, tulpen: 2, tulpenveld: 1, creme: 1, dahlia: 1 });
    });
  });

  describe("after a meadow's text changes", () => {
    const database = migratedDatabase(engine);
    let db: Database;

    beforeAll(async () => {
      db = database.db;
      await db.delete(meadows);
    });

    it("counts a word's meadows as they are added, changed and removed, and lets it go with the last", async () => {
      const [first, second] = await insertMeadows(db, [
        { name: "Kersenboomgaard Vrolijk", description: "Krieken in juli", priceText: "" },
        { name: "Boomgaard Vrolijk", description: "", priceText: "" },
      ]);
      expect(await heldWords(db, ["vrolijk", "kersenboomgaard", "boomgaard", "krieken"])).toEqual({
        vrolijk: 2,
        kersenboomgaard: 1,
        boomgaard: 1,
        krieken: 1,
      });

      await db.update(meadows).set({ priceText: "€ 2" }).where(eq(meadows.id, first!.id));
      await db.update(meadows).set({ name: "Boomgaard Zonnig" }).where(eq(meadows.id, second!.id));
      expect(await heldWords(db, ["vrolijk", "boomgaard", "zonnig"])).toEqual({
        vrolijk: 1,
        boomgaard: 1,
        zonnig: 1,
      });

      await db.delete(meadows).where(eq(meadows.id, first!.id));
      expect(await heldWords(db, ["vrolijk", "kersenboomgaard", "krieken", "zonnig"])).toEqual({
        zonnig: 1,
      });

      await db.execute(sql`truncate meadows cascade`);
      expect(await queryRows(db, sql`select word from meadow_words`)).toEqual([]);
    });
  });
});
