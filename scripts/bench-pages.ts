// `npm run bench:pages`: how many pages a second one app process serves, against what React Router
// itself can serve on the same machine in the same run. Needs `npm run build` first and
// BENCH_DATABASE_URL (a PostgreSQL server it may create a database on); loads BENCH_ROWS generated
// meadows (default 100,000, db/factories/generated-meadows.ts) into a database of its own, or
// reuses and keeps the one named by BENCH_REUSE. Builds the floor app (bench/floor: a minimal React
// Router page with 20 cards from memory), then loads each page with wrk at 10 and 50 connections
// for BENCH_SECONDS (default 15) each, with `Accept-Encoding: br, gzip` as browsers send it: the
// floor, a bare node:http page, then the app's pages as a browser's later pages (with the
// stylesheet cookie of ADR 25), and the list as a browser's first page. Each of the app's pages
// is measured in BENCH_ROUNDS rounds (default 3) of a part of BENCH_SECONDS, each right after one
// of the floor at the same connections; the pages take their rounds in turn, and a page's share
// is the median of its rounds' shares. BENCH_PAGES=<words> measures only the pages whose names
// contain one of the comma-separated words (the floor always). BENCH_CACHE=1 starts the app with
// its anonymous page cache on (PAGE_CACHE_SECONDS). Reports requests/s, p50, p99, errors, bytes
// per page (HTML and as sent) and the server process's CPU per request (from /proc/<pid>/stat),
// also as a multiple of the floor's beside it; the table and wrk's raw output go to
// docs/benchmarks/ (scripts/bench-report.ts).
import "./resolve-ts.ts";
import { spawn, spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { SERVER_ENV, SERVER_NODE_FLAGS } from "./server-memory.ts";
import { milliseconds, runWrk } from "./bench-wrk.ts";
import { startReport } from "./bench-report.ts";
import { median } from "./statistics.ts";
import {
  fetchBytes,
  measureWrk,
  randomPort,
  serveApp,
  stopper,
  waitFor,
  type Measured,
  type Served,
} from "./bench-http.ts";

const ROWS = Number(process.env.BENCH_ROWS ?? 100_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 15);
const CONNECTIONS = [10, 50];
const WARMUP_SECONDS = 3;
const ROUNDS = Math.max(1, Number(process.env.BENCH_ROUNDS ?? 3));
const ROUND_SECONDS = Math.max(1, Math.round(SECONDS / ROUNDS));
/** The warm-up of a round after the first: the processes are warm, only wrk's connections new. */
const LATER_WARMUP_SECONDS = 1;
const serverUrl = process.env.BENCH_DATABASE_URL || undefined;
const reuse = process.env.BENCH_REUSE || undefined;
const pageFilter = process.env.BENCH_PAGES?.split(",").filter(Boolean);
const withCache = process.env.BENCH_CACHE === "1";
const root = mkdtempSync(path.join(tmpdir(), "plukweide-bench-pages-"));
const ACCEPT_ENCODING = "br, gzip";

if (!serverUrl) throw new Error("BENCH_DATABASE_URL is not set");

const { prepareBenchDatabase } = await import("./bench-meadows.ts");
const { TOWNS } = await import("../db/factories/generated-meadows.ts");

const report = startReport("pages", {
  engine: "PostgreSQL",
  variant: withCache ? "cache" : undefined,
});
const { log } = report;

/** The app on the bench database, with its page cache when BENCH_CACHE=1. */
const serveBenchApp = (databaseUrl: string) =>
  serveApp({
    databaseUrl,
    dataDir: path.join(root, "data"),
    env: withCache ? { PAGE_CACHE_SECONDS: process.env.PAGE_CACHE_SECONDS ?? "5" } : {},
  });

/** bench/floor's build, served as server/main.ts serves the app, without any of the app. */
async function serveFloor(): Promise<Served> {
  const built = spawnSync(
    path.resolve("node_modules/.bin/react-router"),
    ["build", "bench/floor"],
    { stdio: ["ignore", "ignore", "inherit"] },
  );
  if (built.status !== 0) throw new Error("building bench/floor failed");
  const port = randomPort();
  const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, "bench/floor/server.ts"], {
    env: { ...SERVER_ENV, PATH: process.env.PATH, NODE_ENV: "production", PORT: String(port) },
    stdio: "ignore",
  });
  const base = `http://127.0.0.1:${port}`;
  await waitFor(base, child);
  return { base, pid: child.pid as number, stop: stopper(child) };
}

/**
 * A bare node:http server in a process of its own answering every request with the floor's
 * page, fixed bytes, uncompressed: what Node alone costs per request.
 */
async function serveBare(html: string): Promise<Served> {
  const port = randomPort();
  const file = path.join(root, "bare.html");
  writeFileSync(file, html);
  const code = `
    const { createServer } = require("node:http");
    const body = require("node:fs").readFileSync(${JSON.stringify(file)});
    const server = createServer((req, res) => {
      res.writeHead(200, { "Content-Type": "text/html; charset=utf-8", "Content-Length": body.length });
      res.end(body);
    }).listen(${port}, "127.0.0.1");
    process.on("SIGTERM", () => server.close(() => process.exit(0)));`;
  const child = spawn(process.execPath, ["-e", code], { stdio: "ignore" });
  const base = `http://127.0.0.1:${port}`;
  await waitFor(base, child);
  return { base, pid: child.pid as number, stop: stopper(child) };
}

