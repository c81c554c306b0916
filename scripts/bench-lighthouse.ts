// `npm run bench:lighthouse [-- path …]`: Lighthouse (mobile, simulated throttling) against the
// production build on a fresh embedded database, in the system Chromium. Needs `npm run build`.
// `BENCH_CPU_SLOWDOWN` replaces Lighthouse's 4x CPU slowdown, for a host whose benchmark index
// (printed for each page) is far from the one Lighthouse expects. The table goes to
// docs/benchmarks/ (scripts/bench-report.ts).
import { spawn } from "node:child_process";
import { existsSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { chromium } from "@playwright/test";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import * as constants from "lighthouse/core/config/constants.js";
import { startReport } from "./bench-report.ts";

const report = startReport("lighthouse", { engine: "PGlite (demo meadows)" });
const { log } = report;
const paths = process.argv.slice(2).length > 0 ? process.argv.slice(2) : ["/", "/nl"];
const port = 41_000 + Math.floor(Math.random() * 1000);
const base = `http://127.0.0.1:${port}`;
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
    // The benchmark index is Lighthouse's own measure of the host's CPU, taken in the browser
    // before each page: it warns under 1,000, and its scores assume a faster host.
    log(
      "| page | performance | accessibility | best practices | SEO | FCP | LCP | TBT | CLS | stylesheet | benchmark index |",
    );
    log("|---|---|---|---|---|---|---|---|---|---|---|");
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
    for (const page of paths) {
      for (const context of cdp.contexts()) await context.clearCookies();
      const result = await lighthouse(`${base}${page}`, {
        port: chrome.port,
        output: "json",
        logLevel: "error",
        onlyCategories: ["performance", "accessibility", "best-practices", "seo"],
        throttling,
      });
      if (!result) throw new Error(`no result for ${page}`);
      const { categories, audits, environment, runWarnings } = result.lhr;
      for (const warning of runWarnings) warnings.add(warning);
      const score = (id: string) => Math.round((categories[id]?.score ?? 0) * 100);
      const value = (id: string) => audits[id]?.displayValue ?? "";
      // A score of 0 is Lighthouse's answer for a page that failed to load.
      for (const id of ["performance", "accessibility", "best-practices", "seo"]) {
        report.within(`${page}: ${id} score`, score(id), 1, 100);
      }
      // Linked (a render-blocking request) or inline in the page (ADR 25).
      const requests =
        (
          audits["network-requests"]?.details as {
            items?: { url: string; resourceType?: string }[];
          }
        )?.items ?? [];
      const stylesheet = requests.some(
        (request) => request.url.endsWith(".css") && request.resourceType === "Stylesheet",
      )
        ? "linked"
        : "inline";
      log(
        `| ${page} | ${score("performance")} | ${score("accessibility")} | ${score("best-practices")} | ${score("seo")} | ${value("first-contentful-paint")} | ${value("largest-contentful-paint")} | ${value("total-blocking-time")} | ${value("cumulative-layout-shift")} | ${stylesheet} | ${Math.round(environment.benchmarkIndex)} |`,
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
