import tailwindcss from "@tailwindcss/vite";
import { playwright } from "@vitest/browser-playwright";
import { globSync, readFileSync } from "node:fs";
import { availableParallelism } from "node:os";
import { defineConfig } from "vitest/config";
import { chromiumArgs, headlessChromiumExecutablePath } from "./tests/support/chromium.ts";

const UNIT_TESTS = [
  "app/**/*.test.{ts,tsx}",
  "server/**/*.test.ts",
  "db/**/*.test.ts",
  "tests/support/**/*.test.ts",
  "scripts/**/*.test.ts",
];
const BROWSER_TESTS = "app/**/*.browser.test.tsx";

/**
 * Unit test files that replace or reload modules (vi.mock and its kin): they need a module graph
 * of their own, and so a project that isolates each file. The others share their worker's
 * modules, which spares each file importing the app anew (about half the unit project's time).
 */
const MODULE_REPLACING = /\bvi\.(mock|doMock|unmock|doUnmock|resetModules|stubGlobal)\(/;
const moduleReplacingUnitTests = globSync(UNIT_TESTS, { exclude: [BROWSER_TESTS] }).filter((file) =>
  MODULE_REPLACING.test(readFileSync(file, "utf8")),
);

export default defineConfig({
  resolve: { tsconfigPaths: true },
  test: {
    // Two files at a time even on two cores (Vitest's default is one fewer than the cores): most
    // integration and server tests wait on a database or a child process, not on the CPU.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    // As server.ts runs the app: opening hours are read through UTC Dates (app/lib/opening-hours.ts).
    env: { TZ: "UTC" },
    // `npm run test:coverage`: the app's and the server's lines and branches that the tests reach,
    // in Vitest's own processes and in the apps they start (their production build, mapped back to
    // its sources: tests/support/coverage-provider.ts).
    coverage: {
      provider: "custom",
      customProviderModule: "./tests/support/coverage-provider.ts",
      autoAttachSubprocess: true,
      include: ["app/**/*.{ts,tsx}", "server/**/*.ts", "build/server/**/*.js"],
      excludeAfterRemap: true,
      exclude: ["**/*.test.{ts,tsx}", "app/routes/**/+types/**"],
      reporter: ["text-summary", "json-summary"],
      reportsDirectory: "coverage",
      reportOnFailure: true,
    },
    projects: [
      {
        extends: true,
        test: {
          name: "unit",
          include: UNIT_TESTS,
          exclude: [BROWSER_TESTS, ...moduleReplacingUnitTests],
          isolate: false,
          environment: "node",
          // One migrated embedded database for the run, which each test's PGlite loads.
          globalSetup: ["tests/support/pglite-template.global.ts"],
          setupFiles: ["tests/support/fail-on-console-error.ts"],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          name: "unit-isolated",
          include: moduleReplacingUnitTests,
          environment: "node",
          setupFiles: ["tests/support/fail-on-console-error.ts"],
          testTimeout: 30_000,
        },
      },
      {
        extends: true,
        test: {
          // Runs the production build as a separate process, as an operator would.
          name: "server",
          include: ["tests/server/**/*.test.ts"],
          environment: "node",
          globalSetup: ["tests/server/global-setup.ts"],
          setupFiles: ["tests/support/fail-on-console-error.ts"],
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      {
        extends: true,
        // The app's stylesheet, so components animate and move as they do on the site.
        plugins: [tailwindcss()],
        test: {
          // Components whose behaviour needs a real browser: pointer capture, CSS animations, focus.
          name: "browser",
          include: [BROWSER_TESTS],
          setupFiles: ["tests/support/fail-on-console-error.ts"],
          browser: {
            enabled: true,
            headless: true,
            // Failure screenshots would land beside the tests in app/; the error output suffices.
            screenshotFailures: false,
            provider: playwright({
              launchOptions: {
                executablePath: headlessChromiumExecutablePath,
                args: chromiumArgs,
              },
            }),
            instances: [{ browser: "chromium" }],
          },
        },
      },
    ],
  },
});