interface Target {
  name: string;
  served: Served;
  paths: string[];
  /** A Cookie header to send with every request. */
  cookie?: string;
}

function luaScript(paths: string[]): string {
  const file = path.join(root, `paths-${Math.random().toString(36).slice(2)}.lua`);
  const list = paths.map((item) => JSON.stringify(item)).join(",\n  ");
  writeFileSync(
    file,
    `local paths = {\n  ${list}\n}\nlocal i = 0\nrequest = function()\n  i = i + 1\n  return wrk.format(nil, paths[(i % #paths) + 1])\nend\n`,
  );
  return file;
}

function wrk(target: Target, connections: number, seconds: number): Promise<string> {
  return runWrk({
    base: target.served.base,
    connections,
    seconds,
    script: luaScript(target.paths),
    headers: [
      `Accept-Encoding: ${ACCEPT_ENCODING}`,
      ...(target.cookie ? [`Cookie: ${target.cookie}`] : []),
    ],
  });
}

function measure(
  target: Target,
  connections: number,
  { warmup = WARMUP_SECONDS, seconds = SECONDS, round = "" } = {},
): Promise<Measured> {
  return measureWrk({
    pid: target.served.pid,
    run: (runSeconds) => wrk(target, connections, runSeconds),
    warmup,
    seconds,
    title: `${target.name}, ${connections} connections${round}`,
    report,
  });
}

interface Round {
  floor: Measured;
  page: Measured;
}

/**
 * One round of a page beside the floor: the floor, then the page, for a part of SECONDS each,
 * each after a warm-up (a longer one in the first round, when the page was never asked for).
 */
async function roundBesideFloor(
  target: Target,
  connections: number,
  index: number,
): Promise<Round> {
  const options = {
    warmup: index === 1 ? WARMUP_SECONDS : LATER_WARMUP_SECONDS,
    seconds: ROUND_SECONDS,
    round: `, round ${index} of ${ROUNDS}`,
  };
  const floor = await measure(floorTarget, connections, options);
  return { floor, page: await measure(target, connections, options) };
}

const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;

/** Rounds of equal length as one measurement: CPU per request weighted by the rounds' rates. */
function together(measured: Measured[]) {
  const rate = mean(measured.map((item) => item.requestsPerSecond));
  return {
    requestsPerSecond: rate,
    cpuMsPerRequest:
      mean(measured.map((item) => item.cpuMsPerRequest * item.requestsPerSecond)) / rate,
  };
}

const percent = (share: number) => `${(100 * share).toFixed(0)}%`;
const ms = (value: number) => `${value.toFixed(value < 100 ? 2 : 1)}ms`;

/** 50 points around the bench data's towns, for lists sorted by distance. */
function points(): string[] {
  return Array.from({ length: 50 }, (_, run) => {
    const [, , lat, lng] = TOWNS[run % TOWNS.length] ?? ["", "", 52, 5];
    const near = { lat: lat + ((run * 7) % 10) / 100, lng: lng - ((run * 3) % 10) / 100 };
    return `/meadows?lat=${near.lat.toFixed(4)}&lng=${near.lng.toFixed(4)}`;
  });
}

const FILTERS = [
  "/meadows?q=tulp&country=NL",
  "/meadows?q=dahlia&country=DE",
  "/meadows?q=pluktuin&sort=price",
  "/meadows?country=BE&sort=newest",
];

log(
  `${ROWS.toLocaleString("en")} meadows on PostgreSQL; wrk, ${SECONDS} s per measurement after ${WARMUP_SECONDS} s of warm-up (the app's pages in ${ROUNDS} rounds of ${ROUND_SECONDS} s, each after one of the floor, the pages in turn; ${LATER_WARMUP_SECONDS} s of warm-up in later rounds), Accept-Encoding: ${ACCEPT_ENCODING}; one app process${withCache ? `, page cache on (PAGE_CACHE_SECONDS=${process.env.PAGE_CACHE_SECONDS ?? "5"})` : ", no page cache"}`,
);
log();

const database = await prepareBenchDatabase({
  serverUrl,
  reuse,
  prefix: "plukweide_bench_pages",
  rows: ROWS,
  sample: 50,
  log,
});
const floor = await serveFloor();
const floorHtml = (await fetchBytes(`${floor.base}/`)).body;
const bare = await serveBare(floorHtml);
const app = await serveBenchApp(database.url);
// A browser's first page brings the stylesheet inline and sets a cookie; its later pages link
// the cached file (ADR 25). Measured as those later pages, which most page views are.
const returning = (await fetchBytes(`${app.base}/`)).setCookie
  .map((header) => header.split(";")[0])
  .join("; ");

