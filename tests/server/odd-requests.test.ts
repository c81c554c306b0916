import { request as httpRequest } from "node:http";
import { connect } from "node:net";
import { setTimeout as sleep } from "node:timers/promises";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { spawnApp, type AppProcess } from "../support/app-process";

/**
 * What an attacker or a confused client sends: every method to every kind of route, and paths no
 * page has. Each gets a deliberate answer, and nothing reaches the process as an uncaught error.
 */

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
}

/** A raw request: fetch refuses methods such as TRACE and CONNECT before sending them. */
function send(
  port: number,
  method: string,
  path: string,
  headers: Record<string, string> = {},
  body?: string,
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    // Node sends no length with an OPTIONS or DELETE body unless told; a browser always does.
    const length = body === undefined ? {} : { "content-length": String(Buffer.byteLength(body)) };
    const options = { host: "127.0.0.1", port, method, path, headers: { ...length, ...headers } };
    const req = httpRequest(options, (res) => {
      res.resume();
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers }));
    });
    req.on("connect", (res, socket) => {
      socket.destroy();
      resolve({ status: res.statusCode ?? 0, headers: res.headers });
    });
    req.on("error", reject);
    req.end(body);
  });
}

/** Sends `head` as it is down a connection of its own; the answer's status line and headers. */
function sendRaw(
  port: number,
  head: string,
): Promise<{ status: number; headers: Map<string, string>; body: string }> {
  return new Promise((resolve, reject) => {
    const socket = connect({ host: "127.0.0.1", port }, () => socket.write(head));
    let text = "";
    socket.setEncoding("latin1").on("data", (chunk: string) => (text += chunk));
    socket.on("error", reject);
    socket.on("close", () => {
      const [top = "", body = ""] = text.split("\r\n\r\n");
      const [statusLine = "", ...lines] = top.split("\r\n");
      const headers = new Map<string, string>();
      for (const line of lines) {
        const colon = line.indexOf(":");
        headers.set(line.slice(0, colon).toLowerCase(), line.slice(colon + 1).trim());
      }
      resolve({ status: Number(statusLine.split(" ")[1]), headers, body });
    });
  });
}

const METHODS = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS", "TRACE", "PROPFIND"];

/** One path of each kind: pages, forms, resources, JSON, files, server endpoints, nothing. */
const PATHS = [
  "/",
  "/nl",
  "/meadows",
  "/nl/meadows/does-not-exist",
  "/meadows/add",
  "/login",
  "/resources/locale",
  "/resources/logout",
  "/resources/favorite",
  "/resources/favorite/state",
  "/resources/favorite/after-sign-in",
  "/api/meadows",
  "/robots.txt",
  "/sitemap.xml",
  "/healthz",
  "/version.json",
  "/favicon.svg",
  "/assets/missing.js",
  "/images/missing.webp",
  "/meadows.data",
  "/_.data",
  "/nowhere",
  "/nl/nowhere",
];

const ODD_PATHS = [
  "/nope%0A",
  "/nl%0A",
  "/meadows%0D",
  "/x%E2%80%A8",
  "/%E2%80%A9",
  "/nl/meadows/%0A/edit",
  "/meadows/%E2%80%A8",
  "/%2e%2e/%2e%2e/etc/passwd",
  "/..%2f..%2fetc%2fpasswd",
  "/%ZZ",
  "/%00",
  "/%C0%AF",
  `/${"a".repeat(4000)}`,
  "/meadows?q=%0A%0D%E2%80%A8",
  "/login?redirectTo=%0A%2F%2Fevil.example",
];

