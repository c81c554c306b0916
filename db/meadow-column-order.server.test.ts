import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { testEngines } from "../tests/support/databases";
import { migrationsFolder, queryRows, type DatabaseHandle } from "../app/adapters/db.server";

interface Journal {
  entries: { idx: number; tag: string }[];
}

/** The migrations folder as it was before `tag`: the same files, a journal that stops earlier. */
function migrationsBefore(tag: string): string {
  const folder = path.join(mkdtempSync(path.join(tmpdir(), "plukweide-migrations-")), "migrations");
  cpSync(migrationsFolder(), folder, { recursive: true });
  const journalFile = path.join(folder, "meta", "_journal.json");
  const journal = JSON.parse(readFileSync(journalFile, "utf8")) as Journal;
  const stop = journal.entries.findIndex((entry) => entry.tag === tag);
  if (stop < 0) throw new Error(`no migration ${tag}`);
  writeFileSync(
    journalFile,
    JSON.stringify({ ...journal, entries: journal.entries.slice(0, stop) }),
  );
  return folder;
}

async function migrateFrom(handle: DatabaseHandle, folder: string) {
  if (handle.kind === "pglite") {
    const { migrate } = await import("drizzle-orm/pglite/migrator");
    await migrate(handle.db as never, { migrationsFolder: folder });
  } else {
    const { migrate } = await import("drizzle-orm/node-postgres/migrator");
    await migrate(handle.db as never, { migrationsFolder: folder });
  }
}

/** Every stored value of every meadow, generated columns included, in a stable form. */
async function allMeadows(handle: DatabaseHandle) {
  return queryRows<{ row: Record<string, unknown> }>(
    handle.db,
    sql`select to_jsonb(m) as row from meadows m order by id`,
  );
}

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
  let folder: string | undefined;
  afterEach(async () => {
    await handle?.close();
    if (folder) rmSync(path.dirname(folder), { recursive: true, force: true });
  });

  it("keeps every meadow, favorite, key, index and trigger", async () => {
    handle = await engine.open();
    folder = migrationsBefore("0009_meadow_column_order");
    await migrateFrom(handle, folder);
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

    // Later migrations add columns of their own (0014: the crops, empty for these meadows).
    expect(
      (await allMeadows(handle)).map(({ row }) => ({
        row: Object.fromEntries(
          Object.entries(row).filter(([key]) => key in (before[0]?.row ?? {})),
        ),
      })),
    ).toEqual(before);
    // Migrations 0011 and 0014, which run after it here, add one each.
    expect(await indexNames(handle)).toEqual(
      [...indexesBefore, { name: "meadows_area_trgm_idx" }, { name: "meadows_crops_idx" }].sort(
        (a, b) => a.name.localeCompare(b.name),
      ),
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
    // Migration 0014 adds crops, crop_months and season_mask at the end.
    expect(columns).toHaveLength(26);
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
