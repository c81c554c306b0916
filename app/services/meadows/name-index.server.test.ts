import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { insertMeadows, north, UTRECHT } from "../../../db/factories/meadows";
import { migratedDatabase, testEngines } from "../../../tests/support/databases";
import { queryRows } from "~/adapters/db.server";
import { filterConditions, type MeadowFilters } from "./filters.server";

/*
 * A list sorted by name that walks its order for many scattered matches reads an index alone:
 * the words' (migration 0008) or the crops' and hours' (0022), each carrying every column its
 * filters test, so only the page's rows are read from the table.
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

describe.each(testEngines)("the name order's indexes on $name", (engine) => {
  const database = migratedDatabase(engine);

  it.each(WALKED_FILTERS)("holds what %s test", async (_, filters, index) => {
    const { db } = database;
    await insertMeadows(db, [{ name: "Tulpenhoeve", ...north(UTRECHT, 1) }]);
    // As autovacuum (or the app, on PGlite: ADR 12) leaves a table: its pages all visible.
    await db.execute(sql`vacuum analyze meadows`);
    const where = sql.join(filterConditions(filters, { radiusIndex: false }), sql` and `);
    const plan = await db.transaction(async (tx) => {
      // Other plans are cheaper for a table this small; this asks whether the walk can be made.
      await tx.execute(sql`set local enable_seqscan = off`);
      await tx.execute(sql`set local enable_bitmapscan = off`);
      await tx.execute(sql`set local enable_sort = off`);
      return queryRows<{ "QUERY PLAN": string }>(
        tx,
        sql`explain select m.id from meadows m where ${where} order by m.sort_name, m.id limit 21`,
      );
    });
    expect(plan.map((line) => line["QUERY PLAN"]).join("\n")).toContain(
      `Index Only Scan using ${index}`,
    );
  });
});
