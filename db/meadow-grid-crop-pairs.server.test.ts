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
const SUNFLOWERS: MeadowCrop = { id: "sunflower", months: monthRange(7, 9) };

const gridKeys = (handle: DatabaseHandle) =>
  queryRows<Record<string, unknown>>(
    handle.db,
    sql`select key, level, cx, cy, country, months, hours, count, sample_id
        from meadow_grid_keys order by key, level, cx, cy, country, months, hours`,
  );

describe.each(testEngines)("migration 0026 (pairs of crops in the grid) on $name", (engine) => {
  let handle: DatabaseHandle | undefined;
  afterEach(() => handle?.close());

  it("counts each two crops of the meadows already there, as the triggers count new ones", async () => {
    handle = await openMigratedBefore(engine, "0026_meadow_grid_crop_pairs");
    const db = handle.db;
    const rows = await insertMeadows(db, [
      { id: "m1", lat: 52.09, lng: 5.12, ...cropColumns([TULIPS, DAHLIAS]) },
      { id: "m2", lat: 52.1, lng: 5.13, ...cropColumns([TULIPS, DAHLIAS, SUNFLOWERS]) },
      { id: "m3", lat: 51.05, lng: 3.72, country: "BE", ...cropColumns([DAHLIAS]) },
    ]);
    const before = await gridKeys(handle);
    expect(before.filter((row) => String(row.key).startsWith("crops:"))).toEqual([]);

    await handle.migrate();

    const after = await gridKeys(handle);
    // Every key the meadows had, and their pairs: ids in byte order, the months both are picked.
    expect(after.filter((row) => !String(row.key).startsWith("crops:"))).toEqual(before);
    const pairs = await queryRows<{ key: string; months: number; count: number }>(
      db,
      sql`select key, months, sum(count)::int as count from meadow_grid_keys
          where level = 0 and key like 'crops:%' group by key, months order by key`,
    );
    expect(pairs).toEqual([
      { key: "crops:dahlia+sunflower", months: SUNFLOWERS.months, count: 1 },
      { key: "crops:dahlia+tulip", months: 0, count: 2 },
      { key: "crops:sunflower+tulip", months: 0, count: 1 },
    ]);
    // The same meadows written again: the triggers keep what the migration filled in.
    await db.execute(sql`delete from meadows`);
    expect(await gridKeys(handle)).toEqual([]);
    await db.insert(meadows).values(rows);
    expect(await gridKeys(handle)).toEqual(after);
  });
});
