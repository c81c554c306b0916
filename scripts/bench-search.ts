// `npm run bench:search`: loads BENCH_ROWS generated meadows (default 100,000) into a fresh
// database and reports p50/p95 latency of the meadow search and the map's viewport query, as the
// app calls them (app/services/meadows/), over BENCH_RUNS runs per query shape with
// varying parameters, the shapes taking turns. Runs on PGlite in a temporary directory, and on
// PostgreSQL too when BENCH_DATABASE_URL names a server (it creates and drops a database of its own
// there). BENCH_ENGINES=postgres (or pglite) runs one of them only; BENCH_KEEP=1 keeps the
// PostgreSQL database (its name is printed) for a look with psql. BENCH_REUSE=<name> uses (and
// keeps) the PostgreSQL database of that name, loading it only when it does not hold BENCH_ROWS
// meadows yet: loading 1,000,000 takes half an hour or more. BENCH_PGLITE_DIR=<folder> does the
// same for PGlite: its files stay in that folder (8.5 GB at 1,000,000 meadows).
// BENCH_SHAPES=<words> runs only the query shapes whose names contain one of the comma-separated
// words. Prints EXPLAIN (ANALYZE, BUFFERS) of the text, distance and viewport queries. All of
// it goes to docs/benchmarks/ (scripts/bench-report.ts).
import "./resolve-ts.ts";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import path from "node:path";
import type { Database, DatabaseHandle } from "../app/adapters/db.server.ts";
import type { ViewportRead } from "../app/services/meadows/viewport.server.ts";
import { recording, shownWithParameters } from "./bench-explain.ts";
import { startReport } from "./bench-report.ts";
import { percentile } from "./statistics.ts";

const ROWS = Number(process.env.BENCH_ROWS ?? 100_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 200);
const WARMUP = 20;
const serverUrl = process.env.BENCH_DATABASE_URL || undefined;
const reuse = process.env.BENCH_REUSE || undefined;
const shapeFilter = process.env.BENCH_SHAPES?.split(",").filter(Boolean);
const engines = (process.env.BENCH_ENGINES ?? (serverUrl ? "pglite,postgres" : "pglite")).split(
  ",",
);
const report = startReport("search", {
  engine: engines
    .map((engine) => ({ pglite: "PGlite", postgres: "PostgreSQL" })[engine] ?? engine)
    .join(" and "),
});
const { log } = report;

const { openPglite, openPostgres, queryRows } = await import("../app/adapters/db.server.ts");
const { adminQuery, loadMeadows } = await import("./bench-meadows.ts");
const { SHAPES } = await import("./bench-search-shapes.ts");
const { sql } = await import("drizzle-orm");

function describeResult(result: unknown): string {
  const value = result as {
    total?: number;
    totalCapped?: boolean;
    items?: unknown[];
    kind?: string;
    points?: unknown[];
    clusters?: { count: number }[];
  };
  if (value.items) return `${value.items.length} of ${value.total}${value.totalCapped ? "+" : ""}`;
  if (value.kind === "points") return `${value.points?.length} points`;
  const inClusters = value.clusters?.reduce((sum, cluster) => sum + cluster.count, 0);
  const complete = (value as { complete?: boolean }).complete === false ? ", incomplete" : "";
  return `${value.clusters?.length} clusters (${inClusters} meadows${complete})`;
}

/**
 * Milliseconds this process (where PGlite runs, and the pg client) and the server processes
 * `pids` have spent on a CPU so far: process.cpuUsage() for this one, Linux's
 * /proc/<pid>/schedstat for the servers (exact for a process that is waiting, as they are between
 * queries); NaN elsewhere. Other work on the machine delays a query without adding to this: with
 * a busy machine, the time on CPU says what the query costs, the wall-clock time what a visitor
 * would have waited.
 */
