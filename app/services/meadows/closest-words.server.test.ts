import { beforeAll, describe, expect, it } from "vitest";
import { meadows } from "../../../db/schema";
import { insertMeadows } from "../../../db/factories/meadows";
import { migratedDatabase, testEngines } from "../../../tests/support/databases";
import type { Database } from "~/adapters/db.server";
import { closestWords } from "./closest-words.server";

describe.each(testEngines)("the closest words on $name", (engine) => {
  const database = migratedDatabase(engine);
  let db: Database;

  beforeAll(async () => {
    db = database.db;
    await db.delete(meadows);
    await insertMeadows(db, [
      { name: "Bloemenwei De Zonnehoek", description: "Dahlia's en zinnia's", priceText: "" },
      { name: "Kersenboomgaard Vrolijk", description: "Krieken in juli", priceText: "" },
      { name: "Château des Prés", description: "Cueillette de fleurs", priceText: "" },
    ]);
  });

  it("reads a word no meadow holds as the word a slip or two away", async () => {
    const closest = await closestWords(db, ["zonnehoeck", "kersenbomgard", "Chateua", "cueilete"]);
    expect(Object.fromEntries(closest)).toEqual({
      zonnehoeck: "zonnehoek",
      kersenbomgard: "kersenboomgaard",
      Chateua: "chateau",
      cueilete: "cueillette",
    });
  });

  it("leaves words that a meadow holds, and words too far from any, and short words", async () => {
    const closest = await closestWords(db, ["zonnehoek", "kersen", "xylofoon", "vrolk", "prez"]);
    expect(Object.fromEntries(closest)).toEqual({});
  });
});
