import { existsSync } from "node:fs";

/**
 * The Chromium every browser test drives: CHROME_PATH when set, else the system's package
 * (Debian's /usr/bin/chromium, which CI installs). Undefined lets Playwright use its own download
 * on a developer's machine.
 */
export const chromiumExecutablePath: string | undefined =
  process.env.CHROME_PATH ||
  ["/usr/bin/chromium", "/usr/bin/chromium-browser"].find((file) => existsSync(file));

/** Flags for a sandboxed, offline machine: no GPU, no background traffic to Google. */
export const chromiumArgs = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
];
