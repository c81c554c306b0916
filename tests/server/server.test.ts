import { randomUUID } from "node:crypto";
import { connect } from "node:net";
import { setTimeout as sleep } from "node:timers/promises";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import pg from "pg";
import { createClient } from "redis";
import { spawnApp, freshDataDir, type AppProcess } from "../support/app-process";
import { createFreshPostgresDatabase, testDatabaseUrl } from "../support/databases";
import { runWorker, startedWorkers } from "../support/inline-workers";
import { startTcpProxy } from "../support/tcp-proxy";
import { Visitor } from "../support/visitor";

/** The text of React Router's module script in a page. */
function moduleScriptText(html: string): string {
  const text = /<script\b[^>]*type="module"[^>]*>([\s\S]*?)<\/script>/.exec(html)?.[1];
  if (text === undefined) throw new Error("no module script");
  return text;
}

/** The modules a page's module script preloads once the page has painted (ADR 52). */
function scriptsOf(html: string): string[] {
  const list = /for \(const href of (\[[^\]]*\])\)/.exec(moduleScriptText(html))?.[1];
  return list ? (JSON.parse(list) as string[]) : [];
}

/** Sends raw bytes and returns the raw answer, for requests no HTTP client would send. */
function rawRequest(port: number, payload: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, "127.0.0.1");
    let answer = "";
    socket.setEncoding("utf8");
    socket.on("data", (chunk: string) => (answer += chunk));
    socket.on("end", () => resolve(answer));
    socket.on("close", () => resolve(answer));
    socket.on("error", reject);
    socket.write(payload);
  });
}

