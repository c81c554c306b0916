// `npm run bench:startup`: time from spawning the production server to its first healthy answer,
// on the embedded database (first start and restart) and, when BENCH_DATABASE_URL (or
// TEST_DATABASE_URL) names a PostgreSQL server, on PostgreSQL. Needs `npm run build` first. The
// table goes to docs/benchmarks/ (scripts/bench-report.ts).
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { startReport } from "./bench-report.ts";

const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const serverUrl = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL;
const report = startReport("startup", {
  engine: serverUrl ? "PGlite and PostgreSQL" : "PGlite",
});
const { log } = report;

async function timeToHealthy(env: Record<string, string>): Promise<number> {
  const port = 40_000 + Math.floor(Math.random() * 20_000);
  const started = performance.now();
  const child = spawn(process.execPath, ["server.ts"], {
    env: {
      PATH: process.env.PATH,
      PORT: String(port),
      HOST: "127.0.0.1",
      LOG_LEVEL: "warn",
      SEED_DEMO: "false",
      ...env,
    },
    // Its errors show, so that a start that fails says why.
    stdio: ["ignore", "ignore", "inherit"],
  });
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
      const healthy = await fetch(`http://127.0.0.1:${port}/healthz`).then(
        (response) => response.status === 200,
        () => false,
      );
      if (healthy) return performance.now() - started;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  } finally {
    // A server that exited by itself has already said so: waiting for its exit would never end.
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child.once("exit", resolve));
      child.kill("SIGTERM");
      await exited;
    }
  }
}

function summary(label: string, samples: number[]) {
  const sorted = [...samples].sort((a, b) => a - b);
  const median = sorted[Math.floor(sorted.length / 2)] ?? NaN;
  // A start takes some milliseconds at least; one of minutes has hung on something.
  report.within(`${label}: median ms`, median, 1, 120_000);
  log(
    `| ${label} | ${RUNS} | ${median.toFixed(0)} ms | ${sorted[0]?.toFixed(0)}–${sorted.at(-1)?.toFixed(0)} ms |`,
  );
}

async function admin(sql: string) {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

log(`Node ${process.version}, ${RUNS} runs each\n`);
log("| setup | runs | median | range |");
log("|---|---|---|---|");

const first: number[] = [];
const restart: number[] = [];
for (let run = 0; run < RUNS; run++) {
  const root = mkdtempSync(path.join(tmpdir(), "plukweide-bench-"));
  const env = { DATA_DIR: path.join(root, "data") };
  first.push(await timeToHealthy(env));
  restart.push(await timeToHealthy(env));
  rmSync(root, { recursive: true, force: true });
}
summary("embedded (PGlite), first start: initdb + migrations", first);
summary("embedded (PGlite), restart", restart);

if (serverUrl) {
  const fresh: number[] = [];
  const warm: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    const name = `plukweide_bench_${process.pid}_${run}`;
    await admin(`create database "${name}"`);
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    const env = {
      DATABASE_URL: url.href,
      AUTH_SECRET: "bench-startup-secret-that-is-long-enough-0123456789",
      DATA_DIR: mkdtempSync(path.join(tmpdir(), "plukweide-bench-")),
    };
    try {
      fresh.push(await timeToHealthy(env));
      warm.push(await timeToHealthy(env));
    } finally {
      await admin(`drop database if exists "${name}" with (force)`);
    }
  }
  summary("PostgreSQL, empty database: migrations", fresh);
  summary("PostgreSQL, restart", warm);
}
report.finish();