function onCpu(pids: number[]): number {
  try {
    const self = process.cpuUsage();
    let nanoseconds = (self.user + self.system) * 1000;
    for (const pid of pids) {
      nanoseconds += Number(readFileSync(`/proc/${pid}/schedstat`, "utf8").split(" ")[0]);
    }
    return nanoseconds / 1e6;
  } catch {
    return Number.NaN;
  }
}

/** The PostgreSQL server processes serving this benchmark's connections (none for PGlite). */
async function serverBackends(db: Database, handle: DatabaseHandle): Promise<number[]> {
  if (handle.kind !== "postgres") return [];
  const rows = await queryRows<{ pid: number }>(
    db,
    sql`select pid from pg_stat_activity
        where datname = current_database() and backend_type = 'client backend'`,
  );
  return rows.map((row) => Number(row.pid));
}

async function bench(label: string, handle: DatabaseHandle, { reused = false } = {}) {
  const db = handle.db;
  log(`\n## ${label}: ${ROWS.toLocaleString("en")} meadows\n`);
  const started = performance.now();
  await handle.migrate();
  const [existing] = reused
    ? await queryRows<{ n: number }>(db, sql`select count(*)::int as n from meadows`)
    : [];
  if (Number(existing?.n ?? 0) === ROWS) {
    // Vacuumed too: a migration that rebuilt the table (0009) leaves it without a visibility map
    // until autovacuum comes by, and until then index-only scans read the table as well.
    await db.execute(sql`vacuum analyze meadows`);
    log(`reused the loaded meadows\n`);
  } else {
    if (existing?.n) await db.execute(sql`truncate meadows cascade`);
    await loadMeadows(db, ROWS);
    // As the app does every hour on PGlite: the grid tables vacuumed too, and a checkpoint.
    await handle.maintain();
    log(`loaded in ${((performance.now() - started) / 1000).toFixed(1)} s\n`);
  }
  const [loaded] = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from meadows`);
  report.within(`${label}: meadows in the table`, Number(loaded?.n), ROWS, ROWS);
  const loadAtStart = loadavg()[0] ?? NaN;
  log(`load average ${loadAtStart.toFixed(2)} at the start\n`);
  log(`${yardstick()}\n`);

  const table: string[] = [
    "| query | p50 | p95 | max | on CPU p50 | on CPU p95 | sample result | map views read by |",
    "| ----- | --- | --- | --- | ---------- | ---------- | ------------- | ----------------- |",
  ];
  const plans: string[] = [];
  const ms = (value: number) => `${value.toFixed(2)} ms`;
  const shapes = SHAPES.filter(
    (shape) => !shapeFilter || shapeFilter.some((word) => shape.name.includes(word)),
  );
  const measured = shapes.map((shape) => ({
    shape,
    samples: [] as number[],
    cpuSamples: [] as number[],
    sample: undefined as unknown,
    reads: new Map<ViewportRead, number>(),
  }));
  for (const shape of shapes) for (let run = 0; run < WARMUP; run++) await shape.run(db, run);
  const backends = await serverBackends(db, handle);
  // Run by run, each shape in turn, as a site serves a mix of requests: a busy few seconds of
  // this machine (its speed varies by up to half from one minute to the next) then fall on every
  // shape a little, not on the whole p95 of the shape measured at that moment.
  for (let run = 0; run < RUNS; run++) {
    for (const entry of measured) {
      const cpuBefore = onCpu(backends);
      const started = performance.now();
      const result = await entry.shape.run(db, run, (read) =>
        entry.reads.set(read, (entry.reads.get(read) ?? 0) + 1),
      );
      entry.samples.push(performance.now() - started);
      entry.cpuSamples.push(onCpu(backends) - cpuBefore);
      if (run === 1) entry.sample = result;
    }
  }
  for (const { shape, samples, cpuSamples, sample, reads } of measured) {
    samples.sort((a, b) => a - b);
    cpuSamples.sort((a, b) => a - b);
    // A query answered in no time read nothing; one of a minute is a missing index or a lock.
    report.within(`${label}, ${shape.name}: p50 in ms`, percentile(samples, 50), 0.01, 60_000);
    report.plausible(`${label}, ${shape.name}: an answer`, sample !== undefined && sample !== null);
    table.push(
      `| ${shape.name} | ${ms(percentile(samples, 50))} | ${ms(percentile(samples, 95))} | ${ms(percentile(samples, 100))} | ${ms(percentile(cpuSamples, 50))} | ${ms(percentile(cpuSamples, 95))} | ${describeResult(sample)} | ${[...reads].map(([read, count]) => `${read} ${count}`).join(", ")} |`,
    );
    if (shape.explain) {
      const recorder = recording(db);
      await shape.run(recorder.db, 1);
      for (const { statement, settings } of recorder.statements) {
        const rows = await db.transaction(async (tx) => {
          for (const setting of settings) await tx.execute(setting);
          return queryRows<Record<string, string>>(
            tx as unknown as Database,
            sql`explain (analyze, buffers) ${statement}`,
          );
        });
        const note = settings.length
          ? ` (${settings.map((setting) => shownWithParameters(db, setting)).join("; ")})`
          : "";
        plans.push(
          `### ${shape.name}${note}\n\n\`\`\`\n${rows.map((row) => Object.values(row)[0]).join("\n")}\n\`\`\``,
        );
      }
    }
  }
  const [load1] = loadavg();
  log(`load average ${load1?.toFixed(2)} at the end\n`);
  log(table.join("\n"));
  log(`\n${plans.join("\n\n")}`);
}

