import { createServer, get, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";
import { gunzipSync } from "node:zlib";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createLogger } from "../app/adapters/logger.server";
import {
  createPageCache,
  keepIfCacheable,
  sendShared,
  withFreshNonce,
  type CachedPage,
  type PageCache,
} from "./page-cache";

const testRedisUrl = process.env.TEST_REDIS_URL || undefined;
const logger = createLogger("silent");

function request(method: string, headers: Record<string, string> = {}): IncomingMessage {
  return { method, headers } as unknown as IncomingMessage;
}

function page(body: string, nonce?: string): CachedPage {
  return { status: 200, headers: [["content-type", "text/html"]], body, nonce };
}

describe("the page cache", () => {
  const opened: PageCache[] = [];
  const open = (options: { seconds: number; redisUrl?: string }) => {
    const cache = createPageCache({ ...options, logger });
    opened.push(cache);
    return cache;
  };
  afterEach(async () => {
    vi.useRealTimers();
    await Promise.all(opened.splice(0).map((cache) => cache.close()));
  });

  it("keys only GET requests whose cookies all shape a page, by those cookies and language", () => {
    const cache = open({ seconds: 5 });
    expect(cache.keyOf(request("POST"), "/meadows")).toBeUndefined();
    const plain = cache.keyOf(request("GET"), "/meadows");
    expect(plain).toBeDefined();
    const returning = cache.keyOf(
      request("GET", { cookie: "theme=abc; stylesheet=xyz" }),
      "/meadows",
    );
    expect(returning).toBeDefined();
    expect(returning).not.toBe(plain);
    expect(cache.keyOf(request("GET", { cookie: "stylesheet=xyz; theme=abc" }), "/meadows")).toBe(
      returning,
    );
    for (const cookie of [
      "better-auth.session_token=secret",
      "stylesheet=xyz; __Secure-better-auth.session_token=secret",
      "toast=hello",
      "favorite-intent=demo-001",
      "stylesheet",
    ]) {
      expect(cache.keyOf(request("GET", { cookie }), "/meadows"), cookie).toBeUndefined();
    }
    const dutch = cache.keyOf(request("GET", { "accept-language": "nl-NL,nl;q=0.9" }), "/");
    expect(dutch).not.toBe(cache.keyOf(request("GET", { "accept-language": "en" }), "/"));
  });

  it("keys a shared answer by its address and Accept header, whatever the cookies", () => {
    const cache = open({ seconds: 5 });
    const json = { accept: "application/json" };
    const member = { ...json, cookie: "better-auth.session_token=secret" };
    const path = "/api/v1/meadows?limit=5";
    const key = cache.keyOf(request("GET", json), path, true);
    expect(key).toBeDefined();
    expect(cache.keyOf(request("GET", member), path, true)).toBe(key);
    expect(cache.keyOf(request("GET", { accept: "application/geo+json" }), path, true)).not.toBe(
      key,
    );
    expect(cache.keyOf(request("GET", json), path)).not.toBe(key);
    expect(cache.keyOf(request("HEAD", json), path, true)).toBeUndefined();
  });

  it("keeps 200 pages and JSON that allow a copy, nothing else", async () => {
    const cache = open({ seconds: 5 });
    const answer = (status: number, headers: Record<string, string>) =>
      keepIfCacheable(
        cache,
        `${status}${JSON.stringify(headers)}`,
        cache.generation(),
        new Response("{}", { status, headers }),
      );
    const keptOf = (status: number, headers: Record<string, string>) =>
      cache.get(`${status}${JSON.stringify(headers)}`);
    const cases: [number, Record<string, string>, boolean][] = [
      [200, { "content-type": "text/html; charset=utf-8" }, true],
      [200, { "content-type": "application/json" }, true],
      [200, { "content-type": "application/geo+json; charset=utf-8" }, true],
      [200, { "content-type": "application/json", "cache-control": "no-store" }, false],
      [200, { "content-type": "text/html", "cache-control": "private, no-store" }, false],
      [200, { "content-type": "application/json", "set-cookie": "a=b" }, false],
      [200, { "content-type": "text/plain" }, false],
      [400, { "content-type": "application/problem+json" }, false],
    ];
    for (const [status, headers, kept] of cases) {
      const response = await answer(status, headers);
      expect(await response.text()).toBe("{}");
      expect(keptOf(status, headers) !== undefined, JSON.stringify(headers)).toBe(kept);
    }
  });

  it("keeps a shared answer as long as its max-age allows, pages for the cache's seconds", async () => {
    vi.useFakeTimers();
    const cache = open({ seconds: 5 });
    const headers = { "content-type": "application/json", "cache-control": "public, max-age=60" };
    const keep = (key: string, shared: boolean) =>
      keepIfCacheable(cache, key, cache.generation(), new Response("{}", { headers }), { shared });
    await keep("answer", true);
    await keep("page", false);
    vi.advanceTimersByTime(30_000);
    expect(cache.get("answer")).toBeDefined();
    expect(cache.get("page")).toBeUndefined();
    vi.advanceTimersByTime(30_001);
    expect(cache.get("answer")).toBeUndefined();
    // A write empties it whatever its age.
    await keep("answer", true);
    cache.invalidate();
    expect(cache.get("answer")).toBeUndefined();
  });

  it("sends a kept shared answer compressed once, and 304 to a client holding it", async () => {
    const body = JSON.stringify({
      meadows: Array.from({ length: 200 }, (_, i) => `Pluktuin ${i}`),
    });
    const kept: CachedPage = {
      status: 200,
      headers: [
        ["content-type", "application/json; charset=utf-8"],
        ["etag", '"abc"'],
        ["vary", "Accept"],
      ],
      body,
      nonce: undefined,
    };
    const server = createServer((req, res) => sendShared(req, res, kept));
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
    // node:http rather than fetch, which would undo the compression before the test saw it.
    const raw = (headers: Record<string, string>) =>
      new Promise<{ status: number; headers: IncomingMessage["headers"]; bytes: Buffer }>(
        (resolve, reject) => {
          get(url, { headers }, (res) => {
            const chunks: Buffer[] = [];
            res.on("data", (chunk: Buffer) => chunks.push(chunk));
            res.on("end", () => {
              const bytes = Buffer.concat(chunks);
              resolve({ status: res.statusCode ?? 0, headers: res.headers, bytes });
            });
          }).on("error", reject);
        },
      );
    try {
      const zipped = await raw({ "accept-encoding": "gzip" });
      expect(zipped.status).toBe(200);
      expect(zipped.headers["content-encoding"]).toBe("gzip");
      expect(zipped.headers.vary).toBe("Accept, Accept-Encoding");
      expect(zipped.headers["x-page-cache"]).toBe("hit");
      expect(gunzipSync(zipped.bytes).toString()).toBe(body);
      expect(zipped.bytes.byteLength).toBeLessThan(body.length / 3);
      // The same bytes again, compressed once for the entry.
      const compressed = kept.encoded?.get("gzip");
      expect(compressed).toBeDefined();
      expect((await raw({ "accept-encoding": "gzip" })).bytes).toEqual(zipped.bytes);
      expect(kept.encoded?.get("gzip")).toBe(compressed);
      const plain = await raw({});
      expect(plain.headers["content-encoding"]).toBeUndefined();
      expect(plain.bytes.toString()).toBe(body);
      expect((await raw({ "accept-encoding": "br, gzip" })).headers["content-encoding"]).toBe("br");
      const held = await raw({ "if-none-match": 'W/"abc"', "accept-encoding": "gzip" });
      expect(held.status).toBe(304);
      expect(held.bytes.byteLength).toBe(0);
      expect(held.headers.etag).toBe('"abc"');
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it("forgets a page after its seconds, and on every write", () => {
    vi.useFakeTimers();
    const cache = open({ seconds: 5 });
    cache.store("a", cache.generation(), page("A"));
    expect(cache.get("a")?.body).toBe("A");
    vi.advanceTimersByTime(5_001);
    expect(cache.get("a")).toBeUndefined();

    cache.store("a", cache.generation(), page("A"));
    cache.invalidate();
    expect(cache.get("a")).toBeUndefined();
  });

  it("drops only the pages a write names, in every language and spelling", () => {
    const cache = open({ seconds: 60 });
    const keyOf = (path: string) => cache.keyOf(request("GET"), path)!;
    const named = [
      "/meadows/abc",
      "/nl/meadows/abc",
      "/en/meadows/abc?photo=2",
      "/meadows/%61bc",
      "/meadows/abc/",
      "http://plukweide.test/nl/meadows/abc",
    ];
    const others = ["/meadows", "/meadows/abcd", "/nl/meadows/ab", "/", "/about"];
    for (const path of [...named, ...others]) {
      cache.store(keyOf(path), cache.generation(), page(path));
    }
    cache.invalidate(["/meadows/abc"]);
    for (const path of named) expect(cache.get(keyOf(path)), path).toBeUndefined();
    for (const path of others) expect(cache.get(keyOf(path))?.body, path).toBe(path);

    // A page whose making began before a write to its own path is not kept; one whose path the
    // write did not name is.
    const madeAt = cache.generation();
    cache.invalidate(["/meadows/abc"]);
    cache.store(keyOf("/nl/meadows/abc"), madeAt, page("old count"));
    expect(cache.get(keyOf("/nl/meadows/abc"))).toBeUndefined();
    cache.store(keyOf("/meadows/abcd"), madeAt, page("unrelated"));
    expect(cache.get(keyOf("/meadows/abcd"))?.body).toBe("unrelated");
    // After a full clear, nothing begun before it is kept.
    const beforeClear = cache.generation();
    cache.invalidate();
    cache.store(keyOf("/about"), beforeClear, page("old rows"));
    expect(cache.get(keyOf("/about"))).toBeUndefined();
  });

  it("does not keep a page whose making began before a write", () => {
    const cache = open({ seconds: 5 });
    const madeAt = cache.generation();
    cache.invalidate();
    cache.store("a", madeAt, page("old rows"));
    expect(cache.get("a")).toBeUndefined();
  });

  it("gives every answer a nonce of its own, in the page and the policy", () => {
    const made = "dGhlIG5vbmNlIG9mIHRoZSBwYWdl"; // as entry.server.tsx makes one: 24 characters
    const stored: CachedPage = {
      status: 200,
      headers: [["content-security-policy", `script-src 'self' 'nonce-${made}'`]],
      // Letters of two and three bytes before each nonce: its place is counted in bytes.
      body: `<p>Zoë’s pluktuin</p><script nonce="${made}"></script><p>Škofja Loka</p><style nonce="${made}"></style>`,
      nonce: made,
    };
    const first = withFreshNonce(stored);
    const second = withFreshNonce(stored);
    const nonceOf = (answer: typeof first) => /'nonce-([^']+)'/.exec(answer.headers[0]![1])![1]!;
    expect(nonceOf(first)).not.toBe(nonceOf(second));
    for (const answer of [first, second]) {
      expect(answer.body.toString()).toBe(
        `<p>Zoë’s pluktuin</p><script nonce="${nonceOf(answer)}"></script><p>Škofja Loka</p><style nonce="${nonceOf(answer)}"></style>`,
      );
    }
    expect(first.body.toString()).not.toContain(made);
    expect(stored.body).toContain(made);
  });

  it("replaces a nonce of another length in the text", () => {
    const stored: CachedPage = {
      status: 200,
      headers: [["content-security-policy", "script-src 'self' 'nonce-OLD123'"]],
      body: '<script nonce="OLD123"></script>',
      nonce: "OLD123",
    };
    const answer = withFreshNonce(stored);
    const nonce = /'nonce-([^']+)'/.exec(answer.headers[0]![1])![1]!;
    expect(answer.body.toString()).toBe(`<script nonce="${nonce}"></script>`);
  });

  it.runIf(testRedisUrl)("empties the other processes' caches through Redis", async () => {
    const writer = open({ seconds: 60, redisUrl: testRedisUrl });
    const reader = open({ seconds: 60, redisUrl: testRedisUrl });
    // Both subscribed: a write seen by the reader proves the channel works.
    await vi.waitFor(
      async () => {
        reader.store("probe", reader.generation(), page("probe"));
        writer.invalidate();
        await new Promise((resolve) => setTimeout(resolve, 100));
        expect(reader.get("probe")).toBeUndefined();
      },
      { timeout: 10_000, interval: 50 },
    );
    reader.store("a", reader.generation(), page("A"));
    expect(reader.get("a")?.body).toBe("A");
    writer.invalidate();
    await vi.waitFor(() => expect(reader.get("a")).toBeUndefined(), { timeout: 5_000 });

    const keyOf = (path: string) => reader.keyOf(request("GET"), path)!;
    reader.store(keyOf("/nl/meadows/abc"), reader.generation(), page("meadow"));
    reader.store(keyOf("/meadows"), reader.generation(), page("list"));
    writer.invalidate(["/meadows/abc"]);
    await vi.waitFor(() => expect(reader.get(keyOf("/nl/meadows/abc"))).toBeUndefined(), {
      timeout: 5_000,
    });
    expect(reader.get(keyOf("/meadows"))?.body).toBe("list");
  });
});
