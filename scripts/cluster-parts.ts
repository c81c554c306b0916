// The pieces `npm run cluster` starts on loopback (README, "Deploying at scale"), each stoppable on
// its own so the cluster tests can take one away: app processes, a streaming read replica of the
// local PostgreSQL (those in scripts/cluster-postgres.ts), an S3-compatible store, Redis and nginx
// with deploy/nginx.conf.
import { spawn, type ChildProcess } from "node:child_process";
import {
  chmodSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  writeFileSync,
} from "node:fs";
import { connect, createServer } from "node:net";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
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

export async function until(what: string, check: () => Promise<boolean>, timeoutMs = 60_000) {
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
      // Under `npm run test:coverage`, so the cluster test's apps count too.
      NODE_V8_COVERAGE: process.env.NODE_V8_COVERAGE,
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
  // Workers drop to an unprivileged user when nginx starts as root; they write request bodies
  // and the images' copies here.
  for (const folder of ["temp", "image-cache"]) {
    mkdirSync(path.join(dir, folder), { recursive: true });
    chmodSync(path.join(dir, folder), 0o777);
  }
  const shipped = readFileSync(path.resolve("deploy/nginx.conf"), "utf8");
  const configFile = path.join(dir, "nginx.conf");
  const write = (ports: number[]) => {
    const servers = ports
      .map((appPort) => `    server 127.0.0.1:${appPort} max_fails=3 fail_timeout=10s;`)
      .join("\n");
    const site = shipped
      .replace(/(upstream plukweide \{\n)(?:.*\n)*?(\s*keepalive)/, `$1${servers}\n$2`)
      .replace(/listen \d+;/, `listen 127.0.0.1:${port};`)
      .replace(/proxy_cache_path \S+/, `proxy_cache_path ${path.join(dir, "image-cache")}`);
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
