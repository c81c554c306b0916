import { request as httpRequest } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startAppWithMail } from "../support/app-with-mail";
import { spawnApp, type AppProcess } from "../support/app-process";
import { addMeadow, signedInMember } from "../support/members";
import { type TestSmtpServer } from "../support/smtp-server";
import { Visitor } from "../support/visitor";

/**
 * The headers that keep a page from being framed, sniffed, leaking its address or using the
 * visitor's camera, on every kind of answer: pages in both languages, error pages, files, JSON
 * and the server's own refusals.
 */

/** One page of each kind, in English and Dutch; `:meadow` is a meadow's id. */
const PAGES = [
  "/",
  "/nl",
  "/meadows",
  "/nl/meadows?q=dahlia",
  "/map",
  "/nl/map",
  "/about",
  "/nl/privacy",
  "/terms",
  "/login",
  "/nl/register",
  "/forgot-password",
  "/nl/verify-email",
  "/meadows/:meadow",
  "/nl/meadows/:meadow",
  "/reset-password?token=guessed",
  "/meadows/does-not-exist",
  "/nl/bestaat-niet",
  "/en/meadows/add",
  "/settings",
  "/nl/favorites",
  "/meadows/:meadow/edit",
];

const PERMISSIONS = /(^|,\s*)geolocation=\(self\)(,|$)/;

function expectEveryAnswerHeaders(headers: Headers, what: string) {
  expect(headers.get("x-content-type-options"), what).toBe("nosniff");
  expect(headers.get("referrer-policy"), what).toMatch(
    /^(strict-origin-when-cross-origin|no-referrer)$/,
  );
  expect(headers.get("x-frame-options"), what).toBe("DENY");
  expect(headers.get("permissions-policy"), what).toMatch(PERMISSIONS);
  expect(headers.get("permissions-policy"), what).toContain("camera=()");
}

/** The nonce the policy names for scripts, which the page's own scripts must carry. */
function nonceOf(policy: string): string {
  const nonce = /script-src [^;]*'nonce-([A-Za-z0-9+/=]+)'/.exec(policy)?.[1];
  expect(nonce, policy).toBeDefined();
  return nonce!;
}

/** A raw request, for what fetch will not send (an oversized length, a foreign Origin). */
function rawHeaders(
  port: number,
  method: string,
  path: string,
  headers: Record<string, string>,
): Promise<Headers> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: "127.0.0.1", port, method, path, headers }, (res) => {
      res.resume();
      const answer = new Headers({ status: String(res.statusCode) });
      for (const [name, value] of Object.entries(res.headers)) {
        if (typeof value === "string") answer.set(name, value);
      }
      resolve(answer);
    });
    req.on("error", reject);
    req.end();
  });
}

describe("security headers over plain http", () => {
  let smtp: TestSmtpServer;
  let app: AppProcess;
  let member: Visitor;
  let meadowId: string;

  beforeAll(async () => {
    ({ app, smtp } = await startAppWithMail());
    member = new Visitor(() => app.url);
    await signedInMember(member, smtp);
    meadowId = (await addMeadow(member)).split("/").pop()!;
  });
  afterAll(async () => {
    await app?.stop();
    await smtp?.close();
  });

  it("gives every page a policy with a nonce of its own, and no framing", async () => {
    for (const page of PAGES) {
      const path = page.replace(":meadow", meadowId);
      // The pages for signing in send a member home; a visitor sees them.
      const as = /login|register|password|verify/.test(path) ? new Visitor(() => app.url) : member;
      const [first, second] = [await as.get(path), await as.get(path)];
      const html = await first.text();
      await second.arrayBuffer();
      expect(`${first.status} ${first.headers.get("content-type")}`, path).toMatch(
        /^\d+ text\/html/,
      );
      expectEveryAnswerHeaders(first.headers, path);
      expect(first.headers.get("strict-transport-security"), path).toBeNull();
      const policy = first.headers.get("content-security-policy") ?? "";
      expect(policy, path).toContain("frame-ancestors 'none'");
      expect(policy, path).not.toContain("'unsafe-inline' 'self'");
      const nonce = nonceOf(policy);
      expect(html, path).toContain(`nonce="${nonce}"`);
      // A nonce an attacker saw once is of no use on the next answer.
      expect(nonceOf(second.headers.get("content-security-policy") ?? ""), path).not.toBe(nonce);
    }
  });

  it("gives a HEAD the headers its GET carries, the policy included", async () => {
    for (const page of PAGES) {
      const path = page.replace(":meadow", meadowId);
      const as = /login|register|password|verify/.test(path) ? new Visitor(() => app.url) : member;
      const get = await as.get(path);
      await get.arrayBuffer();
      const head = await fetch(new URL(path, app.url), {
        method: "HEAD",
        headers: { cookie: as.cookie, "accept-language": "en" },
        redirect: "manual",
      });
      expect(head.status, path).toBe(get.status);
      expectEveryAnswerHeaders(head.headers, path);
      expect(head.headers.get("content-type"), path).toBe(get.headers.get("content-type"));
      const policy = (answer: Response) =>
        (answer.headers.get("content-security-policy") ?? "").replace(/'nonce-[^']+'/g, "'nonce'");
      expect(policy(head), path).toBe(policy(get));
      expect(policy(head), path).toContain("script-src 'self' 'nonce'");
    }
  });

  it("gives files, JSON and the server's own refusals the same headers", async () => {
    const visitor = new Visitor(() => app.url);
    const answers: Array<[string, Headers]> = [];
    for (const path of ["/robots.txt", "/sitemap.xml", "/api/meadows?bbox=4,51,6,53", "/healthz"]) {
      answers.push([path, (await visitor.get(path)).headers]);
    }
    const html = await (await visitor.get("/")).text();
    const asset = /\/assets\/[^"]+\.js/.exec(html)![0];
    answers.push([asset, (await visitor.get(asset)).headers]);
    const refusals: Array<[string, string, Record<string, string>]> = [
      ["PUT", "/", {}],
      ["POST", "/resources/locale", { origin: "https://evil.example", "content-length": "0" }],
      ["POST", "/login", { "content-length": String(1024 * 1024 * 1024) }],
      ["GET", "/%00", {}],
    ];
    for (const [method, path, headers] of refusals) {
      answers.push([`${method} ${path}`, await rawHeaders(app.port, method, path, headers)]);
    }
    expect(answers.map(([what, headers]) => `${what} ${headers.get("status") ?? ""}`)).toContain(
      "POST /login 413",
    );
    for (const [what, headers] of answers) {
      expectEveryAnswerHeaders(headers, what);
      expect(headers.get("strict-transport-security"), what).toBeNull();
    }
  });
});

describe("security headers when the site is served over https", () => {
  let app: AppProcess;

  beforeAll(async () => {
    app = await spawnApp({ APP_URL: "https://plukweide.example" }).ready;
  });
  afterAll(async () => {
    await app?.stop();
  });

  it("asks browsers to keep to https on pages and on every other answer", async () => {
    const visitor = new Visitor(() => app.url, new URL("https://plukweide.example"));
    for (const path of ["/", "/nl/meadows", "/robots.txt", "/healthz", "/bestaat-niet"]) {
      const answer = await visitor.get(path);
      await answer.arrayBuffer();
      expectEveryAnswerHeaders(answer.headers, path);
      expect(answer.headers.get("strict-transport-security"), path).toBe("max-age=31536000");
    }
    const refused = await rawHeaders(app.port, "PUT", "/", {});
    expect(refused.get("strict-transport-security")).toBe("max-age=31536000");
  });
});
