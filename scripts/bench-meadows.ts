// The databases of the benchmarks (`bench:search`, `bench:pages`, `bench:load`), loaded with the
// generated meadows of db/factories/generated-meadows.ts.
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { sql } from "drizzle-orm";
import pg from "pg";
import { openPostgres, queryRows, type Database } from "../app/adapters/db.server.ts";
import { insertGeneratedMeadows } from "../db/factories/generated-meadows.ts";

export async function loadMeadows(db: Database, rows: number) {
  // Building the indexes once after loading is much faster than maintaining them row by row.
  const indexes = await queryRows<{ name: string; definition: string }>(
    db,
    sql`select indexname as name, indexdef as definition from pg_indexes
        where tablename = 'meadows' and indexname <> 'meadows_pkey'`,
  );
  for (const index of indexes) await db.execute(sql.raw(`drop index "${index.name}"`));
  await insertGeneratedMeadows(db, rows);
  for (const index of indexes) await db.execute(sql.raw(index.definition));
  await db.execute(sql`vacuum analyze meadows`);
}

/** A statement on the server itself (creating or dropping a database). */
export async function adminQuery(serverUrl: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/**
 * What made the generated meadows: the generator and the catalogue it draws crops from. A kept
 * database loaded by another version (before the meadows had hours, say) is loaded again, so a
 * benchmark never measures meadows the app would no longer write.
 */
const GENERATOR = createHash("sha256")
  .update(readFileSync(new URL("../db/factories/generated-meadows.ts", import.meta.url)))
  .update(readFileSync(new URL("../db/factories/meadows.ts", import.meta.url)))
  .update(readFileSync(new URL("../app/lib/crops.ts", import.meta.url)))
  .digest("hex")
  .slice(0, 16);

/**
 * A database of `rows` generated meadows on `serverUrl`: a new one named after `prefix` (dropped
 * by `drop`), or the one named by `reuse`, loaded only when it does not hold `rows` meadows made
 * by this GENERATOR yet and kept afterwards. `meadowIds`: `sample` meadows spread over the
 * table, for their pages.
 */
export async function prepareBenchDatabase(options: {
  serverUrl: string;
  reuse?: string;
  prefix: string;
  rows: number;
  sample: number;
  log?: (line: string) => void;
}): Promise<{ url: string; name: string; meadowIds: string[]; drop(): Promise<void> }> {
  const { serverUrl, reuse, rows } = options;
  const name = reuse ?? `${options.prefix}_${process.pid}`;
  if (!/^\w+$/.test(name)) throw new Error(`not a database name: ${name}`);
  try {
    await adminQuery(serverUrl, `create database "${name}"`);
  } catch (error) {
    if (!reuse || (error as { code?: string }).code !== "42P04") throw error;
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const handle = await openPostgres(url.href);
  try {
    await handle.migrate();
    const [existing] = await queryRows<{ n: number; made_by: string | null }>(
      handle.db,
      sql`select count(*)::int as n,
            shobj_description((select oid from pg_database where datname = current_database()),
              'pg_database') as made_by
          from meadows`,
    );
    const madeBy = `plukweide bench meadows ${GENERATOR}`;
    if (Number(existing?.n ?? 0) !== rows || existing?.made_by !== madeBy) {
      const started = performance.now();
      if (existing?.n) await handle.db.execute(sql`truncate meadows cascade`);
      await loadMeadows(handle.db, rows);
      await handle.db.execute(sql.raw(`comment on database "${name}" is '${madeBy}'`));
      options.log?.(
        `loaded ${rows} meadows in ${((performance.now() - started) / 1000).toFixed(1)} s`,
      );
    }
    await handle.db.execute(sql`vacuum analyze meadows`);
    const sampled = await queryRows<{ id: string }>(
      handle.db,
      sql`select id from meadows order by id limit ${options.sample} offset ${Math.floor(rows / 3)}`,
    );
    return {
      url: url.href,
      name,
      meadowIds: sampled.map((row) => row.id),
      drop: async () => {
        if (!reuse) await adminQuery(serverUrl, `drop database if exists "${name}" with (force)`);
      },
    };
  } finally {
    await handle.close();
  }
}
