import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { spawnApp } from "../support/app-process";

declare module "vitest" {
  export interface ProvidedContext {
    /** An embedded database folder already migrated, which spawnApp copies (see there). */
    migratedDatabaseTemplate: string;
  }
}

/**
 * These tests run the production build; `npm test` builds first, a lone `vitest` run may not
 * have. One app is started and stopped first, so its embedded database is migrated once: each
 * test's app then starts on a copy instead of running initdb and every migration again.
 */
export default async function setup(project: TestProject) {
  if (!existsSync("build/server/index.js")) {
    const result = spawnSync("npx", ["react-router", "build"], { stdio: "inherit" });
    if (result.status !== 0) throw new Error("react-router build failed");
  }
  const folder = mkdtempSync(path.join(tmpdir(), "plukweide-template-"));
  const dataDir = path.join(folder, "data");
  const app = await spawnApp({ DATA_DIR: dataDir, SEED_DEMO: "false" }).ready;
  const code = await app.stop();
  if (code !== 0) throw new Error(`the template app ended with ${code}: ${app.stderr()}`);
  project.provide("migratedDatabaseTemplate", path.join(dataDir, "db"));
  return () => rmSync(folder, { recursive: true, force: true });
}
