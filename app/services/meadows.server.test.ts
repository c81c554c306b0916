import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { meadows, users } from "../../db/schema";
import { testEngines } from "../../tests/support/databases";
import { queryRows, type Database, type DatabaseHandle } from "../adapters/db.server";
import {
  AREA_GRID_LEVEL,
  clusterCellSize,
  createMeadow,
  ForbiddenError,
  getMeadow,
  isMeadowId,
  LocationRequiredError,
  newMeadowId,
  normalizeBoundingBox,
  NotFoundError,
  searchMeadows,
  readsTextFirst,
  readsAreaIndex,
  candidateCosts,
  trigramCount,
  updateMeadow,
  viewportMeadows,
  VIEWPORT_POINT_LIMIT,
  CLUSTER_SAMPLE,
  matchesToRead,
  type BoundingBox,
  type MeadowInput,
} from "./meadows.server";
import { createDiskStorage } from "../adapters/storage.server";
import { deleteMeadowWithPhotos } from "./photos.server";

/** Where deleted meadows' photo files would go; these meadows have none. */
const storage = createDiskStorage(mkdtempSync(path.join(tmpdir(), "plukweide-meadows-")));

/** earthdistance's earth radius (earth()), so offsets below are exact distances for it. */
const EARTH_RADIUS_M = 6_378_168;
const UTRECHT = { lat: 52.0907, lng: 5.1214 };

/** The point `km` kilometres due north of `from`. */
function north(from: { lat: number; lng: number }, km: number) {
  return { lat: from.lat + (((km * 1000) / EARTH_RADIUS_M) * 180) / Math.PI, lng: from.lng };
}

function input(overrides: Partial<MeadowInput> = {}): MeadowInput {
  return {
    name: "Pluktuin De Hoeve",
    description: "Bloemen om zelf te plukken",
    priceText: "€0,50 per steel",
    openingHours: "Dagelijks 9:00–18:00",
    street: "Dorpsstraat",
    houseNumber: "1",
    postalCode: "3981 AB",
    city: "Bunnik",
    country: "NL",
    addressExtra: null,
    website: null,
    phone: null,
    instagram: null,
    ...UTRECHT,
    ...overrides,
  };
}

async function addUser(db: Database, id: string, name: string) {
  await db.insert(users).values({ id, name, email: `${id}@example.org` });
}

async function insertMany(db: Database, rows: Partial<MeadowInput>[]) {
  // In statements of 2,000 rows: a statement takes at most 65,535 parameters.
  for (let from = 0; from < rows.length; from += 2_000) {
    await db.insert(meadows).values(
      rows.slice(from, from + 2_000).map((row) => {
        const values = input(row);
        return { ...values, id: newMeadowId(), priceAmount: null };
      }),
    );
  }
}

/** `count` meadows spread over a square of `sizeDeg` degrees at `corner`, named by `name(i)`. */
async function insertGrid(
  db: Database,
  count: number,
  corner: { lat: number; lng: number },
  sizeDeg: number,
  name: (i: number) => string,
) {
  const side = Math.ceil(Math.sqrt(count));
  await insertMany(
    db,
    Array.from({ length: count }, (_, i) => ({
      name: name(i),
      lat: corner.lat + ((i % side) / side) * sizeDeg,
      lng: corner.lng + (Math.floor(i / side) / side) * sizeDeg,
    })),
  );
}

