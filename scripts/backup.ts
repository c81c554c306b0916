// `npm run backup [FILE]`: one archive of the embedded database and the uploads (ADR 31). While the
// app runs, it makes the archive and hands it over on its local socket; when no app runs, this
// script opens the data directory itself. FILE defaults to plukweide-backup-<time>.tar.gz here.
import "./resolve-ts.ts";
import { existsSync } from "node:fs";
import { rename, rm } from "node:fs/promises";
import path from "node:path";

if (existsSync(".env")) process.loadEnvFile(".env");

const { parseConfig } = await import("../app/env.server.ts");
const { openPglite, DatabaseInUseError } = await import("../app/adapters/db.server.ts");
const { verifyBackup, writeBackup } = await import("../app/services/backup.server.ts");
const { receiveBackup, NoBackupSocketError } = await import("./backup-client.ts");

// The secret is not needed here; this keeps parseConfig from generating one in DATA_DIR.
const config = parseConfig(process.env, process.cwd(), () => "unused".repeat(8));
const fail = (message: string): never => {
  console.error(`Backup failed: ${message}`);
  process.exit(1);
};
if (config.databaseUrl) {
  fail("DATABASE_URL is set; back up PostgreSQL with its own tools (README, Backups).");
}
if (config.storage.driver !== "disk") {
  fail("STORAGE_DRIVER is s3; the bucket keeps its own versions (README, Backups).");
}
const uploadsDir = config.storage.driver === "disk" ? config.storage.dir : "";
const stamp = new Date()
  .toISOString()
  .replace(/[-:]/g, "")
  .replace(/\.\d+Z$/, "Z");
const file = path.resolve(process.argv[2] ?? `plukweide-backup-${stamp}.tar.gz`);
if (existsSync(file)) fail(`${file} exists already.`);
const partial = `${file}.partial`;
const started = performance.now();

try {
  let madeBy: string;
  try {
    await receiveBackup(config.dataDir, partial);
    madeBy = "the running app";
  } catch (error) {
    if (!(error instanceof NoBackupSocketError)) throw error;
    const database = await openPglite(path.join(config.dataDir, "db")).catch((opening: unknown) => {
      if (opening instanceof DatabaseInUseError) {
        fail(`${opening.message}, and it does not answer on ${error.socketPath}.`);
      }
      throw opening;
    });
    const { dumpDataDir } = database;
    try {
      if (!dumpDataDir) throw new Error("the embedded database cannot be dumped");
      await writeBackup({ dataDir: config.dataDir, uploadsDir, dumpDataDir }, partial);
    } finally {
      await database.close();
    }
    madeBy = "this script (no app was running)";
  }
  const manifest = await verifyBackup(partial);
  await rename(partial, file);
  const uploads = manifest.files.filter((entry) => entry.path.startsWith("uploads/")).length;
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(
    `Backup written to ${file} by ${madeBy} in ${seconds} s: the database, ${uploads} uploaded ` +
      `file${uploads === 1 ? "" : "s"}${manifest.authSecret ? " and the session secret" : ""}. ` +
      "It holds members' addresses and password hashes: keep it private.",
  );
} catch (error) {
  await rm(partial, { force: true });
  fail(error instanceof Error ? error.message : String(error));
}
