import { sql } from "drizzle-orm";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { insertMeadows, meadowGrid, meadowInput } from "../../../db/factories/meadows";
import { insertMembers } from "../../../db/factories/members";
import { meadows, type NewMeadow } from "../../../db/schema";
import { migratedDatabase, testEngines } from "../../../tests/support/databases";
import { queryRows, type Database } from "~/adapters/db.server";
import { monthMask, monthRange, type MeadowCrop } from "~/lib/crops";
import type { BoundingBox } from "./geo-sql.server";
import { createMeadow, cropColumns, updateMeadow } from "./records.server";
import { VIEWPORT_POINT_LIMIT, viewportMeadows, type ViewportResult } from "./viewport.server";

/*
 * The stored grid per crop and per month (meadow_grid_keys, ADR 42): a map filtered on one crop
 * or a month counts every match at any zoom, and the triggers keep the counts in step with
 * every write.
 */

/** Midnight has passed in Amsterdam (1 December), not yet in London (30 November). */
const BRITISH_NOVEMBER = new Date("2026-11-30T23:30:00Z");
/** The Low Countries and south-east England, at zoom 6. */
const VIEW: BoundingBox = [-1, 49, 8, 54];

const DAHLIAS: MeadowCrop = { id: "dahlia", months: monthRange(7, 10) };
const TULIPS: MeadowCrop = { id: "tulip", months: monthRange(4, 5) };
const HOLLY: MeadowCrop = { id: "holly", months: monthRange(11, 1) };
const CHRYSANTHEMUMS: MeadowCrop = { id: "chrysanthemum", months: monthMask([11]) };

/** `count` meadows in a square at `corner`, each growing what `crops` gives for its number. */
function grown(
  count: number,
  corner: { lat: number; lng: number },
  crops: (i: number) => MeadowCrop[],
  extra: Partial<NewMeadow> = {},
): Partial<NewMeadow>[] {
  return meadowGrid(count, corner, 1, (i) => `Weide ${corner.lat} ${i}`).map((row, i) => ({
    ...row,
    ...extra,
    ...cropColumns(crops(i)),
  }));
}

/** The meadows the clusters of a view are made of, and whether they are all of them. */
function clustered(result: ViewportResult) {
  if (result.kind !== "clusters") return { kind: result.kind, count: result.points.length };
  const count = result.clusters.reduce((sum, cluster) => sum + cluster.count, 0);
  return { kind: result.kind, complete: result.complete, count };
}

