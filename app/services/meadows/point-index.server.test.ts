import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { insertMeadows, north, UTRECHT } from "../../../db/factories/meadows";
import { migratedDatabase, testEngines } from "../../../tests/support/databases";
import { queryRows } from "~/adapters/db.server";
import { filterConditions, type MeadowFilters } from "./filters.server";

/*
 * A list within a distance counts its matches by walking the GiST index of the places (as
 * searchMeadows' count does, radiusIndex "point"): the index carries what those filters test
 * (migrations 0008 and 0024), so the count reads no table row.
 */

/** A Dutch public holiday (Christmas), so "open now" also tests the holiday flag. */
const CHRISTMAS_NOON = new Date("2026-12-25T11:00:00Z");

const COUNTED_FILTERS: [string, MeadowFilters][] = [
  ["a distance", { near: UTRECHT, maxDistanceKm: 25 }],
  ["a distance and a country", { near: UTRECHT, maxDistanceKm: 25, country: "NL" }],
  ["a distance and open now", { near: UTRECHT, maxDistanceKm: 25, openNow: true }],
  [
    "a distance and open now on a holiday",
    { near: UTRECHT, maxDistanceKm: 25, openNow: true, now: CHRISTMAS_NOON },
  ],
];

describe.each(testEngines)("the places' index on $name", (engine) => {
  const database = migratedDatabase(engine);

  it.each(COUNTED_FILTERS)("holds what %s test", async (_, filters) => {
    const { db } = database;
    await insertMeadows(db, [{ name: "Tulpenhoeve", ...north(UTRECHT, 1) }]);
    // As autovacuum (or the app, on PGlite: ADR 12) leaves a table: its pages all visible.
    await db.execute(sql`vacuum analyze meadows`);
    const where = sql.join(filterConditions(filters, { radiusIndex: "point" }), sql` and `);
    const plan = await db.transaction(async (tx) => {
      // Other plans are cheaper for a table this small; this asks whether the walk can be made.
      await tx.execute(sql`set local enable_seqscan = off`);
      await tx.execute(sql`set local enable_bitmapscan = off`);
      return queryRows<{ "QUERY PLAN": string }>(
        tx,
        sql`explain select count(*) from (select 1 from meadows m where ${where} limit 201) c`,
      );
    });
    expect(plan.map((line) => line["QUERY PLAN"]).join("\n")).toContain(
      "Index Only Scan using meadows_point_idx",
    );
  });
});
