import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { asc, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { insertMeadow, insertMeadows, meadowGrid } from "../../db/factories/meadows";
import { meadows } from "../../db/schema";
import {
  createFreshPostgresDatabase,
  migratedDatabase,
  testDatabaseUrl,
  testEngines,
} from "../../tests/support/databases";
import {
  DatabaseInUseError,
  migrationsFolder,
  openPglite,
  openPostgres,
  queryManyRows,
  queryManyRowsWith,
  queryRows,
} from "./db.server";

/** A meadow in `name`, every one with dahlias in its description. */
function meadow(id: string, name: string, lat: number, lng: number) {
  return { id, name, city: name, lat, lng, description: "Tulpen en dahlia's om zelf te plukken" };
}

describe.each(testEngines)("database on $name", (engine) => {
  const database = migratedDatabase(engine);

  it("migrates idempotently", async () => {
    await database.handle.migrate();
    const tables = await queryRows(
      database.db,
      sql`select count(*)::int as n from information_schema.tables where table_name = 'meadows'`,
    );
    expect(tables).toEqual([{ n: 1 }]);
  });

  it("answers pings", async () => {
    expect(await database.handle.ping()).toBe(true);
  });

  it("finds the nearest meadows through the geo index", async () => {
    await insertMeadows(database.db, [
      meadow("utrecht", "Utrecht", 52.0907, 5.1214),
      meadow("amsterdam", "Amsterdam", 52.3676, 4.9041),
      meadow("gent", "Gent", 51.0543, 3.7174),
    ]);
    // From Houten, just south-east of Utrecht: Utrecht, then Amsterdam, then Gent.
    const nearest = await database.db
      .select({ id: meadows.id })
      .from(meadows)
      .orderBy(sql`ll_to_earth(${meadows.lat}, ${meadows.lng}) <-> ll_to_earth(52.028, 5.168)`)
      .limit(3);
    expect(nearest.map((row) => row.id)).toEqual(["utrecht", "amsterdam", "gent"]);

    const within50km = await database.db
      .select({ id: meadows.id })
      .from(meadows)
      .where(
        sql`earth_box(ll_to_earth(52.028, 5.168), 50000) @> ll_to_earth(${meadows.lat}, ${meadows.lng})
            and earth_distance(ll_to_earth(52.028, 5.168), ll_to_earth(${meadows.lat}, ${meadows.lng})) <= 50000`,
      )
      .orderBy(asc(meadows.id));
    expect(within50km.map((row) => row.id)).toEqual(["amsterdam", "utrecht"]);
  });

  it("matches text regardless of accents and case", async () => {
    const rows = await database.db
      .select({ id: meadows.id })
      .from(meadows)
      .where(
        sql`immutable_unaccent(lower(${meadows.name} || ' ' || ${meadows.description})) like '%dahlia%'`,
      );
    expect(rows.length).toBe(3);
    const accented = await queryRows(
      database.db,
      sql`select immutable_unaccent('Crème Brûlée') as t`,
    );
    expect(accented).toEqual([{ t: "Creme Brulee" }]);
  });
  it("returns many rows with the same values as queryRows, in a transaction too", async () => {
    const query = sql`select 'id-' || g as id, g::int as n, g / 3.0::float8 as x,
        case when g % 2 = 0 then null else 'Crème "brûlée"' end as note
      from generate_series(1, 600) g order by g`;
    const expected = Array.from({ length: 600 }, (_, i) => ({
      id: `id-${i + 1}`,
      n: i + 1,
      x: (i + 1) / 3,
      note: (i + 1) % 2 === 0 ? null : 'Crème "brûlée"',
    }));
    expect(await queryManyRows(database.db, query)).toEqual(expected);
    expect(await queryRows(database.db, query)).toEqual(expected);
    const inTransaction = await database.db.transaction((tx) =>
      queryManyRows(tx as unknown as typeof database.db, query),
    );
    expect(inTransaction).toEqual(expected);
    expect(await queryManyRows(database.db, sql`select 1 as n where false`)).toEqual([]);
  });

  it("runs a query with its settings, with the same values as parameters give", async () => {
    const settings = { enable_seqscan: "off" };
    // What an attacker might type, and values of each kind a query passes.
    const texts = [
      "'); drop table meadows; --",
      "it's \\' \\\\ $1 $$ E'\\x41' \"quoted\"",
      "Crème brûlée 🌷 ß",
      "",
    ];
    for (const text of texts) {
      const query = sql`select current_setting('enable_seqscan') as seqscan, ${text}::text as text,
          ${text} as untyped, ${42} as n, ${-1.5}::float8 as x, ${null}::text as nothing,
          ${true}::boolean as yes, g::int as g
        from generate_series(1, ${3}) g order by g desc`;
      const expected = await queryManyRows<Record<string, unknown>>(database.db, query);
      expect(expected.map((row) => row.g)).toEqual([3, 2, 1]);
      expect(expected[0]).toMatchObject({ seqscan: "on", text, untyped: text, x: -1.5 });
      const withSettings = await queryManyRowsWith<Record<string, unknown>>(
        database.db,
        settings,
        query,
      );
      expect(withSettings).toEqual(expected.map((row) => ({ ...row, seqscan: "off" })));
      const inTransaction = await database.db.transaction((tx) =>
        queryManyRowsWith(tx as unknown as typeof database.db, settings, query),
      );
      expect(inTransaction).toEqual(withSettings);
    }
    // For that query alone.
    expect(
      await queryRows(database.db, sql`select current_setting('enable_seqscan') as s`),
    ).toEqual([{ s: "on" }]);
    expect(await queryManyRowsWith(database.db, settings, sql`select 1 as n where false`)).toEqual(
      [],
    );
  });

  it("sends a setting's name and value as parameters, never as SQL", async () => {
    // A value no setting takes is refused by the database, and the connection serves on.
    await expect(
      queryManyRowsWith(
        database.db,
        { enable_seqscan: "off'; drop table meadows; --" },
        sql`select 1`,
      ),
    ).rejects.toThrow();
    await expect(
      queryManyRowsWith(database.db, { "enable_seqscan = off; --": "off" }, sql`select 1`),
    ).rejects.toThrow();
    expect(await queryRows(database.db, sql`select count(*)::int as n from meadows`)).toEqual([
      { n: 3 },
    ]);
    expect(
      await queryRows(database.db, sql`select current_setting('enable_seqscan') as s`),
    ).toEqual([{ s: "on" }]);
  });

  it("reads dates, times and intervals as text, in a transaction too", async () => {
    // drizzle asks for these as the database spells them; its column types parse them.
    const query = sql`select timestamptz '2026-05-01 10:00:00+00' as at,
        timestamp '2026-05-01 10:00' as local, date '2026-05-01' as day,
        interval '1 day 2 hours' as span, array[timestamp '2026-05-01 10:00'] as locals,
        12.5::numeric as amount`;
    const check = (rows: Record<string, unknown>[]) => {
      const [row] = rows;
      expect(row?.at).toMatch(/^2026-05-01 \d\d:00:00\+\d\d$/);
      expect(row).toMatchObject({
        local: "2026-05-01 10:00:00",
        day: "2026-05-01",
        span: "1 day 02:00:00",
        locals: '{"2026-05-01 10:00:00"}',
      });
    };
    for (let run = 0; run < 2; run++) check(await queryRows(database.db, query));
    check(
      await database.db.transaction((tx) => queryRows(tx as unknown as typeof database.db, query)),
    );
  });
});

describe("embedded database", () => {
  it("keeps its data across restarts and refuses a second process", async () => {
    const dir = path.join(mkdtempSync(path.join(tmpdir(), "plukweide-db-")), "db");
    const first = await openPglite(dir);
    await first.migrate();
    await insertMeadow(first.db, meadow("kept", "Leiden", 52.16, 4.49));
    // The same process opening it twice stands in for a second process: both would write the files.
    const lockFile = `${dir}.lock`;
    const { writeFileSync } = await import("node:fs");
    writeFileSync(lockFile, String(process.ppid));
    await expect(openPglite(dir)).rejects.toBeInstanceOf(DatabaseInUseError);
    writeFileSync(lockFile, String(process.pid));
    await first.close();
    expect(await first.ping()).toBe(false);

    const again = await openPglite(dir);
    try {
      const rows = await again.db.select({ id: meadows.id }).from(meadows);
      expect(rows).toEqual([{ id: "kept" }]);
    } finally {
      await again.close();
    }
  });
});

describe("embedded database maintenance", () => {
  it("teaches the planner how many meadows there are and marks their pages all-visible", async () => {
    const handle = await openPglite(undefined);
    try {
      await handle.migrate();
      await insertMeadows(
        handle.db,
        meadowGrid(3000, { lat: 51, lng: 4 }, 2, (i) => `Veld ${i}`),
      );
      const statistics = () =>
        queryRows<{ tuples: number; visible: number }>(
          handle.db,
          sql`select reltuples::int as tuples, relallvisible::int as visible
              from pg_class where relname = 'meadows'`,
        );
      // PGlite runs no autovacuum: without maintenance the planner still sees an empty table,
      // or one of unknown size (-1) after a migration rewrote it.
      const [before] = await statistics();
      expect(before?.tuples).toBeLessThanOrEqual(0);
      expect(before?.visible).toBe(0);
      await handle.maintain();
      const [after] = await statistics();
      expect(after?.tuples).toBe(3000);
      expect(after?.visible).toBeGreaterThan(0);
    } finally {
      await handle.close();
    }
  });

  it("checkpoints, so the write-ahead log written before can be recycled", async () => {
    const handle = await openPglite(undefined);
    try {
      await handle.migrate();
      await insertMeadows(
        handle.db,
        meadowGrid(200, { lat: 51, lng: 4 }, 2, (n) => `Veld ${n}`),
      );
      // How much of the log a restart would replay: from the last checkpoint's redo point on.
      const toReplay = async () => {
        const [row] = await queryRows<{ bytes: number }>(
          handle.db,
          sql`select pg_wal_lsn_diff(pg_current_wal_insert_lsn(),
                (select redo_lsn from pg_control_checkpoint()))::int as bytes`,
        );
        return Number(row?.bytes);
      };
      // The migrations and the meadows, and no checkpoint since: a single-user PostgreSQL
      // starts none of its own.
      expect(await toReplay()).toBeGreaterThan(1_000_000);
      await handle.maintain();
      expect(await toReplay()).toBeLessThan(1_000);
    } finally {
      await handle.close();
    }
  });
});

describe.runIf(testDatabaseUrl)("PostgreSQL migrations", () => {
  it("run once when several processes start together", async () => {
    const fresh = await createFreshPostgresDatabase();
    const handles = await Promise.all([1, 2, 3].map(() => openPostgres(fresh.url, { max: 2 })));
    try {
      await Promise.all(handles.map((handle) => handle.migrate()));
      const applied = await queryRows(
        handles[0]!.db,
        sql`select count(*)::int as n from drizzle.__drizzle_migrations`,
      );
      const journal = JSON.parse(
        readFileSync(path.join(migrationsFolder(), "meta", "_journal.json"), "utf8"),
      ) as { entries: unknown[] };
      expect(applied).toEqual([{ n: journal.entries.length }]);
    } finally {
      await Promise.all(handles.map((handle) => handle.close()));
      await fresh.drop();
    }
  });
});
