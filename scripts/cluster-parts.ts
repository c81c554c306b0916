// The pieces `npm run cluster` starts on loopback (README, "Deploying at scale"), each stoppable on
// its own so the cluster tests can take one away: app processes, a streaming read replica of the
// local PostgreSQL, an S3-compatible store, Redis and nginx with deploy/nginx.conf.
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import {
  chmodSync,
  chownSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  writeFileSync,
} from "node:fs";
import { connect, createServer } from "node:net";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import pg from "pg";
import { SERVER_ENV, SERVER_NODE_FLAGS } from "./server-memory.ts";

export interface Part {
  readonly name: string;
  stop(): Promise<void>;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => resolve(typeof address === "object" && address ? address.port : 0));
    });
  });
}

/** Ends a child with SIGTERM (SIGKILL after `graceMs`) and resolves once it has exited. */
export async function stopChild(child: ChildProcess, graceMs = 10_000): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  child.kill("SIGTERM");
  const killer = setTimeout(() => child.kill("SIGKILL"), graceMs);
  await exited;
  clearTimeout(killer);
}

async function until(what: string, check: () => Promise<boolean>, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      if (await check()) return;
    } catch {
      // not yet
    }
    if (Date.now() > deadline) throw new Error(`${what} did not become ready`);
    await sleep(200);
  }
}

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
    "postgresql.conf": "# Settings are passed on the command line by scripts/cluster-parts.ts.\n",
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

export async function startRedis(port: number, dir: string): Promise<Part & { url: string }> {
  mkdirSync(dir, { recursive: true });
  const child = spawn(
    "redis-server",
    [
      "--port",
      String(port),
      "--bind",
      "127.0.0.1",
      "--save",
      "",
      "--appendonly",
      "no",
      "--dir",
      dir,
    ],
    { stdio: "ignore" },
  );
  const url = `redis://127.0.0.1:${port}`;
  await until("Redis", async () => {
    if (child.exitCode !== null) throw new Error("redis-server stopped");
    return canConnect(port);
  });
  return { name: "redis", url, stop: () => stopChild(child) };
}

export async function canConnect(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, "127.0.0.1");
    socket.once("connect", () => {
      socket.destroy();
      resolve(true);
    });
    socket.once("error", () => resolve(false));
  });
}

export interface AppSettings {
  port: number;
  appUrl: string;
  databaseUrl: string;
  databaseReadUrl?: string;
  redisUrl?: string;
  s3?: {
    endpoint: string;
    bucket: string;
    region: string;
    accessKeyId: string;
    secretAccessKey: string;
  };
  authSecret: string;
  dataDir: string;
  env?: Record<string, string>;
}

/** One app process as `npm start` runs it, logging to `logs` (kept for the tests to read). */
export async function startApp(
  name: string,
  settings: AppSettings,
): Promise<Part & { child: ChildProcess; port: number; logs: () => string }> {
  const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, "server.ts"], {
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      ...SERVER_ENV,
      NODE_ENV: "production",
      HOST: "127.0.0.1",
      PORT: String(settings.port),
      APP_URL: settings.appUrl,
      TRUSTED_PROXIES: "127.0.0.1",
      DATABASE_URL: settings.databaseUrl,
      ...(settings.databaseReadUrl ? { DATABASE_READ_URL: settings.databaseReadUrl } : {}),
      ...(settings.redisUrl ? { REDIS_URL: settings.redisUrl } : {}),
      ...(settings.s3
        ? {
            STORAGE_DRIVER: "s3",
            S3_ENDPOINT: settings.s3.endpoint,
            S3_BUCKET: settings.s3.bucket,
            S3_REGION: settings.s3.region,
            S3_ACCESS_KEY_ID: settings.s3.accessKeyId,
            S3_SECRET_ACCESS_KEY: settings.s3.secretAccessKey,
          }
        : {}),
      AUTH_SECRET: settings.authSecret,
      DATA_DIR: settings.dataDir,
      SEED_DEMO: "true",
      LOG_LEVEL: "info",
      ...settings.env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  const keep = (chunk: Buffer) => (output = (output + chunk.toString()).slice(-200_000));
  child.stdout?.on("data", keep);
  child.stderr?.on("data", keep);
  await until(
    `app ${name}`,
    async () => {
      if (child.exitCode !== null) throw new Error(`app ${name} stopped:\n${output}`);
      return (await fetch(`http://127.0.0.1:${settings.port}/healthz`)).ok;
    },
    120_000,
  );
  return { name, child, port: settings.port, logs: () => output, stop: () => stopChild(child) };
}

/**
 * nginx with deploy/nginx.conf's server block, its upstream pointed at `appPorts`, run in the
 * foreground from `dir` (its own pid file, logs and temporary files).
 */
export async function startNginx(
  port: number,
  appPorts: number[],
  dir: string,
): Promise<Part & { reload: (appPorts: number[]) => void; errorLog: () => string }> {
  mkdirSync(path.join(dir, "temp"), { recursive: true });
  // Workers drop to an unprivileged user when nginx starts as root; they write request bodies here.
  chmodSync(path.join(dir, "temp"), 0o777);
  const shipped = readFileSync(path.resolve("deploy/nginx.conf"), "utf8");
  const configFile = path.join(dir, "nginx.conf");
  const write = (ports: number[]) => {
    const servers = ports
      .map((appPort) => `    server 127.0.0.1:${appPort} max_fails=3 fail_timeout=10s;`)
      .join("\n");
    const site = shipped
      .replace(/(upstream plukweide \{\n)(?:.*\n)*?(\s*keepalive)/, `$1${servers}\n$2`)
      .replace(/listen \d+;/, `listen 127.0.0.1:${port};`);
    const temp = path.join(dir, "temp");
    writeFileSync(
      configFile,
      `daemon off;
worker_processes 1;
pid ${path.join(dir, "nginx.pid")};
error_log ${path.join(dir, "error.log")} warn;
events { worker_connections 1024; }
http {
  access_log off;
  client_body_temp_path ${temp}/body;
  proxy_temp_path ${temp}/proxy;
  fastcgi_temp_path ${temp}/fastcgi;
  uwsgi_temp_path ${temp}/uwsgi;
  scgi_temp_path ${temp}/scgi;
${site}
}
`,
    );
  };
  write(appPorts);
  const child = spawn("nginx", ["-c", configFile, "-p", dir], {
    stdio: ["ignore", "ignore", "pipe"],
  });
  let errors = "";
  child.stderr?.on("data", (chunk: Buffer) => (errors += chunk.toString()));
  await until("nginx", async () => {
    if (child.exitCode !== null) throw new Error(`nginx stopped: ${errors}`);
    return canConnect(port);
  });
  return {
    name: "nginx",
    errorLog: () => {
      const file = path.join(dir, "error.log");
      return existsSync(file) ? readFileSync(file, "utf8") : "";
    },
    reload(ports) {
      write(ports);
      child.kill("SIGHUP");
    },
    stop: () => stopChild(child),
  };
}

export function emptyDir(dir: string): boolean {
  return !existsSync(dir) || readdirSync(dir).length === 0;
}
