import { randomBytes } from "node:crypto";
import pg from "pg";
import { openPglite, openPostgres, type DatabaseHandle } from "../../app/adapters/db.server";

/**
 * The engines every integration test runs against: PGlite always, PostgreSQL too when
 * TEST_DATABASE_URL names a server. Each PostgreSQL handle gets a database of its own, dropped
 * again when the handle closes.
 */
export interface TestEngine {
  name: "pglite" | "postgres";
  open(): Promise<DatabaseHandle>;
}

export const testDatabaseUrl = process.env.TEST_DATABASE_URL || undefined;

export const testEngines: TestEngine[] = [
  { name: "pglite", open: () => openPglite(undefined) },
  ...(testDatabaseUrl ? [{ name: "postgres" as const, open: () => openFreshPostgres() }] : []),
];

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