describe.each(testEngines)("meadows on $name", (engine) => {
  let handle: DatabaseHandle;
  let db: Database;

  beforeAll(async () => {
    handle = await engine.open();
    await handle.migrate();
    db = handle.db;
    await addUser(db, "anna", "Anna de Vries");
    await addUser(db, "bram", "Bram Peeters");
  });
  afterAll(() => handle?.close());

  beforeEach(async () => {
    await db.delete(meadows);
  });

  describe("adding, changing and removing", () => {
    it("adds a meadow with a short id, a parsed price and its owner", async () => {
      const created = await createMeadow(db, "anna", input({ priceText: "3 stelen voor €1" }));
      expect(isMeadowId(created.id)).toBe(true);
      expect(created.priceAmount).toBe(0.33);
      const detail = await getMeadow(db, created.id);
      expect(detail).toMatchObject({
        name: "Pluktuin De Hoeve",
        ownerId: "anna",
        owner: { id: "anna", name: "Anna de Vries" },
      });
      expect(await getMeadow(db, "nothere123")).toBeNull();
      expect(await getMeadow(db, "../../etc")).toBeNull();
    });

    it("lets only the owner change and delete a meadow", async () => {
      const { id } = await createMeadow(db, "anna", input());
      const change = input({ name: "Tulpenveld", priceText: "Gratis", ...north(UTRECHT, 3) });

      await expect(updateMeadow(db, "bram", id, change)).rejects.toBeInstanceOf(ForbiddenError);
      await expect(deleteMeadowWithPhotos(db, storage, "bram", id)).rejects.toBeInstanceOf(
        ForbiddenError,
      );
      expect((await getMeadow(db, id))?.name).toBe("Pluktuin De Hoeve");

      const updated = await updateMeadow(db, "anna", id, change);
      expect(updated).toMatchObject({ name: "Tulpenveld", priceAmount: 0, ownerId: "anna" });
      expect(updated.updatedAt.getTime()).toBeGreaterThanOrEqual(updated.createdAt.getTime());

      await deleteMeadowWithPhotos(db, storage, "anna", id);
      expect(await getMeadow(db, id)).toBeNull();
      await expect(updateMeadow(db, "anna", id, change)).rejects.toBeInstanceOf(NotFoundError);
      await expect(deleteMeadowWithPhotos(db, storage, "anna", id)).rejects.toBeInstanceOf(
        NotFoundError,
      );
    });

    it("keeps a meadow without owner when the owner's account goes", async () => {
      await addUser(db, "cees", "Cees");
      const { id } = await createMeadow(db, "cees", input());
      await db.delete(users).where(eq(users.id, "cees"));
      const detail = await getMeadow(db, id);
      expect(detail).toMatchObject({ id, ownerId: null, owner: null });
      // Nobody owns it any more, so nobody can change it.
      await expect(deleteMeadowWithPhotos(db, storage, "cees", id)).rejects.toBeInstanceOf(
        ForbiddenError,
      );
    });
  });

  describe("search", () => {
    async function names(params: Parameters<typeof searchMeadows>[1]) {
      return (await searchMeadows(db, params)).items.map((item) => item.name);
    }

    beforeEach(async () => {
      await insertMany(db, [
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
      // The parsed amounts, as createMeadow would store them.
      await db.execute(sql`update meadows set price_amount = case price_text
        when '€0,50 per steel' then 0.5 when '€ 2' then 2 when '12,- per bos' then 12
        when 'Gratis' then 0 else null end`);
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
        distanceKm: 0,
      });
      expect(result.items[1]).toMatchObject({ priceAmount: 0.5, isDemo: false });
      const byAge = await searchMeadows(db, { sort: "newest" });
      expect(byAge.items[0]?.createdAt).toEqual(newest?.createdAt);
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
      await insertMany(
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
    await insertGrid(db, 2400, { lat: 51.9, lng: 4.9 }, 0.5, (i) =>
      i % 2 === 0 ? `Château an der Straße 50%_actie ${i}` : `Korting 50 en meer actie ${i}`,
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
    await insertGrid(db, 2400, { lat: 51.9, lng: 4.9 }, 0.5, (i) =>
      i % 2 === 0 ? `Château an der Straße 50%_actie ${i}` : `Korting 50 en meer actie ${i}`,
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
    await insertMany(
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
    await insertMany(
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

  describe("map viewport", () => {
    /** The Netherlands and around, at zoom 6. */
    const HOLLAND: BoundingBox = [2, 50, 8, 54];

    /** How many matches the (incomplete) clusters of a filtered view of HOLLAND are made of. */
    async function clusteredMatches(text: string): Promise<number> {
      const filtered = await viewportMeadows(db, { bbox: HOLLAND, zoom: 6, filters: { text } });
      expect(filtered).toMatchObject({ kind: "clusters", complete: false });
      if (filtered.kind !== "clusters") return 0;
      return filtered.clusters.reduce((sum, cluster) => sum + cluster.count, 0);
    }

    async function meadowCount(where = sql`true`) {
      const [row] = await queryRows<{ n: number }>(
        db,
        sql`select count(*)::int as n from meadows where ${where}`,
      );
      return row!.n;
    }

    it("sends the pins when few meadows are in view", async () => {
      await insertGrid(db, 5, UTRECHT, 0.01, (i) => `Pin ${i}`);
      await insertMany(db, [{ name: "Far away", lat: 43.6, lng: 1.44, country: "FR" }]);
      const result = await viewportMeadows(db, { bbox: HOLLAND, zoom: 6 });
      expect(result.kind).toBe("points");
      if (result.kind !== "points") return;
      expect(result.points.map((point) => point.name).sort()).toEqual([
        "Pin 0",
        "Pin 1",
        "Pin 2",
        "Pin 3",
        "Pin 4",
      ]);
      expect(result.points[0]).toMatchObject({ city: "Bunnik", priceText: "€0,50 per steel" });
    });

    it("clusters many meadows, with counts that add up to the meadows in view", async () => {
      await insertGrid(db, 700, { lat: 51.5, lng: 4.5 }, 1.5, (i) =>
        i % 2 ? `Tulpenveld ${i}` : `Dahliatuin ${i}`,
      );
      await insertMany(db, [{ name: "Tulpen in Toulouse", lat: 43.6, lng: 1.44, country: "FR" }]);

      const stored = await viewportMeadows(db, { bbox: HOLLAND, zoom: 6 });
      expect(stored.kind).toBe("clusters");
      if (stored.kind !== "clusters") return;
      expect(stored.clusters.reduce((sum, cluster) => sum + cluster.count, 0)).toBe(700);
      expect(stored.clusters.length).toBeGreaterThan(1);
      const cell = clusterCellSize(6);
      for (const cluster of stored.clusters) {
        const [west, south, east, north] = cluster.bounds;
        expect(east - west).toBeCloseTo(cell, 9);
        expect(cluster.lat).toBeGreaterThanOrEqual(south);
        expect(cluster.lat).toBeLessThan(north);
        expect(cluster.lng).toBeGreaterThanOrEqual(west);
        expect(cluster.lng).toBeLessThan(east);
        const sample = await getMeadow(db, cluster.sampleId);
        expect(sample?.lat).toBeGreaterThanOrEqual(south);
        expect(sample?.lng).toBeGreaterThanOrEqual(west);
      }

      // A text filter reads the matching meadows instead of the stored grid: few enough are pins;
      // more are clusters of the first 500 (700 matches are not far more than the pins, see
      // matchesToRead), in the same cells, which say they are incomplete.
      const filtered = await viewportMeadows(db, {
        bbox: HOLLAND,
        zoom: 6,
        filters: { text: "tulp" },
      });
      expect(filtered.kind).toBe("points");
      if (filtered.kind === "points") expect(filtered.points).toHaveLength(350);
      // Two words: every one must be there, however the index is asked.
      const both = await viewportMeadows(db, {
        bbox: HOLLAND,
        zoom: 6,
        filters: { text: "plukken tulpenveld" },
      });
      expect(both.kind === "points" && both.points.length).toBe(350);
      const everything = await viewportMeadows(db, {
        bbox: HOLLAND,
        zoom: 6,
        filters: { text: "plukken" },
      });
      expect(everything).toMatchObject({ kind: "clusters", complete: false });
      if (everything.kind !== "clusters") return;
      expect(everything.clusters.reduce((sum, cluster) => sum + cluster.count, 0)).toBe(
        VIEWPORT_POINT_LIMIT,
      );
      const storedCounts = new Map(stored.clusters.map((cluster) => [cluster.key, cluster.count]));
      for (const cluster of everything.clusters) {
        expect(cluster.count).toBeLessThanOrEqual(storedCounts.get(cluster.key) ?? 0);
      }

      // Pins again from zoom 12, even with more than 500 in view.
      const close = await viewportMeadows(db, { bbox: [4.4, 51.4, 6.1, 53.1], zoom: 12 });
      expect(close.kind).toBe("points");
      if (close.kind === "points") expect(close.points).toHaveLength(700);

      const french = await viewportMeadows(db, {
        bbox: HOLLAND,
        zoom: 6,
        filters: { country: "FR" },
      });
      expect(french).toEqual({ kind: "points", points: [] });
    });

    it("finds a rare word beside a common one, whichever word the index is asked for", async () => {
      // Every meadow's description says "Bloemen om zelf te plukken"; one in a hundred is
      // "Zeldzaam". With the statistics current, readsTextFirst asks the trigram index, which
      // must find the meadows holding both words however they are spelt and ordered.
      await insertGrid(db, 3000, { lat: 51.5, lng: 4.5 }, 1.5, (i) =>
        i % 100 === 0 ? `Zeldzaam veld ${i}` : `Veld ${i}`,
      );
      await db.execute(sql`analyze meadows`);
      for (const text of ["bloemen zeldzaam", "Zeldzaam Bloemen", "zeldzaam"]) {
        const found = await viewportMeadows(db, { bbox: HOLLAND, zoom: 6, filters: { text } });
        expect(found.kind).toBe("points");
        if (found.kind !== "points") return;
        expect(found.points).toHaveLength(30);
        expect(found.points.every((point) => point.name.startsWith("Zeldzaam"))).toBe(true);
      }
    });

    it("finds words looked up by their rarest trigram however they are typed", async () => {
      // Rare words go through the trigram index, looked up by one trigram each and then checked
      // whole: accents, ß (spelled out as "ss") and LIKE's wildcards, literally.
      await insertGrid(db, 3000, { lat: 51.5, lng: 4.5 }, 1.5, (i) => `Veld ${i}`);
      await insertMany(db, [
        { name: "Château an der Straße", lat: 52, lng: 5 },
        { name: "Korting 50%_actie", lat: 52.1, lng: 5 },
        { name: "Korting 50 en meer actie", lat: 52.2, lng: 5 },
      ]);
      const names = async (text: string) => {
        const found = await viewportMeadows(db, { bbox: HOLLAND, zoom: 6, filters: { text } });
        return found.kind === "points" ? found.points.map((point) => point.name).sort() : found;
      };
      expect(await names("CHATEAU straße")).toEqual(["Château an der Straße"]);
      expect(await names("strasse château")).toEqual(["Château an der Straße"]);
      expect(await names("50%_actie")).toEqual(["Korting 50%_actie"]);
      expect(await names("korting actie")).toEqual([
        "Korting 50 en meer actie",
        "Korting 50%_actie",
      ]);
      expect(await names("chateaux")).toEqual([]);
    });

    it("checks each row of a view read in storage order as the trigram index would", async () => {
      // Common words: the view, holding every meadow, is read row by row (readsTextFirst), and
      // each row is checked for the folded word, LIKE's wildcards meant literally.
      await insertGrid(db, 2600, { lat: 51.5, lng: 4.5 }, 1.5, (i) =>
        i % 2 === 0 ? `Château an der Straße 50%_actie ${i}` : `Korting 50 en meer actie ${i}`,
      );
      for (const text of ["50%_actie", "CHATEAU strasse", "straße château"]) {
        const found = await viewportMeadows(db, { bbox: HOLLAND, zoom: 6, filters: { text } });
        expect(found).toMatchObject({ kind: "clusters", complete: false });
        if (found.kind !== "clusters") return;
        expect(found.clusters.reduce((sum, cluster) => sum + cluster.count, 0)).toBeGreaterThan(0);
        for (const cluster of found.clusters) {
          expect((await getMeadow(db, cluster.sampleId))?.name).toMatch(/^Château an der Straße/);
        }
      }
    });

    it("finds a rare word's meadows in a small view through both indexes", async () => {
      // 3,000 meadows in Holland, 20 with "zeldzaam" near Utrecht and 20 near Groningen: a view
      // around Utrecht holds few meadows, and its GiST bitmap is ANDed with the trigram index's.
      await insertGrid(db, 3000, { lat: 51.5, lng: 4.5 }, 1.5, (i) => `Veld ${i}`);
      await insertGrid(db, 20, { lat: 52.08, lng: 5.1 }, 0.05, (i) => `Zeldzaam Utrecht ${i}`);
      await insertGrid(db, 20, { lat: 53.2, lng: 6.55 }, 0.05, (i) => `Zeldzaam Groningen ${i}`);
      const found = await viewportMeadows(db, {
        bbox: [5.05, 52.03, 5.2, 52.15],
        zoom: 11,
        filters: { text: "zeldzaam" },
      });
      expect(found.kind).toBe("points");
      if (found.kind !== "points") return;
      expect(found.points.map((point) => point.name).sort()).toEqual(
        Array.from({ length: 20 }, (_, i) => `Zeldzaam Utrecht ${i}`).sort(),
      );
    });

    it("looks words up in the cells of the view however they are typed", async () => {
      // 2,700 meadows lie far away, 1,200 in view, and a third of them hold each name: the
      // view's matches are found through the area index (each word's rarest trigram in each of
      // the view's two cells), then checked whole.
      const names = ["Château an der Straße 50%_actie", "Korting 50 en meer actie", "Поле цветов"];
      await insertGrid(db, 2700, { lat: 48, lng: 8 }, 3, (i) => `${names[i % 3]} ${i}`);
      // In view: 40 by 30 meadows filling the two cells, west and east of Greenwich.
      await insertMany(
        db,
        Array.from({ length: 1200 }, (_, i) => ({
          name: `${names[i % 3]} near ${i}`,
          lat: 45.02 + Math.floor(i / 40) * 0.045,
          lng: -1.38 + (i % 40) * 0.07,
        })),
      );
      const [west, south, east, north] = [-1.4, 45, 1.4, 46.4];
      for (const text of [
        "CHATEAU",
        "straße",
        "50%_actie",
        "korting actie",
        "цветов",
        "chateaux",
      ]) {
        const reads: string[] = [];
        const found = await viewportMeadows(
          db,
          { bbox: [west, south, east, north], zoom: 8, filters: { text } },
          { onRead: (read) => reads.push(read) },
        );
        const words = text
          .split(" ")
          .map((word) => sql`strpos(search_text, immutable_unaccent(lower(${word}))) > 0`);
        const expected = await queryRows<{ name: string }>(
          db,
          sql`select name from meadows
              where lng between ${west} and ${east} and lat between ${south} and ${north}
                and ${sql.join(words, sql` and `)}`,
        );
        expect(found.kind).toBe("points");
        if (found.kind !== "points") return;
        expect(found.points.map((point) => point.name).sort()).toEqual(
          expected.map((row) => row.name).sort(),
        );
        if (text === "chateaux") continue;
        expect(expected).toHaveLength(400);
        expect(reads).toEqual(["area"]);
      }
    });

    it("keys the area index by the stored grid's cells", async () => {
      const [row] = await queryRows<{
        size: number;
        keys: string[];
        queries: string[];
        whole_cells: string[];
      }>(
        db,
        sql`select meadow_grid_cell_size(${AREA_GRID_LEVEL}) as size,
              tsvector_to_array(meadow_area_trigrams(52.1, -0.5, 'pluk')) as keys,
              meadow_area_queries(array['-1,37', '0,37'], array['PLÜK', 'Deich'], array[1, 0])::text[]
                as queries,
              meadow_area_queries(array['0,37'], array['a-bc', 'цветов'], array[0, 0])::text[]
                as whole_cells`,
      );
      expect(row!.size).toBe(clusterCellSize(AREA_GRID_LEVEL));
      expect([...row!.keys].sort()).toEqual(
        ["-1,37", "-1,37   p", "-1,37  pl", "-1,37 luk", "-1,37 plu", "-1,37 uk "].sort(),
      );
      expect(row!.queries).toEqual(["'-1,37 luk' & '-1,37 dei'", "'0,37 luk' & '0,37 dei'"]);
      // Trigrams pg_trgm does not make (across a hyphen; hashed letters) look up whole cells.
      expect(row!.whole_cells).toEqual(["'0,37' & '0,37'"]);
    });

    it("clusters from the finest stored level when a close view is crowded", async () => {
      await insertGrid(db, 2600, UTRECHT, 0.02, (i) => `Crowded ${i}`);
      const result = await viewportMeadows(db, {
        bbox: [UTRECHT.lng - 0.05, UTRECHT.lat - 0.05, UTRECHT.lng + 0.05, UTRECHT.lat + 0.05],
        zoom: 14,
      });
      expect(result.kind).toBe("clusters");
      if (result.kind !== "clusters") return;
      expect(result.complete).toBe(true);
      expect(result.clusters.every((cluster) => cluster.key.startsWith("11/"))).toBe(true);
      expect(result.clusters.reduce((sum, cluster) => sum + cluster.count, 0)).toBe(2600);

      // Filtered, clusters are counted from the first matches: then they say so. The view holds
      // 2,600, more than four times the 500 pins (estimateText), and is read in storage
      // order, so the clusters are made of CLUSTER_SAMPLE matches.
      expect(await clusteredMatches("crowded")).toBe(CLUSTER_SAMPLE);
    });

    it("keeps 500 matches for a view read from its GiST index, nearest the centre first", async () => {
      // 5,000 matches in view and 6,000 far away: the view holds less than half of all meadows,
      // so its index is read, and 250 matches around the centre would cover too little of it.
      await insertGrid(db, 5000, { lat: 51, lng: 3 }, 3, (i) => `Crowded ${i}`);
      await insertGrid(db, 6000, { lat: 40, lng: -5 }, 3, (i) => `Crowded far away ${i}`);
      expect(await clusteredMatches("crowded")).toBe(VIEWPORT_POINT_LIMIT);
    });

    it("keeps the stored grid in step with added, moved and removed meadows", async () => {
      await insertGrid(db, 600, { lat: 51.5, lng: 4.5 }, 1.5, (i) => `Meadow ${i}`);
      const moved = await createMeadow(db, "anna", input({ name: "Moving" }));
      await updateMeadow(db, "anna", moved.id, input({ name: "Moved", lat: 48.85, lng: 2.35 }));
      await db.execute(sql`delete from meadows where name like 'Meadow 1%'`);
      await db.execute(sql`update meadows set country = 'BE' where name like 'Meadow 2%'`);

      const total = await meadowCount();
      const perLevel = await queryRows<{ level: number; n: number }>(
        db,
        sql`select level, sum(count)::int as n from meadow_grid group by level order by level`,
      );
      expect(perLevel).toEqual(Array.from({ length: 12 }, (_, level) => ({ level, n: total })));
      const [orphans] = await queryRows<{ n: number }>(
        db,
        sql`select count(*)::int as n from meadow_grid g
            where g.count <= 0 or not exists (
              select 1 from meadows m where m.id = g.sample_id and m.country = g.country
                and floor(m.lng / meadow_grid_cell_size(g.level)) = g.cx
                and floor(m.lat / meadow_grid_cell_size(g.level)) = g.cy)`,
      );
      expect(orphans!.n).toBe(0);
      // Rebuilt from scratch, the grid is the same.
      const [differences] = await queryRows<{ n: number }>(
        db,
        sql`with fresh as (
              select l.level, floor(m.lng / meadow_grid_cell_size(l.level))::int as cx,
                floor(m.lat / meadow_grid_cell_size(l.level))::int as cy, m.country,
                count(*)::int as count
              from meadows m cross join generate_series(0, 11) as l(level)
              group by 1, 2, 3, 4)
            select count(*)::int as n from fresh
            full join meadow_grid g using (level, cx, cy, country)
            where fresh.count is distinct from g.count`,
      );
      expect(differences!.n).toBe(0);

      await db.execute(sql`truncate meadows cascade`);
      expect(await queryRows(db, sql`select * from meadow_grid`)).toEqual([]);
    });

    it("handles views across the antimeridian and values out of range", async () => {
      await insertMany(db, [
        { name: "East of the line", lat: -17.7, lng: 179.5 },
        { name: "West of the line", lat: -17.8, lng: -179.5 },
        { name: "Far from the line", lat: -17.8, lng: 170 },
      ]);
      const namesIn = async (bbox: BoundingBox, zoom = 8) => {
        const result = await viewportMeadows(db, { bbox, zoom });
        return result.kind === "points" ? result.points.map((point) => point.name).sort() : [];
      };
      const both = ["East of the line", "West of the line"];
      expect(await namesIn([179, -18, 181, -17])).toEqual(both);
      expect(await namesIn([179, -18, -179, -17])).toEqual(both);
      expect(await namesIn([-181, -18, -179, -17])).toEqual(both);
      expect(await namesIn([-541, -18, -539, -17])).toEqual(both);
      expect(await namesIn([Number.NaN, -100, Number.POSITIVE_INFINITY, 100], 30)).toHaveLength(3);
      expect(await namesIn([-720, -95, 720, 95], -3)).toHaveLength(3);
    });
  });
});

describe("normalizeBoundingBox", () => {
  it.each<[BoundingBox, ReturnType<typeof normalizeBoundingBox>]>([
    [[4, 51, 6, 53], { south: 51, north: 53, lngRanges: [[4, 6]] }],
    [[4, 53, 6, 51], { south: 51, north: 53, lngRanges: [[4, 6]] }],
    [[4, -100, 6, 100], { south: -90, north: 90, lngRanges: [[4, 6]] }],
    [
      [170, 0, 190, 10],
      {
        south: 0,
        north: 10,
        lngRanges: [
          [170, 180],
          [-180, -170],
        ],
      },
    ],
    [
      [170, 0, -170, 10],
      {
        south: 0,
        north: 10,
        lngRanges: [
          [170, 180],
          [-180, -170],
        ],
      },
    ],
    [[-200, 0, -190, 10], { south: 0, north: 10, lngRanges: [[160, 170]] }],
    [[10, 0, 180, 10], { south: 0, north: 10, lngRanges: [[10, 180]] }],
    [[-180, 0, 180, 10], { south: 0, north: 10, lngRanges: [[-180, 180]] }],
    [[-500, 0, 500, 10], { south: 0, north: 10, lngRanges: [[-180, 180]] }],
    [[Number.NaN, Number.NaN, 5, Number.NaN], { south: -90, north: 90, lngRanges: [[-180, 180]] }],
  ])("%j", (bbox, expected) => {
    expect(normalizeBoundingBox(bbox)).toEqual(expected);
  });
});

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
    // "sonnenschein" (10 trigrams) in 62,000 of 1,000,000 meadows: 26 to 32 ms that way.
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
    // At 1,000,000 meadows on PGlite: around Toulouse (55,000 in view) the GiST index read
    // 26,000 rows for 500 holding "dahlia hoeve"; the bitmap of "dah" and "hoe" took 9 ms.
    const pair = { matches: 15_600, candidates: 15_600, all: 1_000_000, pins };
    expect(readsTextFirst({ ...pair, lookups: [one(252_000), one(63_000)], inView: 55_000 })).toBe(
      true,
    );
    // Around Berlin (295,000 in view), "sonnenschein cueillette": 16 ms through "nsc" and
    // "cue", where the GiST index took 20 ms on a faster machine.
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
  // trigram index's lists took 11 to 12.5 ms on PGlite, and 5,000 candidates 7 to 9 more.
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
