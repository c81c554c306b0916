import { inArray, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { insertMeadows, meadowRow, north, UTRECHT } from "../../../db/factories/meadows";
import { meadows } from "../../../db/schema";
import { migratedDatabase, testEngines } from "../../../tests/support/databases";
import { queryRows } from "~/adapters/db.server";
import { storedClusters } from "./clusters.server";
import { gridFilter } from "./filters.server";
import { normalizeBoundingBox } from "./geo-sql.server";
import {
  cropHoursCondition,
  deriveStaleHours,
  isOpenAt,
  openCropHoursKeys,
  openNowCondition,
} from "./hours.server";
import { searchMeadows } from "./search.server";
import { viewportMeadows } from "./viewport.server";

/*
 * "Open now" as the database answers it from the stored weekly form, against the hours library
 * itself, at many instants through a year: both daylight saving changes, public holidays, the
 * new year, on every engine.
 */

const HOURS: { name: string; hours: string; country: string }[] = [
  { name: "Weekdays", hours: "Mo-Fr 10:00-18:00; PH off", country: "NL" },
  { name: "Summer split", hours: "Apr-Sep Mo-Sa 09:00-12:00,13:00-17:30; PH off", country: "DE" },
  { name: "Over new year", hours: "Dec-Jan Sa,Su 10:00-16:00", country: "BE" },
  { name: "Always", hours: "24/7", country: "FR" },
  { name: "Appointment", hours: '"by appointment"', country: "NL" },
  { name: "Weekdays else asked", hours: 'Mo-Fr 10:00-18:00 || "by appointment"', country: "GB" },
  {
    name: "Two seasons",
    hours: "May-Jun Sa,Su 10:00-17:00; Jul-Aug Mo-Su 08:00-22:00",
    country: "NL",
  },
  { name: "Friday night", hours: "Fr 22:00-02:00", country: "NL" },
  { name: "English holidays", hours: "Mo-Sa 09:00-18:00; PH off", country: "GB" },
  { name: "Night owls", hours: "Tu-Th 00:00-03:00,23:00-24:00", country: "LU" },
  { name: "The lost hour", hours: "Mar-Oct Su 01:30-03:30", country: "NL" },
  { name: "Danish autumn", hours: "Sep-Nov We-Su 11:00-16:00; PH off", country: "DK" },
];

/** Free text the library does not read: never open to either. */
const FREE_TEXT = { name: "Free text", openingHours: "Dagelijks 9-18 uur", country: "NL" };

/** Instants through 2027: every 5 h 17 min, plus around each change that matters. */
function instants(): Date[] {
  const found: Date[] = [];
  for (let t = Date.UTC(2027, 0, 1); t < Date.UTC(2028, 0, 1); t += (5 * 60 + 17) * 60_000)
    found.push(new Date(t));
  const around = [
    // Daylight saving: 28 March and 31 October 2027, 01:00 UTC everywhere here.
    "2027-03-28T00:29:00Z",
    "2027-03-28T00:59:00Z",
    "2027-03-28T01:00:00Z",
    "2027-03-28T01:15:00Z",
    "2027-03-28T01:45:00Z",
    "2027-10-31T00:30:00Z",
    "2027-10-31T00:59:00Z",
    "2027-10-31T01:00:00Z",
    "2027-10-31T01:30:00Z",
    "2027-10-31T02:00:00Z",
    // Public holidays: King's Day, Whit Monday, German Unity Day, Christmas, Boxing Day.
    "2027-04-27T09:00:00Z",
    "2027-05-17T09:00:00Z",
    "2027-10-04T09:00:00Z",
    "2027-10-03T09:00:00Z",
    "2027-12-25T10:00:00Z",
    "2027-12-27T10:00:00Z",
    // The new year and month ends at the meadows' own midnight.
    "2027-01-01T09:30:00Z",
    "2027-12-31T23:30:00Z",
    "2027-01-31T23:30:00Z",
    "2027-02-01T00:30:00Z",
    // Friday night into Saturday, at the end of a month.
    "2027-04-30T23:30:00Z",
    "2027-01-01T00:30:00Z",
  ];
  return [...found, ...around.map((iso) => new Date(iso))];
}

describe.each(testEngines)("'open now' on $name", (engine) => {
  const database = migratedDatabase(engine);
  const ids = new Map<string, string>();

  beforeAll(async () => {
    await database.db.delete(meadows);
    const rows = [
      ...HOURS.map(({ name, hours, country }, index) =>
        meadowRow({
          name,
          country,
          hoursSyntax: hours,
          openingHours: "",
          ...north(UTRECHT, index + 1),
        }),
      ),
      meadowRow({ ...FREE_TEXT, ...north(UTRECHT, 30) }),
    ];
    for (const row of rows) ids.set(row.name, row.id);
    await insertMeadows(database.db, rows);
  });

  it("is exactly what the hours library says, at every instant through a year", async () => {
    const mismatches: string[] = [];
    const openCount = new Map<string, number>();
    for (const now of instants()) {
      const found = new Set(
        (
          await queryRows<{ name: string }>(
            database.db,
            sql`select name from meadows m where ${openNowCondition(now)}`,
          )
        ).map((row) => row.name),
      );
      for (const { name, hours, country } of HOURS) {
        const expected = isOpenAt(hours, country, now);
        if (expected) openCount.set(name, (openCount.get(name) ?? 0) + 1);
        if (found.has(name) !== expected)
          mismatches.push(`${now.toISOString()} ${name}: library ${expected}`);
      }
      if (found.has(FREE_TEXT.name)) mismatches.push(`${now.toISOString()} free text open`);
    }
    expect(mismatches).toEqual([]);
    // Each meadow was open at some of the instants, and shut at others: the test tested something.
    const total = instants().length;
    for (const { name } of HOURS) {
      const count = openCount.get(name) ?? 0;
      if (name === "Appointment") expect(count).toBe(0);
      else if (name === "Always") expect(count).toBe(total);
      else expect(count, name).toBeGreaterThan(0);
    }
  });

  it("is counted by the map's stored grid, with three crops too, and found by the crops' index by hours, at every fourth instant", async () => {
    const world = normalizeBoundingBox([-180, -85, 180, 85]);
    const mismatches: string[] = [];
    const sample = instants().filter((_, index) => index % 4 === 0);
    await database.db.execute(
      sql`update meadows set crops = '{dahlia,holly,tulip}', crop_months = '{4095,4095,4095}',
            season_mask = 4095`,
    );
    for (const now of sample) {
      const open = await queryRows<{ name: string }>(
        database.db,
        sql`select name from meadows m where ${openNowCondition(now)}`,
      );
      const filter = gridFilter({ openNow: true, now });
      const { clusters, exact } = await storedClusters(database.db, world, 0, undefined, filter);
      const counted = clusters.reduce((sum, cluster) => sum + cluster.count, 0);
      if (counted !== open.length || !exact)
        mismatches.push(`${now.toISOString()}: grid ${counted}, rows ${open.length}`);
      // Any of three crops, all of which every meadow grows: the open meadows among those read
      // one by one make up for what the crops' and pairs' rows leave out.
      const threeCrops = gridFilter({ openNow: true, now, crops: ["dahlia", "holly", "tulip"] });
      const byCrops = await storedClusters(database.db, world, 0, undefined, threeCrops);
      const countedByCrops = byCrops.clusters.reduce((sum, cluster) => sum + cluster.count, 0);
      if (countedByCrops !== open.length || !byCrops.exact)
        mismatches.push(`${now.toISOString()}: three crops ${countedByCrops}, rows ${open.length}`);
      // The index's keys find at least the open meadows; with the exact check, just those.
      const keys = await openCropHoursKeys(database.db, ["dahlia"], now);
      const found = await queryRows<{ name: string }>(
        database.db,
        sql`select name from meadows m where ${cropHoursCondition(keys ?? [])}`,
      );
      const missed = open.filter((row) => !found.some((other) => other.name === row.name));
      if (missed.length > 0)
        mismatches.push(`${now.toISOString()}: the index misses ${missed.map((row) => row.name)}`);
    }
    await database.db.execute(
      sql`update meadows set crops = '{}', crop_months = '{}', season_mask = 0`,
    );
    expect(mismatches).toEqual([]);
    expect(sample.length).toBeGreaterThan(400);
  });

  it("finds the open meadows in the list's search and on the map", async () => {
    // Saturday 10 July 2027, 11:00 in Amsterdam and Berlin, 10:00 in London.
    const now = new Date("2027-07-10T09:00:00Z");
    const open = ["Always", "English holidays", "Summer split", "Two seasons"];
    expect(open.every((name) => ids.has(name))).toBe(true);
    const result = await searchMeadows(database.db, { sort: "name", openNow: true, now });
    expect(result.items.map((item) => item.name)).toEqual(open);
    const all = await searchMeadows(database.db, { sort: "name", now });
    expect(all.total).toBe(HOURS.length + 1);
    const view = await viewportMeadows(database.db, {
      bbox: [-10, 40, 20, 60],
      zoom: 14,
      filters: { openNow: true, now },
    });
    expect(view.kind).toBe("points");
    if (view.kind === "points") expect(view.points.map((point) => point.name).sort()).toEqual(open);
  });

  it("derives the hours of meadows written before the form existed, once", async () => {
    const old = meadowRow({
      name: "Written before migration 0015",
      openingHours: "Sa,Su 10:00-17:00",
      ...north(UTRECHT, 40),
    });
    const text = meadowRow({
      name: "Text only",
      openingHours: "Op zaterdag",
      ...north(UTRECHT, 41),
    });
    await insertMeadows(database.db, [
      { ...old, hoursSyntax: null, openMinutes: "{}", hoursForm: 0 },
      { ...text, hoursForm: 0 },
    ]);
    expect(await deriveStaleHours(database.db)).toBe(2);
    expect(await deriveStaleHours(database.db)).toBe(0);
    const saturday = new Date("2027-07-10T09:00:00Z");
    const names = (
      await searchMeadows(database.db, { sort: "name", openNow: true, now: saturday })
    ).items.map((item) => item.name);
    expect(names).toContain("Written before migration 0015");
    expect(names).not.toContain("Text only");
    await database.db.delete(meadows).where(inArray(meadows.id, [old.id, text.id]));
  });

  it("keeps a public holiday closed where 'PH off' says so", async () => {
    // King's Day, Tuesday 27 April 2027, 11:00 in Amsterdam: a weekday, but a holiday.
    const kingsDay = new Date("2027-04-27T09:00:00Z");
    const names = (
      await searchMeadows(database.db, { sort: "name", openNow: true, now: kingsDay })
    ).items.map((item) => item.name);
    expect(names).not.toContain("Weekdays");
    expect(names).toContain("English holidays");
    const dayAfter = new Date("2027-04-28T09:00:00Z");
    expect(
      (await searchMeadows(database.db, { sort: "name", openNow: true, now: dayAfter })).items.map(
        (item) => item.name,
      ),
    ).toContain("Weekdays");
  });
});
