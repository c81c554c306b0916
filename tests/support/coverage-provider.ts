/**
 * Vitest's V8 coverage, counting the apps the server tests start as well (`npm run
 * test:coverage`). Vitest hands those child processes NODE_V8_COVERAGE (autoAttachSubprocess) and
 * reads what they leave, but it maps a script back to its sources only through its own
 * transforms: the production build the children run is one bundle, whose source maps
 * ./coverage-build-source-maps.ts reads, so its lines count for the app/ and server/ files they
 * came from.
 */
import type v8Runtime from "@vitest/coverage-v8";

type Runtime = typeof v8Runtime;

/**
 * The runtime half runs in each test worker, and for the browser project in the page: V8's own
 * module of each, called on that module, which keeps its inspector session.
 */
async function runtime(): Promise<Runtime> {
  // Not `window`: some unit tests lend Node a window of their own.
  const module =
    "__vitest_browser_runner__" in globalThis
      ? ((await import("@vitest/coverage-v8/browser")) as unknown as { default: Runtime })
      : await import("@vitest/coverage-v8");
  return module.default;
}

export default {
  startCoverage: async (options: never) => (await runtime()).startCoverage!(options),
  takeCoverage: async (options: never) => (await runtime()).takeCoverage!(options),
  stopCoverage: async (options: never) => (await runtime()).stopCoverage!(options),
  // Node only: the provider reads files.
  getProvider: async () => {
    const { CoverageWithBuildSourceMaps } = await import("./coverage-build-source-maps.ts");
    return new CoverageWithBuildSourceMaps();
  },
};
