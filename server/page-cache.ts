import { randomBytes } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { brotliCompressSync, constants as zlib, gzipSync } from "node:zlib";
import Negotiator from "negotiator";
import type { Logger } from "../app/adapters/logger.server";
import { matchesIfNoneMatch } from "../app/lib/if-none-match";
import { preferredLanguage, splitPrefix } from "../app/lib/i18n";

/**
 * A short cache of whole pages for visitors who are not signed in (ADR 26), so the same list or
 * meadow page asked for many times a second is made once. Only GET requests whose cookies are
 * all in COOKIES_THAT_SHAPE_A_PAGE are kept, never a response that sets a cookie, is not a 200
 * page or says no-store. Shared answers (JSON that routes declare the same for every client,
 * ADR 40) are kept by their address and Accept header alone, whatever the cookies, and compressed
 * once. Every write (a request with another method) empties it, in this process at once and
 * in the others through Redis when REDIS_URL is set; without Redis another process may serve a
 * page up to `seconds` old. A write that names the pages it changed (a favorite changes only its
 * meadow's page) drops only those, in every language.
 */
export interface PageCache {
  /**
   * The request's key, or undefined when its page must not be kept or served from here. A
   * shared answer's key is its address and Accept header.
   */
  keyOf(req: IncomingMessage, pathAndQuery: string, shared?: boolean): string | undefined;
  /** Which writes a page made now has seen: store() keeps it only if none that touch it came since. */
  generation(): number;
  get(key: string): CachedPage | undefined;
  /**
   * Keeps a page made for `key` for `seconds` (the cache's own by default), unless a write that
   * touches it came after its making began.
   */
  store(key: string, generation: number, page: CachedPage, seconds?: number): void;
  /**
   * Empties it here and, through Redis, in every other process; with `paths` (without language
   * prefix or query, e.g. `/meadows/abc`) drops only those pages.
   */
  invalidate(paths?: readonly string[]): void;
  close(): Promise<void>;
}

export interface CachedPage {
  status: number;
  headers: [string, string][];
  body: string;
  /** The nonce the page was made with: each answer gets a fresh one in its place. */
  nonce: string | undefined;
  /** A shared answer's body as each content coding gives it, made when first asked for. */
  encoded?: Map<string, Buffer>;
  /** The body as UTF-8 and where the nonce stands in it, made when first served. */
  bytes?: { body: Buffer; nonceAt: number[] };
}

/**
 * Cookies that may come with a cached page: they change the page (stylesheet inline or linked,
 * language, colour mode), so they are part of its key. Any other cookie (a session, a toast, a
 * favorite's intent) means the page is made for that browser alone.
 */
const COOKIES_THAT_SHAPE_A_PAGE = new Set(["stylesheet", "locale", "theme"]);
const MAX_PAGES = 500;
/** Longer than any page takes to make (React's stream gives up after 5 s). */
const CHANGE_MARK_MS = 60_000;
const CHANNEL = "plukweide:page-cache:clear";

export function createPageCache(options: {
  seconds: number;
  redisUrl?: string;
  logger: Logger;
}): PageCache {
  // Each page with its path as a write names it, worked out once when it is stored.
  const pages = new Map<string, { page: CachedPage; expires: number; path: string }>();
  // Every write counts one generation. A page made since the last full clear is kept unless a
  // write named its own path after its making began: a heart on one meadow must not stop every
  // other page being made at that moment from being kept.
  let generation = 0;
  let clearedAt = 0;
  const pathChangedAt = new Map<string, { generation: number; at: number }>();
  const clearHere = (paths?: readonly string[]) => {
    generation += 1;
    if (!paths) {
      clearedAt = generation;
      pages.clear();
      pathChangedAt.clear();
      return;
    }
    const now = Date.now();
    for (const path of paths) {
      pathChangedAt.delete(path);
      pathChangedAt.set(path, { generation, at: now });
    }
    // No page takes longer than this to make: older marks can no longer refuse one.
    for (const [path, mark] of pathChangedAt) {
      if (now - mark.at < CHANGE_MARK_MS) break;
      pathChangedAt.delete(path);
    }
    const changed = new Set(paths);
    for (const [key, { path }] of pages) {
      if (changed.has(path)) pages.delete(key);
    }
  };
  /** Whether a page of `path` made since `madeAt` may have read rows a write changed since. */
  const staleSince = (path: string, madeAt: number) =>
    clearedAt > madeAt || (pathChangedAt.get(path)?.generation ?? 0) > madeAt;
  const bus = options.redisUrl ? openBus(options.redisUrl, clearHere, options.logger) : undefined;

  return {
    keyOf(req, pathAndQuery, shared = false) {
      if (req.method !== "GET") return undefined;
      if (shared) return `${pathAndQuery}\nshared\n${req.headers.accept ?? ""}`;
      const cookies = cookiesOf(req.headers.cookie);
      if (cookies === undefined) return undefined;
      // `/` sends Dutch browsers to /nl by their Accept-Language (root loader).
      const language = preferredLanguage(req.headers["accept-language"] ?? null);
      return `${pathAndQuery}\n${language}\n${cookies}`;
    },
    generation: () => generation,
    get(key) {
      const found = pages.get(key);
      if (!found) return undefined;
      if (found.expires <= Date.now()) {
        pages.delete(key);
        return undefined;
      }
      return found.page;
    },
    store(key, madeAt, page, seconds = options.seconds) {
      const path = unprefixedPath(key);
      if (staleSince(path, madeAt)) return;
      pages.delete(key);
      pages.set(key, { page, expires: Date.now() + seconds * 1000, path });
      // The oldest first: a Map iterates in insertion order.
      for (const oldest of pages.keys()) {
        if (pages.size <= MAX_PAGES) break;
        pages.delete(oldest);
      }
    },
    invalidate(paths) {
      clearHere(paths);
      bus?.publish(paths);
    },
    async close() {
      await bus?.close();
    },
  };
}

