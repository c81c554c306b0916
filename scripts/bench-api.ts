// `npm run bench:api`: the open data API (/api/v1/meadows) and the map's own viewport query
// (/api/meadows) over HTTP, one production app process on PostgreSQL, as issue 23 measures them:
// the nearest 100 around a point (50 points by the generated meadows' towns), a zoom-13 screen
// of 1280 × 800 px as points, and screens at zooms 6 to 12 as clusters, each with wrk at 10 and
// 50 connections for BENCH_SECONDS (default 15) after 3 s of warm-up, with `Accept-Encoding:
// gzip`. Each request comes from one of 20,000 addresses in X-Forwarded-For (the app trusts
// loopback as a proxy), so the API's rate limit counts every request, as it would for many
// clients, and refuses none. Needs `npm run build` first and BENCH_DATABASE_URL (a PostgreSQL
// server it may create a database on); loads BENCH_ROWS generated meadows (default 100,000) into
// a database of its own, or reuses and keeps the one named by BENCH_REUSE. BENCH_REDIS_URL keeps
// the rate limits in that Redis instead of the database. BENCH_TARGETS=<words> measures only the
// targets whose names hold one of the comma-separated words. BENCH_EXPORT_ROWS=<n> then also
// makes the GeoJSON and CSV exports at n meadows (a database of its own, or BENCH_EXPORT_REUSE)
// in a fresh app process and reports their time and the process's peak memory (VmHWM).
// BENCH_CACHE=1 starts the app with its page cache on (PAGE_CACHE_SECONDS, default 5), which
// keeps these answers for every client (ADR 40); without it every answer is made afresh.
// Reports requests/s, p50, p99, errors, bytes per answer (JSON / sent) and CPU per request; the
// table and wrk's raw output go to docs/benchmarks/ (scripts/bench-report.ts).
import "./resolve-ts.ts";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { runWrk } from "./bench-wrk.ts";
import { startReport } from "./bench-report.ts";
import { fetchBytes, measureWrk, serveApp, type Measured, type Served } from "./bench-http.ts";

const ROWS = Number(process.env.BENCH_ROWS ?? 100_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 15);
const CONNECTIONS = [10, 50];
const WARMUP_SECONDS = 3;
const ADDRESSES = 20_000;
const ACCEPT_ENCODING = "gzip";
const serverUrl = process.env.BENCH_DATABASE_URL || undefined;
const reuse = process.env.BENCH_REUSE || undefined;
const redisUrl = process.env.BENCH_REDIS_URL || undefined;
const targetFilter = process.env.BENCH_TARGETS?.split(",").filter(Boolean);
const exportRows = Number(process.env.BENCH_EXPORT_ROWS ?? 0);
const cacheSeconds =
  process.env.BENCH_CACHE === "1" ? (process.env.PAGE_CACHE_SECONDS ?? "5") : "0";
const root = mkdtempSync(path.join(tmpdir(), "plukweide-bench-api-"));

if (!serverUrl) throw new Error("BENCH_DATABASE_URL is not set");

const { prepareBenchDatabase } = await import("./bench-meadows.ts");
const { TOWNS } = await import("../db/factories/generated-meadows.ts");

const report = startReport("api", { engine: "PostgreSQL" });
const { log } = report;

/** 50 points by the generated meadows' towns. */
function centres(): { lat: number; lng: number }[] {
  return Array.from({ length: 50 }, (_, run) => {
    const [, , lat, lng] = TOWNS[run % TOWNS.length] ?? ["", "", 52, 5];
    return { lat: lat + ((run * 7) % 10) / 100, lng: lng - ((run * 3) % 10) / 100 };
  });
}

