// The PostgreSQL pieces of `npm run cluster` (scripts/cluster-parts.ts has the others): a database
// on the primary, a streaming read replica of it, and a server of its own that the tests can stop
// and start again.
import { spawn, spawnSync } from "node:child_process";
import { chmodSync, chownSync, existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import pg from "pg";
import { canConnect, stopChild, until, type Part } from "./cluster-parts.ts";

async function query<T extends pg.QueryResultRow>(url: string, text: string, values?: unknown[]) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<T>(text, values)).rows;
  } finally {
    await client.end();
  }
}

async function queryOne<T extends pg.QueryResultRow>(
  url: string,
  text: string,
  values?: unknown[],
) {
  const [row] = await query<T>(url, text, values);
  if (!row) throw new Error(`no row from: ${text}`);
  return row;
}

/** The database's URL on the same server, creating the database when it does not exist. */
export async function ensureDatabase(serverUrl: string, name: string): Promise<string> {
  const url = new URL(serverUrl);
  url.pathname = "/postgres";
  const exists = await query(url.href, "select 1 from pg_database where datname = $1", [name]);
  if (exists.length === 0) {
    await query(url.href, `create database "${name.replaceAll('"', '""')}"`);
  }
  url.pathname = `/${name}`;
  return url.href;
}

function postgresBinaries(majorVersion: string): string {
  const dir = `/usr/lib/postgresql/${majorVersion}/bin`;
  if (!existsSync(path.join(dir, "pg_basebackup"))) {
    throw new Error(
      `PostgreSQL ${majorVersion}'s programs are not in ${dir} (Debian's postgresql)`,
    );
  }
  return dir;
}

/**
 * A hot standby of the primary in `dir`, streaming from it on `port`. The primary must accept
 * replication connections from 127.0.0.1; when it does not, the line is added to its pg_hba.conf
 * (which needs the right to write that file) and the configuration reloaded.
 */
export async function startReplica(
  primaryUrl: string,
  dir: string,
  port: number,
): Promise<Part & { url: (database: string) => string; lag: () => Promise<number> }> {
  const adminUrl = new URL(primaryUrl);
  adminUrl.pathname = "/postgres";
  const { server_version_num: versionNum } = await queryOne<{ server_version_num: string }>(
    adminUrl.href,
    "select current_setting('server_version_num') as server_version_num",
  );
  const bin = postgresBinaries(String(Math.floor(Number(versionNum) / 10000)));
  await allowReplication(adminUrl.href);

  // PostgreSQL refuses to run as root; its files then belong to the postgres user.
  const asRoot = process.getuid?.() === 0;
  const run = (program: string, args: string[]): [string, string[]] =>
    asRoot
      ? ["runuser", ["-u", "postgres", "--", path.join(bin, program), ...args]]
      : [path.join(bin, program), args];
  mkdirSync(dir, { recursive: true });
  if (asRoot) chownPostgres(dir);
  chmodSync(dir, 0o700);
  const [backup, backupArgs] = run("pg_basebackup", [
    "-h",
    adminUrl.hostname,
    "-p",
    adminUrl.port || "5432",
    "-U",
    decodeURIComponent(adminUrl.username || "postgres"),
    "-D",
    dir,
    "-R",
    "-X",
    "stream",
    "-c",
    "fast",
  ]);
  const copied = spawnSync(backup, backupArgs, { encoding: "utf8" });
  if (copied.status !== 0) throw new Error(`pg_basebackup failed: ${copied.stderr}`);

  const [postgres, postgresArgs] = run("postgres", [
    "-D",
    dir,
    "-p",
    String(port),
    "-c",
    "listen_addresses=127.0.0.1",
    "-c",
    `unix_socket_directories=${dir}`,
    "-c",
    "hot_standby=on",
    "-c",
    "config_file=" + path.join(dir, "postgresql.conf"),
    "-c",
    "hba_file=" + path.join(dir, "pg_hba.conf"),
    "-c",
    "ident_file=" + path.join(dir, "pg_ident.conf"),
  ]);
  writeMinimalConfig(dir, asRoot);
  const child = spawn(postgres, postgresArgs, { stdio: ["ignore", "ignore", "pipe"] });
  let log = "";
  child.stderr?.on("data", (chunk: Buffer) => (log = (log + chunk.toString()).slice(-4000)));
  const url = (database: string) => `postgres://postgres@127.0.0.1:${port}/${database}`;
  await until("the replica", async () => {
    if (child.exitCode !== null) throw new Error(`the replica stopped: ${log}`);
    const { recovering } = await queryOne<{ recovering: boolean }>(
      url("postgres"),
      "select pg_is_in_recovery() as recovering",
    );
    return recovering;
  });
  return {
    name: "replica",
    url,
    /** Bytes of WAL the replica has received but not yet applied, or not yet received. */
    async lag() {
      const { primary } = await queryOne<{ primary: string }>(
        adminUrl.href,
        "select pg_current_wal_lsn()::text as primary",
      );
      const { behind } = await queryOne<{ behind: string }>(
        url("postgres"),
        "select pg_wal_lsn_diff($1::pg_lsn, pg_last_wal_replay_lsn())::text as behind",
        [primary],
      );
      return Math.max(0, Number(behind));
    },
    async stop() {
      await stopChild(child);
    },
  };
}