/** A key's path without origin, query and language prefix: what a write names. */
function unprefixedPath(key: string): string {
  const pathAndQuery = key.slice(0, key.indexOf("\n"));
  const pathname = new URL(pathAndQuery, "http://page-cache.invalid").pathname;
  let decoded = pathname;
  try {
    // The router serves /meadows/%61bc as /meadows/abc: both are that meadow's page.
    decoded = decodeURIComponent(pathname);
  } catch {
    // Not decodable: no route answers it with a page, so it names no meadow either.
  }
  return splitPrefix(decoded.replace(/(?<=.)\/+$/, "")).rest;
}

/** The cookies as one sorted string, or undefined when one of them is not for shared pages. */
function cookiesOf(header: string | undefined): string | undefined {
  if (!header) return "";
  const pairs = header
    .split(";")
    .map((pair) => pair.trim())
    .filter((pair) => pair !== "");
  for (const pair of pairs) {
    const name = pair.slice(0, Math.max(0, pair.indexOf("=")));
    if (!COOKIES_THAT_SHAPE_A_PAGE.has(name)) return undefined;
  }
  return pairs.sort().join("; ");
}

/**
 * A fresh nonce in the old one's place, in the body and in the headers (the CSP). The body is
 * encoded once and the nonce's places found once; each answer copies those bytes and writes its
 * own nonce in, which costs a fifth of replacing it in the text and encoding that again.
 */
export function withFreshNonce(page: CachedPage): { headers: [string, string][]; body: Buffer } {
  const old = page.nonce;
  const bytes = (page.bytes ??= bytesOf(page.body, old));
  if (!old) return { headers: page.headers, body: bytes.body };
  const nonce = randomBytes(16).toString("base64");
  const headers = page.headers.map(([name, value]): [string, string] => [
    name,
    value.replaceAll(old, nonce),
  ]);
  // Nonces are made alike (16 random bytes in base64), so the new one fits the old one's place.
  if (nonce.length !== old.length)
    return { headers, body: Buffer.from(page.body.replaceAll(old, nonce)) };
  const body = Buffer.allocUnsafe(bytes.body.byteLength);
  bytes.body.copy(body);
  for (const at of bytes.nonceAt) body.write(nonce, at, "latin1");
  return { headers, body };
}

function bytesOf(text: string, nonce: string | undefined): { body: Buffer; nonceAt: number[] } {
  const body = Buffer.from(text);
  const nonceAt: number[] = [];
  if (nonce) {
    for (let at = body.indexOf(nonce); at >= 0; at = body.indexOf(nonce, at + nonce.length)) {
      nonceAt.push(at);
    }
  }
  return { body, nonceAt };
}

/**
 * Redis pub/sub between the app's processes: a write in one empties the caches of all. A
 * subscriber needs a connection of its own. While Redis is unreachable, messages are lost: the
 * pages then live out their few seconds.
 */
