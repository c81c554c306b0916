import { inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  insertMeadows,
  meadowGrid,
  north,
  UTRECHT,
  withCrops,
} from "../../../db/factories/meadows";
import { meadows } from "../../../db/schema";
import { testEngines } from "../../../tests/support/databases";
import { queryRows, type Database, type DatabaseHandle } from "~/adapters/db.server";
import { monthMask, monthRange } from "~/lib/crops";
import { distanceMetres, EARTH_RADIUS_M } from "./geo-sql.server";
import { NEAR_CROPS_SORTED, searchMeadows, type SearchParams } from "./search.server";
import { VIEWPORT_POINT_LIMIT, viewportMeadows } from "./viewport.server";

/*
 * The crop and season filters against known meadows, on every engine: the list's search with
 * each of its plans, and the map's viewport.
 */

/** Midnight has passed in Amsterdam (1 December), not yet in London (30 November). */
const BRITISH_NOVEMBER = new Date("2026-11-30T23:30:00Z");
const AUGUST = new Date("2026-08-15T12:00:00Z");

/** The point `km` kilometres due east of `from` along its parallel (west when negative). */
function east(from: { lat: number; lng: number }, km: number) {
  const degrees = ((km * 1000) / EARTH_RADIUS_M) * (180 / Math.PI);
  return { lat: from.lat, lng: from.lng + degrees / Math.cos((from.lat * Math.PI) / 180) };
}

