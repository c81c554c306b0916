import { sql } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { testEngines } from "../tests/support/databases";
import {
  allMeadows,
  COLUMNS_ADDED_AFTER_0013,
  openMigratedBefore,
} from "../tests/support/migrations";
import { queryRows, type DatabaseHandle } from "../app/adapters/db.server";

const columnNames = (handle: DatabaseHandle) =>
  queryRows<{ name: string }>(
    handle.db,
    sql`select attname as name from pg_attribute
        where attrelid = 'meadows'::regclass and attnum > 0 and not attisdropped order by attnum`,
  );

const indexNames = (handle: DatabaseHandle) =>
  queryRows<{ name: string }>(
    handle.db,
    sql`select indexname as name from pg_indexes where tablename = 'meadows' order by 1`,
  );

describe.each(testEngines)("migration 0009 (meadow column order) on $name", (engine) => {
  let handle: DatabaseHandle | undefined;
  afterEach(() => handle?.close());

  it("keeps every meadow, favorite, key, index and trigger", async () => {
    handle = await openMigratedBefore(engine, "0009_meadow_column_order");
    const db = handle.db;
    await db.execute(sql`insert into users (id, name, email) values
      ('anna', 'Anna', 'anna@example.org'), ('bram', 'Bram', 'bram@example.org')`);
    await db.execute(sql`insert into meadows (id, owner_id, name, description, price_text,
        price_amount, opening_hours, street, house_number, postal_code, city, country,
        address_extra, website, phone, instagram, lat, lng, is_demo)
      values
        ('m1', 'anna', 'Crème Tulpen', 'Tulpen om zelf te plukken.' || chr(10) || 'Tweede regel',
          '€0,50 per steel', 0.5, 'Dagelijks 9–18', 'Dorpsstraat', '1a', '3511 AB', 'Utrecht',
          'NL', 'Achter de schuur', 'https://tulpen.example', '+31 30 123 4567', 'tulpen',
          52.09, 5.12, false),
        ('m2', 'bram', 'Château des Prés', 'Cueillette de fleurs.', 'Gratis', null, 'Sur rdv',
          'Rue Haute', '2', '1000', 'Bruxelles', 'BE', null, null, null, null, 50.85, 4.35,
          true)`);
    await db.execute(sql`insert into favorites (user_id, meadow_id) values
      ('anna', 'm2'), ('bram', 'm1'), ('bram', 'm2')`);
    const before = await allMeadows(handle);
    const indexesBefore = await indexNames(handle);
    const gridBefore = await queryRows(
      handle.db,
      sql`select * from meadow_grid order by 1, 2, 3, 4`,
    );

    await handle.migrate();

    // Later migrations add columns of their own: 0013 an empty Dutch description, 0014 and 0015
    // the crops and the hours, empty for these meadows; 0030 writes the search text anew, with
    // the stems of its words ("tweede" brings "twed").
    const searchText = async (row: Record<string, unknown>) =>
      (
        await queryRows<{ text: string }>(
          db,
          sql`select meadow_search_text(${String(row.name)}, ${String(row.description)}, '')
            as text`,
        )
      )[0]?.text;
    const expected = await Promise.all(
      before.map(async ({ row }) => ({
        row: {
          ...row,
          description_nl: "",
          ...COLUMNS_ADDED_AFTER_0013,
          search_text: await searchText(row),
        },
      })),
    );
    expect(expected[0]?.row.search_text?.startsWith("creme tulpen \x1f tulpen ")).toBe(true);
    expect(expected[0]?.row.search_text?.endsWith(" twed")).toBe(true);
    expect(await allMeadows(handle)).toEqual(expected);
    // Migrations 0011, 0014, 0018, 0021, 0022, 0023, 0025, 0027 and 0031, which run after it here,
    // add one index each (0015's index over the hours is gone again in 0019).
    expect(await indexNames(handle)).toEqual(
      [
        ...indexesBefore,
        { name: "meadows_area_trgm_idx" },
        { name: "meadows_crop_hours_idx" },
        { name: "meadows_crop_cells_idx" },
        { name: "meadows_crop_season_cells_idx" },
        { name: "meadows_crop_seasons_idx" },
        { name: "meadows_crop_triples_idx" },
        { name: "meadows_crops_idx" },
        { name: "meadows_name_crops_idx" },
        { name: "meadows_name_trgm_idx" },
      ].sort((a, b) => a.name.localeCompare(b.name)),
    );
    expect(await queryRows(handle.db, sql`select * from meadow_grid order by 1, 2, 3, 4`)).toEqual(
      gridBefore,
    );
    const columns = (await columnNames(handle)).map((column) => column.name);
    expect(columns.slice(0, 6)).toEqual([
      "lat",
      "lng",
      "created_at",
      "updated_at",
      "is_demo",
      "search_text",
    ]);
    // Migration 0013 adds description_nl at the end, then 0014 crops, crop_months and
    // season_mask, then 0015 the hours' columns, then 0018 crop_seasons.
    expect(columns).toHaveLength(32);
    expect(columns.slice(-9)).toEqual([
      "description_nl",
      "crops",
      "crop_months",
      "season_mask",
      "hours_syntax",
      "open_minutes",
      "closed_on_holidays",
      "hours_form",
      "crop_seasons",
    ]);
    expect(before[0]?.row).toMatchObject({
      search_text: "creme tulpen tulpen om zelf te plukken.\ntweede regel",
    });

    // The keys: a second meadow with the same id is refused, a removed member's meadows stay
    // behind unowned, a removed meadow takes its favorites along.
    await expect(
      db.execute(sql`insert into meadows (id, name, price_text, opening_hours, street,
          house_number, postal_code, city, country, lat, lng)
        values ('m1', 'Again', '', '', '', '', '', '', 'NL', 52, 5)`),
    ).rejects.toThrow();
    await db.execute(sql`delete from users where id = 'anna'`);
    expect(await queryRows(handle.db, sql`select owner_id from meadows where id = 'm1'`)).toEqual([
      { owner_id: null },
    ]);
    await db.execute(sql`delete from meadows where id = 'm2'`);
    expect(
      await queryRows(handle.db, sql`select user_id, meadow_id from favorites order by 1, 2`),
    ).toEqual([{ user_id: "bram", meadow_id: "m1" }]);
    await expect(
      db.execute(sql`insert into favorites (user_id, meadow_id) values ('bram', 'gone')`),
    ).rejects.toThrow();

    // The grid's triggers: the removed meadow left its cells, a new one fills its own.
    await db.execute(sql`insert into meadows (id, name, price_text, opening_hours, street,
        house_number, postal_code, city, country, lat, lng)
      values ('m3', 'Gent', '', '', '', '', '', 'Gent', 'BE', 51.05, 3.72)`);
    expect(
      await queryRows(
        handle.db,
        sql`select country, count::int as count from meadow_grid where level = 0 order by 1`,
      ),
    ).toEqual([
      { country: "BE", count: 1 },
      { country: "NL", count: 1 },
    ]);
  });
});