/** A 1280 × 800 px screen at `zoom` around `centre`, as MapLibre's 512 px tiles show it. */
function screen(centre: { lat: number; lng: number }, zoom: number): string {
  const degreesPerPixel = 360 / (512 * 2 ** zoom);
  const halfWidth = (1280 / 2) * degreesPerPixel;
  const halfHeight = (800 / 2) * degreesPerPixel * Math.cos((centre.lat * Math.PI) / 180);
  return [
    centre.lng - halfWidth,
    centre.lat - halfHeight,
    centre.lng + halfWidth,
    centre.lat + halfHeight,
  ]
    .map((value) => value.toFixed(5))
    .join(",");
}

const views = (zooms: number[], path: string) =>
  zooms.flatMap((zoom) =>
    centres().map((centre) => `${path}?bbox=${screen(centre, zoom)}&zoom=${zoom}`),
  );
const CLUSTER_ZOOMS = [6, 7, 8, 9, 10, 11, 12];

const targets = [
  {
    name: "API nearest 100",
    paths: centres().map(
      ({ lat, lng }) => `/api/v1/meadows?near=${lat.toFixed(4)},${lng.toFixed(4)}&limit=100`,
    ),
  },
  { name: "API zoom-13 screen, points", paths: views([13], "/api/v1/meadows") },
  { name: "API clusters, zooms 6–12", paths: views(CLUSTER_ZOOMS, "/api/v1/meadows") },
  { name: "map zoom-13 screen, points", paths: views([13], "/api/meadows") },
  { name: "map clusters, zooms 6–12", paths: views(CLUSTER_ZOOMS, "/api/meadows") },
].filter((target) => !targetFilter || targetFilter.some((word) => target.name.includes(word)));

/** wrk's requests: the paths in turn, each from the next of ADDRESSES client addresses. */
function luaScript(paths: string[]): string {
  const file = path.join(root, `paths-${Math.random().toString(36).slice(2)}.lua`);
  const list = paths.map((item) => JSON.stringify(item)).join(",\n  ");
  writeFileSync(
    file,
    `local paths = {\n  ${list}\n}
local i = 0
request = function()
  i = i + 1
  local n = i % ${ADDRESSES}
  local address = string.format("10.%d.%d.%d", math.floor(n / 65536) % 256, math.floor(n / 256) % 256, n % 256)
  return wrk.format(nil, paths[(i % #paths) + 1], {
    ["Host"] = wrk.headers["Host"],
    ["Accept-Encoding"] = "${ACCEPT_ENCODING}",
    ["X-Forwarded-For"] = address,
  })
end
`,
  );
  return file;
}

function measure(
  app: Served,
  target: { name: string; paths: string[] },
  connections: number,
): Promise<Measured> {
  const script = luaScript(target.paths);
  return measureWrk({
    pid: app.pid,
    run: (seconds) => runWrk({ base: app.base, connections, seconds, script }),
    warmup: WARMUP_SECONDS,
    seconds: SECONDS,
    title: `${target.name}, ${connections} connections`,
    report,
  });
}

/** The mean bytes of the target's answers, as JSON and as sent gzipped, and what they held. */
async function answerSizes(app: Served, paths: string[]) {
  const sample = paths.filter((_, index) => index % 5 === 0);
  let json = 0;
  let sent = 0;
  const kinds = new Map<string, number>();
  let items = 0;
  for (const item of sample) {
    const plain = await fetchBytes(`${app.base}${item}`);
    if (plain.status !== 200) throw new Error(`${item} answered ${plain.status}: ${plain.body}`);
    const zipped = await fetchBytes(`${app.base}${item}`, ACCEPT_ENCODING);
    json += plain.bytes;
    sent += zipped.bytes;
    const body = JSON.parse(plain.body) as {
      kind: string;
      meadows?: unknown[];
      points?: unknown[];
      clusters?: unknown[];
    };
    kinds.set(body.kind, (kinds.get(body.kind) ?? 0) + 1);
    items += (body.meadows ?? body.points ?? body.clusters ?? []).length;
  }
  return {
    json: json / sample.length,
    sent: sent / sample.length,
    kinds: [...kinds].map(([kind, count]) => `${kind} ${count}`).join(", "),
    items: items / sample.length,
  };
}