describe.each(testEngines)("the stored grid per crop and month on $name", (engine) => {
  const database = migratedDatabase(engine);
  let db: Database;

  beforeAll(async () => {
    db = database.db;
    await insertMembers(db, [{ id: "anna", name: "Anna de Vries" }]);
  });

  beforeEach(async () => {
    await db.delete(meadows);
  });

  it("counts every meadow growing one crop, or in season in a month, at any zoom", async () => {
    // Every second meadow grows dahlias, every third tulips: 600 and 400 of 1,200.
    await insertMeadows(
      db,
      grown(1_200, { lat: 51.5, lng: 4.5 }, (i) => [
        ...(i % 2 === 0 ? [DAHLIAS] : []),
        ...(i % 3 === 0 ? [TULIPS] : []),
      ]),
    );
    const view = { bbox: VIEW, zoom: 6 };
    expect(
      clustered(await viewportMeadows(db, { ...view, filters: { crops: ["dahlia"] } })),
    ).toEqual({ kind: "clusters", complete: true, count: 600 });
    // August: the dahlias; April: the tulips; the same with the country given.
    expect(clustered(await viewportMeadows(db, { ...view, filters: { season: 8 } }))).toEqual({
      kind: "clusters",
      complete: true,
      count: 600,
    });
    expect(
      clustered(await viewportMeadows(db, { ...view, filters: { season: 4, country: "nl" } })),
    ).toEqual({ kind: "points", count: 400 });
    expect(
      clustered(await viewportMeadows(db, { ...view, filters: { season: 8, country: "BE" } })),
    ).toEqual({ kind: "points", count: 0 });
    // Zoomed in on part of them, the pins are the matches there and nothing else.
    const close = await viewportMeadows(db, {
      bbox: [4.5, 51.5, 4.8, 51.8],
      zoom: 11,
      filters: { crops: ["tulip"] },
    });
    expect(close.kind).toBe("points");
    if (close.kind === "points") {
      const names = close.points.map((point) => point.name);
      const [row] = await queryRows<{ n: number }>(
        db,
        sql`select count(*)::int as n from meadows
            where 'tulip' = any(crops) and lng between 4.5 and 4.8 and lat between 51.5 and 51.8`,
      );
      expect(names).toHaveLength(row!.n);
      expect(row!.n).toBeGreaterThan(0);
    }
  });

  it("reads 'now' in each country's own month", async () => {
    await insertMeadows(db, [
      // In London it is still November: its chrysanthemums count, holly would in December.
      ...grown(600, { lat: 51, lng: -0.5 }, () => [CHRYSANTHEMUMS], { country: "GB" }),
      // In Amsterdam it is December: holly counts, chrysanthemums (November only) do not.
      ...grown(300, { lat: 52, lng: 5 }, () => [HOLLY], { country: "NL" }),
      ...grown(300, { lat: 52, lng: 6.2 }, () => [CHRYSANTHEMUMS], { country: "NL" }),
    ]);
    const now = await viewportMeadows(db, {
      bbox: VIEW,
      zoom: 6,
      filters: { season: "now", now: BRITISH_NOVEMBER },
    });
    expect(clustered(now)).toEqual({ kind: "clusters", complete: true, count: 900 });
  });

  it("counts several crops exactly where they grow apart, and at least where they meet", async () => {
    // Dahlias around Antwerp, tulips around Groningen: no cell of zoom 6 holds both.
    await insertMeadows(db, [
      ...grown(400, { lat: 51, lng: 4 }, () => [DAHLIAS], { country: "BE" }),
      ...grown(300, { lat: 53, lng: 6.5 }, () => [TULIPS]),
    ]);
    const either = { bbox: VIEW, zoom: 6, filters: { crops: ["dahlia", "tulip"] } };
    expect(clustered(await viewportMeadows(db, either))).toEqual({
      kind: "clusters",
      complete: true,
      count: 700,
    });
    // Around Groningen, half of them also grow dahlias: they count once, and the count is a
    // lower bound where both grow (the per-crop counts cannot say how many grow both).
    await db.execute(
      sql`update meadows set crops = '{dahlia,tulip}', crop_months = array[${DAHLIAS.months}, ${TULIPS.months}]::smallint[],
            season_mask = ${DAHLIAS.months | TULIPS.months}
          where 'tulip' = any(crops) and right(name, 1) in ('0', '2', '4', '6', '8')`,
    );
    const overlapping = clustered(await viewportMeadows(db, either));
    expect(overlapping).toMatchObject({ kind: "clusters", complete: false });
    expect(overlapping.count).toBeGreaterThanOrEqual(400 + 150);
    expect(overlapping.count).toBeLessThanOrEqual(700);
    // Zoomed in on Groningen, the pins are every match, each once.
    const close = await viewportMeadows(db, { ...either, bbox: [6.4, 52.9, 7.6, 54.1], zoom: 9 });
    expect(clustered(close)).toEqual({ kind: "points", count: 300 });
  });

  it("leaves a crop in a month to the rows, as lower bounds", async () => {
    await insertMeadows(
      db,
      grown(1_200, { lat: 51.5, lng: 4.5 }, (i) => (i % 2 === 0 ? [DAHLIAS, TULIPS] : [TULIPS])),
    );
    const tulipsInApril = await viewportMeadows(db, {
      bbox: VIEW,
      zoom: 6,
      filters: { crops: ["tulip"], season: 4 },
    });
    expect(clustered(tulipsInApril)).toEqual({
      kind: "clusters",
      complete: false,
      count: VIEWPORT_POINT_LIMIT,
    });
  });

  it("keeps the grid in step with added, changed, moved and removed meadows", async () => {
    await insertMeadows(
      db,
      grown(600, { lat: 51.5, lng: 4.5 }, (i) => (i % 2 === 0 ? [DAHLIAS] : [HOLLY, TULIPS])),
    );
    const changing = await createMeadow(db, "anna", meadowInput({ crops: [DAHLIAS] }));
    await updateMeadow(
      db,
      "anna",
      changing.id,
      meadowInput({ lat: 48.85, lng: 2.35, crops: [TULIPS, CHRYSANTHEMUMS] }),
    );
    await db.execute(sql`delete from meadows where name like 'Weide 51.5 1%'`);
    await db.execute(sql`update meadows set country = 'BE' where name like 'Weide 51.5 2%'`);
    await db.execute(
      sql`update meadows set crops = '{}', crop_months = '{}', season_mask = 0
          where name like 'Weide 51.5 3%'`,
    );
    await db.execute(sql`update meadows set description = 'Nieuw' where name like 'Weide 51.5 4%'`);

    // Rebuilt from scratch, the grid is the same, and every cell's sample is one of its meadows.
    const [differences] = await queryRows<{ n: number }>(
      db,
      sql`with fresh as (
            select k.key, l.level, floor(m.lng / meadow_grid_cell_size(l.level))::int as cx,
              floor(m.lat / meadow_grid_cell_size(l.level))::int as cy, m.country,
              count(*)::int as count
            from meadows m
              cross join unnest(meadow_grid_keys_of(m.crops, m.season_mask)) as k(key)
              cross join generate_series(0, 11) as l(level)
            group by 1, 2, 3, 4, 5)
          select count(*)::int as n from fresh
          full join meadow_grid_keys g using (key, level, cx, cy, country)
          where fresh.count is distinct from g.count`,
    );
    expect(differences!.n).toBe(0);
    const [orphans] = await queryRows<{ n: number }>(
      db,
      sql`select count(*)::int as n from meadow_grid_keys g
          where g.count <= 0 or not exists (
            select 1 from meadows m where m.id = g.sample_id and m.country = g.country
              and g.key = any(meadow_grid_keys_of(m.crops, m.season_mask))
              and floor(m.lng / meadow_grid_cell_size(g.level)) = g.cx
              and floor(m.lat / meadow_grid_cell_size(g.level)) = g.cy)`,
    );
    expect(orphans!.n).toBe(0);
    const keys = await queryRows<{ key: string }>(
      db,
      sql`select distinct key from meadow_grid_keys where level = 0 order by key`,
    );
    expect(keys.map((row) => row.key)).toEqual([
      "crop:chrysanthemum",
      "crop:dahlia",
      "crop:holly",
      "crop:tulip",
      ...[1, 10, 11, 12, 4, 5, 7, 8, 9].map((month) => `month:${month}`),
    ]);

    await db.execute(sql`truncate meadows cascade`);
    expect(await queryRows(db, sql`select * from meadow_grid_keys`)).toEqual([]);
  });
});
