import { existsSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { defineConfig, devices } from "@playwright/test";

/**
 * Chromium: CHROME_PATH when set, else the system's /usr/bin/chromium (Debian's package, which CI
 * installs), else the browser `npx playwright install` downloaded on a developer's machine.
 */
const systemChromium = ["/usr/bin/chromium", "/usr/bin/chromium-browser"].find((file) =>
  existsSync(file),
);
const executablePath = process.env.CHROME_PATH || systemChromium;

const port = Number(process.env.E2E_PORT ?? 3210);
const dataDir = path.join(mkdtempSync(path.join(tmpdir(), "plukweide-e2e-")), "data");

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: false,
  workers: 1,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  reporter: process.env.CI ? [["list"]] : [["list"], ["html", { open: "never" }]],
  timeout: 30_000,
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    trace: "retain-on-failure",
    screenshot: "only-on-failure",
  },
  projects: [
    {
      name: "chromium",
      use: {
        ...devices["Desktop Chrome"],
        launchOptions: {
          executablePath,
          args: [
            "--no-sandbox",
            "--disable-gpu",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
            "--no-first-run",
          ],
        },
      },
    },
  ],
  webServer: {
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
    },
  },
});
