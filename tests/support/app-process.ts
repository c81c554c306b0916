import { spawn, type ChildProcess } from "node:child_process";
import { cpSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { inject } from "vitest";

export interface AppProcess {
  url: string;
  port: number;
  /** The process's DATA_DIR. */
  dataDir: string;
  child: ChildProcess;
  /** Everything the process wrote to stdout (JSON log lines) and stderr so far. */
  stdout(): string;
  stderr(): string;
  logLines(): Array<Record<string, unknown>>;
  /** Resolves with the exit code once the process has ended. */
  exited: Promise<number | null>;
  stop(): Promise<number | null>;
}

export function freshDataDir(): string {
  return path.join(mkdtempSync(path.join(tmpdir(), "plukweide-app-")), "data");
}

/**
 * A fresh data folder whose embedded database is a copy of one already migrated, when the test
 * run made one (tests/server/global-setup.ts): a start on it skips initdb and the migrations,
 * about three seconds each time. Tests of a first start give a DATA_DIR of their own.
 */
function preparedDataDir(): string {
  const dataDir = freshDataDir();
  const template = migratedDatabaseTemplate();
  if (template) cpSync(template, path.join(dataDir, "db"), { recursive: true });
  return dataDir;
}

function migratedDatabaseTemplate(): string | undefined {
  try {
    return inject("migratedDatabaseTemplate");
  } catch {
    // Outside a Vitest worker (a script), or in a project without the template.
    return undefined;
  }
}

const TEST_AUTH_SECRET = "plukweide-test-session-secret-0123456789abcdef";

/** Spawns `node server.ts` (the production build) on a free port. */
export function spawnApp(env: Record<string, string | undefined> = {}): AppProcess & {
  ready: Promise<AppProcess>;
} {
  // A data folder made here is the process's alone: nobody else knows its path, so it goes
  // when the process has ended.
  const ownDataDir =
    env.DATA_DIR === undefined
      ? env.DATABASE_URL
        ? freshDataDir()
        : preparedDataDir()
      : undefined;
  const child = spawn(process.execPath, ["server.ts"], {
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      // Set by `npm run test:coverage`, so the app's lines count (tests/support/coverage-provider.ts).
      NODE_V8_COVERAGE: process.env.NODE_V8_COVERAGE,
      PORT: "0",
      HOST: "127.0.0.1",
      DATA_DIR: env.DATA_DIR ?? ownDataDir,
      SEED_DEMO: "false",
      // Tests give each client an address of its own in X-Forwarded-For, as a proxy on loopback
      // would (tests/support/visitor.ts).
      TRUSTED_PROXIES: "127.0.0.1",
      // JSON lines, which tests read ("listening" gives the port); unset, they are plain lines.
      LOG_LEVEL: "info",
      // The production build requires a session secret on PostgreSQL (README, AUTH_SECRET).
      ...(env.DATABASE_URL ? { AUTH_SECRET: TEST_AUTH_SECRET } : {}),
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let out = "";
  let err = "";
  child.stdout!.setEncoding("utf8").on("data", (chunk: string) => (out += chunk));
  child.stderr!.setEncoding("utf8").on("data", (chunk: string) => (err += chunk));
  const exited = new Promise<number | null>((resolve) =>
    child.on("exit", (code) => {
      if (ownDataDir) rmSync(path.dirname(ownDataDir), { recursive: true, force: true });
      resolve(code);
    }),
  );

  const app = {
    url: "",
    port: 0,
    dataDir: (env.DATA_DIR ?? ownDataDir)!,
    child,
    stdout: () => out,
    stderr: () => err,
    logLines: () =>
      out
        .split("\n")
        .filter((line) => line.startsWith("{"))
        .map((line) => JSON.parse(line) as Record<string, unknown>),
    exited,
    async stop() {
      if (child.exitCode === null) child.kill("SIGTERM");
      return exited;
    },
  } as AppProcess;

  const ready = new Promise<AppProcess>((resolve, reject) => {
    const onData = () => {
      const listening = app.logLines().find((line) => line.msg === "listening");
      if (listening) {
        child.stdout!.off("data", onData);
        app.port = Number(listening.port);
        app.url = `http://127.0.0.1:${app.port}`;
        resolve(app);
      }
    };
    child.stdout!.on("data", onData);
    void exited.then((code) =>
      reject(new Error(`server exited with ${code} before listening: ${err}`)),
    );
  });
  // Tests that expect a failed start await `exited` instead; this keeps `ready` from being unhandled.
  ready.catch(() => undefined);
  return Object.assign(app, { ready });
}
