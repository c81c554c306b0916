import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { entityKind, sql, type SQL } from "drizzle-orm";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import * as schema from "../../db/schema";
import { pingWith } from "./ping.server";

/** The app's database, whichever engine is behind it; services take this and nothing more. */
export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

/**
 * A query of fixed shape, built by drizzle once for each database and then run with new values
 * (`sql.placeholder`). Building the SQL text from drizzle's query objects cost a meadow's page
 * more CPU than rendering its header; on PostgreSQL the statement is also named, so each
 * connection parses and plans it once. `build` must end in `.prepare(name)`, each name for one
 * text only (node-postgres refuses a name reused with another).
 */
export function preparedQuery<Query>(build: (db: Database) => Query): (db: Database) => Query {
  const built = new WeakMap<Database, Query>();
  return (db) => {
    let query = built.get(db);
    if (!query) {
      query = build(db);
      built.set(db, query);
    }
    return query;
  };
}

export interface DatabaseHandle {
  db: Database;
  kind: "pglite" | "postgres";
  /** Applies committed migrations; safe when several processes start at once. */
  migrate(): Promise<void>;
  /** Answers whether the database responds within `timeoutMs`. */
  ping(timeoutMs?: number): Promise<boolean>;
  /** PostgreSQL's pool of connections, for metrics; the embedded database has none. */
  poolStats?(): { total: number; idle: number; waiting: number };
  /**
   * What autovacuum and the checkpointer do on a PostgreSQL server: VACUUM (ANALYZE) of every
   * table, so the planner knows how many rows there are and index-only scans can skip the table,
   * then a CHECKPOINT, so the write-ahead log before it can be recycled. PGlite runs neither; on
   * PostgreSQL this does nothing.
   */
  maintain(): Promise<void>;
  /**
   * The embedded database's data directory as an uncompressed tar, taken between two queries, so
   * it is a consistent picture of every committed transaction (ADR 31). Absent on PostgreSQL.
   */
  dumpDataDir?(): Promise<Blob>;
  close(): Promise<void>;
}

export class DatabaseInUseError extends Error {
  override name = "DatabaseInUseError";
}

// Any fixed number: every process that migrates this database takes the same advisory lock.
const MIGRATION_LOCK_KEY = 7_514_210_981;

export function migrationsFolder(): string {
  // Walk up from this module to the project root: the same code runs from app/ in development
  // and from build/server/ in production.
  let dir = path.dirname(fileURLToPath(import.meta.url));
  while (!existsSync(path.join(dir, "package.json"))) {
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error("package.json not found above " + import.meta.url);
    dir = parent;
  }
  return path.join(dir, "db", "migrations");
}

/**
 * PGlite: one process owns the data directory. A lock file with the owner's pid stops a second
 * process from opening (and corrupting) the same files.
 */
export async function openPglite(
  dataDir: string | undefined,
  options: { loadDataDir?: Blob } = {},
): Promise<DatabaseHandle> {
  let lockFile: string | undefined;
  if (dataDir !== undefined) {
    mkdirSync(dataDir, { recursive: true });
    lockFile = `${dataDir}.lock`;
    acquireLockFile(lockFile);
  }
  // Loaded on demand: a PostgreSQL deployment never pays for the WebAssembly engine.
  const [
    { PGlite },
    { cube },
    { earthdistance },
    { pg_trgm },
    { unaccent },
    { drizzle: drizzlePglite },
    { migrate: migratePglite },
  ] = await Promise.all([
    import("@electric-sql/pglite"),
    import("@electric-sql/pglite/contrib/cube"),
    import("@electric-sql/pglite/contrib/earthdistance"),
    import("@electric-sql/pglite/contrib/pg_trgm"),
    import("@electric-sql/pglite/contrib/unaccent"),
    import("drizzle-orm/pglite"),
    import("drizzle-orm/pglite/migrator"),
  ]);
  let client;
  try {
    client = await PGlite.create({
      dataDir,
      extensions: { cube, earthdistance, pg_trgm, unaccent },
      // A restore (app/services/backup.server.ts) fills a new data directory from a backup's tar.
      loadDataDir: options.loadDataDir,
    });
  } catch (error) {
    if (lockFile) rmSync(lockFile, { force: true });
    throw error;
  }
  const driven = withParsersInstalled(client);
  const db = drizzlePglite(driven, { schema }) as unknown as Database;
  let closed = false;
  return {
    db,
    kind: "pglite",
    async migrate() {
      await migratePglite(drizzlePglite(driven, { schema }), {
        migrationsFolder: migrationsFolder(),
      });
    },
    ping: (timeoutMs) =>
      pingWith(
        () => client.query("select 1"),
        timeoutMs,
        () => closed,
      ),
    async maintain() {
      if (closed) return;
      await client.exec("vacuum (analyze)");
      // A single-user PostgreSQL has no checkpointer: without this the write-ahead log grows
      // past max_wal_size for as long as the process runs, and a restart after a crash replays
      // all of it.
      await client.exec("checkpoint");
    },
    dumpDataDir: () => client.dumpDataDir("none"),
    async close() {
      if (closed) return;
      closed = true;
      await client.close();
      if (lockFile) rmSync(lockFile, { force: true });
    },
  };
}

