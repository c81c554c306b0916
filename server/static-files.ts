import { createReadStream, readdirSync, statSync } from "node:fs";
import { readFile } from "node:fs/promises";
import type { IncomingMessage, ServerResponse } from "node:http";
import path from "node:path";
import { promisify } from "node:util";
import { brotliCompress, constants as zlib, gzip } from "node:zlib";

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Text files worth compressing; images and fonts are compressed already. */
const COMPRESSIBLE = new Set([
  ".js",
  ".mjs",
  ".css",
  ".json",
  ".map",
  ".svg",
  ".txt",
  ".webmanifest",
]);

interface Compressed {
  br: Buffer;
  gzip: Buffer;
}

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
  compressible: boolean;
  /** Filled on first request: built files never change while the process runs. */
  compressed?: Promise<Compressed>;
}

function compress(file: string): Promise<Compressed> {
  return readFile(file).then(async (bytes) => ({
    br: await brotli(bytes, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11 } }),
    gzip: await gzipAsync(bytes, { level: 9 }),
  }));
}

function acceptedEncoding(req: IncomingMessage): "br" | "gzip" | undefined {
  const accepted = String(req.headers["accept-encoding"] ?? "");
  if (/\bbr\b/.test(accepted)) return "br";
  if (/\bgzip\b/.test(accepted)) return "gzip";
  return undefined;
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
          compressible: COMPRESSIBLE.has(path.extname(full).toLowerCase()),
        });
      }
    }
  };
  walk(root);

  return {
    size: files.size,
    /**
     * Compresses every built text file ahead of its first request (brotli at its best level takes
     * a moment for the larger bundles), one at a time so it never competes hard with requests.
     */
    async warm(): Promise<void> {
      for (const found of files.values()) {
        if (!found.compressible) continue;
        try {
          found.compressed ??= compress(found.file);
          await found.compressed;
        } catch {
          found.compressed = undefined;
        }
      }
    },
    /** Answers the request when it names a built file; returns false to let others handle it. */
    serve(req: IncomingMessage, res: ServerResponse, pathname: string): boolean {
      if (req.method !== "GET" && req.method !== "HEAD") return false;
      const found = files.get(pathname);
      if (!found) return false;
      void send(req, res, found);
      return true;
    },
  };
}

async function send(req: IncomingMessage, res: ServerResponse, found: StaticFile) {
  res.setHeader("Content-Type", found.type);
  res.setHeader(
    "Cache-Control",
    found.immutable ? "public, max-age=31536000, immutable" : "public, max-age=3600",
  );
  const encoding = found.compressible ? acceptedEncoding(req) : undefined;
  if (found.compressible) res.setHeader("Vary", "Accept-Encoding");
  if (encoding) {
    try {
      found.compressed ??= compress(found.file);
      const body = (await found.compressed)[encoding];
      res.writeHead(200, { "Content-Encoding": encoding, "Content-Length": body.length });
      res.end(req.method === "HEAD" ? undefined : body);
      return;
    } catch {
      found.compressed = undefined;
    }
  }
  res.writeHead(200, { "Content-Length": found.size });
  if (req.method === "HEAD") {
    res.end();
    return;
  }
  createReadStream(found.file)
    .on("error", () => res.destroy())
    .pipe(res);
}
