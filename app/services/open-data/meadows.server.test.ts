import { sql } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { insertMeadow, insertMeadows, north, UTRECHT } from "../../../db/factories/meadows";
import { migratedDatabase, testEngines } from "../../../tests/support/databases";
import { monthRange } from "~/lib/crops";
import { InvalidCursorError } from "./cursor";
import { findApiMeadow, listApiMeadows, nearestApiMeadows } from "./meadows.server";

const siteUrl = new URL("https://plukweide.example");

describe.each(testEngines)("the open data API's meadows on $name", (engine) => {
  const database = migratedDatabase(engine);

  beforeEach(async () => {
    await database.db.execute(sql`delete from meadows`);
  });

  /** Every page of the list, `limit` at a time, calling `between` after each page. */
  async function walk(limit: number, between: (page: number) => Promise<void> = async () => {}) {
    const seen: string[] = [];
    let cursor: string | undefined;
    for (let page = 0; page < 1_000; page += 1) {
      const result = await listApiMeadows(database.db, {
        filters: {},
        limit,
        siteUrl,
        ...(cursor ? { cursor } : {}),
      });
      seen.push(...result.meadows.map((meadow) => meadow.id));
      await between(page);
      if (!result.nextCursor) return seen;
      cursor = result.nextCursor;
    }
    throw new Error("the list did not end");
  }

  it("pages through every meadow once, while meadows are added before, among and after them", async () => {
    // Many meadows of one instant (ids break the tie) and some a microsecond apart.
    const instant = new Date("2026-06-01T12:00:00.000Z");
    const before = await insertMeadows(database.db, [
      ...Array.from({ length: 12 }, () => ({ createdAt: instant })),
      ...Array.from({ length: 8 }, (_, i) => ({ createdAt: new Date(instant.getTime() + i) })),
    ]);
    await database.db.execute(
      sql`update meadows set created_at = created_at + interval '1 microsecond' * (ascii(id) % 3)`,
    );
    const added: string[] = [];
    const seen = await walk(3, async (page) => {
      // Meadows added meanwhile: older than everything, at the same instant, and now.
      const rows = await insertMeadows(database.db, [
        { createdAt: new Date("2020-01-01T00:00:00Z") },
        { createdAt: instant },
        {},
      ]);
      if (page > 20) throw new Error("too many pages");
      added.push(...rows.map((row) => row.id));
    });
    expect(new Set(seen).size).toBe(seen.length);
    for (const meadow of before) expect(seen).toContain(meadow.id);
    // What was added after the walk began is either seen once or not at all; what is seen
    // that was not there before came from the additions.
    for (const id of seen) expect([...before.map((row) => row.id), ...added]).toContain(id);
  });

  it("orders the list oldest first and filters it as the site does", async () => {
    await insertMeadows(database.db, [
      { id: "old", name: "Tulpenveld", createdAt: new Date("2025-01-01T00:00:00Z"), country: "BE" },
      {
        id: "new",
        name: "Dahliatuin",
        createdAt: new Date("2026-01-01T00:00:00Z"),
        crops: ["dahlia"],
        cropMonths: [monthRange(7, 9)],
        seasonMask: monthRange(7, 9),
      },
      { id: "demo", name: "Demotuin", isDemo: true, createdAt: new Date("2025-06-01T00:00:00Z") },
    ]);
    const all = await listApiMeadows(database.db, { filters: {}, limit: 10, siteUrl });
    expect(all.meadows.map((meadow) => meadow.id)).toEqual(["old", "demo", "new"]);
    expect(all.nextCursor).toBeNull();
    const page = async (filters: Parameters<typeof listApiMeadows>[1]["filters"]) =>
      (await listApiMeadows(database.db, { filters, limit: 10, siteUrl })).meadows.map(
        (meadow) => meadow.id,
      );
    expect(await page({ country: "BE" })).toEqual(["old"]);
    expect(await page({ crops: ["dahlia"] })).toEqual(["new"]);
    expect(await page({ season: 8 })).toEqual(["new"]);
    expect(await page({ season: 1 })).toEqual([]);
    expect(await page({ text: "tulpen" })).toEqual(["old"]);
  });

  it("refuses a cursor it did not make", async () => {
    await expect(
      listApiMeadows(database.db, { filters: {}, limit: 5, cursor: "bm9wZQ", siteUrl }),
    ).rejects.toBeInstanceOf(InvalidCursorError);
  });

  it("gives a meadow's fields, its crops by name and its page", async () => {
    await insertMeadow(database.db, {
      id: "dahlias",
      name: "De Dahliahof",
      description: "Dahlias to pick",
      descriptionNl: "Dahlia's om te plukken",
      priceText: "€ 1 per stem",
      openingHours: "Sa 10:00-17:00",
      crops: ["dahlia"],
      cropMonths: [monthRange(7, 9)],
      seasonMask: monthRange(7, 9),
    });
    const meadow = await findApiMeadow(database.db, "dahlias", siteUrl);
    expect(meadow).toMatchObject({
      id: "dahlias",
      name: "De Dahliahof",
      country: "NL",
      price: { text: "€ 1 per stem", amount: 1 },
      openingHours: "Sa 10:00-17:00",
      crops: [{ id: "dahlia", name: { en: "Dahlias", nl: "Dahlia's" }, months: [7, 8, 9] }],
      description: { en: "Dahlias to pick", nl: "Dahlia's om te plukken" },
      url: "https://plukweide.example/meadows/dahlias",
      demo: false,
    });
    expect(Date.parse(meadow?.createdAt ?? "")).not.toBeNaN();
    expect(await findApiMeadow(database.db, "nobody", siteUrl)).toBeNull();
    expect(await findApiMeadow(database.db, "no/such id", siteUrl)).toBeNull();
  });

  it("finds the nearest meadows first, within a radius and up to a limit", async () => {
    await insertMeadows(
      database.db,
      [1, 5, 3, 40, 2].map((km) => ({ id: `km${km}`, ...north(UTRECHT, km) })),
    );
    const nearest = await nearestApiMeadows(database.db, {
      filters: {},
      near: UTRECHT,
      limit: 3,
      siteUrl,
    });
    expect(nearest.map((meadow) => meadow.id)).toEqual(["km1", "km2", "km3"]);
    expect(nearest[0]?.distanceKm).toBeCloseTo(1, 2);
    const within = await nearestApiMeadows(database.db, {
      filters: {},
      near: UTRECHT,
      radiusKm: 10,
      limit: 100,
      siteUrl,
    });
    expect(within.map((meadow) => meadow.id)).toEqual(["km1", "km2", "km3", "km5"]);
  });

  it("finds the nearest meadows with words through the list's search", async () => {
    await insertMeadows(
      database.db,
      [4, 1, 3, 2].map((km) => ({
        id: `km${km}`,
        name: km % 2 === 0 ? `Tulpenveld ${km}` : `Rozentuin ${km}`,
        ...north(UTRECHT, km),
      })),
    );
    const tulips = await nearestApiMeadows(database.db, {
      filters: { text: "tulpen" },
      near: UTRECHT,
      limit: 10,
      siteUrl,
    });
    expect(tulips.map((meadow) => [meadow.id, meadow.distanceKm])).toEqual([
      ["km2", 2],
      ["km4", 4],
    ]);
  });
});
