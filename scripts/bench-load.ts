// `npm run bench:load`: a mixed workload, as a popular day brings it, against one app process and
// against `npm run cluster` (two processes behind nginx, a read replica, S3, Redis) on the same
// machine. Needs `npm run build`, wrk, and BENCH_DATABASE_URL (a PostgreSQL server it may create a
// database on and replicate); loads BENCH_ROWS generated meadows (default 100,000,
// db/factories/generated-meadows.ts) or reuses the database named by BENCH_REUSE. Visitors load
// home, filtered lists, searches, meadow pages, map views and photos; signed-in members set and
// clear favorites, every one of them as a browser that has been here before. BENCH_CONNECTIONS
// (100) for BENCH_SECONDS (60) each, after a warm-up; BENCH_TARGETS=single or cluster measures one
// of them; BENCH_PAGE_CACHE_SECONDS (5, as README deploys; 0 for none); BENCH_BY_KIND=1 then measures
// each kind of request alone for BENCH_KIND_SECONDS (10). Reports requests/s, p50, p99, errors
// and answers by status, and one process's own durations by route (its /metrics); they and wrk's
// raw output go to docs/benchmarks/ (scripts/bench-report.ts).
import "./resolve-ts.ts";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import sharp from "sharp";
import { startSmtpServer } from "../tests/support/smtp-server.ts";
import { Visitor } from "../tests/support/visitor.ts";
import { startCluster } from "./cluster.ts";
import { serveApp } from "./bench-http.ts";
import { checkWrk, milliseconds, parseWrk, runWrk, type WrkResult } from "./bench-wrk.ts";
import { startReport } from "./bench-report.ts";

const ROWS = Number(process.env.BENCH_ROWS ?? 100_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 60);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 100);
const WARMUP_SECONDS = 5;
// README's deployment runs with a few seconds' anonymous page cache (ADR 26); 0 measures without.
const PAGE_CACHE_SECONDS = process.env.BENCH_PAGE_CACHE_SECONDS ?? "5";
const TARGETS = (process.env.BENCH_TARGETS ?? "single,cluster").split(",");
const MEMBERS = 20;
const serverUrl = process.env.BENCH_DATABASE_URL || undefined;
const reuse = process.env.BENCH_REUSE || undefined;
const AUTH_SECRET = "bench-load-secret-that-is-long-enough-0123456789";
const METRICS_TOKEN = "bench-load-metrics-token-0123456789";
const root = mkdtempSync(path.join(tmpdir(), "plukweide-bench-load-"));

if (!serverUrl) throw new Error("BENCH_DATABASE_URL is not set");

const { adminQuery, prepareBenchDatabase } = await import("./bench-meadows.ts");
const { TOWNS } = await import("../db/factories/generated-meadows.ts");

const report = startReport("load", { engine: "PostgreSQL" });
const { log } = report;

/** One app process as `npm start` runs it, mail going to the benchmark's SMTP server. */
function startOneApp(databaseUrl: string, smtpUrl: string) {
  return serveApp({
    databaseUrl,
    dataDir: path.join(root, "single"),
    env: {
      AUTH_SECRET,
      SMTP_URL: smtpUrl,
      TRUSTED_PROXIES: "127.0.0.1",
      LOG_LEVEL: "warn",
      PAGE_CACHE_SECONDS,
      METRICS_TOKEN,
    },
    showErrors: true,
  });
}

/** Members registered and signed in through the app; their session cookies. */
async function signInMembers(base: string, smtp: Awaited<ReturnType<typeof startSmtpServer>>) {
  const cookies: string[] = [];
  for (let index = 0; index < MEMBERS; index++) {
    const member = new Visitor(() => base);
    const email = `bench-load-${process.pid}-${index}@example.org`;
    const password = "zonnebloemen-in-augustus";
    const registered = await member.post("/register", {
      name: `Bench Member ${index}`,
      email,
      password,
      confirmPassword: password,
    });
    if (registered.status !== 302) throw new Error(`registering answered ${registered.status}`);
    const mail = await smtp.waitForMail((received) => received.to.includes(email));
    const link = new URL(/https?:\/\/\S+/.exec(mail.text)?.[0] ?? "");
    await member.get(link.pathname + link.search);
    if (!member.jar.has("plukweide.session_token")) throw new Error("a member was not signed in");
    cookies.push(member.cookie);
  }
  return cookies;
}

