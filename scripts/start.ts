// `npm start`: builds when the build is missing or older than the sources, then serves it.
// Migrations run inside the server at start (server/main.ts).
import { spawn, spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";
import { SERVER_ENV, SERVER_NODE_FLAGS } from "./server-memory.ts";

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

// The server runs as a child process, because its memory settings must be in place when a
// process starts (ADR 20): a smaller young generation for V8, and two malloc arenas for glibc,
// which otherwise keeps one per thread (libvips decodes photos on several).
const server = spawn(process.execPath, [...SERVER_NODE_FLAGS, "server.ts"], {
  stdio: "inherit",
  env: { ...SERVER_ENV, ...process.env },
});
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => server.kill(signal));
}
server.on("exit", (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