describe("the app on the embedded database", () => {
  let app: AppProcess;
  const dataDir = freshDataDir();

  beforeAll(async () => {
    app = await spawnApp({ DATA_DIR: dataDir }).ready;
  });
  afterAll(async () => {
    await app?.stop();
  });

  it("reports healthy", async () => {
    const response = await fetch(`${app.url}/healthz`);
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(await response.json()).toEqual({ status: "ok" });
  });

  it("renders the home page on the server", async () => {
    const response = await fetch(app.url);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/html; charset=utf-8");
    const html = await response.text();
    expect(html).toContain('<html lang="en"');
    expect(html).toContain("Pick your own flowers and fruit");
  });

  it("renders a page whole, with its loaders' data for the browser inside it", async () => {
    const html = await (await fetch(`${app.url}/nl/meadows`)).text();
    expect(html.startsWith('<!DOCTYPE html><html lang="nl"')).toBe(true);
    // React Router's data for hydration: one piece, then the stream's end, before the page ends.
    const pieces = [...html.matchAll(/streamController\.enqueue\((.*?)\);<\/script>/g)];
    expect(pieces).toHaveLength(1);
    const data = JSON.parse(JSON.parse(pieces[0]![1]!) as string) as unknown[];
    expect(data).toEqual(expect.arrayContaining(["lang", "nl"]));
    expect(html).toMatch(/streamController\.close\(\);<\/script>(<!--\/\$-->)*<\/body><\/html>$/);
    // Nothing was left for the browser to render: no suspended part, no part rendered later.
    expect(html).not.toContain("<!--$!-->");
    expect(html).not.toContain("<template");
  });

  it("serves built assets with long-lived caching", async () => {
    const html = await (await fetch(app.url)).text();
    const [asset] = scriptsOf(html);
    expect(asset).toBeDefined();
    const response = await fetch(app.url + asset!);
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(response.headers.get("content-type")).toBe("text/javascript; charset=utf-8");
  });

  it("answers a built file's ETag with 304, and keeps unfingerprinted files for an hour", async () => {
    const html = await (await fetch(app.url)).text();
    const asset = /\/assets\/[^"]+\.js/.exec(html)![0];
    const bodies: string[] = [];
    for (const encoding of ["br", "identity"]) {
      const first = await fetch(app.url + asset, { headers: { "accept-encoding": encoding } });
      bodies.push(await first.text());
      const etag = first.headers.get("etag");
      expect(etag).toBeTruthy();
      const again = await fetch(app.url + asset, {
        headers: { "accept-encoding": encoding, "if-none-match": etag! },
      });
      expect(again.status).toBe(304);
      expect(await again.text()).toBe("");
    }
    // The build's .br file holds the same script.
    expect(bodies[0]).toBe(bodies[1]);
    const icon = await fetch(`${app.url}/favicon.svg`);
    expect(icon.status).toBe(200);
    expect(icon.headers.get("cache-control")).toBe("public, max-age=3600");
    expect(icon.headers.get("content-type")).toBe("image/svg+xml");
    // Only GET and HEAD reach the files; a POST goes on to the router, which has no such page.
    expect((await fetch(`${app.url}/favicon.svg`, { method: "HEAD" })).status).toBe(200);
    expect((await fetch(`${app.url}/favicon.svg`, { method: "POST" })).status).not.toBe(200);
  });

  it("fetches the page's scripts once it has painted", async () => {
    for (const path of ["/", "/meadows", "/nl/meadows/demo-001", "/login"]) {
      const html = await (await fetch(app.url + path)).text();
      // Nothing in the page asks for a script before the module script runs (ADR 52)…
      expect(html, path).not.toContain('rel="modulepreload"');
      const text = moduleScriptText(html);
      expect(text, path).not.toMatch(/(^|[;\n])\s*import\s*["*{\w]/);
      // …which waits for a painted frame, then preloads the page's modules and imports them.
      expect(text.startsWith("await new Promise((resolve) => requestAnimationFrame("), path).toBe(
        true,
      );
      expect(scriptsOf(html).length, path).toBeGreaterThan(3);
      expect(text, path).toMatch(/const route0 = await import\("\/assets\/root-[\w-]+\.js"\);/);
      expect(text, path).toMatch(/import\("\/assets\/entry\.client-[\w-]+\.js"\);$/);
    }
  });

  it("sends each page's scripts within their budget", async () => {
    // Brotli bytes of the scripts a page preloads: what a phone downloads before the page
    // answers a tap. A module in the shared chunks brings whatever it imports to every page
    // (vite.config.ts), and nothing else would notice.
    const SCRIPT_BUDGET_BYTES = 240_000;
    // What only some pages' forms need, and every page would otherwise build as it loads: the
    // account forms' schemas (their refinement's message) and the photo forms' (the file types).
    const FORMS_ELSEWHERE = ["validation.passwordsMatch", "image/jpeg,image/png,image/webp"];
    for (const path of ["/", "/meadows", "/nl/meadows/demo-001", "/login", "/map"]) {
      const html = await (await fetch(app.url + path)).text();
      let sent = 0;
      let text = "";
      for (const href of scriptsOf(html)) {
        const response = await fetch(app.url + href, { headers: { "accept-encoding": "br" } });
        expect(response.headers.get("content-encoding"), href).toBe("br");
        sent += Number(response.headers.get("content-length"));
        text += await response.text();
      }
      expect(sent, path).toBeGreaterThan(100_000);
      expect(sent, path).toBeLessThan(SCRIPT_BUDGET_BYTES);
      if (path === "/" || path === "/meadows") {
        for (const marker of FORMS_ELSEWHERE) expect(text, path).not.toContain(marker);
      }
    }
  });

  it("sends a Content-Security-Policy whose nonce is on every script", async () => {
    const nonces = [];
    for (let i = 0; i < 2; i++) {
      const response = await fetch(app.url);
      const policy = response.headers.get("content-security-policy") ?? "";
      const nonce = /'nonce-([^']+)'/.exec(policy)?.[1];
      expect(nonce).toBeTruthy();
      expect(policy).toContain("frame-ancestors 'none'");
      const html = await response.text();
      const scripts = [...html.matchAll(/<script\b[^>]*>/g)].map((match) => match[0]);
      expect(scripts.length).toBeGreaterThan(0);
      for (const script of scripts) expect(script).toContain(`nonce="${nonce}"`);
      nonces.push(nonce);
    }
    expect(nonces[0]).not.toBe(nonces[1]);
  });

  it("starts a worker from each page's head that prepares the page's formatters", async () => {
    // The built server's text of the worker, as a browser gets it: the build must leave it whole.
    for (const path of ["/meadows", "/nl/meadows/demo-001", "/login"]) {
      const html = await (await fetch(app.url + path)).text();
      const head = html.slice(0, html.indexOf("</head>"));
      const inline = [...head.matchAll(/<script nonce="[^"]+">(.*?)<\/script>/g)].map((m) => m[1]);
      const started = inline.flatMap((script) => startedWorkers(script ?? "").sources);
      expect(started, path).toHaveLength(1);
      expect(runWorker(started[0] ?? ""), path).toEqual({ closed: true });
      expect(started[0], path).toContain(
        path.startsWith("/nl") ? '("nl-NL","nl")' : '("en-GB","en")',
      );
    }
  });

  it("compresses pages and built assets for clients that accept it", async () => {
    const page = await fetch(app.url, { headers: { "accept-encoding": "br" } });
    expect(page.headers.get("content-encoding")).toBe("br");
    const html = await page.text();
    const asset = /\/assets\/[^"]+\.js/.exec(html)![0];
    for (const encoding of ["br", "gzip"]) {
      const response = await fetch(app.url + asset, { headers: { "accept-encoding": encoding } });
      expect(response.headers.get("content-encoding")).toBe(encoding);
      expect(response.headers.get("vary")).toBe("Accept-Encoding");
      expect((await response.text()).length).toBeGreaterThan(0);
    }
  });

  it("answers an unknown route with the 404 page", async () => {
    const response = await fetch(`${app.url}/no/such/page`);
    expect(response.status).toBe(404);
    expect(await response.text()).toContain("There is no page at /no/such/page.");
  });

  it("answers bad requests with 4xx and stays up", async () => {
    expect(
      await rawRequest(app.port, "GET /%E0%A4%A HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n"),
    ).toMatch(/^HTTP\/1\.1 400 /);
    expect(
      await rawRequest(
        app.port,
        "GET //evil.example/ HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n",
      ),
    ).toMatch(/^HTTP\/1\.1 400 /);
    expect(await rawRequest(app.port, "this is not http\r\n\r\n")).toMatch(/^HTTP\/1\.1 400 /);
    expect(
      await rawRequest(
        app.port,
        "GET / HTTP/1.1\r\nHost: x\r\nX-Big: " + "a".repeat(20_000) + "\r\n\r\n",
      ),
    ).toMatch(/^HTTP\/1\.1 431 |^HTTP\/1\.1 400 /);
    // The headers alone announce a body too large: the answer comes before any of it is sent.
    // (fetch cannot say one length and send another, so this is a raw request.)
    expect(
      await rawRequest(
        app.port,
        `POST / HTTP/1.1\r\nHost: x\r\nContent-Type: text/plain\r\nContent-Length: ${64 * 1024 * 1024}\r\nConnection: close\r\n\r\n`,
      ),
    ).toMatch(/^HTTP\/1\.1 413 /);
    expect(
      await rawRequest(
        app.port,
        "POST / HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\n5\r\nhello\r\n0\r\n\r\n",
      ),
    ).toMatch(/^HTTP\/1\.1 411 /);
    const notAllowed = await fetch(app.url, {
      method: "POST",
      body: new URLSearchParams({ a: "b" }),
    });
    expect(notAllowed.status).toBe(405);

    expect((await fetch(`${app.url}/healthz`)).status).toBe(200);
    expect(app.child.exitCode).toBeNull();
  });

  it("answers a form it cannot read with a 4xx page in the visitor's language", async () => {
    // No page of the app sends these; a broken client or an attacker can.
    const noBoundary = await fetch(`${app.url}/nl/login`, {
      method: "POST",
      headers: { "content-type": "multipart/form-data; boundary=xx" },
      body: "no parts here",
    });
    expect(noBoundary.status).toBe(400);
    const dutch = await noBoundary.text();
    expect(dutch).toContain("<h1");
    expect(dutch).toContain("Verzoek niet begrepen");
    expect(dutch).toContain("We konden niet lezen wat je hebt verstuurd.");
    expect(dutch).not.toContain("Er ging iets mis");

    const json = await fetch(`${app.url}/register`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: '{"email":',
    });
    expect(json.status).toBe(415);
    expect(await json.text()).toContain("Request not understood");
    // A resource route answers with the bare status.
    const mode = await fetch(`${app.url}/resources/colour-mode`, {
      method: "POST",
      headers: { "content-type": "text/plain" },
      body: "mode=dark",
    });
    expect(mode.status).toBe(415);
    expect((await fetch(`${app.url}/healthz`)).status).toBe(200);
  });

  it("has no /metrics without METRICS_TOKEN", async () => {
    const response = await fetch(`${app.url}/metrics`, {
      headers: { authorization: "Bearer anything" },
    });
    expect(response.status).toBe(404);
  });

  it("tells search engines what to read: robots.txt and the sitemaps", async () => {
    const robots = await fetch(`${app.url}/robots.txt`);
    expect(robots.status).toBe(200);
    expect(robots.headers.get("content-type")).toBe("text/plain; charset=utf-8");
    const sitemapUrl = /^Sitemap: (\S+)$/m.exec(await robots.text())?.[1];
    expect(sitemapUrl).toMatch(/^http:\/\/[^/]+\/sitemap\.xml$/);
    const origin = new URL(sitemapUrl!).origin;

    const index = await fetch(`${app.url}/sitemap.xml`);
    expect(index.headers.get("content-type")).toBe("application/xml; charset=utf-8");
    expect(await index.text()).toContain(`<loc>${origin}/sitemap.xml?page=1</loc></sitemap>`);
    const first = await (await fetch(`${app.url}/sitemap.xml?page=1`)).text();
    for (const path of ["/", "/nl", "/meadows", "/nl/meadows", "/about", "/nl/map"]) {
      expect(first).toContain(`<loc>${origin}${path}</loc>`);
    }
    for (const page of ["2", "0", "abc", "1e3", "-1"]) {
      expect((await fetch(`${app.url}/sitemap.xml?page=${page}`)).status).toBe(404);
    }
  });

  it("logs one JSON line per request without cookies, query strings or secrets", async () => {
    await fetch(`${app.url}/healthz?token=query-secret-123`, {
      headers: { cookie: "session=cookie-secret-456", authorization: "Bearer header-secret-789" },
    });
    await sleep(50);
    const line = app
      .logLines()
      .filter((entry) => entry.msg === "request" && entry.path === "/healthz")
      .at(-1);
    expect(line).toMatchObject({ level: "info", method: "GET", path: "/healthz", status: 200 });
    expect(typeof line!.durationMs).toBe("number");
    for (const secret of ["query-secret-123", "cookie-secret-456", "header-secret-789"]) {
      expect(app.stdout()).not.toContain(secret);
      expect(app.stderr()).not.toContain(secret);
    }
  });

  it("refuses a second process on the same embedded database", async () => {
    const second = spawnApp({ DATA_DIR: dataDir });
    expect(await second.exited).toBe(1);
    expect(second.stderr().trim().split("\n")).toHaveLength(1);
    expect(second.stderr()).toContain("is in use by process");
  });
});

describe("start-up configuration errors", () => {
  it.each([
    [{ DATABASE_URL: "mysql://root@localhost/db" }, "DATABASE_URL must be a postgres:// URL"],
    [
      {
        NODE_ENV: "production",
        DATABASE_URL: "postgres://postgres@127.0.0.1:1/none",
        AUTH_SECRET: undefined,
      },
      "AUTH_SECRET must be set in production",
    ],
    // The production build is production unless NODE_ENV says otherwise.
    [
      { DATABASE_URL: "postgres://postgres@127.0.0.1:1/none", AUTH_SECRET: undefined },
      "AUTH_SECRET must be set in production",
    ],
    [{ PORT: "http" }, "PORT must be a port number"],
    [{ REDIS_URL: "redis://:secret@127.0.0.1:1" }, "Redis at redis://:***@127.0.0.1:1 cannot"],
  ])("%o stops the process with one line", async (env, expected) => {
    const app = spawnApp(env);
    expect(await app.exited).toBe(1);
    const lines = app.stderr().trim().split("\n");
    expect(lines).toHaveLength(1);
    expect(lines[0]).toBe(
      `Plukweide cannot start: ${lines[0]!.slice("Plukweide cannot start: ".length)}`,
    );
    expect(lines[0]).toContain(expected);
    expect(app.stderr()).not.toMatch(/\n\s+at /);
  });
});

describe("graceful shutdown", () => {
  it("finishes open requests on SIGTERM, then closes the database and exits", async () => {
    const app = await spawnApp().ready;
    const socket = connect(app.port, "127.0.0.1");
    let answer = "";
    socket.setEncoding("utf8").on("data", (chunk: string) => (answer += chunk));
    await new Promise((resolve) => socket.once("connect", resolve));
    // Half a request: the server is now in the middle of reading its body.
    socket.write(
      "POST / HTTP/1.1\r\nHost: x\r\nContent-Type: text/plain\r\nContent-Length: 10\r\n\r\nhello",
    );
    await sleep(200);
    app.child.kill("SIGTERM");
    // Wait until the server has taken the signal (slow when the machine is busy).
    for (let waited = 0; waited < 10_000; waited += 50) {
      if (app.logLines().some((line) => line.msg === "shutting down: draining open requests"))
        break;
      await sleep(50);
    }
    expect(app.child.exitCode).toBeNull();
    const refused = await fetch(`${app.url}/healthz`).then(
      () => false,
      () => true,
    );
    expect(refused).toBe(true);
    socket.write("world");
    expect(await app.exited).toBe(0);
    expect(answer).toMatch(/^HTTP\/1\.1 405 /);
    const messages = app.logLines().map((line) => line.msg);
    expect(messages).toContain("shutting down: draining open requests");
    expect(messages.at(-1)).toBe("stopped");
  });
});

describe.runIf(testDatabaseUrl)("the app on PostgreSQL", () => {
  it("starts several processes together and reports the database's health", async () => {
    const fresh = await createFreshPostgresDatabase();
    const env = { DATABASE_URL: fresh.url };
    const apps = await Promise.all([spawnApp(env).ready, spawnApp(env).ready]);
    try {
      for (const app of apps) {
        const response = await fetch(`${app.url}/healthz`);
        expect(response.status).toBe(200);
      }
      // Take the database away: health must say so instead of pretending.
      const admin = new pg.Client({ connectionString: testDatabaseUrl });
      await admin.connect();
      const name = new URL(fresh.url).pathname.slice(1);
      await admin.query(`alter database "${name}" allow_connections false`);
      await admin.query(
        "select pg_terminate_backend(pid) from pg_stat_activity where datname = $1",
        [name],
      );
      await admin.end();
      const response = await fetch(`${apps[0]!.url}/healthz`);
      expect(response.status).toBe(503);
      expect(await response.json()).toEqual({ status: "unavailable" });
      expect(apps[0]!.child.exitCode).toBeNull();
    } finally {
      await Promise.all(apps.map((app) => app.stop()));
      await fresh.drop();
    }
  });
});

/** The Redis the tests may use (.ci/run sets it); shared, so the test uses keys of its own. */
const testRedisUrl = process.env.TEST_REDIS_URL || undefined;

describe.runIf(testRedisUrl)("the app with REDIS_URL", () => {
  it("keeps rate limits in Redis and reports its health, on /healthz and /metrics", async () => {
    // The app reaches Redis through a proxy of the test's own, which can take Redis away from
    // this app without stopping it for anyone else.
    const proxy = await startTcpProxy(new URL(testRedisUrl!));
    const url = new URL(testRedisUrl!);
    url.hostname = "127.0.0.1";
    url.port = String(proxy.port);
    const reader = createClient({ url: testRedisUrl });
    await reader.connect();
    const browser = new Visitor(() => app.url);
    const email = `redis-limits-${randomUUID()}@example.org`;
    const keys = [`plukweide:limit:mail:address:${email}`, `plukweide:limit:mail:ip:${browser.ip}`];
    // An earlier run within the window counted this visitor's address already.
    await reader.del(keys);
    const token = "metrics-token-for-the-redis-test";
    const app = await spawnApp({ REDIS_URL: url.href, METRICS_TOKEN: token }).ready;
    const metrics = async () => {
      const response = await fetch(`${app.url}/metrics`, {
        headers: { authorization: `Bearer ${token}` },
      });
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toBe("text/plain; version=0.0.4; charset=utf-8");
      return response.text();
    };
    try {
      expect((await fetch(`${app.url}/healthz`)).status).toBe(200);
      const refused = await fetch(`${app.url}/metrics`, { headers: { authorization: "Bearer x" } });
      expect(refused.status).toBe(401);
      expect(refused.headers.get("www-authenticate")).toBe('Bearer realm="metrics"');
      const up = await metrics();
      expect(up).toContain("\nplukweide_database_up 1\n");
      expect(up).toContain("\nplukweide_redis_up 1\n");
      // The /healthz before it, counted and timed.
      expect(up).toMatch(/\nplukweide_http_requests_total\{method="GET",status="200"\} [1-9]/);
      expect(up).toMatch(/\nplukweide_http_request_duration_seconds_count [1-9]/);
      // Three reset mails to one address in a quarter of an hour, then 429: counted in Redis.
      for (let mail = 1; mail <= 3; mail++) {
        expect((await browser.post("/forgot-password", { email })).status).not.toBe(429);
      }
      expect((await browser.post("/forgot-password", { email })).status).toBe(429);
      expect(await reader.hGet(`plukweide:limit:mail:address:${email}`, "count")).toBe("4");

      // Redis gone: the app keeps serving and limiting, counting in the database (ADR 27), and
      // says so in its metrics and log, until Redis is back.
      proxy.cut();
      const down = await fetch(`${app.url}/healthz`);
      expect(down.status).toBe(200);
      expect(await metrics()).toContain("\nplukweide_redis_up 0\n");
      const otherEmail = `redis-down-${randomUUID()}@example.org`;
      for (let mail = 1; mail <= 3; mail++) {
        expect((await browser.post("/forgot-password", { email: otherEmail })).status).not.toBe(
          429,
        );
      }
      expect((await browser.post("/forgot-password", { email: otherEmail })).status).toBe(429);
      expect(app.child.exitCode).toBeNull();

      proxy.restore();
      let status = 0;
      for (let waited = 0; status !== 200 && waited < 10_000; waited += 200) {
        await sleep(200);
        status = (await fetch(`${app.url}/healthz`)).status;
      }
      expect(status).toBe(200);
    } finally {
      await app.stop();
      await proxy.close();
      await reader.del(keys);
      reader.destroy();
    }
    expect(app.logLines().map((line) => line.msg)).toEqual(
      expect.arrayContaining([
        "redis ready: rate limits are kept there",
        "redis connection error",
        "redis does not answer: rate limits count in the database",
      ]),
    );
  });
});
