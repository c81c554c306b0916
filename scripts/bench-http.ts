// What the HTTP benchmarks (bench:pages, bench:api) share: the production build started as
// `npm start` runs it, a bytes-and-status fetch, and a process's CPU time.
import { spawn, type ChildProcess } from "node:child_process";
import { readFileSync } from "node:fs";
import { request as httpRequest } from "node:http";
import type { BenchReport } from "./bench-report.ts";
import { checkWrk, parseWrk } from "./bench-wrk.ts";
import { SERVER_ENV, SERVER_NODE_FLAGS } from "./server-memory.ts";

export interface Served {
  base: string;
  pid: number;
  stop(): Promise<void>;
}

export async function waitFor(url: string, child: ChildProcess) {
  for (;;) {
    if (child.exitCode !== null)
      throw new Error(`${url}: the server exited with ${child.exitCode}`);
    const up = await fetch(url).then(
      (response) => response.status < 500,
      () => false,
    );
    if (up) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

export function randomPort() {
  return 40_000 + Math.floor(Math.random() * 20_000);
}

export function stopper(child: ChildProcess) {
  return async () => {
    if (child.exitCode !== null) return;
    const exited = new Promise((resolve) => child.once("exit", resolve));
    child.kill("SIGTERM");
    await exited;
  };
}

/** The production build of the app, as `npm start` runs it (ADR 20's memory settings). */
export async function serveApp(options: {
  databaseUrl: string;
  dataDir: string;
  env?: Record<string, string>;
  /** The app's stderr on the bench's own, for a bench that should show what failed. */
  showErrors?: boolean;
}): Promise<Served> {
  const port = randomPort();
  const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, "server.ts"], {
    env: {
      ...SERVER_ENV,
      PATH: process.env.PATH,
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      APP_URL: `http://127.0.0.1:${port}`,
      DATABASE_URL: options.databaseUrl,
      DATA_DIR: options.dataDir,
      AUTH_SECRET: "bench-http-secret-that-is-long-enough-0123456789",
      SEED_DEMO: "false",
      ...options.env,
    },
    stdio: ["ignore", "ignore", options.showErrors ? "inherit" : "ignore"],
  });
  const base = `http://127.0.0.1:${port}`;
  await waitFor(`${base}/healthz`, child);
  return { base, pid: child.pid as number, stop: stopper(child) };
}

/** Bytes of one answer: as sent with `encoding` (none: the body itself), and its status. */
export function fetchBytes(url: string, encoding?: string, cookie?: string) {
  return new Promise<{ status: number; bytes: number; body: string; setCookie: string[] }>(
    (resolve, reject) => {
      const headers: Record<string, string> = {
        ...(encoding ? { "accept-encoding": encoding } : {}),
        ...(cookie ? { cookie } : {}),
      };
      const req = httpRequest(url, { headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("end", () => {
          const body = Buffer.concat(chunks);
          resolve({
            status: res.statusCode ?? 0,
            bytes: body.length,
            body: body.toString("utf8"),
            setCookie: res.headers["set-cookie"] ?? [],
          });
        });
        res.on("error", reject);
      });
      req.on("error", reject);
      req.end();
    },
  );
}

/** Clock ticks per second of /proc/<pid>/stat's CPU times (USER_HZ, 100 on Linux). */
export const TICKS_PER_SECOND = 100;

export function cpuTicks(pid: number): number {
  // Fields after the command's closing parenthesis: state is the 3rd, utime the 14th, stime 15th.
  const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return Number(fields[11]) + Number(fields[12]);
}

export interface Measured {
  requestsPerSecond: number;
  p50: string;
  p99: string;
  errors: number;
  cpuMsPerRequest: number;
}

/**
 * One measurement: `run(seconds)` (wrk against the server of `pid`) for `warmup` seconds (none
 * when 0), then for `seconds`, counting the server's CPU time meanwhile; wrk's report goes to
 * `log`.
 */
export async function measureWrk(options: {
  pid: number;
  run: (seconds: number) => Promise<string>;
  warmup: number;
  seconds: number;
  title: string;
  report: Pick<BenchReport, "log" | "within">;
}): Promise<Measured> {
  const { report } = options;
  if (options.warmup > 0) await options.run(options.warmup);
  const before = cpuTicks(options.pid);
  const output = await options.run(options.seconds);
  const ticks = cpuTicks(options.pid) - before;
  report.log(`### ${options.title}\n`);
  report.log(output.trimEnd());
  report.log();
  const parsed = parseWrk(output);
  checkWrk(report, options.title, parsed);
  const cpuMsPerRequest = ((ticks / TICKS_PER_SECOND) * 1000) / parsed.requests;
  // No answer costs nothing, and none a second: a wrong pid or a page that failed to render.
  report.within(`${options.title}: CPU ms per request`, cpuMsPerRequest, 0.001, 1000);
  return {
    requestsPerSecond: parsed.requestsPerSecond,
    p50: parsed.p50,
    p99: parsed.p99,
    errors: parsed.errors,
    cpuMsPerRequest,
  };
}