/** Photos on one meadow, uploaded by a member: the image URLs its page shows. */
async function uploadPhotos(base: string, cookie: string, meadowId: string) {
  const origin = new URL(base).origin;
  for (let index = 0; index < 4; index++) {
    const body = new FormData();
    const jpeg = await sharp({
      create: { width: 2000, height: 1500, channels: 3, background: `#4${index}8f3c` },
    })
      .jpeg()
      .toBuffer();
    body.set(
      "photo",
      new Blob([new Uint8Array(jpeg)], { type: "image/jpeg" }),
      `veld-${index}.jpg`,
    );
    const response = await fetch(`${base}/api/meadows/${meadowId}/photos`, {
      method: "POST",
      body,
      headers: { cookie, origin },
    });
    if (response.status !== 201) throw new Error(`a photo upload answered ${response.status}`);
  }
  const page = await (await fetch(`${base}/meadows/${meadowId}`)).text();
  return [...new Set(page.match(/\/images\/photos\/[0-9a-f]{32}\/[\w.-]+\.webp/g) ?? [])];
}

type Kind = "home" | "list" | "search" | "meadow" | "map" | "favorite" | "photo";

interface LoadRequest {
  kind: Kind;
  method: "GET" | "POST";
  path: string;
  cookie?: string;
  body?: string;
}

/** The mix, in a fixed order each wrk thread walks through from its own starting point. */
function workload(meadowIds: string[], photos: string[], cookies: string[]): LoadRequest[] {
  const requests: LoadRequest[] = [];
  const words = ["tulp", "dahlia", "pluktuin", "zonnebloem", "lavendel", "aardbei"];
  const countries = ["NL", "BE", "DE", "FR"];
  for (let i = 0; i < 400; i++) {
    const meadow = meadowIds[i % meadowIds.length] as string;
    const [, , lat, lng] = TOWNS[i % TOWNS.length] ?? ["", "", 52, 5];
    const member = cookies[i % cookies.length] as string;
    const choice = i % 20;
    if (choice < 3) requests.push({ kind: "home", method: "GET", path: i % 2 ? "/" : "/nl" });
    else if (choice < 7) {
      const country = countries[i % countries.length];
      requests.push({
        kind: "list",
        method: "GET",
        path: [
          `/meadows?country=${country}`,
          `/meadows?lat=${lat.toFixed(3)}&lng=${lng.toFixed(3)}&km=25`,
          `/meadows?country=${country}&sort=price`,
          `/meadows?page=${(i % 5) + 1}`,
        ][i % 4] as string,
      });
    } else if (choice < 10) {
      requests.push({
        kind: "search",
        method: "GET",
        path: `/meadows?q=${words[i % words.length]}`,
      });
    } else if (choice < 14)
      requests.push({ kind: "meadow", method: "GET", path: `/meadows/${meadow}` });
    else if (choice < 16) {
      const span = 0.2 + (i % 4) * 0.4;
      requests.push({
        kind: "map",
        method: "GET",
        path: `/api/meadows?bbox=${(lng - span).toFixed(3)},${(lat - span / 2).toFixed(3)},${(lng + span).toFixed(3)},${(lat + span / 2).toFixed(3)}&zoom=${10 - (i % 4)}`,
      });
    } else if (choice < 18) {
      requests.push({
        kind: "favorite",
        method: "POST",
        path: "/resources/favorite",
        cookie: member,
        body: `meadowId=${meadow}&favorite=${i % 4 < 2 ? "true" : "false"}`,
      });
    } else {
      requests.push({
        kind: "photo",
        method: "GET",
        path: photos[i % photos.length] ?? `/meadows/${meadow}`,
        cookie: i % 3 === 0 ? member : undefined,
      });
    }
  }
  return requests;
}

/**
 * wrk's script for `requests`. Every request comes from a browser that has been here before, so
 * it carries the stylesheet cookie its first page set (ADR 25), as browsers do.
 */
