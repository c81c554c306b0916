import { sql, type SQL } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { insertMeadows, north, UTRECHT } from "../../../db/factories/meadows";
import { migratedDatabase, testEngines } from "../../../tests/support/databases";
import { queryRows } from "~/adapters/db.server";
import { filterConditions, type MeadowFilters } from "./filters.server";

/*
 * Walks that read an index alone, each index carrying every column its filters test, so only
 * the page's rows are read from the table:
 * - a list sorted by name that walks its order for many scattered matches: the words' index
 *   (migration 0008) or the crops' and hours' (0022);
 * - a list within a distance counting its matches along the GiST index of the places (as
 *   searchMeadows' count does, radiusIndex "point"): migrations 0008 and 0024.
 */

/** A Dutch public holiday (Christmas), so "open now" also tests the holiday flag. */
const CHRISTMAS_NOON = new Date("2026-12-25T11:00:00Z");

const WALKED_FILTERS: [string, MeadowFilters, string][] = [
  ["words", { text: "tulpen hoeve", country: "nl" }, "meadows_name_sort_idx"],
  ["crops", { crops: ["dahlia", "sunflower"] }, "meadows_name_crops_idx"],
  ["in season now", { season: "now", now: CHRISTMAS_NOON }, "meadows_name_crops_idx"],
  ["a crop in a month", { crops: ["tulip"], season: 4 }, "meadows_name_crops_idx"],
  ["open now", { openNow: true, now: CHRISTMAS_NOON }, "meadows_name_crops_idx"],
  [
    "a country, crops, a season and open now",
    { country: "NL", crops: ["tulip"], season: "now", openNow: true },
    "meadows_name_crops_idx",
  ],
];

const COUNTED_FILTERS: [string, MeadowFilters][] = [
  ["a distance", { near: UTRECHT, maxDistanceKm: 25 }],
  ["a distance and a country", { near: UTRECHT, maxDistanceKm: 25, country: "NL" }],
  ["a distance and open now", { near: UTRECHT, maxDistanceKm: 25, openNow: true }],
  [
    "a distance and open now on a holiday",
    { near: UTRECHT, maxDistanceKm: 25, openNow: true, now: CHRISTMAS_NOON },
  ],
];

describe.each(testEngines)("the covering indexes on $name", (engine) => {
  const database = migratedDatabase(engine);

  /**
   * The plan of `query` over a table with a meadow in it, with the planner's `settings` off:
   * other plans are cheaper for a table this small; this asks whether the walk can be made.
   */
  async function planOf(query: SQL, settings: readonly string[]): Promise<string> {
    const { db } = database;
    await insertMeadows(db, [{ name: "Tulpenhoeve", ...north(UTRECHT, 1) }]);
    // As autovacuum (or the app, on PGlite: ADR 12) leaves a table: its pages all visible.
    await db.execute(sql`vacuum analyze meadows`);
    const lines = await db.transaction(async (tx) => {
      for (const setting of settings) await tx.execute(sql.raw(`set local ${setting} = off`));
      return queryRows<{ "QUERY PLAN": string }>(tx, sql`explain ${query}`);
    });
    return lines.map((line) => line["QUERY PLAN"]).join("\n");
  }

  it.each(WALKED_FILTERS)("the name order holds what %s test", async (_, filters, index) => {
    const where = sql.join(filterConditions(filters, { radiusIndex: false }), sql` and `);
    const plan = await planOf(
      sql`select m.id from meadows m where ${where} order by m.sort_name, m.id limit 21`,
      ["enable_seqscan", "enable_bitmapscan", "enable_sort"],
    );
    expect(plan).toContain(`Index Only Scan using ${index}`);
  });

  it.each(COUNTED_FILTERS)("the places' index holds what %s test", async (_, filters) => {
    const where = sql.join(filterConditions(filters, { radiusIndex: "point" }), sql` and `);
    const plan = await planOf(
      sql`select count(*) from (select 1 from meadows m where ${where} limit 201) c`,
      ["enable_seqscan", "enable_bitmapscan"],
    );
    expect(plan).toContain("Index Only Scan using meadows_point_idx");
  });
});