describe("odd requests on the production build", () => {
  let app: AppProcess;

  beforeAll(async () => {
    app = await spawnApp().ready;
  });
  afterAll(async () => {
    await app?.stop();
  });

  it("answers every method on every kind of route without a 5xx", async () => {
    const answers: string[] = [];
    for (const path of PATHS) {
      for (const method of METHODS) {
        const body = method === "GET" || method === "HEAD" ? undefined : "a=b";
        const headers: Record<string, string> = body
          ? { "content-type": "application/x-www-form-urlencoded" }
          : {};
        const { status, headers: answer } = await send(app.port, method, path, headers, body);
        answers.push(`${method} ${path} ${status}`);
        expect(status, `${method} ${path}`).toBeLessThan(500);
        if (status === 405) expect(answer.allow, `${method} ${path}`).toMatch(/^[A-Z, ]+$/);
      }
      const tunnel = await send(app.port, "CONNECT", path);
      expect(tunnel.status).toBe(405);
    }
    expect(answers).toContain("OPTIONS /login 204");
    expect(answers).toContain("TRACE /meadows 405");
    expect(answers).toContain("PUT /nowhere 404");
  });

  it("names the methods a route takes in Allow", async () => {
    const options = await send(app.port, "OPTIONS", "/login");
    expect(options.status).toBe(204);
    expect(options.headers.allow).toBe("GET, HEAD, POST, OPTIONS");
    const trace = await send(app.port, "TRACE", "/meadows");
    expect(trace.status).toBe(405);
    expect(trace.headers.allow).toBe("GET, HEAD, OPTIONS");
    const readSwitch = await send(app.port, "GET", "/resources/locale");
    expect(readSwitch.status).toBe(405);
    expect(readSwitch.headers.allow).toBe("POST, OPTIONS");
    const postHealth = await send(app.port, "POST", "/healthz", {}, "");
    expect(postHealth.status).toBe(405);
    expect(postHealth.headers.allow).toBe("GET, HEAD, OPTIONS");
  });

  it("answers paths that name nothing with 404 or 400, never 5xx", async () => {
    for (const path of ODD_PATHS) {
      const { status } = await send(app.port, "GET", path);
      expect(status, path).toBeGreaterThanOrEqual(200);
      expect(status, path).toBeLessThan(500);
    }
    expect((await send(app.port, "GET", "/nope%0A")).status).toBe(404);
    expect((await send(app.port, "GET", "/nl%0A")).status).toBe(404);
    expect((await send(app.port, "OPTIONS", "/nope%0A")).status).toBe(404);
  });

  it("refuses what never reaches the API's routes with a problem and the API's CORS", async () => {
    const port = app.port;
    const head = (target: string, extra = "") =>
      `GET ${target} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nAccept-Language: nl\r\n${extra}Connection: close\r\n\r\n`;
    const answers = [
      await sendRaw(port, head("/api/v1/meadows/%00")),
      await sendRaw(port, head("/api/v1/meadows/a\rb")),
      await sendRaw(port, head("/api/v1/meadows/a\nb")),
      await sendRaw(port, head(`/api/v1/meadows?q=${"a".repeat(17_000)}`)),
      await sendRaw(port, head("/api/v1/meadows", "Transfer-Encoding: chunked\r\n")),
      await sendRaw(
        port,
        `POST /api/meadows/x/photos HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nContent-Length: ${64 * 2 ** 20}\r\nConnection: close\r\n\r\n`,
      ),
    ];
    expect(answers.map((answer) => answer.status)).toEqual([400, 400, 400, 431, 411, 413]);
    for (const answer of answers) {
      expect(answer.headers.get("content-type")).toBe("application/problem+json; charset=utf-8");
      expect(answer.headers.get("access-control-allow-origin")).toBe("*");
      const problem = JSON.parse(answer.body) as { status: number; title: string; type: string };
      expect(problem.status).toBe(answer.status);
      expect(problem.type).toMatch(/\/api#problem-[a-z-]+$/);
      expect(problem.title.length).toBeGreaterThan(0);
    }
    expect(JSON.parse(answers[0]!.body)).toMatchObject({ title: "Verzoek onleesbaar" });
    const routed = [
      await sendRaw(
        port,
        `POST /api/v1/meadows HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nContent-Length: 3\r\nConnection: close\r\n\r\na=b`,
      ),
      await sendRaw(
        port,
        `POST /api/meadows/x/photos HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nOrigin: https://evil.example\r\nContent-Length: 3\r\nConnection: close\r\n\r\na=b`,
      ),
    ];
    expect(routed.map((answer) => answer.status)).toEqual([405, 403]);
    for (const answer of routed) {
      expect(answer.headers.get("content-type")).toBe("application/problem+json; charset=utf-8");
      expect(answer.headers.get("access-control-allow-origin")).toBe("*");
      expect((JSON.parse(answer.body) as { status: number }).status).toBe(answer.status);
    }
    expect(routed[0]!.headers.get("allow")).toBe("GET, HEAD, OPTIONS");
    // Elsewhere the refusal stays a line of text.
    const page = await sendRaw(port, head("/meadows/%00"));
    expect(page.status).toBe(400);
    expect(page.headers.get("content-type")).toBe("text/plain; charset=utf-8");
  });

  it("logs a refused cross-site post as a warning, not an error", async () => {
    const refused = await send(
      app.port,
      "POST",
      "/resources/colour-mode",
      { "content-type": "application/x-www-form-urlencoded", origin: "https://evil.example" },
      "mode=dark&redirectTo=%2F",
    );
    expect(refused.status).toBe(403);
    // The log line reaches this process through a pipe, a moment after the answer.
    let line: Record<string, unknown> | undefined;
    for (let waited = 0; !line && waited < 5_000; waited += 50) {
      line = app.logLines().find((entry) => entry.msg === "cross-site request refused");
      if (!line) await sleep(50);
    }
    expect(line?.level).toBe("warn");
  });

  it("takes a form's post with an opaque origin when the browser says it came from this site", async () => {
    // A page with Referrer-Policy: no-referrer (a mailed link's) posts with `Origin: null`.
    const form = { "content-type": "application/x-www-form-urlencoded", origin: "null" };
    const body = "mode=dark&redirectTo=%2F";
    const here = await send(
      app.port,
      "POST",
      "/resources/colour-mode",
      {
        ...form,
        "sec-fetch-site": "same-origin",
      },
      body,
    );
    expect(here.status).toBe(302);
    const elsewhere = await send(
      app.port,
      "POST",
      "/resources/colour-mode",
      {
        ...form,
        "sec-fetch-site": "cross-site",
      },
      body,
    );
    expect(elsewhere.status).toBe(403);
  });

  it("raises no uncaught error and no error log line, even after the render timeout", async () => {
    // The render timeout is five seconds; a timer left behind by a failed render fires after it.
    await sleep(6_500);
    expect(app.child.exitCode).toBeNull();
    const errors = app
      .logLines()
      .filter((entry) => ["error", "fatal"].includes(String(entry.level)));
    expect(errors).toEqual([]);
    expect(app.stderr()).toBe("");
    expect((await send(app.port, "GET", "/healthz")).status).toBe(200);
  });
});
