import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startAppWithMail } from "../support/app-with-mail";
import { type AppProcess } from "../support/app-process";
import { type TestSmtpServer } from "../support/smtp-server";
import { signedInMember } from "../support/members";
import { Visitor } from "../support/visitor";

/**
 * The anonymous page cache (PAGE_CACHE_SECONDS, ADR 26) on the production build: pages made
 * once are served again to visitors, each with a nonce of its own, never to a member, and a
 * write empties it at once.
 */

const MEADOW = "demo-001";

function nonces(response: Response, html: string) {
  const header = /'nonce-([^']+)'/.exec(response.headers.get("content-security-policy") ?? "")?.[1];
  const inPage = new Set([...html.matchAll(/nonce="([^"]+)"/g)].map((match) => match[1]));
  return { header, inPage: [...inPage] };
}

describe("the anonymous page cache", () => {
  let smtp: TestSmtpServer;
  let app: AppProcess;
  /** A returning browser's: its first page, which sets it, is made for it alone (ADR 25). */
  let stylesheetCookie = "";
  const visit = (path: string) => fetch(app.url + path, { headers: { cookie: stylesheetCookie } });

  beforeAll(async () => {
    ({ app, smtp } = await startAppWithMail({ SEED_DEMO: "true", PAGE_CACHE_SECONDS: "60" }));
    const first = await fetch(`${app.url}/`);
    await first.arrayBuffer();
    expect(first.headers.get("x-page-cache")).toBeNull();
    stylesheetCookie = first.headers.getSetCookie()[0]!.split(";")[0]!;
  });
  afterAll(async () => {
    await app?.stop();
    await smtp?.close();
  });

  it("serves a visitor's page again, with a fresh nonce each time", async () => {
    const first = await visit("/about");
    const firstHtml = await first.text();
    const second = await visit("/about");
    const secondHtml = await second.text();
    expect(first.headers.get("x-page-cache")).toBeNull();
    expect(second.headers.get("x-page-cache")).toBe("hit");
    expect(secondHtml.length).toBeGreaterThan(1000);

    const before = nonces(first, firstHtml);
    const after = nonces(second, secondHtml);
    expect(before.inPage).toEqual([before.header]);
    expect(after.inPage).toEqual([after.header]);
    expect(after.header).not.toBe(before.header);
    expect(secondHtml.replaceAll(after.header!, "")).toBe(firstHtml.replaceAll(before.header!, ""));
  });

  it("never serves a member from it, and a member's write reaches visitors at once", async () => {
    const visitorPage = async () => {
      const response = await visit(`/meadows/${MEADOW}`);
      return { hit: response.headers.get("x-page-cache") === "hit", html: await response.text() };
    };
    await visitorPage();
    const cached = await visitorPage();
    expect(cached.hit).toBe(true);
    expect(cached.html).toContain("Nobody has this meadow as a favorite yet");
    const dutchPage = async () => {
      const response = await visit(`/nl/meadows/${MEADOW}`);
      return { hit: response.headers.get("x-page-cache") === "hit", html: await response.text() };
    };
    const listHit = async () => {
      const response = await visit("/meadows");
      await response.arrayBuffer();
      return response.headers.get("x-page-cache") === "hit";
    };

    const member = new Visitor(() => app.url);
    const { email, password } = await signedInMember(member, smtp);
    // Signing in again is a post that changes no page a visitor sees: the list stays cached.
    await listHit();
    const again = new Visitor(() => app.url);
    expect((await again.post("/login", { email, password })).status).toBe(302);
    expect(again.jar.has("plukweide.session_token")).toBe(true);
    for (let look = 0; look < 2; look++) {
      const page = await member.get(`/meadows/${MEADOW}`);
      expect(page.headers.get("x-page-cache")).toBeNull();
      await page.arrayBuffer();
    }

    // Signing in changed no page a visitor sees: the list stayed in the cache.
    expect(await listHit()).toBe(true);
    await dutchPage();
    const kept = await member.post("/resources/favorite", {
      meadowId: MEADOW,
      favorite: "true",
      redirectTo: `/meadows/${MEADOW}`,
    });
    expect(kept.status).toBe(302);
    const after = await visitorPage();
    expect(after.hit).toBe(false);
    expect(after.html).toContain("1 person has this meadow as a favorite");
    // A heart changes only its meadow's page, in both languages: the list stays served.
    const dutchAfter = await dutchPage();
    expect(dutchAfter.hit).toBe(false);
    expect(dutchAfter.html).toContain("1 persoon");
    expect(await listHit()).toBe(true);

    // Any other write empties every page.
    const profile = await member.post("/settings/profile", { name: "Mila Bakker-de Vries" });
    expect(profile.status).toBeLessThan(500);
    expect(await listHit()).toBe(false);
  });
});
