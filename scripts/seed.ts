// `npm run seed`: adds the demo member and demo meadows (db/seed) to the configured database,
// PostgreSQL (DATABASE_URL) or the embedded one in DATA_DIR, after applying migrations. Adds
// only what is missing, so running it twice is harmless. The embedded database can be open in
// one process only: stop the server first.
import "./resolve-ts.ts";
import { existsSync } from "node:fs";

if (existsSync(".env")) process.loadEnvFile(".env");

const { parseConfig } = await import("../app/env.server.ts");
const { openDatabase, DatabaseInUseError } = await import("../app/adapters/db.server.ts");
const { seedDemoData } = await import("../db/seed/demo.server.ts");

let database: Awaited<ReturnType<typeof openDatabase>> | undefined;
try {
  const config = parseConfig(process.env);
  database = await openDatabase(config);
  await database.migrate();
  const added = await seedDemoData(database.db);
  const where =
    database.kind === "postgres" ? "PostgreSQL" : `the embedded database in ${config.dataDir}`;
  const parts = [
    ...(added.meadows > 0 ? [`${added.meadows} demo meadow${added.meadows === 1 ? "" : "s"}`] : []),
    ...(added.members > 0 ? ["the demo member"] : []),
  ];
  console.log(
    parts.length > 0
      ? `Demo data: added ${parts.join(" and ")} to ${where}.`
      : `Demo data: nothing to add to ${where}; every demo meadow is there already.`,
  );
} catch (error) {
  const message = error instanceof Error ? error.message : String(error);
  console.error(
    error instanceof DatabaseInUseError
      ? `Cannot seed: ${message}.`
      : `Seeding failed: ${message.replaceAll("\n", " ")}`,
  );
  process.exitCode = 1;
} finally {
  await database?.close();
}
