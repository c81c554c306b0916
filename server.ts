// Starts Plukweide. `node server.ts` serves the production build; `node server.ts --dev` serves
// through Vite with hot reload. Node 24 runs this file directly (type stripping), so it uses only
// erasable TypeScript and imports nothing from the app: the app is bundled into build/server.
import { existsSync } from "node:fs";
import { enableCompileCache } from "node:module";
import { pathToFileURL } from "node:url";

if (existsSync(".env")) process.loadEnvFile(".env");
// Opening hours are read at each meadow's own clock through Dates whose local fields are that
// clock (app/lib/opening-hours.ts): in UTC every such time exists exactly once.
process.env.TZ = "UTC";

interface ServerEntry {
  startServer(options: {
    loadBuild: () => Promise<unknown>;
    devMiddleware?: unknown;
  }): Promise<unknown>;
  loadBuild: () => Promise<unknown>;
}

const dev = process.argv.includes("--dev");
// V8's compiled code for the modules imported below, kept on disk (NODE_COMPILE_CACHE, else the
// system's temporary folder): a restart compiles none of them again. Where the folder cannot be
// written, Node starts without it.
enableCompileCache();
// The production build runs React and its libraries in their production mode, as React Router's
// own `react-router-serve` does; React's development build renders a page at about twice the CPU.
if (!dev) process.env.NODE_ENV ??= "production";

try {
  if (dev) {
    const { createServer } = await import("vite");
    const vite = await createServer({ server: { middlewareMode: true }, appType: "custom" });
    const entry = (await vite.ssrLoadModule("./server/main.ts")) as ServerEntry;
    await entry.startServer({
      loadBuild: () => vite.ssrLoadModule("virtual:react-router/server-build"),
      devMiddleware: vite.middlewares,
    });
  } else {
    const buildFile = "build/server/index.js";
    if (!existsSync(buildFile)) {
      console.error("No build found: run `npm run build` first (or `npm start`, which builds).");
      process.exit(1);
    }
    const entry = (await import(pathToFileURL(buildFile).href)) as ServerEntry;
    await entry.startServer({ loadBuild: entry.loadBuild });
  }
} catch (error) {
  // Configuration and start-up problems are the operator's to fix: one line, no stack trace
  // (LOG_LEVEL=debug shows it).
  const message = error instanceof Error ? error.message : String(error);
  const hint =
    error instanceof Error && "code" in error && error.code === "EADDRINUSE"
      ? " (set PORT to another port)"
      : "";
  console.error(`Plukweide cannot start: ${message.replaceAll("\n", " ")}${hint}`);
  if (process.env.LOG_LEVEL === "debug" || process.env.LOG_LEVEL === "trace") console.error(error);
  process.exit(1);
}