/** What drizzle calls on a PGlite instance, and on the handle of one of its transactions. */
interface PgliteQueries {
  query(text: string, params?: unknown[], options?: object): unknown;
  transaction<T>(work: (tx: PgliteQueries) => Promise<T>): Promise<T>;
  parsers: Record<number, unknown>;
}

/**
 * `client` as drizzle should see it: drizzle passes the same few type parsers (dates and
 * intervals kept as text) with every query, and PGlite then copies its whole table of parsers
 * (over 300) into a new object for each result. Installed once in PGlite's own table, they give
 * the same values without the copy (ADR 29).
 */
function withParsersInstalled<Client extends object>(client: Client): Client {
  const pglite = client as unknown as PgliteQueries;
  const installed = new Set<string>();
  const withoutParsers = <Handle extends object>(handle: Handle): Handle =>
    new Proxy(handle, {
      get(target, property, receiver) {
        const value: unknown = Reflect.get(target, property, receiver);
        if (property === "query") {
          const query = value as PgliteQueries["query"];
          return (text: string, params?: unknown[], options?: { parsers?: object | null }) => {
            if (!options?.parsers) return query.call(target, text, params, options);
            const { parsers, ...rest } = options;
            for (const [oid, parser] of Object.entries(parsers)) {
              if (installed.has(oid)) continue;
              pglite.parsers[Number(oid)] = parser;
              installed.add(oid);
            }
            return query.call(target, text, params, rest);
          };
        }
        if (property === "transaction") {
          const transaction = value as PgliteQueries["transaction"];
          return <T>(work: (tx: PgliteQueries) => Promise<T>) =>
            transaction.call(target, (tx) => work(withoutParsers(tx)));
        }
        return typeof value === "function" ? value.bind(target) : value;
      },
    });
  return withoutParsers(client);
}

export async function openPostgres(
  connectionString: string,
  options: { max?: number } = {},
): Promise<DatabaseHandle> {
  const [{ default: pg }, { drizzle: drizzlePg }, { migrate: migratePg }] = await Promise.all([
    import("pg"),
    import("drizzle-orm/node-postgres"),
    import("drizzle-orm/node-postgres/migrator"),
  ]);
  const pool = new pg.Pool({
    connectionString,
    max: options.max ?? 10,
    connectionTimeoutMillis: 5_000,
    idleTimeoutMillis: 30_000,
  });
  // An idle client losing its server must not become an unhandled 'error' event that ends the
  // process; the next query reports the problem instead.
  pool.on("error", () => {});
  const db = drizzlePg(pool, { schema }) as unknown as Database;
  let closed = false;
  return {
    db,
    kind: "postgres",
    poolStats: () => ({
      total: pool.totalCount,
      idle: pool.idleCount,
      waiting: pool.waitingCount,
    }),
    async migrate() {
      const client = await pool.connect();
      try {
        // Two processes starting together: the second waits here, then finds nothing to apply.
        await client.query("select pg_advisory_lock($1)", [MIGRATION_LOCK_KEY]);
        try {
          await migratePg(drizzlePg(client, { schema }), { migrationsFolder: migrationsFolder() });
        } finally {
          await client.query("select pg_advisory_unlock($1)", [MIGRATION_LOCK_KEY]);
        }
      } finally {
        client.release();
      }
    },
    ping: (timeoutMs) =>
      pingWith(
        () => pool.query("select 1"),
        timeoutMs,
        () => closed,
      ),
    // The server's autovacuum does it.
    maintain: async () => {},
    async close() {
      if (closed) return;
      closed = true;
      await pool.end();
    },
  };
}

