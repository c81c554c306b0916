import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { defineConfig, devices } from "@playwright/test";
import {
  chromiumArgs,
  chromiumExecutablePath,
  headlessChromiumExecutablePath,
} from "./tests/support/chromium.ts";

const port = Number(process.env.E2E_PORT ?? 3210);
/** Port 9 (discard) is closed on loopback. */
const MAP_STYLE_URL_UNREACHABLE = "http://127.0.0.1:9/styles/liberty";
const dataDir = path.join(mkdtempSync(path.join(tmpdir(), "plukweide-e2e-")), "data");
/** The mail sink's SMTP port: beside the app's, so runs on other E2E_PORTs do not collide. */
const smtpPort = Number(process.env.E2E_SMTP_PORT ?? 2525 + (port - 3210));
// Where the mail sink leaves what it receives. Test workers load this file again and must find
// the same directory, so it travels in the environment they inherit.
const mailDir = (process.env.E2E_MAIL_DIR ||= mkdtempSync(
  path.join(tmpdir(), "plukweide-e2e-mail-"),
));
// The headless shell cannot open a window: --headed, --debug, --ui and PWDEBUG get the full
// Chromium. Only the runner sees those flags, so its choice travels to the workers too.
const showsBrowser =
  (process.env.E2E_SHOWS_BROWSER ||= String(
    ["--headed", "--debug", "--ui"].some((flag) => process.argv.includes(flag)) ||
      Boolean(process.env.PWDEBUG),
  )) === "true";

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: false,
  // Spec files run side by side against the one server: each journey makes its own members and
  // meadows and asserts properties of the demo data, never counts another file could change.
  workers: 2,
  forbidOnly: Boolean(process.env.CI),
  // One more try on CI, in a fresh browser: a rare stall of the headless browser's frames, not
  // of the app, once failed a whole run (ADR 50). A journey that passes only on its second try is
  // listed as flaky in the report.
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.CI ? [["list"]] : [["list"], ["html", { open: "never" }]],
  // A journey takes 5–15 s here; the same machine at half speed took past 30 s for some, with
  // two workers and the app sharing two cores. A test that hangs still fails within a minute.
  timeout: 60_000,
  // An expectation waits up to 15 s, not Playwright's 5: on that machine at half speed, with a
  // load average of 11, saving a meadow or finding a place took longer than 5 s to show.
  expect: { timeout: 15_000 },
  use: {
    // A click waits for two painted frames; when the browser paints none, fail within half a
    // minute instead of the whole test's time.
    actionTimeout: 30_000,
    baseURL: `http://127.0.0.1:${port}`,
    // Recording a trace costs Chromium a screencast and DOM snapshots at every step, passing
    // journeys too: on CI, where nobody can open one, it made the browser tests 40% slower.
    trace: process.env.CI ? "off" : "retain-on-failure",
    screenshot: "only-on-failure",
  },
  projects: [
    {
      name: "chromium",
      use: {
        ...devices["Desktop Chrome"],
        // CHROME_PATH, else Debian's Chromium (its headless shell when no window is shown, ADR
        // 49), else Playwright's own download.
        launchOptions: {
          executablePath: showsBrowser ? chromiumExecutablePath : headlessChromiumExecutablePath,
          args: chromiumArgs,
        },
      },
    },
  ],
  webServer: [
    {
      // A real SMTP server on loopback for the app's mails (tests/e2e/mail-sink.ts); started
      // first, as the app sends to it.
      command: "node tests/e2e/mail-sink.ts",
      port: smtpPort,
      reuseExistingServer: false,
      timeout: 30_000,
      stdout: "ignore",
      stderr: "pipe",
      env: { E2E_SMTP_PORT: String(smtpPort), E2E_MAIL_DIR: mailDir },
    },
    {
      // The production build on a fresh embedded database, as `npm start` would serve it.
      command: "node server.ts",
      url: `http://127.0.0.1:${port}/healthz`,
      reuseExistingServer: false,
      timeout: 120_000,
      stdout: "ignore",
      stderr: "pipe",
      env: {
        PORT: String(port),
        HOST: "127.0.0.1",
        APP_URL: `http://127.0.0.1:${port}`,
        DATA_DIR: dataDir,
        LOG_LEVEL: "warn",
        // Each journey sends an address of its own in X-Forwarded-For (tests/e2e/members.ts).
        TRUSTED_PROXIES: "127.0.0.1",
        SMTP_URL: `smtp://user:pass@127.0.0.1:${smtpPort}`,
        // No map server is reachable here: a closed loopback port fails at once, so every map
        // shows the built-in basemap (tests/e2e/map.spec.ts checks that it does).
        MAP_STYLE_URL: MAP_STYLE_URL_UNREACHABLE,
      },
    },
  ],
});
