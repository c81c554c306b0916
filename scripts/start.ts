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
  // The build's report (chunk sizes, plugin timings) is for whoever works on the build: shown
  // when it fails, or when LOG_LEVEL asks for more than the plain lines (ADR 64).
  const verbose = process.env.LOG_LEVEL !== undefined;
  const result = spawnSync("react-router", ["build"], {
    stdio: ["ignore", verbose ? "inherit" : "pipe", verbose ? "inherit" : "pipe"],
    encoding: "utf8",
  });
  if (result.status !== 0) {
    if (!verbose) process.stderr.write(`${result.stdout ?? ""}${result.stderr ?? ""}`);
    console.error(
      result.error
        ? `The build could not start: ${result.error.message}`
        : "The build failed; see the messages above.",
    );
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
