/**
 * Vitest's V8 coverage provider, handing Vitest the production build's source maps: see
 * ./coverage-provider.ts.
 */
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { TransformResult } from "vite";
// The provider's class is not one of the package's named exports; its module is (`./*`).
import { V8CoverageProvider } from "@vitest/coverage-v8/dist/provider.js";

type SourceMap = NonNullable<TransformResult["map"]>;

const BUILD = `${path.resolve("build")}${path.sep}`;

export class CoverageWithBuildSourceMaps extends V8CoverageProvider {
  override async transformFile(...args: Parameters<V8CoverageProvider["transformFile"]>) {
    const file = args[0].split("?")[0]!;
    const filename = file.startsWith("file://") ? fileURLToPath(file) : file;
    if (filename.startsWith(BUILD) && existsSync(`${filename}.map`)) {
      return {
        code: readFileSync(filename, "utf8"),
        map: JSON.parse(readFileSync(`${filename}.map`, "utf8")) as SourceMap,
        deps: [],
        dynamicDeps: [],
      };
    }
    return super.transformFile(...args);
  }

  override async generateCoverage(...args: Parameters<V8CoverageProvider["generateCoverage"]>) {
    const coverageMap = await super.generateCoverage(...args);
    // The bundle is only a way to its sources: a part of it no source map leads out of stays out.
    coverageMap.filter((file) => !file.startsWith(BUILD));
    return coverageMap;
  }
}
