// `npm run restore ARCHIVE`: brings a backup (npm run backup) back into DATA_DIR, which must be
// empty or absent. Start the app on it afterwards.
import "./resolve-ts.ts";
import { existsSync } from "node:fs";
import path from "node:path";

if (existsSync(".env")) process.loadEnvFile(".env");

const { parseConfig } = await import("../app/env.server.ts");
const { openPglite } = await import("../app/adapters/db.server.ts");
const { restoreBackup } = await import("../app/services/backup.server.ts");

const fail = (message: string): never => {
  console.error(`Restore failed: ${message}`);
  process.exit(1);
};
const archive =
  process.argv[2] ?? fail("name the archive: npm run restore plukweide-backup-….tar.gz");
if (!existsSync(archive)) fail(`${archive} does not exist.`);
// The secret is not needed here; this keeps parseConfig from generating one in DATA_DIR.
const config = parseConfig(process.env, process.cwd(), () => "unused".repeat(8));
if (config.databaseUrl) {
  fail("DATABASE_URL is set; the archive holds an embedded database. Unset it to restore.");
}

try {
  const manifest = await restoreBackup(path.resolve(archive), config.dataDir, async (dir, dump) => {
    const database = await openPglite(dir, { loadDataDir: dump });
    await database.close();
  });
  const uploads = manifest.files.filter((entry) => entry.path.startsWith("uploads/")).length;
  console.log(
    `Restored the backup of ${manifest.createdAt} into ${config.dataDir}: the database, ${uploads} ` +
      `uploaded file${uploads === 1 ? "" : "s"}` +
      (manifest.authSecret
        ? " and the session secret (members stay signed in)."
        : "; it held no session secret, so set the AUTH_SECRET it was made with."),
  );
} catch (error) {
  fail(error instanceof Error ? error.message : String(error));
}
