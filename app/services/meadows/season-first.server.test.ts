import { beforeAll, describe, expect, it } from "vitest";
import { insertMeadows, north, UTRECHT, withCrops } from "../../../db/factories/meadows";
import { meadows } from "../../../db/schema";
import { migratedDatabase, testEngines } from "../../../tests/support/databases";
import type { Database } from "~/adapters/db.server";
import { monthRange } from "~/lib/crops";
import { searchMeadows, type SearchParams } from "./search.server";

/** Mid-December: holly and kale are picked, hellebores start in January. */
const DECEMBER = new Date("2026-12-15T12:00:00Z");

describe.each(testEngines)("in season first on $name", (engine) => {
  const database = migratedDatabase(engine);
  let db: Database;

  beforeAll(async () => {
    db = database.db;
    await db.delete(meadows);
    await insertMeadows(
      db,
      withCrops([
        { name: "Zuid Hulst", crops: [{ id: "holly", months: monthRange(11, 1) }] },
        { name: "Boerenkool Akker", crops: [{ id: "kale", months: monthRange(11, 2) }] },
        { name: "Kerstrozen", crops: [{ id: "hellebore", months: monthRange(1, 3) }] },
        { name: "Aardbeienhof", crops: [{ id: "strawberry", months: monthRange(5, 9) }] },
        { name: "Appelhof", crops: [{ id: "apple", months: monthRange(8, 10) }] },
        { name: "Tulpenveld", crops: [{ id: "tulip", months: monthRange(4, 5) }] },
        { name: "Zonder Gewas", crops: [], ...north(UTRECHT, 3) },
      ]),
    );
  });

  const inOrder = [
    // In season now,
    "Boerenkool Akker",
    "Zuid Hulst",
    // from next month,
    "Kerstrozen",
    // and the others, each part by name.
    "Aardbeienhof",
    "Appelhof",
    "Tulpenveld",
    "Zonder Gewas",
  ];

  // Few matches are read through the crops' seasons index and sorted; with nothing to sort,
  // each part walks the name order.
  describe.each([
    { how: "sorted", sortedUpTo: undefined },
    { how: "walked", sortedUpTo: 0 },
  ])("each part $how", ({ sortedUpTo }) => {
    const search = (params: Partial<SearchParams>) =>
      searchMeadows(
        db,
        { sort: "season", now: DECEMBER, ...params },
        sortedUpTo === undefined ? {} : { seasonPartSorted: sortedUpTo },
      );
    const names = async (params: Partial<SearchParams>) =>
      (await search(params)).items.map((item) => item.name);

    it("puts what is in season now first, then what starts next month, then the rest", async () => {
      expect(await names({})).toEqual(inOrder);
      expect((await search({})).total).toBe(7);
    });

    it("pages through the parts without a meadow twice or missing", async () => {
      const pages = [];
      for (let page = 1; page <= 4; page++) {
        const result = await search({ page, pageSize: 2 });
        expect(result.total).toBe(7);
        expect(result.hasNextPage).toBe(page < 4);
        pages.push(...result.items.map((item) => item.name));
      }
      expect(pages).toEqual(inOrder);
      expect((await search({ page: 5, pageSize: 2 })).items).toEqual([]);
      expect((await search({ page: 5, pageSize: 2 })).total).toBe(7);
    });

    it("asks the chosen crops' seasons", async () => {
      expect(await names({ crops: ["apple", "hellebore", "holly"] })).toEqual([
        "Zuid Hulst",
        "Kerstrozen",
        "Appelhof",
      ]);
    });
  });

  it("sorts by name when asked, and where in season first does not apply", async () => {
    const sorted = [...inOrder].sort((a, b) => a.localeCompare(b));
    const names = async (params: Partial<SearchParams>) =>
      (await searchMeadows(db, { sort: "season", now: DECEMBER, ...params })).items.map(
        (item) => item.name,
      );
    expect(await names({ sort: "name" })).toEqual(sorted);
    // With words the name's matches come first; a season asked for leaves only its meadows.
    expect(await names({ text: "hof" })).toEqual(["Aardbeienhof", "Appelhof"]);
    expect(await names({ season: 1 })).toEqual(["Boerenkool Akker", "Kerstrozen", "Zuid Hulst"]);
  });
});
