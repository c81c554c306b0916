import { sql } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { queryRows, type DatabaseHandle } from "../app/adapters/db.server";
import { monthRange, type MeadowCrop } from "../app/lib/crops";
import { cropColumns } from "../app/services/meadows/records.server";
import { testEngines } from "../tests/support/databases";
import { openMigratedBefore } from "../tests/support/migrations";
import { insertMeadows } from "./factories/meadows";
import { meadows } from "./schema";

const TULIPS: MeadowCrop = { id: "tulip", months: monthRange(4, 5) };
const DAHLIAS: MeadowCrop = { id: "dahlia", months: monthRange(7, 10) };

const allHours = (handle: DatabaseHandle) =>
  queryRows<Record<string, unknown>>(
    handle.db,
    sql`select key, level, cx, cy, country, months, count, lat_sum, lng_sum, sample_id
        from meadow_grid_keys_all_hours order by key, level, cx, cy, country, months`,
  );

describe.each(testEngines)("migration 0028 (the grid's rows of all hours) on $name", (engine) => {
  let handle: DatabaseHandle | undefined;
  afterEach(() => handle?.close());

  it("sums the rows per hours of the meadows already there, as the triggers do for new ones", async () => {
    handle = await openMigratedBefore(engine, "0028_meadow_grid_keys_all_hours");
    const db = handle.db;
    // Three hours among three meadows in one cell, and one in Belgium.
    const rows = await insertMeadows(db, [
      { id: "m1", lat: 52.09, lng: 5.12, openMinutes: "{[600,1080)}", ...cropColumns([TULIPS]) },
      { id: "m2", lat: 52.1, lng: 5.13, openMinutes: "{[0,10080)}", ...cropColumns([TULIPS]) },
      {
        id: "m3",
        lat: 52.11,
        lng: 5.14,
        openMinutes: "{}",
        ...cropColumns([TULIPS, DAHLIAS]),
      },
      {
        id: "m4",
        lat: 51.05,
        lng: 3.72,
        country: "BE",
        openMinutes: "{}",
        ...cropColumns([DAHLIAS]),
      },
    ]);

    await handle.migrate();

    const after = await allHours(handle);
    // At the coarsest level a row per key, country and months, of all hours.
    const coarsest = after
      .filter((row) => row.level === 0)
      .map(({ key, country, count }) => ({ key, country, count }));
    expect(coarsest).toEqual([
      { key: "crop:dahlia", country: "BE", count: 1 },
      { key: "crop:dahlia", country: "NL", count: 1 },
      { key: "crop:tulip", country: "NL", count: 3 },
      { key: "crops:dahlia+tulip", country: "NL", count: 1 },
      ...[10, 4, 5, 7, 8, 9].flatMap((month) =>
        month >= 7
          ? [
              { key: `month:${month}`, country: "BE", count: 1 },
              { key: `month:${month}`, country: "NL", count: 1 },
            ]
          : [{ key: `month:${month}`, country: "NL", count: 3 }],
      ),
      { key: "open", country: "NL", count: 2 },
    ]);
    const [perHours] = await queryRows<{ rows: number }>(
      db,
      sql`select count(*)::int as rows from meadow_grid_keys where key = 'crop:tulip'`,
    );
    // Tulips: three hours per level in the grid per hours, one here.
    expect(perHours!.rows).toBe(36);
    expect(after.filter((row) => row.key === "crop:tulip")).toHaveLength(12);

    // The same meadows written again: the triggers keep what the migration filled in.
    await db.execute(sql`delete from meadows`);
    expect(await allHours(handle)).toEqual([]);
    await db.insert(meadows).values(rows);
    expect(await allHours(handle)).toEqual(after);
    // Hours that change move the rows per hours only; a meadow that goes takes its counts along.
    await db.execute(sql`update meadows set open_minutes = '{[540,1020)}' where id = 'm2'`);
    expect(await allHours(handle)).toEqual(after);
    await db.execute(sql`delete from meadows where id = 'm4'`);
    expect((await allHours(handle)).filter((row) => row.country === "BE")).toEqual([]);
  });
});
