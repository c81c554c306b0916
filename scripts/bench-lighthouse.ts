// `npm run bench:lighthouse [-- path …]`: Lighthouse (mobile, simulated throttling) against the
// production build on a fresh embedded database, in the system Chromium. Needs `npm run build`.
// Each page is measured `BENCH_ROUNDS` times (default 5), the pages taking turns: a row gives
// the median score and the metrics of Lighthouse's median run. `BENCH_CPU_SLOWDOWN` replaces Lighthouse's 4x CPU slowdown, for a host whose
// benchmark index (printed for each page) is far from the one Lighthouse expects. The table goes
// to docs/benchmarks/ (scripts/bench-report.ts).
import { spawn } from "node:child_process";
import { existsSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { chromium } from "@playwright/test";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import * as constants from "lighthouse/core/config/constants.js";
import { computeMedianRun } from "lighthouse/core/lib/median-run.js";
import { startReport } from "./bench-report.ts";
import { median } from "./statistics.ts";

type Result = NonNullable<Awaited<ReturnType<typeof lighthouse>>>["lhr"];

const report = startReport("lighthouse", { engine: "PGlite (demo meadows)" });
const { log } = report;
const paths = process.argv.slice(2).length > 0 ? process.argv.slice(2) : ["/", "/nl"];
const port = 41_000 + Math.floor(Math.random() * 1000);
const base = `http://127.0.0.1:${port}`;
const rounds = Number(process.env.BENCH_ROUNDS ?? 5);
if (!(Number.isInteger(rounds) && rounds >= 1)) throw new Error("BENCH_ROUNDS: 1 or more");
const cpuSlowdown = process.env.BENCH_CPU_SLOWDOWN ? Number(process.env.BENCH_CPU_SLOWDOWN) : 4;
if (!(cpuSlowdown >= 1 && cpuSlowdown <= 20)) throw new Error("BENCH_CPU_SLOWDOWN: 1 to 20");
const throttling = { ...constants.throttling.mobileSlow4G, cpuSlowdownMultiplier: cpuSlowdown };
const chromePath =
  process.env.CHROME_PATH ||
  ["/usr/bin/chromium", "/usr/bin/chromium-browser"].find((file) => existsSync(file));

const server = spawn(process.execPath, ["server.ts"], {
  env: {
    PATH: process.env.PATH,
    PORT: String(port),
    HOST: "127.0.0.1",
    APP_URL: base,
    LOG_LEVEL: "warn",
    DATA_DIR: path.join(mkdtempSync(path.join(tmpdir(), "plukweide-lh-")), "data"),
  },
  stdio: "inherit",
});
try {
  for (;;) {
    const healthy = await fetch(`${base}/healthz`).then(
      (r) => r.ok,
      () => false,
    );
    if (healthy) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const chrome = await chromeLauncher.launch({
    chromePath,
    chromeFlags: [
      "--headless=new",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--no-first-run",
    ],
  });
  try {
    // Which browser measured goes into the report: scores from different browsers and hosts
    // are compared only with care (docs/benchmarks.md).
    const versionUrl = `http://127.0.0.1:${chrome.port}/json/version`;
    const version = (await (await fetch(versionUrl)).json()) as { Browser?: string };
    log(`Browser: ${version.Browser ?? "unknown"} (${chromePath})`);
    log(`CPU slowdown: ${cpuSlowdown}x`);
    log();
    const warnings = new Set<string>();
    // One unreported run first: a fresh Chromium's first page also pays for starting the
    // browser's own processes, which no visitor of a running site waits for.
    await lighthouse(`${base}${paths[0]}`, {
      port: chrome.port,
      output: "json",
      logLevel: "error",
      onlyCategories: ["performance"],
      throttling,
    });
    // Lighthouse empties the cache before each page but keeps cookies: without this, every page
    // after the first would be measured as a returning browser's whose cache was emptied
    // (stylesheet linked, ADR 25). Each page is measured as a browser's first.
    const cdp = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`);
    // A page's score moves with the host's speed from one minute to the next, so each page is
    // measured in several rounds, the pages taking turns.
    const runs = paths.map((page) => ({ page, lhrs: [] as Result[] }));
    for (let round = 0; round < rounds; round++) {
      for (const { page, lhrs } of runs) {
        for (const context of cdp.contexts()) await context.clearCookies();
        const result = await lighthouse(`${base}${page}`, {
          port: chrome.port,
          output: "json",
          logLevel: "error",
          onlyCategories: ["performance", "accessibility", "best-practices", "seo"],
          throttling,
        });
        if (!result) throw new Error(`no result for ${page}`);
        lhrs.push(result.lhr);
        for (const warning of result.lhr.runWarnings) warnings.add(warning);
      }
    }
    log(
      `Rounds: ${rounds}. Performance is the median of the rounds' scores; the other columns come from the page's median run (Lighthouse's own choice, by FCP and TTI).`,
    );
    log();
    // The benchmark index is Lighthouse's own measure of the host's CPU, taken in the browser
    // before each page. Under 1,000 it warns that scores come out lower than on the host it
    // expects.
    log(
      "| page | performance | each round | accessibility | best practices | SEO | FCP | LCP | TBT | CLS | stylesheet | benchmark index, each round |",
    );
    log("|---|---|---|---|---|---|---|---|---|---|---|---|");
    for (const { page, lhrs } of runs) {
      const score = (lhr: Result, id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
      // A score of 0 is Lighthouse's answer for a page that failed to load.
      for (const lhr of lhrs) {
        for (const id of ["performance", "accessibility", "best-practices", "seo"]) {
          report.within(`${page}: ${id} score`, score(lhr, id), 1, 100);
        }
      }
      const medianRun = computeMedianRun(lhrs);
      const value = (id: string) => medianRun.audits[id]?.displayValue ?? "";
      // Linked (a render-blocking request) or inline in the page (ADR 25).
      const requests =
        (
          medianRun.audits["network-requests"]?.details as {
            items?: { url: string; resourceType?: string }[];
          }
        )?.items ?? [];
      const stylesheet = requests.some(
        (request) => request.url.endsWith(".css") && request.resourceType === "Stylesheet",
      )
        ? "linked"
        : "inline";
      const scores = lhrs.map((lhr) => score(lhr, "performance"));
      const indexes = lhrs.map((lhr) => Math.round(lhr.environment.benchmarkIndex)).join(", ");
      log(
        `| ${page} | ${median(scores)} | ${scores.join(", ")} | ${score(medianRun, "accessibility")} | ${score(medianRun, "best-practices")} | ${score(medianRun, "seo")} | ${value("first-contentful-paint")} | ${value("largest-contentful-paint")} | ${value("total-blocking-time")} | ${value("cumulative-layout-shift")} | ${stylesheet} | ${indexes} |`,
      );
    }
    for (const warning of warnings) log(`\nLighthouse: ${warning}`);
    await cdp.close();
  } finally {
    await chrome.kill();
  }
} finally {
  server.kill("SIGTERM");
}
report.finish();