function openBus(url: string, onClear: (paths?: readonly string[]) => void, logger: Logger) {
  const ready = (async () => {
    const { createClient } = await import("redis");
    const publisher = createClient({ url, disableOfflineQueue: true });
    const subscriber = publisher.duplicate();
    for (const client of [publisher, subscriber]) {
      client.on("error", (error: Error) =>
        logger.debug({ err: error }, "page cache: redis connection error"),
      );
    }
    await Promise.all([publisher.connect(), subscriber.connect()]);
    // "clear" empties the cache; a JSON list of paths drops only those pages.
    await subscriber.subscribe(CHANNEL, (message) => onClear(pathsOf(message)));
    return { publisher, subscriber };
  })();
  ready.catch((error: unknown) =>
    logger.warn({ err: error }, "page cache: redis unreachable, other processes are not told"),
  );
  return {
    publish(paths?: readonly string[]) {
      ready
        .then(({ publisher }) =>
          publisher.publish(CHANNEL, paths ? JSON.stringify(paths) : "clear"),
        )
        .catch(() => {
          // Logged above or by the connection; the pages expire by themselves.
        });
    },
    async close() {
      const clients = await ready.catch(() => undefined);
      if (!clients) return;
      await Promise.allSettled([clients.subscriber.quit(), clients.publisher.quit()]);
    },
  };
}

/** The paths a bus message names, or undefined (everything) for "clear" or anything unreadable. */
function pathsOf(message: string): string[] | undefined {
  if (message === "clear") return undefined;
  try {
    const parsed: unknown = JSON.parse(message);
    if (Array.isArray(parsed) && parsed.every((item) => typeof item === "string")) return parsed;
  } catch {
    // Not ours: empty everything, the safe side.
  }
  return undefined;
}

/** What may be kept: pages, and the JSON of shared answers. */
const KEPT_TYPES = /^(text\/html|application\/json|application\/geo\+json)(;|$)/;

/**
 * The page to send for a response the router made for `key`: kept in `cache` when it may be
 * (a 200 page or JSON answer that sets no cookie and allows a stored copy), read whole for that,
 * else passed on as it streams. A shared answer is kept as long as its max-age lets any cache
 * keep a copy: writes empty it all the same.
 */
export async function keepIfCacheable(
  cache: PageCache,
  key: string,
  generation: number,
  response: Response,
  { shared = false }: { shared?: boolean } = {},
): Promise<Response> {
  const kept = KEPT_TYPES.test(response.headers.get("content-type") ?? "");
  const noStore = /no-store|private/.test(response.headers.get("cache-control") ?? "");
  if (response.status !== 200 || !kept || noStore || response.headers.has("set-cookie")) {
    return response;
  }
  const body = await response.text();
  const headers = [...response.headers.entries()];
  const nonce = /'nonce-([^']+)'/.exec(response.headers.get("content-security-policy") ?? "")?.[1];
  const maxAge = Number(/max-age=(\d+)/.exec(response.headers.get("cache-control") ?? "")?.[1]);
  const seconds = shared && maxAge > 0 ? maxAge : undefined;
  cache.store(key, generation, { status: response.status, headers, body, nonce }, seconds);
  return new Response(body, { status: response.status, headers });
}

/** Content codings of shared answers; of those a client takes alike, the one it names first. */
const CODINGS = ["br", "gzip", "identity"];

/**
 * Sends a kept shared answer: 304 when the client holds its ETag, else its body in the coding the
 * client prefers, compressed once per entry instead of once per request.
 */
export function sendShared(req: IncomingMessage, res: ServerResponse, page: CachedPage): void {
  const headers = new Map(page.headers.map(([name, value]) => [name.toLowerCase(), value]));
  const vary = headers.get("vary");
  if (!vary) headers.set("vary", "Accept-Encoding");
  else if (!/accept-encoding/i.test(vary)) headers.set("vary", `${vary}, Accept-Encoding`);
  headers.delete("content-length");
  res.setHeader("X-Page-Cache", "hit");
  const tag = headers.get("etag");
  if (tag && matchesIfNoneMatch(req.headers["if-none-match"], tag)) {
    headers.delete("content-type");
    res.writeHead(304, Object.fromEntries(headers));
    res.end();
    return;
  }
  const coding = new Negotiator(req).encoding(CODINGS) ?? "identity";
  const encoded = (page.encoded ??= new Map());
  let body = encoded.get(coding);
  if (!body) {
    body = encode(Buffer.from(page.body), coding);
    encoded.set(coding, body);
  }
  if (coding !== "identity") headers.set("content-encoding", coding);
  headers.set("content-length", String(body.byteLength));
  res.writeHead(page.status, Object.fromEntries(headers));
  res.end(body);
}

function encode(body: Buffer, coding: string): Buffer {
  if (coding === "br") {
    // The quality the compression middleware uses for pages: made once, it could be higher,
    // but a kept answer lives at most its max-age and is made again after every write.
    return brotliCompressSync(body, {
      params: {
        [zlib.BROTLI_PARAM_QUALITY]: 4,
        [zlib.BROTLI_PARAM_SIZE_HINT]: body.byteLength,
      },
    });
  }
  if (coding === "gzip") return gzipSync(body);
  return body;
}