/**
 * The machine's speed, by a loop of arithmetic no change to the app touches (p50 of 100 rounds):
 * sessions run on machines up to three times faster or slower than each other, so figures are
 * compared between sessions in proportion to this.
 */
function yardstick(): string {
  const rounds: number[] = [];
  let sink = 0;
  for (let round = 0; round < 100; round++) {
    const started = performance.now();
    for (let i = 0; i < 2_000_000; i++) sink = (sink * 31 + i) % 1_000_003;
    rounds.push(performance.now() - started);
  }
  rounds.sort((a, b) => a - b);
  // Used, so that the loop cannot be optimized away.
  if (sink < 0) throw new Error("unreachable");
  return `yardstick: a fixed loop of arithmetic took ${percentile(rounds, 50).toFixed(2)} ms (p50)`;
}

log(
  `# Search benchmark: ${ROWS.toLocaleString("en")} meadows, ${RUNS} runs per query (after ${WARMUP} warm-up runs)`,
);

if (engines.includes("pglite")) {
  const kept = process.env.BENCH_PGLITE_DIR || undefined;
  const dir = kept ?? mkdtempSync(path.join(tmpdir(), "plukweide-bench-"));
  const reused = kept !== undefined && existsSync(path.join(dir, "db"));
  const handle = await openPglite(path.join(dir, "db"));
  try {
    await bench("PGlite", handle, { reused });
  } finally {
    await handle.close();
    if (kept) log(`\nkept the PGlite files in ${dir}`);
    else rmSync(dir, { recursive: true, force: true });
  }
}

if (engines.includes("postgres")) {
  if (!serverUrl) throw new Error("BENCH_DATABASE_URL is not set");
  const name = reuse ?? `plukweide_bench_${process.pid}`;
  if (!/^\w+$/.test(name)) throw new Error(`not a database name: ${name}`);
  let reused = false;
  try {
    await adminQuery(serverUrl, `create database "${name}"`);
  } catch (error) {
    if (!reuse || (error as { code?: string }).code !== "42P04") throw error;
    reused = true;
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const handle = await openPostgres(url.href);
  try {
    const [version] = await queryRows<{ v: string }>(handle.db, sql`select version() as v`);
    await bench(`PostgreSQL (${version?.v.split(" ").slice(0, 2).join(" ")})`, handle, {
      reused,
    });
  } finally {
    await handle.close();
    if (reuse || process.env.BENCH_KEEP === "1") log(`\nkept database ${name}`);
    else await adminQuery(serverUrl, `drop database if exists "${name}" with (force)`);
  }
}
report.finish();