const wanted = (name: string) => !pageFilter || pageFilter.some((word) => name.includes(word));
const floorTarget: Target = {
  name: "floor: React Router, 20 cards from memory",
  served: floor,
  paths: ["/"],
};
const targets: Target[] = [
  floorTarget,
  { name: "bare node:http page", served: bare, paths: ["/"] },
  ...[
    { name: "/meadows", paths: ["/meadows"] },
    { name: "/meadows by distance (50 points)", paths: points() },
    { name: "/meadows filtered", paths: FILTERS },
    { name: "/ (home)", paths: ["/"] },
    { name: "meadow page (50 meadows)", paths: database.meadowIds.map((id) => `/meadows/${id}`) },
    { name: "/nl/meadows", paths: ["/nl/meadows"] },
  ]
    .filter((page) => wanted(page.name))
    .map((page) => ({ ...page, served: app, cookie: returning })),
  ...(wanted("first page")
    ? [{ name: "/meadows, a browser's first page", served: app, paths: ["/meadows"] }]
    : []),
];

const rows = new Map<string, string>();
const rowKey = (target: Target, connections: number) => `${target.name} ${connections}`;
try {
  const sizes = new Map<Target, string>();
  for (const target of targets) {
    const first = target.paths[0] ?? "/";
    const html = await fetchBytes(`${target.served.base}${first}`, undefined, target.cookie);
    const sent = await fetchBytes(`${target.served.base}${first}`, ACCEPT_ENCODING, target.cookie);
    if (html.status !== 200) throw new Error(`${target.name}: ${first} answered ${html.status}`);
    // Every page measured is a whole page of cards or details, and compression shrinks it.
    report.within(`${target.name}: kB of HTML`, html.bytes / 1000, 1, 1000);
    report.within(`${target.name}: kB sent`, sent.bytes / 1000, 0.1, html.bytes / 1000);
    sizes.set(target, `${(html.bytes / 1000).toFixed(1)} / ${(sent.bytes / 1000).toFixed(1)}`);
  }
  const pages = targets.filter((target) => target.served === app);
  for (const target of targets.filter((item) => item.served !== app)) {
    for (const connections of CONNECTIONS) {
      const result = await measure(target, connections);
      rows.set(
        rowKey(target, connections),
        `| ${target.name} | ${connections} | ${result.requestsPerSecond.toFixed(0)} | – | – | ${result.p50} | ${result.p99} | ${result.errors} | ${sizes.get(target)} | ${result.cpuMsPerRequest.toFixed(2)} | – |`,
      );
    }
  }
  // The floor's own rate moves by half or more from one minute of a run to another, and the
  // app's pages much less: the pages take their rounds in turn, so each page's rounds meet the
  // floor across the whole run rather than in one stretch of it.
  for (const connections of CONNECTIONS) {
    const rounds = new Map<Target, Round[]>(pages.map((page) => [page, []]));
    for (let index = 1; index <= ROUNDS; index++) {
      for (const page of pages) {
        rounds.get(page)?.push(await roundBesideFloor(page, connections, index));
      }
    }
    for (const [target, measured] of rounds) {
      const page = together(measured.map((round) => round.page));
      const floorBeside = together(measured.map((round) => round.floor));
      const shares = measured.map(
        (round) => round.page.requestsPerSecond / round.floor.requestsPerSecond,
      );
      const share = `${percent(median(shares))} (${percent(Math.min(...shares))}–${percent(Math.max(...shares))})`;
      const p50 = median(measured.map((round) => milliseconds(round.page.p50)));
      const p99 = Math.max(...measured.map((round) => milliseconds(round.page.p99)));
      const errors = measured.reduce((sum, round) => sum + round.page.errors, 0);
      const cpuTimes = `${(page.cpuMsPerRequest / floorBeside.cpuMsPerRequest).toFixed(2)}×`;
      rows.set(
        rowKey(target, connections),
        `| ${target.name} | ${connections} | ${page.requestsPerSecond.toFixed(0)} | ${floorBeside.requestsPerSecond.toFixed(0)} | ${share} | ${ms(p50)} | ${ms(p99)} | ${errors} | ${sizes.get(target)} | ${page.cpuMsPerRequest.toFixed(2)} | ${cpuTimes} |`,
      );
    }
  }
} finally {
  await app.stop();
  await bare.stop();
  await floor.stop();
  rmSync(root, { recursive: true, force: true });
  await database.drop();
}

const table = [
  `| page | connections | requests/s | the floor beside it, requests/s | of the floor: median of ${ROUNDS} rounds (range) | p50 (median of the rounds) | p99 (the worst round's) | errors | kB per page (HTML / sent) | CPU ms per request | CPU of the floor's |`,
  "| ---- | ----------- | ---------- | ------------------------------- | ------------ | --- | --- | ------ | ------------------------- | ------------------ | ------------------ |",
  ...targets.flatMap((target) =>
    CONNECTIONS.map((connections) => rows.get(rowKey(target, connections)) ?? ""),
  ),
];
log("## Summary");
log();
for (const line of table) log(line);
report.finish();
