// `npm start`: builds when the build is missing or older than the sources, then serves it.
// Migrations run inside the server at start (server/main.ts).
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";

const BUILD_ENTRY = "build/server/index.js";
const SOURCES = [
  "app",
  "server",
  "db",
  "public",
  "package.json",
  "vite.config.ts",
  "react-router.config.ts",
];

function newestModification(entry: string): number {
  if (!existsSync(entry)) return 0;
  const stat = statSync(entry);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const child of readdirSync(entry)) {
    newest = Math.max(newest, newestModification(path.join(entry, child)));
  }
  return newest;
}

const builtAt = existsSync(BUILD_ENTRY) ? statSync(BUILD_ENTRY).mtimeMs : 0;
const changedAt = Math.max(...SOURCES.map(newestModification));
if (changedAt > builtAt) {
  console.log(
    builtAt === 0 ? "Building the app…" : "Sources changed since the last build: rebuilding…",
  );
  const result = spawnSync("react-router", ["build"], { stdio: ["ignore", "ignore", "inherit"] });
  if (result.status !== 0) {
    console.error("The build failed; see the messages above.");
    process.exit(result.status ?? 1);
  }
}

await import("../server.ts");