function luaScript(requests: LoadRequest[], origin: string, stylesheetCookie: string): string {
  const entry = (request: LoadRequest) => {
    const headers: Record<string, string> = {
      "Accept-Encoding": "br, gzip",
      Cookie: request.cookie ? `${request.cookie}; ${stylesheetCookie}` : stylesheetCookie,
    };
    if (request.method === "POST") {
      headers.Origin = origin;
      headers["Content-Type"] = "application/x-www-form-urlencoded";
      headers.Accept = "application/json";
    }
    const lua = (value: string) => JSON.stringify(value);
    const headerTable = Object.entries(headers)
      .map(([name, value]) => `[${lua(name)}] = ${lua(value)}`)
      .join(", ");
    return `{ ${lua(request.method)}, ${lua(request.path)}, { ${headerTable} }, ${request.body ? lua(request.body) : "nil"} }`;
  };
  const file = path.join(root, `load-${Math.random().toString(36).slice(2)}.lua`);
  writeFileSync(
    file,
    `local requests = {\n  ${requests.map(entry).join(",\n  ")}\n}
local counter = 0
local threads = {}
setup = function(thread)
  thread:set("start", counter * 997)
  counter = counter + 1
  table.insert(threads, thread)
end
init = function()
  i = tonumber(start) or 0
  statuses = {}
end
request = function()
  i = i + 1
  local r = requests[(i % #requests) + 1]
  return wrk.format(r[1], r[2], r[3], r[4])
end
response = function(status)
  statuses[status] = (statuses[status] or 0) + 1
end
done = function()
  local total = {}
  for _, thread in ipairs(threads) do
    for status, n in pairs(thread:get("statuses")) do
      total[status] = (total[status] or 0) + n
    end
  end
  for status, n in pairs(total) do
    io.write(string.format("  status %d: %d\\n", status, n))
  end
end
`,
  );
  return file;
}

async function measure(
  name: string,
  base: string,
  script: string,
  seconds = SECONDS,
): Promise<WrkResult> {
  await runWrk({ base, connections: CONNECTIONS, seconds: WARMUP_SECONDS, script });
  const output = await runWrk({ base, connections: CONNECTIONS, seconds, script });
  log(`### ${name}, ${CONNECTIONS} connections, ${seconds} s\n`);
  log(output.trimEnd());
  log();
  const result = parseWrk(output);
  checkWrk(report, name, result);
  return result;
}

/**
 * The mix, then with BENCH_BY_KIND each kind of request alone for BENCH_KIND_SECONDS: which
 * part of the mix costs what.
 */
async function measureTarget(
  name: string,
  base: string,
  requests: LoadRequest[],
): Promise<WrkResult> {
  const stylesheetCookie = await returningBrowserCookie(base);
  const result = await measure(name, base, luaScript(requests, base, stylesheetCookie));
  if (process.env.BENCH_BY_KIND) {
    const seconds = Number(process.env.BENCH_KIND_SECONDS ?? 10);
    for (const kind of new Set(requests.map((request) => request.kind))) {
      const alone = requests.filter((request) => request.kind === kind);
      const kindResult = await measure(
        `${name}: ${kind} alone`,
        base,
        luaScript(alone, base, stylesheetCookie),
        seconds,
      );
      byKind.push({ target: name, kind, result: kindResult });
    }
  }
  return result;
}
/** The stylesheet cookie a browser's first page sets: `name=value`. */
async function returningBrowserCookie(base: string): Promise<string> {
  const response = await fetch(`${base}/`);
  await response.arrayBuffer();
  const cookie = response.headers
    .getSetCookie()
    .map((header) => header.split(";")[0] ?? "")
    .find((pair) => pair.startsWith("stylesheet="));
  if (!cookie) throw new Error("the first page set no stylesheet cookie");
  return cookie;
}

const byKind: { target: string; kind: Kind; result: WrkResult }[] = [];

/**
 * The process's own durations by route (its /metrics histogram, warm-up and sign-ups included):
 * which requests of the mix wait longest. Photos are answered before routing and are not in it.
 */
async function logRouteDurations(base: string) {
  const response = await fetch(`${base}/metrics`, {
    headers: { authorization: `Bearer ${METRICS_TOKEN}` },
  });
  const routes = new Map<string, { buckets: [number, number][]; count: number; sum: number }>();
  for (const line of (await response.text()).split("\n")) {
    const match = /^plukweide_route_duration_seconds_(bucket|count|sum)\{(.*)\} (\S+)$/.exec(line);
    const route = match && /route="([^"]*)"/.exec(match[2] as string)?.[1];
    if (!match || !route) continue;
    const entry = routes.get(route) ?? { buckets: [], count: 0, sum: 0 };
    routes.set(route, entry);
    const value = Number(match[3]);
    if (match[1] === "count") entry.count = value;
    else if (match[1] === "sum") entry.sum = value;
    else entry.buckets.push([Number(/le="([^"]*)"/.exec(match[2] as string)?.[1]), value]);
  }
  const inMs = (seconds: number) => `${Math.round(seconds * 1000)} ms`;
  /** The upper bound of the bucket that holds the share `q` of the answers. */
  const bound = (entry: { buckets: [number, number][]; count: number }, q: number) => {
    const found = entry.buckets.find(([, below]) => below >= q * entry.count)?.[0];
    return found === undefined || found === Infinity ? "longer" : `≤ ${inMs(found)}`;
  };
  log("Durations by route, from the process's /metrics:");
  log();
  log("| route | answers | mean | p50 | p99 |");
  log("| ----- | ------- | ---- | --- | --- |");
  for (const [route, entry] of [...routes].sort(([, a], [, b]) => b.count - a.count)) {
    if (entry.count === 0) continue;
    log(
      `| ${route} | ${entry.count} | ${inMs(entry.sum / entry.count)} | ${bound(entry, 0.5)} | ${bound(entry, 0.99)} |`,
    );
  }
  log();
}

