import { eq, sql } from "drizzle-orm";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { meadows, photos, users } from "../../../db/schema";
import { insertMembers } from "../../../db/factories/members";
import { insertMeadows, meadowGrid, north, UTRECHT } from "../../../db/factories/meadows";
import { migratedDatabase, testEngines } from "../../../tests/support/databases";
import type { Database } from "~/adapters/db.server";
import { LocationRequiredError } from "./errors";
import { searchMeadows } from "./search.server";
import { viewportMeadows } from "./viewport.server";

describe.each(testEngines)("meadow search on $name", (engine) => {
  const database = migratedDatabase(engine);
  let db: Database;

  beforeAll(() => {
    db = database.db;
  });

  beforeEach(async () => {
    await db.delete(meadows);
  });

  describe("search", () => {
    async function names(params: Parameters<typeof searchMeadows>[1]) {
      return (await searchMeadows(db, params)).items.map((item) => item.name);
    }

    beforeEach(async () => {
      await insertMeadows(db, [
        {
          name: "Tulpenveld Lisse",
          description: "Tulpen en narcissen",
          priceText: "€0,50 per steel",
          city: "Lisse",
        },
        {
          name: "Crème de la Crème",
          description: "Fleurs à cueillir",
          priceText: "€ 2",
          country: "BE",
          city: "Gent",
        },
        {
          name: "dahliatuin zonnig",
          description: "DAHLIA'S en zinnia's",
          priceText: "Prijs op aanvraag",
        },
        {
          name: "Édelweiss",
          description: "Bergbloemen, 100% biologisch",
          priceText: "12,- per bos",
          country: "DE",
        },
        { name: "Blumenfeld am Deich", description: "Sonnenblumen", priceText: "Gratis" },
        { name: "Zonnebloemveld", description: "", priceText: "Vrije gift" },
      ]);
    });

    it("finds text in name and description, ignoring case and accents", async () => {
      expect(await names({ text: "tulp", sort: "name" })).toEqual(["Tulpenveld Lisse"]);
      expect(await names({ text: "TULP", sort: "name" })).toEqual(["Tulpenveld Lisse"]);
      expect(await names({ text: "creme", sort: "name" })).toEqual(["Crème de la Crème"]);
      expect(await names({ text: "crème", sort: "name" })).toEqual(["Crème de la Crème"]);
      expect(await names({ text: "fleurs a cueillir", sort: "name" })).toEqual([
        "Crème de la Crème",
      ]);
      expect(await names({ text: "edelweiss", sort: "name" })).toEqual(["Édelweiss"]);
      expect(await names({ text: "dahlia", sort: "name" })).toEqual(["dahliatuin zonnig"]);
      // Every word must occur, anywhere.
      expect(await names({ text: "lisse narcis", sort: "name" })).toEqual(["Tulpenveld Lisse"]);
      expect(await names({ text: "lisse dahlia", sort: "name" })).toEqual([]);
      // Short words too, and LIKE's wildcards are plain characters.
      expect(await names({ text: "ed", sort: "name" })).toEqual(["Édelweiss"]);
      expect(await names({ text: "100%", sort: "name" })).toEqual(["Édelweiss"]);
      expect(await names({ text: "%", sort: "name" })).toEqual(["Édelweiss"]);
      expect(await names({ text: "_", sort: "name" })).toEqual([]);
      expect(await names({ text: "  ", sort: "name" })).toHaveLength(6);
    });

    it("finds a word in its other forms, English and Dutch, by its stem", async () => {
      await insertMeadows(db, [
        { name: "Strawberry Hill", description: "Pick your own fields", priceText: "" },
        { name: "Berry Farm", description: "Strawberries and raspberries", priceText: "" },
        { name: "De Wei", description: "Elke tulp zelf geplukt", priceText: "" },
        { name: "Boomgaard Hof", description: "Een kers van de boom", priceText: "" },
        { name: "Seizoensweide mx7jxh9y", description: "", priceText: "" },
      ]);
      // The name's first (see below).
      const strawberries = ["Strawberry Hill", "Berry Farm"];
      expect(await names({ text: "strawberry", sort: "name" })).toEqual(strawberries);
      expect(await names({ text: "Strawberries", sort: "name" })).toEqual(strawberries);
      expect(await names({ text: "field", sort: "name" })).toEqual(["Strawberry Hill"]);
      expect(await names({ text: "picking", sort: "name" })).toEqual(["Strawberry Hill"]);
      expect(await names({ text: "tulpen", sort: "name" })).toEqual(["Tulpenveld Lisse", "De Wei"]);
      expect(await names({ text: "kersen", sort: "name" })).toEqual(["Boomgaard Hof"]);
      // A word with digits is read as the text's words are: not stemmed ("…9y" as "…9i").
      expect(await names({ text: "Seizoensweide mx7jxh9y", sort: "name" })).toEqual([
        "Seizoensweide mx7jxh9y",
      ]);
      // The map and the open-data API read the words the same way.
      const view = await viewportMeadows(db, {
        bbox: [-180, -85, 180, 85],
        zoom: 14,
        filters: { text: "strawberry" },
      });
      expect(view.kind === "points" && view.points.map((point) => point.name).sort()).toEqual([
        "Berry Farm",
        "Strawberry Hill",
      ]);
    });

    it("puts meadows whose name holds the words before those whose description does", async () => {
      await insertMeadows(db, [
        {
          name: "Aardbeienveld",
          description: "Naast de Appelhof",
          priceText: "",
          ...north(UTRECHT, 1),
        },
        {
          name: "Appelhof Zuid",
          description: "Appels en peren",
          priceText: "",
          ...north(UTRECHT, 9),
        },
        {
          name: "Bessenhof",
          description: "Achter het appelhofje",
          priceText: "",
          ...north(UTRECHT, 2),
        },
      ]);
      expect(await names({ text: "appelhof", sort: "name" })).toEqual([
        "Appelhof Zuid",
        "Aardbeienveld",
        "Bessenhof",
      ]);
      // Then nearest first, when the search has a place.
      expect(await names({ text: "appelhof", sort: "distance", near: UTRECHT })).toEqual([
        "Appelhof Zuid",
        "Aardbeienveld",
        "Bessenhof",
      ]);
      expect(await names({ text: "bessenhof appelhofje", sort: "name" })).toEqual(["Bessenhof"]);
    });

    it("gives each result's fields as stored, in the sort's order", async () => {
      const stored = await db.select().from(meadows);
      await db.execute(sql`update meadows set is_demo = true where price_text = 'Gratis'`);
      const [newest] = stored.sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime());
      const result = await searchMeadows(db, { sort: "price", near: UTRECHT });
      const free = result.items[0]!;
      const row = stored.find((meadow) => meadow.id === free.id)!;
      expect(free).toEqual({
        id: row.id,
        name: "Blumenfeld am Deich",
        city: row.city,
        country: "NL",
        priceText: "Gratis",
        priceAmount: 0,
        lat: row.lat,
        lng: row.lng,
        isDemo: true,
        createdAt: row.createdAt,
        crops: [],
        distanceKm: 0,
        firstPhoto: null,
      });
      expect(result.items[1]).toMatchObject({ priceAmount: 0.5, isDemo: false });
      const byAge = await searchMeadows(db, { sort: "newest" });
      expect(byAge.items[0]?.createdAt).toEqual(newest?.createdAt);
    });

    it("carries each result's first photo, the earliest uploaded, whatever the search", async () => {
      const stored = await db.select().from(meadows);
      const idOf = (name: string) => stored.find((meadow) => meadow.name === name)!.id;
      const [author] = await insertMembers(db, [{}]);
      const photo = (meadowName: string, id: string, minutesAgo: number) => ({
        id,
        meadowId: idOf(meadowName),
        authorId: author!.id,
        keyPrefix: `photos/${id}`,
        width: 1200,
        height: 800 + minutesAgo,
        placeholder: "#4d7c0f",
        createdAt: new Date(Date.now() - minutesAgo * 60_000),
      });
      // The second upload has the smaller id: the first is the earlier one, not the lower id.
      await db
        .insert(photos)
        .values([
          photo("Tulpenveld Lisse", "p2", 30),
          photo("Tulpenveld Lisse", "p1", 5),
          photo("Édelweiss", "p3", 1),
        ]);
      try {
        const tulips = { keyPrefix: "photos/p2", width: 1200, height: 830, placeholder: "#4d7c0f" };
        const edelweiss = {
          keyPrefix: "photos/p3",
          width: 1200,
          height: 801,
          placeholder: "#4d7c0f",
        };
        const searches: Parameters<typeof searchMeadows>[1][] = [
          { sort: "name" },
          { sort: "newest" },
          { sort: "price", near: UTRECHT },
          { text: "tulp", sort: "name" },
          { near: UTRECHT, maxDistanceKm: 500, sort: "distance" },
          { country: "DE", sort: "name" },
        ];
        for (const search of searches) {
          const { items } = await searchMeadows(db, search);
          const shown = Object.fromEntries(items.map((item) => [item.name, item.firstPhoto]));
          if ("Tulpenveld Lisse" in shown) expect(shown["Tulpenveld Lisse"]).toEqual(tulips);
          if ("Édelweiss" in shown) expect(shown["Édelweiss"]).toEqual(edelweiss);
          for (const name of Object.keys(shown)) {
            if (name !== "Tulpenveld Lisse" && name !== "Édelweiss") expect(shown[name]).toBeNull();
          }
          expect(items.length).toBeGreaterThan(0);
        }
      } finally {
        await db.delete(users).where(eq(users.id, author!.id));
      }
    });

    it("filters by country", async () => {
      expect(await names({ country: "BE", sort: "name" })).toEqual(["Crème de la Crème"]);
      expect(await names({ country: "de", sort: "name" })).toEqual(["Édelweiss"]);
      expect(await names({ country: "FR", sort: "name" })).toEqual([]);
    });

    it("sorts by name ignoring case and accents", async () => {
      expect(await names({ sort: "name" })).toEqual([
        "Blumenfeld am Deich",
        "Crème de la Crème",
        "dahliatuin zonnig",
        "Édelweiss",
        "Tulpenveld Lisse",
        "Zonnebloemveld",
      ]);
    });

    it("sorts by price with unparsed prices last", async () => {
      const result = await searchMeadows(db, { sort: "price" });
      expect(result.items.map((item) => [item.priceText, item.priceAmount])).toEqual([
        ["Gratis", 0],
        ["€0,50 per steel", 0.5],
        ["€ 2", 2],
        ["12,- per bos", 12],
        [expect.any(String), null],
        [expect.any(String), null],
      ]);
    });

    it("needs a location to sort or filter by distance", async () => {
      await expect(searchMeadows(db, { sort: "distance" })).rejects.toBeInstanceOf(
        LocationRequiredError,
      );
      await expect(searchMeadows(db, { sort: "name", maxDistanceKm: 10 })).rejects.toBeInstanceOf(
        LocationRequiredError,
      );
    });
  });

  describe("distance", () => {
    beforeEach(async () => {
      await insertMeadows(
        db,
        [30, 2, 9, 5].map((km) => ({ name: `${km} km`, ...north(UTRECHT, km) })),
      );
    });

    it("cuts at the maximum distance", async () => {
      const within10 = await searchMeadows(db, { near: UTRECHT, maxDistanceKm: 10, sort: "name" });
      expect(within10.items.map((item) => item.name).sort()).toEqual(["2 km", "5 km", "9 km"]);
      expect(within10.total).toBe(3);
      const within8 = await searchMeadows(db, { near: UTRECHT, maxDistanceKm: 8, sort: "name" });
      expect(within8.items.map((item) => item.name).sort()).toEqual(["2 km", "5 km"]);
      const pastTheEnd = await searchMeadows(db, {
        near: UTRECHT,
        maxDistanceKm: 10,
        sort: "price",
        page: 2,
      });
      expect(pastTheEnd).toMatchObject({ items: [], total: 3, hasNextPage: false });
    });

    it("sorts nearest first and tells the distance", async () => {
      const result = await searchMeadows(db, { near: UTRECHT, sort: "distance" });
      expect(result.items.map((item) => item.name)).toEqual(["2 km", "5 km", "9 km", "30 km"]);
      for (const [index, km] of [2, 5, 9, 30].entries()) {
        expect(result.items[index]!.distanceKm).toBeCloseTo(km, 3);
      }
      const byName = await searchMeadows(db, { near: UTRECHT, sort: "name" });
      expect(byName.items.find((item) => item.name === "9 km")?.distanceKm).toBeCloseTo(9, 3);
      const noLocation = await searchMeadows(db, { sort: "name" });
      expect(noLocation.items[0]).not.toHaveProperty("distanceKm");
    });

    it("combines distance with text and country", async () => {
      const result = await searchMeadows(db, {
        text: "5 km",
        country: "NL",
        near: UTRECHT,
        maxDistanceKm: 10,
        sort: "distance",
      });
      expect(result.items.map((item) => item.name)).toEqual(["5 km"]);
    });
  });

  it("checks each row found by distance for the words as the trigram index would", async () => {
    // 1,200 matches are too many to go text-first: the rows come by distance or along the sort
    // order, and each is checked for the folded words, LIKE's wildcards meant literally.
    await insertMeadows(
      db,
      meadowGrid(2400, { lat: 51.9, lng: 4.9 }, 0.5, (i) =>
        i % 2 === 0 ? `Château an der Straße 50%_actie ${i}` : `Korting 50 en meer actie ${i}`,
      ),
    );
    for (const sort of ["distance", "name", "price"] as const) {
      for (const text of ["50%_actie", "CHATEAU strasse"]) {
        const found = await searchMeadows(db, { text, near: UTRECHT, maxDistanceKm: 100, sort });
        expect(found).toMatchObject({ total: 200, totalCapped: true });
        expect(found.items).toHaveLength(20);
        for (const item of found.items) expect(item.name).toMatch(/^Château an der Straße/);
      }
    }
  });

  it("checks each row along the sort order for a common word as the trigram index would", async () => {
    // Half the meadows hold the words: common enough to walk the sort order's index, checking
    // each entry for the folded words, LIKE's wildcards meant literally.
    await insertMeadows(
      db,
      meadowGrid(2400, { lat: 51.9, lng: 4.9 }, 0.5, (i) =>
        i % 2 === 0 ? `Château an der Straße 50%_actie ${i}` : `Korting 50 en meer actie ${i}`,
      ),
    );
    for (const sort of ["name", "price", "newest"] as const) {
      for (const text of ["50%_actie", "CHATEAU strasse"]) {
        const found = await searchMeadows(db, { text, sort });
        expect(found).toMatchObject({ total: 200, totalCapped: true, hasNextPage: true });
        expect(found.items).toHaveLength(20);
        for (const item of found.items) expect(item.name).toMatch(/^Château an der Straße/);
      }
    }
    const byName = await searchMeadows(db, { text: "straße", sort: "name", page: 2 });
    const names = byName.items.map((item) => item.name);
    expect(names).toEqual([...names].sort());
  });

  it("pages through results 20 at a time", async () => {
    await insertMeadows(
      db,
      Array.from({ length: 45 }, (_, i) => ({ name: `Meadow ${String(i).padStart(2, "0")}` })),
    );
    const pages = await Promise.all(
      [1, 2, 3, 4].map((page) => searchMeadows(db, { sort: "name", page })),
    );
    expect(pages.map((page) => page.items.length)).toEqual([20, 20, 5, 0]);
    expect(pages[0]).toMatchObject({ total: 45, totalCapped: false, page: 1, pageCount: 3 });
    const seen = pages.flatMap((page) => page.items.map((item) => item.name));
    expect(new Set(seen).size).toBe(45);
    expect(seen).toEqual([...seen].sort());
    expect(pages.map((page) => page.hasNextPage)).toEqual([true, true, false, false]);
    const newest = await searchMeadows(db, { sort: "newest", pageSize: 50 });
    expect(newest.items).toHaveLength(45);
  });

  it("counts up to 200 and still pages on", async () => {
    await insertMeadows(
      db,
      Array.from({ length: 1005 }, (_, i) => ({ name: `Meadow ${String(i).padStart(4, "0")}` })),
    );
    const first = await searchMeadows(db, { sort: "name" });
    expect(first).toMatchObject({ total: 200, totalCapped: true, pageCount: 10 });
    const fiftieth = await searchMeadows(db, { sort: "name", page: 50 });
    expect(fiftieth).toMatchObject({ hasNextPage: true, pageCount: 51 });
    const last = await searchMeadows(db, { sort: "name", page: 51 });
    expect(last).toMatchObject({ hasNextPage: false, pageCount: 51 });
    expect(last.items.map((item) => item.name)).toEqual([
      "Meadow 1000",
      "Meadow 1001",
      "Meadow 1002",
      "Meadow 1003",
      "Meadow 1004",
    ]);

    // A common word within a radius streams the radius; a rare one goes through the text index.
    // (Which is which comes from the sample of search texts, see estimateText.)
    await db.execute(sql`analyze meadows`);
    const common = await searchMeadows(db, {
      text: "meadow",
      near: north(UTRECHT, 1),
      maxDistanceKm: 10,
      sort: "distance",
    });
    expect(common).toMatchObject({ total: 200, totalCapped: true, hasNextPage: true });
    expect(common.items).toHaveLength(20);
    expect(common.items[0]!.distanceKm).toBeCloseTo(1, 3);
    const rare = await searchMeadows(db, {
      text: "meadow 100",
      near: north(UTRECHT, 1),
      maxDistanceKm: 10,
      sort: "distance",
    });
    expect(rare).toMatchObject({ total: 6, totalCapped: false, hasNextPage: false });
    expect(rare.items.map((item) => item.name).sort()).toEqual([
      "Meadow 0100",
      ...last.items.map((item) => item.name),
    ]);
    // Sorted by name, a radius holding most meadows is read along the name index.
    const byName = await searchMeadows(db, { near: UTRECHT, maxDistanceKm: 10, sort: "name" });
    expect(byName).toMatchObject({ total: 200, totalCapped: true });
    expect(byName.items.map((item) => item.name)).toEqual(first.items.map((item) => item.name));
    const outOfReach = await searchMeadows(db, {
      text: "meadow 100",
      near: north(UTRECHT, 20),
      maxDistanceKm: 10,
      sort: "name",
    });
    expect(outOfReach.total).toBe(0);
  });
});
