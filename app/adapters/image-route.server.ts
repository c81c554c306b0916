import { createHash } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { IMAGE_ROUTE_PREFIX, isValidStorageKey, type ObjectStorage } from "./storage.server";

const IMMUTABLE = "public, max-age=31536000, immutable";

/**
 * Serves `GET /images/<key>` from the object store: the disk store always, and an S3 bucket that
 * has no public URL of its own. Only WebP files the image pipeline wrote are reachable; anything
 * else, including every key that does not pass the storage key rules, is a 404.
 *
 * Returns false for paths outside `/images/`, so the caller can hand the request on.
 */
export function createImageRoute(storage: ObjectStorage) {
  return async function serveImage(
    req: IncomingMessage,
    res: ServerResponse,
    pathname: string,
  ): Promise<boolean> {
    if (!pathname.startsWith(IMAGE_ROUTE_PREFIX)) return false;

    if (req.method !== "GET" && req.method !== "HEAD") {
      res.writeHead(405, { Allow: "GET, HEAD", "Content-Type": "text/plain; charset=utf-8" });
      res.end("Method Not Allowed\n");
      return true;
    }

    let key: string;
    try {
      key = decodeURIComponent(pathname.slice(IMAGE_ROUTE_PREFIX.length));
    } catch {
      key = "";
    }
    const stored =
      isValidStorageKey(key) && key.endsWith(".webp") ? await storage.get(key) : undefined;
    if (stored === undefined) {
      res.writeHead(404, {
        "Content-Type": "text/plain; charset=utf-8",
        "Cache-Control": "no-store",
        "X-Content-Type-Options": "nosniff",
      });
      res.end("Not Found\n");
      return true;
    }

    // The bytes behind a key never change, so the key itself is a strong validator.
    const etag = `"${createHash("sha256").update(key).digest("base64url").slice(0, 22)}"`;
    const headers = {
      "Content-Type": "image/webp",
      "Cache-Control": IMMUTABLE,
      "X-Content-Type-Options": "nosniff",
      ETag: etag,
    };
    const notModified = req.headers["if-none-match"]
      ?.split(",")
      .some((tag) => tag.trim() === etag || tag.trim() === "*");
    if (notModified || req.method === "HEAD") {
      if (stored.body instanceof Readable) stored.body.destroy();
      res.writeHead(notModified ? 304 : 200, {
        ...headers,
        ...(notModified ? {} : { "Content-Length": stored.size }),
      });
      res.end();
      return true;
    }

    res.writeHead(200, { ...headers, "Content-Length": stored.size });
    if (Buffer.isBuffer(stored.body)) {
      res.end(stored.body);
      return true;
    }
    try {
      await pipeline(stored.body, res);
    } catch {
      // The client went away, or the store failed mid-file: the headers are out, so all that is
      // left is to cut the connection.
    } finally {
      // A visitor gone before the copy began leaves the file unread: pipeline does not destroy
      // a source whose destination was already closed, and the file would stay open.
      stored.body.destroy();
    }
    return true;
  };
}
