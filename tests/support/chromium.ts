import { existsSync } from "node:fs";

/**
 * The Chromium that shows pages: CHROME_PATH when set, else the system's package (Debian's
 * /usr/bin/chromium, which CI installs). Undefined lets Playwright use its own download on a
 * developer's machine.
 */
export const chromiumExecutablePath: string | undefined =
  process.env.CHROME_PATH ||
  ["/usr/bin/chromium", "/usr/bin/chromium-browser"].find((file) => existsSync(file));

/**
 * The Chromium for tests that never show a window: CHROME_PATH when set, else Debian's headless
 * shell (package chromium-headless-shell, the same release without the browser's windows), else
 * chromiumExecutablePath. The shell is what Playwright's own download runs headless too; the
 * browser tests take two thirds of the time in it (ADR 49).
 */
export const headlessChromiumExecutablePath: string | undefined =
  process.env.CHROME_PATH ||
  ["/usr/lib/chromium/chromium-headless-shell"].find((file) => existsSync(file)) ||
  chromiumExecutablePath;

/** Flags for a sandboxed, offline machine: no GPU, no background traffic to Google. */
export const chromiumArgs = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
];
