import { sql } from "drizzle-orm";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { insertMeadows, meadowGrid, meadowInput } from "../../../db/factories/meadows";
import { insertMembers } from "../../../db/factories/members";
import { meadows, type NewMeadow } from "../../../db/schema";
import { migratedDatabase, testEngines } from "../../../tests/support/databases";
import { queryRows, type Database } from "~/adapters/db.server";
import { monthMask, monthRange, type MeadowCrop } from "~/lib/crops";
import { gridMatchCounts, storedClusters } from "./clusters.server";
import { gridFilter } from "./filters.server";
import { boundingBoxCondition, normalizeBoundingBox, type BoundingBox } from "./geo-sql.server";
import { hoursColumns } from "./hours.server";
import { createMeadow, cropColumns, updateMeadow } from "./records.server";
import {
  cropCellKeys,
  cropCellsCondition,
  viewportMeadows,
  type ViewportResult,
} from "./viewport.server";

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

  it("counts each meadow once for up to eight crops, in season too", async () => {
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
    // Around Groningen, half of them also grow dahlias: each counts once, as the grid's rows of
    // the pair take off what the two crops' rows count twice.
    await db.execute(
      sql`update meadows set crops = '{tulip,dahlia}', crop_months = array[${TULIPS.months}, ${DAHLIAS.months}]::smallint[],
            season_mask = ${DAHLIAS.months | TULIPS.months}
          where 'tulip' = any(crops) and right(name, 1) in ('0', '2', '4', '6', '8')`,
    );
    expect(clustered(await viewportMeadows(db, either))).toEqual({
      kind: "clusters",
      complete: true,
      count: 700,
    });
    const grid = gridFilter(either.filters);
    if (!grid) throw new Error("two crops are read from the stored grid");
    expect(await gridMatchCounts(db, undefined, grid)).toEqual({ atMost: 700, atLeast: 700 });
    expect(await gridMatchCounts(db, "be", grid)).toEqual({ atMost: 400, atLeast: 400 });
    // In season: in May only the tulips (300), in August only the dahlias (400 + 150); the
    // meadows growing both are picked in neither month for both crops.
    for (const [season, count] of [
      [5, 300],
      [8, 550],
    ] as const) {
      const inSeason = gridFilter({ ...either.filters, season });
      if (!inSeason) throw new Error("two crops in a month are read from the stored grid");
      expect(await gridMatchCounts(db, undefined, inSeason)).toEqual({
        atMost: count,
        atLeast: count,
      });
    }
    const august = { ...either, filters: { ...either.filters, season: 8 } };
    expect(clustered(await viewportMeadows(db, august))).toEqual({
      kind: "clusters",
      complete: true,
      count: 550,
    });
    // Zoomed in on Groningen, the pins are every match, each once.
    const close = await viewportMeadows(db, { ...either, bbox: [6.4, 52.9, 7.6, 54.1], zoom: 9 });
    expect(clustered(close)).toEqual({ kind: "points", count: 300 });

    // Holly and chrysanthemums near Lille, 60 meadows growing both, picked together in November.
    await insertMeadows(db, [
      ...grown(100, { lat: 50.2, lng: 2.5 }, (i) => (i < 60 ? [HOLLY, CHRYSANTHEMUMS] : [HOLLY]), {
        country: "FR",
      }),
    ]);
    for (const season of [undefined, 11, 12] as const) {
      const winter = gridFilter({ crops: ["holly", "chrysanthemum"], season });
      if (!winter) throw new Error("two crops are read from the stored grid");
      expect(await gridMatchCounts(db, "fr", winter)).toEqual({ atMost: 100, atLeast: 100 });
    }
    // Three crops: where meadows grow two of them (Groningen), the grid's rows count a meadow
    // growing three once under the crops less three times under the pairs, so those are read.
    const three = { bbox: VIEW, zoom: 6, filters: { crops: ["dahlia", "tulip", "holly"] } };
    expect(clustered(await viewportMeadows(db, three))).toEqual({
      kind: "clusters",
      complete: true,
      count: 800,
    });
    await db.execute(
      sql`update meadows set crops = crops || '{holly}'::text[],
            crop_months = crop_months || ${HOLLY.months}::smallint,
            season_mask = season_mask | ${HOLLY.months}
          where crops = '{tulip,dahlia}' and right(name, 2) in ('10', '12', '14', '16', '18')`,
    );
    await db.execute(
      sql`update meadows set crops = crops || '{chrysanthemum}'::text[],
            crop_months = crop_months || ${CHRYSANTHEMUMS.months}::smallint,
            season_mask = season_mask | ${CHRYSANTHEMUMS.months}
          where crops = '{tulip,dahlia,holly}' and right(name, 1) in ('0', '2')`,
    );
    const [grown3] = await queryRows<{ three: number; four: number }>(
      db,
      sql`select count(*) filter (where cardinality(crops) = 3)::int as three,
            count(*) filter (where cardinality(crops) = 4)::int as four
          from meadows where 'tulip' = any(crops)`,
    );
    expect(grown3).toEqual({ three: 9, four: 6 });
    const four = {
      bbox: VIEW,
      zoom: 6,
      filters: { crops: ["dahlia", "tulip", "holly", "chrysanthemum"] },
    };
    for (const view of [three, four]) {
      expect(clustered(await viewportMeadows(db, view))).toEqual({
        kind: "clusters",
        complete: true,
        count: 800,
      });
    }
    // In November only holly and chrysanthemums are picked: the meadows around Groningen growing
    // all four count one or two crops in season, not four; Lille's 100 and Groningen's 15.
    expect(
      clustered(
        await viewportMeadows(db, { ...four, zoom: 9, filters: { ...four.filters, season: 11 } }),
      ),
    ).toEqual({ kind: "points", count: 115 });
    const november = gridFilter({ ...four.filters, season: 11 });
    if (!november) throw new Error("four crops in a month are read from the stored grid");
    for (const level of [0, 6, 9]) {
      const stored = await storedClusters(
        db,
        normalizeBoundingBox(VIEW),
        level,
        undefined,
        november,
      );
      expect(stored.exact).toBe(true);
      expect(stored.clusters.reduce((sum, cluster) => sum + cluster.count, 0)).toBe(115);
    }
    // As many as the map takes: four more crops nobody grows here change nothing.
    const eight = {
      ...four,
      filters: { crops: [...four.filters.crops, "sunflower", "rose", "lily", "apple"] },
    };
    expect(clustered(await viewportMeadows(db, eight))).toEqual({
      kind: "clusters",
      complete: true,
      count: 800,
    });
    // Past eight crops the pairs are not read: a cell counts its largest crop, a lower bound.
    const nine = { ...eight, filters: { crops: [...eight.filters.crops, "pear"] } };
    const manyCrops = clustered(await viewportMeadows(db, nine));
    expect(manyCrops).toMatchObject({ kind: "clusters", complete: false });
    expect(manyCrops.count).toBeLessThan(800);
    // The list's bounds from the coarsest level: at least the crops less their pairs.
    const threeGrid = gridFilter(three.filters);
    if (!threeGrid) throw new Error("three crops are read from the stored grid");
    expect(await gridMatchCounts(db, "be", threeGrid)).toEqual({ atMost: 400, atLeast: 400 });
  });

  it("counts once a meadow growing three of the crops alone in its cell", async () => {
    // Its cell counts it under three crops and three pairs: the fewest pairs that make the
    // meadows growing three of the crops worth reading there.
    await insertMeadows(db, [
      ...grown(600, { lat: 51, lng: 4 }, () => [DAHLIAS], { country: "BE" }),
      ...grown(1, { lat: 53.5, lng: 7.5 }, () => [TULIPS, DAHLIAS, HOLLY]),
    ]);
    const view = { bbox: VIEW, zoom: 6, filters: { crops: ["tulip", "dahlia", "holly"] } };
    const result = await viewportMeadows(db, view);
    expect(clustered(result)).toEqual({ kind: "clusters", complete: true, count: 601 });
    if (result.kind !== "clusters") throw new Error("a view of 601 meadows shows clusters");
    expect(result.clusters.filter((cluster) => cluster.count === 1)).toHaveLength(1);
  });

  it("reads a crop's pins in the cells the grid found it in, around the zero lines too", async () => {
    // Tulips in squares of a degree on each side of the prime meridian and the equator, where
    // the cells' numbers turn negative, and dahlias among them.
    await insertMeadows(db, [
      ...grown(60, { lat: -0.5, lng: -0.5 }, (i) => (i % 2 ? [TULIPS] : [DAHLIAS])),
      ...grown(60, { lat: 0.7, lng: 0.7 }, (i) => (i % 3 ? [DAHLIAS] : [TULIPS, DAHLIAS])),
    ]);
    for (const view of [
      { bbox: [-30, -20, 30, 20] as BoundingBox, zoom: 3 },
      { bbox: [-1.2, -1.2, 1.4, 0.4] as BoundingBox, zoom: 7 },
      { bbox: [-0.3, -0.2, 0.9, 0.9] as BoundingBox, zoom: 11 },
    ]) {
      const result = await viewportMeadows(db, { ...view, filters: { crops: ["tulip"] } });
      const [west, south, east, north] = view.bbox;
      const expected = await queryRows<{ name: string }>(
        db,
        sql`select name from meadows where 'tulip' = any(crops)
            and lng between ${west} and ${east} and lat between ${south} and ${north}`,
      );
      expect(expected.length, `zoom ${view.zoom}`).toBeGreaterThan(0);
      expect(result.kind).toBe("points");
      if (result.kind !== "points") continue;
      expect(result.points.map((point) => point.name).sort()).toEqual(
        expected.map((row) => row.name).sort(),
      );
    }
    // The keys name each crop in each cell of level 6 (1.40625 degrees) that holds it.
    expect(cropCellKeys(["tulip"], [{ key: "7/-1/-1" }], 7)).toEqual(["tulip -1,-1"]);
    expect(cropCellKeys(["tulip", "dahlia"], [{ key: "5/-1/0" }], 5)?.sort()).toEqual(
      ["-2,0", "-2,1", "-1,0", "-1,1"]
        .flatMap((cell) => [`dahlia ${cell}`, `tulip ${cell}`])
        .sort(),
    );
    // A view of the world at zoom 0 would ask for thousands of keys: the view's index serves.
    expect(cropCellKeys(["tulip"], [{ key: "0/0/0" }], 0)).toBeUndefined();
    // And the pins are read through the index of crops by cell, not the view's.
    const keys = cropCellKeys(["tulip"], [{ key: "7/-1/-1" }], 7)!;
    const box = normalizeBoundingBox([-1.2, -1.2, 1.4, 0.4]);
    const plan = await db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      return queryRows<{ "QUERY PLAN": string }>(
        tx,
        sql`explain select m.id from meadows m
            where ${boundingBoxCondition(box, { indexed: false })} and ${cropCellsCondition(keys)}`,
      );
    });
    expect(plan.map((line) => line["QUERY PLAN"]).join("\n")).toContain(
      "Bitmap Index Scan on meadows_crop_cells_idx",
    );
  });

  it("counts a crop in a month by its months at each meadow", async () => {
    // Half the tulips are picked in April and May, the others only in May.
    const LATE_TULIPS: MeadowCrop = { id: "tulip", months: monthMask([5]) };
    await insertMeadows(
      db,
      grown(1_200, { lat: 51.5, lng: 4.5 }, (i) =>
        i % 2 === 0 ? [DAHLIAS, TULIPS] : [LATE_TULIPS],
      ),
    );
    const view = { bbox: VIEW, zoom: 6 };
    const inMonth = async (season: number, crops?: string[], country?: string) =>
      clustered(await viewportMeadows(db, { ...view, filters: { crops, season, country } }));
    expect(await inMonth(4, ["tulip"])).toEqual({ kind: "clusters", complete: true, count: 600 });
    expect(await inMonth(5, ["tulip"])).toEqual({
      kind: "clusters",
      complete: true,
      count: 1_200,
    });
    expect(await inMonth(5, ["tulip"], "NL")).toEqual({
      kind: "clusters",
      complete: true,
      count: 1_200,
    });
    expect(await inMonth(4, ["dahlia"])).toEqual({ kind: "points", count: 0 });
    expect(await inMonth(8, ["dahlia"])).toEqual({ kind: "clusters", complete: true, count: 600 });
  });

  it("counts the meadows open now, alone and with a crop or a month, at each one's clock", async () => {
    // Derived once per hours: the library reads two years of days each time.
    const weekdays = hoursColumns("Mo-Fr 10:00-18:00; PH off", "", "NL");
    const weekends = hoursColumns("Sa,Su 10:00-17:00", "", "NL");
    const freeText = hoursColumns(null, "", "NL");
    const london = { country: "GB", ...hoursColumns("Mo-Sa 09:00-18:00", "", "GB") };
    await insertMeadows(db, [
      // Around Antwerp-Breda: weekdays, weekends, or free text that is never "open now".
      ...grown(1_200, { lat: 51.5, lng: 4.5 }, (i) => (i % 2 === 0 ? [DAHLIAS] : [TULIPS])).map(
        (row, i) => ({
          ...row,
          ...[weekdays, weekends, freeText][i % 3],
        }),
      ),
      // Around London, an hour behind: Monday to Saturday until six.
      ...grown(600, { lat: 51, lng: -0.5 }, () => [DAHLIAS]).map((row) => ({
        ...row,
        ...london,
      })),
    ]);
    const view = { bbox: VIEW, zoom: 6 };
    const open = async (now: string, more: { crops?: string[]; season?: number } = {}) =>
      clustered(
        await viewportMeadows(db, {
          ...view,
          filters: { openNow: true, now: new Date(now), ...more },
        }),
      );
    // Saturday 10 July 2027, 11:00 in Breda, 10:00 in London.
    expect(await open("2027-07-10T09:00:00Z")).toEqual({
      kind: "clusters",
      complete: true,
      count: 400 + 600,
    });
    // The weekend meadows growing dahlias, and the London ones.
    expect(await open("2027-07-10T09:00:00Z", { crops: ["dahlia"] })).toEqual({
      kind: "clusters",
      complete: true,
      count: 200 + 600,
    });
    expect(await open("2027-07-10T09:00:00Z", { season: 4 })).toEqual({
      kind: "points",
      count: 200,
    });
    // Few enough for pins: the weekend meadows growing tulips, each of them.
    const tulips = await viewportMeadows(db, {
      ...view,
      filters: { crops: ["tulip"], openNow: true, now: new Date("2027-07-10T09:00:00Z") },
    });
    const weekendTulips = await queryRows<{ name: string }>(
      db,
      sql`select name from meadows
          where 'tulip' = any(crops) and open_minutes = ${weekends.openMinutes}::int4multirange
          order by name`,
    );
    expect(weekendTulips).toHaveLength(200);
    expect(tulips.kind === "points" && tulips.points.map((point) => point.name).sort()).toEqual(
      weekendTulips.map((row) => row.name).sort(),
    );
    expect(await open("2027-07-10T09:00:00Z", { crops: ["dahlia"], season: 8 })).toEqual({
      kind: "clusters",
      complete: true,
      count: 800,
    });
    // 18:30 in Breda, 17:30 in London: only London is open, by its own clock.
    expect(await open("2027-07-10T16:30:00Z")).toEqual({
      kind: "clusters",
      complete: true,
      count: 600,
    });
    // Wednesday 14 July, 11:00 in Breda: the weekday meadows and London.
    expect(await open("2027-07-14T09:00:00Z")).toEqual({
      kind: "clusters",
      complete: true,
      count: 400 + 600,
    });
    // King's Day, Tuesday 27 April: a Dutch holiday, not a British one.
    expect(await open("2027-04-27T09:00:00Z")).toEqual({
      kind: "clusters",
      complete: true,
      count: 600,
    });
    // Sunday night: nobody.
    expect(await open("2027-07-11T22:00:00Z")).toEqual({ kind: "points", count: 0 });
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

    // Hours given, changed and taken away.
    await db.execute(
      sql`update meadows set open_minutes = '{[600,1080)}', closed_on_holidays = true
          where name like 'Weide 51.5 5%'`,
    );
    await db.execute(
      sql`update meadows set open_minutes = '{[0,10080)}' where name like 'Weide 51.5 6%'`,
    );
    await db.execute(
      sql`update meadows set open_minutes = '{}' where name like 'Weide 51.5 6%' and name like '%0'`,
    );

    // Rebuilt from scratch, the grid is the same, and every cell's sample is one of its meadows.
    const [differences] = await queryRows<{ n: number }>(
      db,
      sql`with fresh as (
            select k.key, l.level, floor(m.lng / meadow_grid_cell_size(l.level))::int as cx,
              floor(m.lat / meadow_grid_cell_size(l.level))::int as cy, m.country, k.months,
              p.hours, count(*)::int as count
            from meadows m
              cross join meadow_hours_profile(m.open_minutes, m.closed_on_holidays) as p(hours)
              cross join meadow_grid_keys_of(m.crops, m.crop_months, m.season_mask, p.hours) as k
              cross join generate_series(0, 11) as l(level)
            group by 1, 2, 3, 4, 5, 6, 7)
          select count(*)::int as n from fresh
          full join meadow_grid_keys g using (key, level, cx, cy, country, months, hours)
          where fresh.count is distinct from g.count`,
    );
    expect(differences!.n).toBe(0);
    const [orphans] = await queryRows<{ n: number }>(
      db,
      sql`select count(*)::int as n from meadow_grid_keys g
          where g.count <= 0 or not exists (
            select 1 from meadows m
              cross join meadow_hours_profile(m.open_minutes, m.closed_on_holidays) as p(hours)
            where m.id = g.sample_id and m.country = g.country and p.hours = g.hours
              and (g.key, g.months) in (
                select k.key, k.months
                from meadow_grid_keys_of(m.crops, m.crop_months, m.season_mask, p.hours) as k)
              and floor(m.lng / meadow_grid_cell_size(g.level)) = g.cx
              and floor(m.lat / meadow_grid_cell_size(g.level)) = g.cy)`,
    );
    expect(orphans!.n).toBe(0);
    // Its rows of all hours (0028) sum the rows per hours, with samples of their own cells.
    const [allHours] = await queryRows<{ differences: number; orphans: number; rows: number }>(
      db,
      sql`with summed as (
            select key, level, cx, cy, country, months, sum(count)::int as count,
              sum(lat_sum) as lat_sum
            from meadow_grid_keys group by 1, 2, 3, 4, 5, 6)
          select
            (select count(*)::int from summed
              full join meadow_grid_keys_all_hours a using (key, level, cx, cy, country, months)
              where summed.count is distinct from a.count
                or abs(summed.lat_sum - a.lat_sum) > 1e-6) as differences,
            (select count(*)::int from meadow_grid_keys_all_hours a
              where a.count <= 0 or not exists (
                select 1 from meadows m
                  cross join meadow_hours_profile(m.open_minutes, m.closed_on_holidays) as p(hours)
                where m.id = a.sample_id and m.country = a.country
                  and (a.key, a.months) in (
                    select k.key, k.months
                    from meadow_grid_keys_of(m.crops, m.crop_months, m.season_mask, p.hours) as k)
                  and floor(m.lng / meadow_grid_cell_size(a.level)) = a.cx
                  and floor(m.lat / meadow_grid_cell_size(a.level)) = a.cy)) as orphans,
            (select count(*)::int from meadow_grid_keys_all_hours) as rows`,
    );
    expect(allHours).toMatchObject({ differences: 0, orphans: 0 });
    expect(allHours!.rows).toBeGreaterThan(0);
    // Every profile the grid names is stored with the hours it stands for.
    const profiles = await queryRows<{ hours: string; stored: boolean }>(
      db,
      sql`select distinct g.hours, p.open_minutes is not null and
            p.id = meadow_hours_profile(p.open_minutes, p.closed_on_holidays) as stored
          from meadow_grid_keys g left join meadow_hours_profiles p on p.id = g.hours
          where g.hours <> ''`,
    );
    expect(profiles.length).toBeGreaterThanOrEqual(2);
    expect(profiles.every((profile) => profile.stored)).toBe(true);
    const keys = await queryRows<{ key: string }>(
      db,
      sql`select distinct key from meadow_grid_keys where level = 0 order by key`,
    );
    expect(keys.map((row) => row.key)).toEqual([
      "crop:chrysanthemum",
      "crop:dahlia",
      "crop:holly",
      "crop:tulip",
      "crops:chrysanthemum+tulip",
      "crops:holly+tulip",
      ...[1, 10, 11, 12, 4, 5, 7, 8, 9].map((month) => `month:${month}`),
      "open",
    ]);

    await db.execute(sql`truncate meadows cascade`);
    expect(await queryRows(db, sql`select * from meadow_grid_keys`)).toEqual([]);
    expect(await queryRows(db, sql`select * from meadow_grid_keys_all_hours`)).toEqual([]);
  });
});
