import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { openPglite } from "../../app/adapters/db.server";

declare module "vitest" {
  export interface ProvidedContext {
    /** A tar of an embedded database already migrated, which testEngines' PGlite loads. */
    migratedPgliteDump: string;
  }
}

/**
 * An empty in-memory PGlite runs initdb when it opens, then every migration. Done once for the
 * run, each test's database loads the result instead, in less than half the time
 * (docs/benchmarks.md, "`npm test` wall time").
 */
export default async function setup(project: TestProject) {
  const handle = await openPglite(undefined);
  let dump: Blob;
  try {
    await handle.migrate();
    dump = await handle.dumpDataDir!();
  } finally {
    await handle.close();
  }
  const folder = mkdtempSync(path.join(tmpdir(), "plukweide-pglite-template-"));
  const file = path.join(folder, "migrated.tar");
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  project.provide("migratedPgliteDump", file);
  return () => rmSync(folder, { recursive: true, force: true });
}
