import { sql } from "drizzle-orm";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { meadows } from "../../../db/schema";
import { insertMeadows, meadowGrid, meadowInput, UTRECHT } from "../../../db/factories/meadows";
import { insertMembers } from "../../../db/factories/members";
import { migratedDatabase, testEngines } from "../../../tests/support/databases";
import { queryRows, type Database } from "~/adapters/db.server";
import { clusterCellSize, type BoundingBox } from "./geo-sql.server";
import { createMeadow, getMeadow, updateMeadow } from "./records.server";
import { AREA_GRID_LEVEL, CLUSTER_SAMPLE } from "./search-plan";
import { VIEWPORT_POINT_LIMIT, viewportMeadows } from "./viewport.server";

describe.each(testEngines)("map viewport on $name", (engine) => {
  const database = migratedDatabase(engine);
  let db: Database;

  beforeAll(async () => {
    db = database.db;
    await insertMembers(db, [
      { id: "anna", name: "Anna de Vries" },
      { id: "bram", name: "Bram Peeters" },
    ]);
  });

  beforeEach(async () => {
    await db.delete(meadows);
  });

  describe("map viewport", () => {
    /** The Netherlands and around, at zoom 6. */
    const HOLLAND: BoundingBox = [2, 50, 8, 54];

    /** How many matches the (incomplete) clusters of a filtered view of HOLLAND are made of. */
    async function clusteredMatches(
      text: string,
      options?: Parameters<typeof viewportMeadows>[2],
    ): Promise<number> {
      const filtered = await viewportMeadows(
        db,
        { bbox: HOLLAND, zoom: 6, filters: { text } },
        options,
      );
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
      await insertMeadows(
        db,
        meadowGrid(5, UTRECHT, 0.01, (i) => `Pin ${i}`),
      );
      await insertMeadows(db, [{ name: "Far away", lat: 43.6, lng: 1.44, country: "FR" }]);
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
      await insertMeadows(
        db,
        meadowGrid(700, { lat: 51.5, lng: 4.5 }, 1.5, (i) =>
          i % 2 ? `Tulpenveld ${i}` : `Dahliatuin ${i}`,
        ),
      );
      await insertMeadows(db, [
        { name: "Tulpen in Toulouse", lat: 43.6, lng: 1.44, country: "FR" },
      ]);

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
      await insertMeadows(
        db,
        meadowGrid(3000, { lat: 51.5, lng: 4.5 }, 1.5, (i) =>
          i % 100 === 0 ? `Zeldzaam veld ${i}` : `Veld ${i}`,
        ),
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
      await insertMeadows(
        db,
        meadowGrid(3000, { lat: 51.5, lng: 4.5 }, 1.5, (i) => `Veld ${i}`),
      );
      await insertMeadows(db, [
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
      await insertMeadows(
        db,
        meadowGrid(2600, { lat: 51.5, lng: 4.5 }, 1.5, (i) =>
          i % 2 === 0 ? `Château an der Straße 50%_actie ${i}` : `Korting 50 en meer actie ${i}`,
        ),
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
      await insertMeadows(
        db,
        meadowGrid(3000, { lat: 51.5, lng: 4.5 }, 1.5, (i) => `Veld ${i}`),
      );
      await insertMeadows(
        db,
        meadowGrid(20, { lat: 52.08, lng: 5.1 }, 0.05, (i) => `Zeldzaam Utrecht ${i}`),
      );
      await insertMeadows(
        db,
        meadowGrid(20, { lat: 53.2, lng: 6.55 }, 0.05, (i) => `Zeldzaam Groningen ${i}`),
      );
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
      await insertMeadows(
        db,
        meadowGrid(2700, { lat: 48, lng: 8 }, 3, (i) => `${names[i % 3]} ${i}`),
      );
      // In view: 40 by 30 meadows filling the two cells, west and east of Greenwich.
      await insertMeadows(
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
      await insertMeadows(
        db,
        meadowGrid(2600, UTRECHT, 0.02, (i) => `Crowded ${i}`),
      );
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
      // 2,500 matches in view and 2,600 far away: the view holds less than half of all meadows,
      // so its index is read. It surely holds more than four times the pins (matchesToRead), so
      // a read in storage order would stop at 250; around the centre that would cover too little.
      await insertMeadows(
        db,
        meadowGrid(2500, { lat: 51, lng: 3 }, 3, (i) => `Crowded ${i}`),
      );
      await insertMeadows(
        db,
        meadowGrid(2600, { lat: 40, lng: -5 }, 3, (i) => `Crowded far away ${i}`),
      );
      const reads: string[] = [];
      expect(await clusteredMatches("crowded", { onRead: (read) => reads.push(read) })).toBe(
        VIEWPORT_POINT_LIMIT,
      );
      expect(reads).toEqual(["view-index"]);
    }, 120_000);

    it("keeps the stored grid in step with added, moved and removed meadows", async () => {
      await insertMeadows(
        db,
        meadowGrid(600, { lat: 51.5, lng: 4.5 }, 1.5, (i) => `Meadow ${i}`),
      );
      const moved = await createMeadow(db, "anna", meadowInput({ name: "Moving" }));
      await updateMeadow(
        db,
        "anna",
        moved.id,
        meadowInput({ name: "Moved", lat: 48.85, lng: 2.35 }),
      );
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
      await insertMeadows(db, [
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