/** The process's peak resident memory so far (VmHWM), in MB. */
function peakMegabytes(pid: number): number {
  const kb = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1];
  return Number(kb) / 1024;
}

log(
  `${ROWS.toLocaleString("en")} meadows on PostgreSQL; wrk, ${SECONDS} s per measurement after ${WARMUP_SECONDS} s of warm-up, Accept-Encoding: ${ACCEPT_ENCODING}; one app process${cacheSeconds === "0" ? ", no page cache" : `, page cache on (PAGE_CACHE_SECONDS=${cacheSeconds})`}; requests from ${ADDRESSES.toLocaleString("en")} addresses; rate limits in ${redisUrl ? "Redis" : "PostgreSQL"}`,
);
log();

const env = {
  TRUSTED_PROXIES: "127.0.0.1",
  PAGE_CACHE_SECONDS: cacheSeconds,
  ...(redisUrl ? { REDIS_URL: redisUrl } : {}),
};
const rows: string[] = [];
const database = await prepareBenchDatabase({
  serverUrl,
  reuse,
  prefix: "plukweide_bench_api",
  rows: ROWS,
  sample: 1,
  log,
});
const app = await serveApp({ databaseUrl: database.url, dataDir: path.join(root, "data"), env });
try {
  for (const target of targets) {
    const sizes = await answerSizes(app, target.paths);
    log(`${target.name}: ${sizes.kinds}; ${sizes.items.toFixed(0)} items per answer on average`);
    for (const connections of CONNECTIONS) {
      const result = await measure(app, target, connections);
      rows.push(
        `| ${target.name} | ${connections} | ${result.requestsPerSecond.toFixed(0)} | ${result.p50} | ${result.p99} | ${result.errors} | ${(sizes.json / 1000).toFixed(1)} / ${(sizes.sent / 1000).toFixed(1)} | ${result.cpuMsPerRequest.toFixed(2)} |`,
      );
    }
  }
} finally {
  await app.stop();
  await database.drop();
}

const table = [
  "| target | connections | requests/s | p50 | p99 | errors | kB per answer (JSON / sent) | CPU ms per request |",
  "| ------ | ----------- | ---------- | --- | --- | ------ | --------------------------- | ------------------ |",
  ...rows,
];
log("## Summary");
log();
for (const line of table) log(line);

if (exportRows > 0) {
  log();
  log(`## Exports at ${exportRows.toLocaleString("en")} meadows`);
  log();
  const big = await prepareBenchDatabase({
    serverUrl,
    reuse: process.env.BENCH_EXPORT_REUSE || undefined,
    prefix: "plukweide_bench_export",
    rows: exportRows,
    sample: 1,
    log,
  });
  const exporter = await serveApp({
    databaseUrl: big.url,
    dataDir: path.join(root, "export-data"),
    env,
  });
  try {
    log("| file | made in | size | peak memory of the process before / after |");
    log("| ---- | ------- | ---- | ----------------------------------------- |");
    for (const format of ["geojson", "csv"]) {
      const before = peakMegabytes(exporter.pid);
      const started = performance.now();
      // The first request waits while the file is made; its body is counted, not kept.
      const answer = await fetch(`${exporter.base}/api/v1/exports/meadows.${format}`, {
        headers: { "X-Forwarded-For": "10.255.0.1" },
      });
      const made = (performance.now() - started) / 1000;
      if (answer.status !== 200) throw new Error(`the ${format} export answered ${answer.status}`);
      let bytes = 0;
      for await (const chunk of answer.body ?? []) bytes += (chunk as Uint8Array).byteLength;
      log(
        `| meadows.${format} | ${made.toFixed(1)} s | ${(bytes / 1e6).toFixed(0)} MB | ${before.toFixed(0)} / ${peakMegabytes(exporter.pid).toFixed(0)} MB |`,
      );
    }
  } finally {
    await exporter.stop();
    await big.drop();
  }
}
rmSync(root, { recursive: true, force: true });
report.finish();