export function openDatabase(config: {
  databaseUrl: string | undefined;
  dataDir: string;
}): Promise<DatabaseHandle> {
  return config.databaseUrl
    ? openPostgres(config.databaseUrl)
    : openPglite(path.join(config.dataDir, "db"));
}

function acquireLockFile(lockFile: string) {
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      writeFileSync(lockFile, String(process.pid), { flag: "wx" });
      return;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const owner = Number(readFileSync(lockFile, "utf8"));
      if (Number.isInteger(owner) && owner !== process.pid && isAlive(owner)) {
        throw new DatabaseInUseError(
          `the embedded database in ${path.dirname(lockFile)} is in use by process ${owner}; ` +
            "stop it first, or set DATABASE_URL to run several processes on PostgreSQL",
        );
      }
      // Left behind by a process that is gone (a crash, kill -9): take it over.
      rmSync(lockFile, { force: true });
    }
  }
  throw new DatabaseInUseError(`could not lock the embedded database at ${lockFile}`);
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/** Runs raw SQL and returns its rows; both drivers answer `execute` with `{ rows }`. */
export async function queryRows<Row>(db: Database, query: SQL): Promise<Row[]> {
  const result = (await db.execute(query)) as { rows: Row[] };
  return result.rows;
}

/** Whether `db` (or a transaction of it) runs on PGlite. */
export function onPglite(db: Database): boolean {
  const session = (db as unknown as { session?: object }).session;
  const kind = (session?.constructor as { [entityKind]?: string } | undefined)?.[entityKind];
  return kind === "PgliteSession";
}

/**
 * queryRows for a SELECT that may return hundreds of rows. PGlite hands each row to JavaScript
 * through its wire protocol one by one, so there the rows come as one JSON array instead, which
 * costs less for hundreds of rows (ADR 29); PostgreSQL's driver is faster with rows. Values come
 * back as JSON gives them: text, numbers for integer and float columns, null.
 */
export async function queryManyRows<Row>(db: Database, query: SQL): Promise<Row[]> {
  if (!onPglite(db)) return queryRows<Row>(db, query);
  return fromJsonRows<Row>(await queryRows<JsonRows>(db, asJsonRows(query)));
}

/** `query`'s rows as one JSON array, in one row of one column, `rows`. */
function asJsonRows(query: SQL): SQL {
  return sql`select coalesce(json_agg(q), '[]')::text as rows from (${query}) q`;
}

type JsonRows = { rows?: string };

/** The rows of asJsonRows' answer. */
function fromJsonRows<Row>([result]: JsonRows[]): Row[] {
  return JSON.parse(result?.rows ?? "[]") as Row[];
}

/**
 * queryManyRows of `query` with `settings`, configuration parameters by name, holding for it
 * alone: both run in one transaction, and `set_config(…, true)` lasts until its end. Names and
 * values go as parameters, as every value of the query does (ADR 22). Inside a transaction the
 * settings last until that transaction ends.
 */
export async function queryManyRowsWith<Row>(
  db: Database,
  settings: Readonly<Record<string, string>>,
  query: SQL,
): Promise<Row[]> {
  const changes = Object.entries(settings).map(
    ([name, value]) => sql`set_config(${name}, ${value}, true)`,
  );
  return db.transaction(async (tx) => {
    if (changes.length > 0) await tx.execute(sql`select ${sql.join(changes, sql`, `)}`);
    return queryManyRows<Row>(tx, query);
  });
}
