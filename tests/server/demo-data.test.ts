import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { spawnApp, type AppProcess } from "../support/app-process";
import { createFreshPostgresDatabase, testDatabaseUrl } from "../support/databases";
import { DEMO_MEADOWS, DEMO_MEMBER } from "../../db/seed/demo-meadows";
import { escapeMarkup } from "../../app/lib/escape-markup";
import { metaDescription } from "../../app/lib/page-meta";

/** Text as React writes it into HTML: as escapeMarkup does, with its own apostrophe. */
function asHtml(text: string): string {
  return escapeMarkup(text).replaceAll("&#39;", "&#x27;");
}

describe("a first start on a fresh embedded database", () => {
  let app: AppProcess;

  beforeAll(async () => {
    // spawnApp turns demo data off by default; this start uses the default (unset).
    app = await spawnApp({ SEED_DEMO: undefined }).ready;
  });
  afterAll(() => app?.stop());

  it("adds the demo meadows, says so in the log, and marks their pages as demo", async () => {
    const logged = app.logLines().find((line) => String(line.msg).startsWith("demo data"));
    expect(logged).toMatchObject({ level: "info", meadows: expect.any(Number), members: 1 });
    expect(Number(logged?.meadows)).toBeGreaterThanOrEqual(38);

    for (const [path, badge] of [
      ["/meadows/demo-001", "Demo meadow: an example, not a real place"],
      ["/nl/meadows/demo-001", "Voorbeeldpluktuin: ter illustratie, geen echte plek"],
    ] as const) {
      const response = await fetch(app.url + path);
      expect(response.status).toBe(200);
      const html = await response.text();
      expect(html).toContain(badge);
      expect(html).toContain("Tulpenpluktuin De Zandhoek");
      expect(html).toContain("Plukweide demo");
      // An illustration, not a place: search engines are asked to leave it out.
      expect(html).toContain('<meta name="robots" content="noindex"/>');
    }
    // The demo member's long bio previews as its first whole words, on one line.
    const bio = metaDescription(DEMO_MEMBER.bio, 160);
    expect(bio).toMatch(/^The demo meadows belong to this example account\. .* [a-z]+…$/);
    const profile = await (await fetch(`${app.url}/profile/${DEMO_MEMBER.id}`)).text();
    expect(profile).toContain(`<meta name="description" content="${asHtml(bio)}"/>`);
    const sitemap = await (await fetch(`${app.url}/sitemap.xml?page=1`)).text();
    expect(sitemap).toContain("/about</loc>");
    expect(sitemap).not.toContain("demo-");
  });

  it("draws each photo-less card with what grows there, on the list and on its owner's profile", async () => {
    /** The parts each card's drawing shows, after the sun and hills, with their colours. */
    const drawings = (html: string) =>
      [...html.matchAll(/<svg viewBox="0 0 400 300"[^>]*>(.*?)<\/svg>/g)].map(([, uses = ""]) =>
        [...uses.matchAll(/<use href="#md\w+?([a-z]\d?)"(?: color="([^"]+)")?/g)]
          .slice(1)
          .map(([, part, colour]) => (colour ? `${part} ${colour}` : part)),
      );
    const cards = async (path: string) => drawings(await (await fetch(app.url + path)).text());
    // Apples (red, though the catalogue's pin is green) and pears: trees with fruit.
    expect(await cards("/meadows?q=Zeeuwse+Gaarde")).toEqual([["t", "o0 #d8483a", "o1 #c0ca33"]]);
    expect(await cards("/meadows?q=Kortezwaag")).toEqual([["p0 #ef7d22", "p1 #ef7d22"]]);
    expect(await cards("/meadows?q=Bessenhoeve+De+Peel")).toContainEqual([
      "b0 #3f51b5",
      "b1 #3f51b5",
    ]);
    const profile = await cards(`/profile/${DEMO_MEMBER.id}`);
    expect(profile.length).toBeGreaterThan(20);
    // Not a wall of one picture: tulips, lavender, sunflowers, peonies, strawberries, pumpkins…
    const scenes = new Set(profile.map((parts) => parts[0]?.split(" ")[0]));
    for (const part of ["f0", "u0", "s0", "n0", "w0", "t", "b0", "r0", "p0"]) {
      expect(scenes, part).toContain(part);
    }
  });

  it("describes every demo meadow in the page's language, marked with it, in the page and its previews", async () => {
    for (const meadow of DEMO_MEADOWS) {
      for (const [prefix, lang, text, other] of [
        ["", "en", meadow.description, meadow.descriptionNl],
        ["/nl", "nl", meadow.descriptionNl, meadow.description],
      ] as const) {
        const html = await (await fetch(`${app.url}${prefix}/meadows/${meadow.id}`)).text();
        const where = `${prefix}/meadows/${meadow.id}`;
        expect(html, where).toContain(`<p lang="${lang}" class="whitespace-pre-line`);
        expect(html, where).toContain(`>${asHtml(text)}</p>`);
        const preview = asHtml(metaDescription(text));
        expect(html, where).toContain(`<meta name="description" content="${preview}"/>`);
        expect(html, where).toContain(`<meta property="og:description" content="${preview}"/>`);
        expect(html, where).not.toContain(asHtml(other));
      }
    }
  });
});

describe.runIf(testDatabaseUrl)("a start on PostgreSQL without SEED_DEMO", () => {
  let app: AppProcess;
  let fresh: Awaited<ReturnType<typeof createFreshPostgresDatabase>>;

  beforeAll(async () => {
    fresh = await createFreshPostgresDatabase();
    app = await spawnApp({ DATABASE_URL: fresh.url, SEED_DEMO: undefined }).ready;
  });
  afterAll(async () => {
    await app?.stop();
    await fresh?.drop();
  });

  it("adds no demo data", async () => {
    expect(app.logLines().some((line) => String(line.msg).startsWith("demo data"))).toBe(false);
    expect((await fetch(`${app.url}/meadows/demo-001`)).status).toBe(404);
  });
});
