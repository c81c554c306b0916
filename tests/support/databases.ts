import { randomBytes } from "node:crypto";
import { readFile } from "node:fs/promises";
import pg from "pg";
import { afterAll, beforeAll, inject } from "vitest";
import {
  openPglite,
  openPostgres,
  type Database,
  type DatabaseHandle,
} from "../../app/adapters/db.server";

/**
 * The engines every integration test runs against: PGlite always, PostgreSQL too when
 * TEST_DATABASE_URL names a server. Each PostgreSQL handle gets a database of its own, dropped
 * again when the handle closes.
 */
export interface TestEngine {
  name: "pglite" | "postgres";
  /** A database to migrate; on PGlite it may come migrated already, for speed. */
  open(): Promise<DatabaseHandle>;
  /** A database without a table: for tests of migrations themselves. */
  openEmpty(): Promise<DatabaseHandle>;
}

export const testDatabaseUrl = process.env.TEST_DATABASE_URL || undefined;

export const testEngines: TestEngine[] = [
  {
    name: "pglite",
    open: async () => openPglite(undefined, { loadDataDir: await migratedPgliteDump() }),
    openEmpty: () => openPglite(undefined),
  },
  ...(testDatabaseUrl
    ? [{ name: "postgres" as const, open: openFreshPostgres, openEmpty: openFreshPostgres }]
    : []),
];

let pgliteDump: Promise<Blob | undefined> | undefined;

/**
 * The migrated embedded database of tests/support/pglite-template.global.ts, read once per test
 * file; without it (another project, a script) a PGlite opens empty and migrates itself.
 */
function migratedPgliteDump(): Promise<Blob | undefined> {
  return (pgliteDump ??= (async () => {
    let file: string | undefined;
    try {
      file = inject("migratedPgliteDump");
    } catch {
      return undefined;
    }
    return file ? new Blob([await readFile(file)]) : undefined;
  })());
}

/** A migrated database on one engine for the tests of a describe block, read once it is open. */
export interface TestDatabase {
  readonly handle: DatabaseHandle;
  readonly db: Database;
}

/**
 * Opens and migrates a database on `engine` before the block's tests and closes it after them.
 * Call it at the top of a `describe.each(testEngines)` body; its hooks run before the block's own.
 */
export function migratedDatabase(engine: TestEngine): TestDatabase {
  let opened: DatabaseHandle | undefined;
  beforeAll(async () => {
    opened = await engine.open();
    await opened.migrate();
  });
  afterAll(() => opened?.close());
  const handle = () => {
    if (!opened)
      throw new Error(`the ${engine.name} database is not open yet (used outside a test?)`);
    return opened;
  };
  return {
    get handle() {
      return handle();
    },
    get db() {
      return handle().db;
    },
  };
}

/**
 * The engines a test of the built app (tests/server) runs on: `env()` names a fresh database for
 * a spawned app (none for PGlite, which lives in the app's own data folder), `drop()` removes it.
 */
export interface AppEngine {
  name: "pglite" | "postgres";
  env(): Promise<{ env: Record<string, string>; drop(): Promise<void> }>;
}

export const appEngines: AppEngine[] = [
  { name: "pglite", env: async () => ({ env: {}, drop: async () => {} }) },
  ...(testDatabaseUrl
    ? [
        {
          name: "postgres" as const,
          env: async () => {
            const fresh = await createFreshPostgresDatabase();
            return { env: { DATABASE_URL: fresh.url }, drop: fresh.drop };
          },
        },
      ]
    : []),
];

/**
 * The environment that points the block's app at a fresh database on `engine`, there before the
 * block's tests; the database is dropped after them. Call it first in the block: vitest runs
 * afterAll hooks in reverse, so the drop comes after the block's own hook has stopped the app.
 */
export function appDatabase(engine: AppEngine): { readonly env: Record<string, string> } {
  let fresh: Awaited<ReturnType<AppEngine["env"]>> | undefined;
  beforeAll(async () => {
    fresh = await engine.env();
  });
  afterAll(() => fresh?.drop());
  return {
    get env() {
      if (!fresh)
        throw new Error(`the ${engine.name} database is not there yet (used outside a test?)`);
      return fresh.env;
    },
  };
}

/** Creates an empty database on the test server and returns its URL and a way to drop it. */
export async function createFreshPostgresDatabase(): Promise<{
  url: string;
  drop(): Promise<void>;
}> {
  if (!testDatabaseUrl) throw new Error("TEST_DATABASE_URL is not set");
  const name = `plukweide_test_${process.pid}_${randomBytes(4).toString("hex")}`;
  const admin = new pg.Client({ connectionString: testDatabaseUrl });
  await admin.connect();
  try {
    await admin.query(`create database "${name}"`);
  } finally {
    await admin.end();
  }
  const url = new URL(testDatabaseUrl);
  url.pathname = `/${name}`;
  return {
    url: url.href,
    async drop() {
      const dropper = new pg.Client({ connectionString: testDatabaseUrl });
      await dropper.connect();
      try {
        await dropper.query(`drop database if exists "${name}" with (force)`);
      } finally {
        await dropper.end();
      }
    },
  };
}

export async function openFreshPostgres(): Promise<DatabaseHandle> {
  const fresh = await createFreshPostgresDatabase();
  const handle = await openPostgres(fresh.url, { max: 4 });
  return {
    ...handle,
    async close() {
      await handle.close();
      await fresh.drop();
    },
  };
}
