import { mkdtemp, rm, writeFile } from "node:fs/promises";
import {
  createServer,
  request,
  type IncomingMessage,
  type Server,
  type ServerResponse,
} from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { Readable, Writable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { answerRefusal, checkRequest } from "../../server/request-guard";
import { createImageRoute } from "./image-route.server";
import { createDiskStorage } from "./storage.server";

const KEY = "photos/0123456789abcdef0123456789abcdef/160w-1x.webp";
const IMAGE = Buffer.from("RIFF\x10\x00\x00\x00WEBPVP8 fake image bytes", "latin1");
const SECRET = "top secret, outside the upload folder";

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

let dir: string;
let server: Server;
let port: number;

/** Sends `target` as written: no URL normalisation, unlike fetch. */
function send(target: string, method = "GET", headers: Record<string, string> = {}) {
  return new Promise<Answer>((resolve, reject) => {
    const req = request({ host: "127.0.0.1", port, path: target, method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () =>
        resolve({
          status: res.statusCode ?? 0,
          headers: res.headers,
          body: Buffer.concat(chunks).toString("latin1"),
        }),
      );
    });
    req.on("error", reject);
    req.end();
  });
}

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), "plukweide-image-route-"));
  const uploads = path.join(dir, "uploads");
  const storage = createDiskStorage(uploads);
  await storage.put(KEY, IMAGE, "image/webp");
  await storage.put("photos/0123456789abcdef0123456789abcdef/original.png", IMAGE, "image/png");
  // Files a traversal would be after: beside the upload folder and at the top of the temp dir.
  await writeFile(path.join(dir, "secret.webp"), SECRET);
  await writeFile(path.join(uploads, "..", "passwd.webp"), SECRET);

  const serveImage = createImageRoute(storage);
  // The same order as server/main.ts: the request guard, then the image route, then the rest.
  server = createServer((req, res) => {
    const check = checkRequest(req);
    if (!check.ok) {
      answerRefusal(req, res, check);
      return;
    }
    serveImage(req, res, check.pathname).then(
      (handled) => {
        if (!handled) res.writeHead(404, { "X-Fell-Through": "1" }).end("not an image path");
      },
      (error: unknown) => {
        res.writeHead(500).end(String(error));
      },
    );
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  port = (server.address() as AddressInfo).port;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  await rm(dir, { recursive: true, force: true });
});

describe("GET /images/<key>", () => {
  it("serves a stored image as immutable WebP", async () => {
    const answer = await send(`/images/${KEY}`);
    expect(answer.status).toBe(200);
    expect(answer.headers["content-type"]).toBe("image/webp");
    expect(answer.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(answer.headers["x-content-type-options"]).toBe("nosniff");
    expect(answer.headers["content-length"]).toBe(String(IMAGE.length));
    expect(answer.body).toBe(IMAGE.toString("latin1"));
  });

  it("ignores the query string", async () => {
    expect((await send(`/images/${KEY}?v=2`)).status).toBe(200);
  });

  it("answers HEAD with the headers and no body", async () => {
    const answer = await send(`/images/${KEY}`, "HEAD");
    expect(answer.status).toBe(200);
    expect(answer.headers["content-type"]).toBe("image/webp");
    expect(answer.headers["content-length"]).toBe(String(IMAGE.length));
    expect(answer.body).toBe("");
  });

  it("answers 304 to a request that already holds the file", async () => {
    const first = await send(`/images/${KEY}`);
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^"[\w-]+"$/);
    const again = await send(`/images/${KEY}`, "GET", { "If-None-Match": etag });
    expect(again.status).toBe(304);
    expect(again.body).toBe("");
    expect(again.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
  });

  it.each(["POST", "PUT", "DELETE", "PATCH"])("answers %s with 405 and Allow", async (method) => {
    const answer = await send(`/images/${KEY}`, method);
    expect(answer.status).toBe(405);
    expect(answer.headers.allow).toBe("GET, HEAD");
  });

  it.each([
    "/images/",
    "/images/photos/0123456789abcdef0123456789abcdef/999w-1x.webp",
    "/images/photos/0123456789abcdef0123456789abcdef",
    // Stored, but not something the pipeline writes: never served.
    "/images/photos/0123456789abcdef0123456789abcdef/original.png",
    "/images/PHOTOS/0123456789ABCDEF0123456789ABCDEF/160w-1x.webp",
  ])("answers 404 for %s", async (target) => {
    const answer = await send(target);
    expect(answer.status).toBe(404);
    expect(answer.headers["x-fell-through"]).toBeUndefined();
    expect(answer.headers["cache-control"]).toBe("no-store");
  });

  it("leaves other paths to the rest of the server", async () => {
    const answer = await send("/imagesx/photo.webp");
    expect(answer.headers["x-fell-through"]).toBe("1");
  });

  it.each([
    "/images/../secret.webp",
    "/images/../../etc/passwd",
    "/images/%2e%2e/secret.webp",
    "/images/%2E%2E/%2E%2E/etc/passwd",
    "/images/..%2fsecret.webp",
    "/images/..%2F..%2Fetc%2Fpasswd",
    "/images/photos/..%2f..%2f..%2fsecret.webp",
    "/images/%252e%252e%252fsecret.webp",
    "/images/..%5csecret.webp",
    "/images/..\\secret.webp",
    "/images/%2e%2e%2fpasswd.webp",
    "/images/.%2e/passwd.webp",
    "/images//etc/passwd",
    "/images/%2fetc%2fpasswd",
    "/images/photos%00.webp",
    "/images/%c0%ae%c0%ae/secret.webp",
    "/images/%ff",
  ])("never reads outside the upload folder: %s", async (target) => {
    const answer = await send(target);
    expect([400, 404]).toContain(answer.status);
    expect(answer.body).not.toContain(SECRET);
  });
});

describe("a visitor gone before the photo is sent", () => {
  it("closes the stored file", async () => {
    const storage = createDiskStorage(path.join(dir, "uploads"));
    const opened: Readable[] = [];
    const serveImage = createImageRoute({
      ...storage,
      get: async (key) => {
        const stored = await storage.get(key);
        if (stored && stored.body instanceof Readable) opened.push(stored.body);
        return stored;
      },
    });
    // The answer's connection is already closed when the route starts to copy.
    const res = new Writable({ write: (_chunk, _encoding, done) => done() });
    res.destroy();
    const answer = Object.assign(res, { writeHead: () => answer }) as unknown as ServerResponse;
    const req = { method: "GET", headers: {} } as IncomingMessage;

    expect(await serveImage(req, answer, `/images/${KEY}`)).toBe(true);
    expect(opened).toHaveLength(1);
    await vi.waitFor(() => expect(opened[0]!.closed).toBe(true));
  });
});
