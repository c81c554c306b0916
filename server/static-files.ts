import { createReadStream, readdirSync, statSync } from "node:fs";
import type { IncomingMessage, ServerResponse } from "node:http";
import path from "node:path";

const CONTENT_TYPES: Record<string, string> = {
  ".js": "text/javascript; charset=utf-8",
  ".mjs": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".json": "application/json; charset=utf-8",
  ".map": "application/json; charset=utf-8",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".jpg": "image/jpeg",
  ".webp": "image/webp",
  ".avif": "image/avif",
  ".ico": "image/x-icon",
  ".woff2": "font/woff2",
  ".txt": "text/plain; charset=utf-8",
  ".webmanifest": "application/manifest+json",
};

interface StaticFile {
  file: string;
  size: number;
  type: string;
  immutable: boolean;
}

/**
 * Serves the client build. The file list is read once at start, so a request can only ever reach
 * a file that was in the build: no path traversal, no stat per request.
 */
export function createStaticFiles(root: string) {
  const files = new Map<string, StaticFile>();
  const walk = (dir: string) => {
    let entries;
    try {
      entries = readdirSync(dir, { withFileTypes: true });
    } catch {
      return;
    }
    for (const entry of entries) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.isFile()) {
        const urlPath = "/" + path.relative(root, full).split(path.sep).join("/");
        files.set(urlPath, {
          file: full,
          size: statSync(full).size,
          type: CONTENT_TYPES[path.extname(full).toLowerCase()] ?? "application/octet-stream",
          // Vite fingerprints everything under /assets; other files keep their names across builds.
          immutable: urlPath.startsWith("/assets/"),
        });
      }
    }
  };
  walk(root);

  return {
    size: files.size,
    /** Answers the request when it names a built file; returns false to let others handle it. */
    serve(req: IncomingMessage, res: ServerResponse, pathname: string): boolean {
      if (req.method !== "GET" && req.method !== "HEAD") return false;
      const found = files.get(pathname);
      if (!found) return false;
      res.statusCode = 200;
      res.setHeader("Content-Type", found.type);
      res.setHeader("Content-Length", found.size);
      res.setHeader(
        "Cache-Control",
        found.immutable ? "public, max-age=31536000, immutable" : "public, max-age=3600",
      );
      if (req.method === "HEAD") {
        res.end();
        return true;
      }
      createReadStream(found.file)
        .on("error", () => res.destroy())
        .pipe(res);
      return true;
    },
  };
}