describe.each(testEngines)("crop and season filters on $name", (engine) => {
  let handle: DatabaseHandle;
  let db: Database;

  beforeAll(async () => {
    handle = await engine.open();
    await handle.migrate();
    db = handle.db;
    await db.delete(meadows);
    await insertMeadows(
      db,
      withCrops([
        {
          name: "Dahliahof",
          crops: [
            { id: "dahlia", months: monthRange(7, 10) },
            { id: "sunflower", months: monthRange(7, 9) },
          ],
          ...north(UTRECHT, 2),
        },
        {
          name: "Hulsthoeve",
          crops: [{ id: "holly", months: monthRange(11, 1) }],
          ...north(UTRECHT, 5),
        },
        {
          name: "Tulpenveld Gent",
          country: "BE",
          city: "Gent",
          crops: [{ id: "tulip", months: monthRange(4, 5) }],
          lat: 51.05,
          lng: 3.72,
        },
        {
          name: "Chrysanthemum Farm",
          country: "GB",
          city: "Canterbury",
          crops: [{ id: "chrysanthemum", months: monthMask([11]) }],
          lat: 51.28,
          lng: 1.08,
        },
        {
          name: "Chrysantenkwekerij",
          crops: [{ id: "chrysanthemum", months: monthMask([11]) }],
          ...north(UTRECHT, 8),
        },
        { name: "Zonder gewassen", ...north(UTRECHT, 1) },
      ]),
    );
    // Meadows without crops all around, so the plans that stop early have rows to pass over.
    await insertMeadows(
      db,
      meadowGrid(VIEWPORT_POINT_LIMIT + 100, { lat: 51.5, lng: 4.5 }, 1.5, (i) => `Weide ${i}`),
    );
  });
  afterAll(() => handle?.close());

  async function listed(params: Partial<SearchParams>) {
    const { items, total } = await searchMeadows(db, { sort: "name", ...params });
    return { names: items.map((item) => item.name), total };
  }

  it("finds the meadows growing any of the crops", async () => {
    expect(await listed({ crops: ["dahlia"] })).toEqual({ names: ["Dahliahof"], total: 1 });
    expect((await listed({ crops: ["tulip", "dahlia"] })).names).toEqual([
      "Dahliahof",
      "Tulpenveld Gent",
    ]);
    expect((await listed({ crops: ["pumpkin"] })).names).toEqual([]);
  });

  it("finds what is in season in a month, through the new year", async () => {
    expect((await listed({ season: 8 })).names).toEqual(["Dahliahof"]);
    expect((await listed({ season: 12 })).names).toEqual(["Hulsthoeve"]);
    expect((await listed({ season: 1 })).names).toEqual(["Hulsthoeve"]);
    expect((await listed({ season: 3 })).names).toEqual([]);
  });

  it("needs one of the chosen crops in season, not any crop", async () => {
    expect((await listed({ crops: ["dahlia"], season: 11 })).names).toEqual([]);
    expect((await listed({ crops: ["dahlia", "holly"], season: 12 })).names).toEqual([
      "Hulsthoeve",
    ]);
    expect((await listed({ crops: ["sunflower", "holly"], season: 8 })).names).toEqual([
      "Dahliahof",
    ]);
    // Holly runs from November into January: in season in January, not in October.
    expect((await listed({ crops: ["holly"], season: 1 })).names).toEqual(["Hulsthoeve"]);
    expect((await listed({ crops: ["holly"], season: 10 })).names).toEqual([]);
  });

  it("keeps each crop's months in a form its index answers", async () => {
    const [row] = await queryRows<{ seasons: string[] }>(
      db,
      sql`select crop_seasons as seasons from meadows where name = 'Hulsthoeve'`,
    );
    expect(row?.seasons).toEqual(["holly:1", "holly:11", "holly:12"]);
  });

  it("reads 'now' at each meadow's own clock", async () => {
    expect((await listed({ season: "now", now: AUGUST })).names).toEqual(["Dahliahof"]);
    // Past midnight in the Netherlands it is December; in Canterbury still November.
    expect((await listed({ season: "now", now: BRITISH_NOVEMBER })).names).toEqual([
      "Chrysanthemum Farm",
      "Hulsthoeve",
    ]);
  });

  it("pages through few and many matches in each order, as the order lists them all", async () => {
    // Interleaved along the name order with the meadows around, which a walk along it passes.
    const added = await insertMeadows(
      db,
      withCrops([
        ...Array.from({ length: 230 }, (_, i) => ({
          name: `Weide ${i} frambozen`,
          crops: [{ id: "raspberry" as const, months: monthRange(6, 9) }],
          priceText: `€${i % 7},50`,
          hoursSyntax: i % 2 ? "24/7" : "Mo-Fr 09:00-17:00",
          ...north(UTRECHT, 10 + i / 100),
        })),
        ...Array.from({ length: 25 }, (_, i) => ({
          name: `Weide ${i * 9} boerenkool`,
          crops: [{ id: "kale" as const, months: monthRange(11, 2) }],
          ...north(UTRECHT, 20 + i / 100),
        })),
      ]),
    );
    /** Sunday 03:00 in Utrecht: only the meadows open day and night are open. */
    const sundayNight = new Date("2026-08-16T01:00:00Z");
    /** Monday 14:00 in Utrecht: both kinds of hours are open. */
    const mondayAfternoon = new Date("2026-08-17T12:00:00Z");
    const orders = {
      name: sql`m.sort_name, m.id`,
      price: sql`m.price_amount asc nulls last, m.id`,
      newest: sql`m.created_at desc, m.id desc`,
    };
    try {
      const raspberries = added.slice(0, 230);
      const cases: [Partial<SearchParams>, typeof added][] = [
        [{ crops: ["raspberry"] }, raspberries],
        [{ crops: ["kale"] }, added.slice(230)],
        [
          { crops: ["raspberry"], openNow: true, now: sundayNight },
          raspberries.filter((_, i) => i % 2),
        ],
        [{ crops: ["raspberry", "kale"], openNow: true, now: mondayAfternoon }, raspberries],
      ];
      for (const [filters, ids] of cases) {
        for (const [sort, order] of Object.entries(orders)) {
          const expected = await queryRows<{ name: string }>(
            db,
            sql`select m.name from meadows m where m.id in (${sql.join(
              ids.map((row) => sql`${row.id}`),
              sql`, `,
            )}) order by ${order}`,
          );
          const names: string[] = [];
          let total = 0;
          for (let page = 1; page <= 13; page++) {
            const found = await searchMeadows(db, { ...filters, sort: sort as "name", page });
            names.push(...found.items.map((item) => item.name));
            if (page === 1) total = found.total;
          }
          expect(names).toEqual(expected.map((row) => row.name));
          expect(total).toBe(Math.min(ids.length, 200));
        }
      }
    } finally {
      await db.delete(meadows).where(
        inArray(
          meadows.id,
          added.map((row) => row.id),
        ),
      );
    }
  });

  it("finds crops within a distance nearest first, read from their cells or walked to", async () => {
    // A lattice around Utrecht across several cells of the crops' index by cell (ADR 47), a
    // little skewed so that no two lie at the same distance: every third grows kale (November
    // to February), the others raspberries (June to September). Five more raspberry meadows lie
    // just beyond 25 km.
    const added = await insertMeadows(
      db,
      withCrops([
        ...Array.from({ length: 45 }, (_, i) => ({
          name: `Bij Utrecht ${i}`,
          crops: [
            i % 3
              ? { id: "raspberry" as const, months: monthRange(6, 9) }
              : { id: "kale" as const, months: monthRange(11, 2) },
          ],
          lat: UTRECHT.lat + ((i % 9) - 4) * 0.041 + i * 0.0007,
          lng: UTRECHT.lng + (Math.floor(i / 9) - 2) * 0.063,
        })),
        // At the circle's edge in each direction, in its outermost cells, each at its own distance.
        ...[
          north(UTRECHT, 24.6),
          north(UTRECHT, -24.7),
          east(UTRECHT, 24.8),
          east(UTRECHT, -24.9),
        ].map((place, i) => ({
          name: `Aan de rand ${i}`,
          crops: [{ id: "raspberry" as const, months: monthRange(6, 9) }],
          ...place,
        })),
        ...Array.from({ length: 5 }, (_, i) => ({
          name: `Verder weg ${i}`,
          crops: [{ id: "raspberry" as const, months: monthRange(6, 9) }],
          ...north(UTRECHT, 25.5 + i),
        })),
      ]),
    );
    const nearestFirst = async (ids: string[]) =>
      (
        await queryRows<{ name: string }>(
          db,
          sql`select m.name from meadows m
            where m.id in (${sql.join(
              ids.map((id) => sql`${id}`),
              sql`, `,
            )}) and ${distanceMetres(UTRECHT)} <= 25000
            order by ${distanceMetres(UTRECHT)}`,
        )
      ).map((row) => row.name);
    const growing = (crop: string) =>
      added.filter((row) => row.crops?.includes(crop)).map((row) => row.id);
    try {
      const raspberries = await nearestFirst(growing("raspberry"));
      const kale = await nearestFirst(growing("kale"));
      const both = await nearestFirst(added.map((row) => row.id));
      expect([raspberries.length, kale.length, both.length]).toEqual([34, 15, 49]);
      const cases: [Partial<SearchParams>, string[]][] = [
        [{ crops: ["raspberry"] }, raspberries],
        [{ crops: ["raspberry"], season: 8 }, raspberries],
        [{ crops: ["raspberry", "kale"], season: 12 }, kale],
        [{ crops: ["kale", "raspberry"] }, both],
        [{ crops: ["raspberry"], season: 3 }, []],
      ];
      // Sorted from their cells, and (past ten) walked to from the nearest, as a place with
      // thousands of matches is.
      for (const nearCropsSorted of [NEAR_CROPS_SORTED, 10]) {
        for (const [filters, expected] of cases) {
          const names: string[] = [];
          const first = { total: 0, totalCapped: false };
          for (let page = 1; page <= 3; page++) {
            const found = await searchMeadows(
              db,
              { ...filters, near: UTRECHT, maxDistanceKm: 25, sort: "distance", page },
              { nearCropsSorted },
            );
            names.push(...found.items.map((item) => item.name));
            if (page === 1) Object.assign(first, found);
          }
          expect(names).toEqual(expected);
          // More than are sorted are not counted: "200+".
          expect(first.totalCapped ? "200+" : first.total).toBe(
            expected.length > nearCropsSorted ? "200+" : expected.length,
          );
        }
      }
    } finally {
      await db.delete(meadows).where(
        inArray(
          meadows.id,
          added.map((row) => row.id),
        ),
      );
    }
  });

  it("walks to the nearest where a crop is common near the place, and tells 200+", async () => {
    // Around Groningen, away from the other meadows: 240 growing sunflowers (June to September),
    // 80 of them dahlias, zinnias and cosmos too, and between them 60 growing none, in a spiral
    // whose distances all differ. The stored grid counts more than 200 within 25 km for
    // sunflowers, and for them with dahlias once their pairs are taken off, so those pages come
    // from walking nearest first. Dahlias, zinnias and cosmos count 240 summed but grow on the
    // same 80 meadows: those are counted, not "200+".
    const GRONINGEN = { lat: 53.219, lng: 6.567 };
    const added = await insertMeadows(
      db,
      withCrops(
        Array.from({ length: 300 }, (_, i) => {
          const km = 0.3 + i * 0.03;
          const angle = i * 2.399;
          const place = east(north(GRONINGEN, km * Math.sin(angle)), km * Math.cos(angle));
          return {
            name: `Rond Groningen ${i}`,
            crops:
              i % 5 === 4
                ? []
                : [
                    { id: "sunflower" as const, months: monthRange(6, 9) },
                    ...(i % 3 === 0
                      ? (["dahlia", "zinnia", "cosmos"] as const).map((id) => ({
                          id,
                          months: monthRange(7, 10),
                        }))
                      : []),
                  ],
            ...place,
          };
        }),
      ),
    );
    try {
      const nearestFirst = async (crop: string) =>
        (
          await queryRows<{ name: string }>(
            db,
            sql`select m.name from meadows m
              where m.id in (${sql.join(
                added.filter((row) => row.crops?.includes(crop)).map((row) => sql`${row.id}`),
                sql`, `,
              )})
              order by ${distanceMetres(GRONINGEN)}`,
          )
        ).map((row) => row.name);
      const sunflowers = await nearestFirst("sunflower");
      const dahlias = await nearestFirst("dahlia");
      expect([sunflowers.length, dahlias.length]).toEqual([240, 80]);
      const cases: [Partial<SearchParams>, string[]][] = [
        [{ crops: ["sunflower"] }, sunflowers],
        [{ crops: ["sunflower"], season: 7 }, sunflowers],
        [{ crops: ["sunflower"], season: 12 }, []],
        [{ crops: ["dahlia", "sunflower"] }, sunflowers],
        [{ crops: ["dahlia"] }, dahlias],
        [{ crops: ["dahlia", "sunflower"], season: 10 }, dahlias],
        [{ crops: ["dahlia", "zinnia", "cosmos"] }, dahlias],
      ];
      for (const [filters, wanted] of cases) {
        // Walked to (the default), and read from the crops' cells alone: the same pages.
        for (const nearWalkPerRow of [undefined, 0]) {
          const names: string[] = [];
          let first = { total: 0, totalCapped: false, hasNextPage: false };
          for (let page = 1; page <= 6; page++) {
            const found = await searchMeadows(
              db,
              {
                ...filters,
                near: GRONINGEN,
                maxDistanceKm: 25,
                sort: "distance",
                page,
              },
              { nearWalkPerRow },
            );
            names.push(...found.items.map((item) => item.name));
            if (page === 1) first = found;
          }
          expect(names).toEqual(wanted.slice(0, 120));
          expect(first.totalCapped ? "200+" : first.total).toBe(
            wanted.length > 200 ? "200+" : wanted.length,
          );
          expect(first.hasNextPage).toBe(wanted.length > 20);
        }
      }
    } finally {
      await db.delete(meadows).where(
        inArray(
          meadows.id,
          added.map((row) => row.id),
        ),
      );
    }
  });

  it("combines with words, country and distance, in every order", async () => {
    expect((await listed({ crops: ["dahlia", "tulip"], country: "BE" })).names).toEqual([
      "Tulpenveld Gent",
    ]);
    expect((await listed({ text: "hof", season: 8 })).names).toEqual(["Dahliahof"]);
    expect((await listed({ text: "hoeve", season: 8 })).names).toEqual([]);
    const near = { near: UTRECHT, maxDistanceKm: 6 };
    expect((await listed({ ...near, sort: "distance", season: 12 })).names).toEqual(["Hulsthoeve"]);
    expect(
      (await listed({ ...near, sort: "name", crops: ["holly", "chrysanthemum"] })).names,
    ).toEqual(["Hulsthoeve"]);
    expect((await listed({ ...near, sort: "price", crops: ["dahlia"] })).names).toEqual([
      "Dahliahof",
    ]);
  });

  it("gives each result its crops", async () => {
    const { items } = await searchMeadows(db, { sort: "name", crops: ["dahlia"] });
    expect(items[0]?.crops).toEqual([
      { id: "sunflower", months: monthRange(7, 9) },
      { id: "dahlia", months: monthRange(7, 10) },
    ]);
  });

  it("shows the map only the matching meadows, all of them", async () => {
    const view = { bbox: [0, 49, 8, 54] as [number, number, number, number], zoom: 6 };
    const all = await viewportMeadows(db, view);
    expect(all.kind).toBe("clusters");
    const dahlias = await viewportMeadows(db, { ...view, filters: { crops: ["dahlia"] } });
    expect(dahlias).toMatchObject({ kind: "points", points: [{ name: "Dahliahof" }] });
    const december = await viewportMeadows(db, { ...view, filters: { season: 12 } });
    expect(december.kind === "points" && december.points.map((point) => point.name)).toEqual([
      "Hulsthoeve",
    ]);
    const now = await viewportMeadows(db, {
      ...view,
      filters: { season: "now", now: BRITISH_NOVEMBER, country: "GB" },
    });
    expect(now.kind === "points" && now.points.map((point) => point.name)).toEqual([
      "Chrysanthemum Farm",
    ]);
  });
});