log(
  `${ROWS.toLocaleString("en")} meadows on PostgreSQL; page cache ${PAGE_CACHE_SECONDS} s; a mixed workload (home 15%, lists 20%, searches 15%, meadow pages 20%, map views 10%, favorites set by ${MEMBERS} signed-in members 10%, photos 10%)`,
);
log();

const database = await prepareBenchDatabase({
  serverUrl,
  reuse,
  prefix: "plukweide_bench_load",
  rows: ROWS,
  sample: 200,
  log,
});
const smtp = await startSmtpServer();
const results: { name: string; result: WrkResult }[] = [];
/** The same workload through `npm run cluster`, its photos uploaded to the cluster's own store. */
async function measureCluster(cookies: string[]) {
  const cluster = await startCluster({
    postgresUrl: serverUrl,
    database: database.name,
    appEnv: {
      AUTH_SECRET,
      SMTP_URL: smtp.url,
      SEED_DEMO: "false",
      LOG_LEVEL: "warn",
      PAGE_CACHE_SECONDS,
    },
  });
  try {
    const clusterPhotos = await uploadPhotos(
      cluster.url,
      cookies[0] as string,
      database.meadowIds[1] as string,
    );
    const requests = workload(database.meadowIds, clusterPhotos, cookies);
    const result = await measureTarget("cluster", cluster.url, requests);
    results.push({ name: "cluster: two processes behind nginx", result });
    if (result.errors > 0) {
      log("nginx's error log, last lines:\n");
      log(cluster.nginx.errorLog().split("\n").slice(-15).join("\n"));
    }
  } finally {
    await cluster.stop();
  }
}

// A kept database remembers the last run's sign-ups from this address, which the next run's
// members would find over the limit, and the photos its members uploaded, whose files went with
// that run's folder and which would fill the meadow up to its most photos.
if (reuse) {
  await adminQuery(database.url, "delete from rate_limits");
  await adminQuery(
    database.url,
    `delete from photos where author_id in (select id from users where email like 'bench-load-%')`,
  );
}

try {
  const single = await startOneApp(database.url, smtp.url);
  let cookies: string[];
  let photos: string[];
  try {
    cookies = await signInMembers(single.base, smtp);
    photos = await uploadPhotos(single.base, cookies[0] as string, database.meadowIds[0] as string);
    if (TARGETS.includes("single")) {
      const requests = workload(database.meadowIds, photos, cookies);
      results.push({
        name: "one app process",
        result: await measureTarget("one app process", single.base, requests),
      });
      await logRouteDurations(single.base);
    }
  } finally {
    await single.stop();
  }

  // The same database, members and photos: the cluster's processes share the session secret.
  if (TARGETS.includes("cluster")) await measureCluster(cookies);
} finally {
  await smtp.close();
  rmSync(root, { recursive: true, force: true });
  await database.drop();
}

log("## Summary");
log();
log("| target | requests/s | p50 | p99 | errors |");
log("| ------ | ---------- | --- | --- | ------ |");
for (const { name, result } of results) {
  log(
    `| ${name} | ${result.requestsPerSecond.toFixed(0)} | ${result.p50} | ${result.p99} | ${result.errors} |`,
  );
}
if (byKind.length > 0) {
  log();
  log("| target | kind alone | requests/s | p50 | p99 | errors |");
  log("| ------ | ---------- | ---------- | --- | --- | ------ |");
  for (const { target, kind, result } of byKind) {
    log(
      `| ${target} | ${kind} | ${result.requestsPerSecond.toFixed(0)} | ${result.p50} | ${result.p99} | ${result.errors} |`,
    );
  }
}
const [one, both] = results;
if (one && both) {
  const ratio = both.result.requestsPerSecond / one.result.requestsPerSecond;
  log();
  log(`The cluster serves ${ratio.toFixed(2)} times what one process serves (target 1.4).`);
  log(
    `Targets: no errors (${results.every(({ result }) => result.errors === 0) ? "met" : "missed"}); p99 under 300 ms (${results.every(({ result }) => milliseconds(result.p99) < 300) ? "met" : "missed"}).`,
  );
}
report.finish();
