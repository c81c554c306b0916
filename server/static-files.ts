import type { IncomingMessage, ServerResponse } from "node:http";
import { Readable } from "node:stream";
import { lookup } from "mrmime";
import sirv from "sirv";

/** Text types sirv sends without a charset, which browsers would otherwise guess. */
const TEXT_TYPES = /^(text\/(javascript|css|plain)|application\/(json|manifest\+json))$/;

/**
 * Serves the client build with sirv: the file list is read once at start, so a request can only
 * reach a file that was in the build; ETag and If-None-Match give 304s; text files go out as the
 * .br or .gz the build wrote beside them (server/precompress.ts) when the client accepts it.
 */
export function createStaticFiles(
  root: string,
  { onReadError }: { onReadError?: (error: Error, path: string | undefined) => void } = {},
) {
  const serveBuild = sirv(root, {
    etag: true,
    brotli: true,
    gzip: true,
    // Only exact file names: no index.html or .html guessing, as the pages come from the router.
    extensions: [],
    setHeaders(res, pathname) {
      // Vite fingerprints everything under /assets; other files keep their names across builds.
      res.setHeader(
        "Cache-Control",
        pathname.startsWith("/assets/")
          ? "public, max-age=31536000, immutable"
          : "public, max-age=3600",
      );
      const type = lookup(pathname);
      if (type && TEXT_TYPES.test(type)) {
        res.setHeader("Content-Type", `${type}; charset=utf-8`);
      }
    },
  });

  /** Answers the request when it names a built file; returns false to let others handle it. */
  return function serveStaticFile(req: IncomingMessage, res: ServerResponse): boolean {
    if (req.method !== "GET" && req.method !== "HEAD") return false;
    let found = true;
    // sirv pipes a read stream it gives no error handler: a file gone since the start (a build
    // replaced in place) or a read that fails (too many open files) would be an uncaught
    // exception and end the process. Its status is sent by then, so the answer is cut off.
    const guardRead = (source: unknown) => {
      if (!(source instanceof Readable)) return;
      source.once("error", (error) => {
        onReadError?.(error, req.url);
        res.destroy();
      });
    };
    res.once("pipe", guardRead);
    serveBuild(req, res, () => {
      found = false;
    });
    if (!found) res.off("pipe", guardRead);
    return found;
  };
}