/**
 * A PostgreSQL server of its own in `dir` (initdb), on `port`, that can be stopped and started
 * again, for tests of what the app does while its database is gone.
 */
export async function startPostgres(dir: string, port: number, majorVersion = "15") {
  const bin = postgresBinaries(majorVersion);
  const asRoot = process.getuid?.() === 0;
  const run = (program: string, args: string[]) => {
    const [command, commandArgs] = asRoot
      ? ["runuser", ["-u", "postgres", "--", path.join(bin, program), ...args]]
      : [path.join(bin, program), args];
    const result = spawnSync(command, commandArgs, { encoding: "utf8" });
    if (result.status !== 0) throw new Error(`${program} failed: ${result.stderr}`);
  };
  mkdirSync(dir, { recursive: true });
  if (asRoot) chownPostgres(dir);
  chmodSync(dir, 0o700);
  run("initdb", ["-D", dir, "-U", "postgres", "--auth=trust", "--no-sync"]);
  const options = `-p ${port} -c listen_addresses=127.0.0.1 -c unix_socket_directories=${dir} -c fsync=off`;
  const url = (database: string) => `postgres://postgres@127.0.0.1:${port}/${database}`;
  const start = async () => {
    run("pg_ctl", ["-D", dir, "-o", options, "-l", path.join(dir, "server.log"), "-w", "start"]);
    await until("PostgreSQL", () => canConnect(port));
  };
  const stop = async () => {
    run("pg_ctl", ["-D", dir, "-m", "fast", "-w", "stop"]);
  };
  await start();
  return { name: "postgres", url, start, stop };
}

/** pg_basebackup copies the primary's postgresql.auto.conf; the rest comes from the command line. */
function writeMinimalConfig(dir: string, asRoot: boolean) {
  const files = {
    "postgresql.conf":
      "# Settings are passed on the command line by scripts/cluster-postgres.ts.\n",
    "pg_hba.conf": "local all all trust\nhost all all 127.0.0.1/32 trust\n",
    "pg_ident.conf": "",
  };
  for (const [name, text] of Object.entries(files)) {
    const file = path.join(dir, name);
    if (!existsSync(file)) writeFileSync(file, text);
    if (asRoot) chownPostgres(file);
  }
}

function chownPostgres(target: string) {
  const ids = spawnSync("id", ["-u", "postgres"], { encoding: "utf8" });
  const gids = spawnSync("id", ["-g", "postgres"], { encoding: "utf8" });
  if (ids.status !== 0) throw new Error("there is no postgres user to run the replica as");
  chownSync(target, Number(ids.stdout.trim()), Number(gids.stdout.trim()));
}

async function allowReplication(adminUrl: string) {
  const rules = await query<{ count: string }>(
    adminUrl,
    `select count(*)::text as count from pg_hba_file_rules
      where 'replication' = any(database) and error is null`,
  );
  if (Number(rules[0]?.count ?? 0) > 0) return;
  const { file } = await queryOne<{ file: string }>(
    adminUrl,
    "select current_setting('hba_file') as file",
  );
  const line = "host replication all 127.0.0.1/32 trust";
  try {
    writeFileSync(
      file,
      `${readFileSync(file, "utf8").trimEnd()}\n# npm run cluster: a local read replica\n${line}\n`,
    );
  } catch (error) {
    throw new Error(`the primary refuses replication; add "${line}" to ${file} and reload it`, {
      cause: error,
    });
  }
  await query(adminUrl, "select pg_reload_conf()");
  console.log(`Added "${line}" to ${file} for the read replica.`);
}
