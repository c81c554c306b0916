import { describe, expect, it } from "vitest";
import { robotsTxt, sitemapIndex, sitemapUrlSet } from "./sitemap";

describe("sitemaps", () => {
  it("lists each page once per language, each naming every language's address", () => {
    const xml = sitemapUrlSet("https://plukweide.example", [
      { path: "/" },
      { path: "/meadows/Ab3_x-9", lastModified: "2026-11-20" },
    ]);
    const urls = [...xml.matchAll(/<url>(.*?)<\/url>/g)].map((match) => match[1]);
    expect(urls).toHaveLength(4);
    expect(urls.map((url) => /<loc>(.*?)<\/loc>/.exec(url ?? "")?.[1])).toEqual([
      "https://plukweide.example/",
      "https://plukweide.example/nl",
      "https://plukweide.example/meadows/Ab3_x-9",
      "https://plukweide.example/nl/meadows/Ab3_x-9",
    ]);
    for (const url of urls.slice(2)) {
      expect(url).toContain("<lastmod>2026-11-20</lastmod>");
      expect(url).toContain(
        '<xhtml:link rel="alternate" hreflang="en" href="https://plukweide.example/meadows/Ab3_x-9"/>',
      );
      expect(url).toContain(
        '<xhtml:link rel="alternate" hreflang="nl" href="https://plukweide.example/nl/meadows/Ab3_x-9"/>',
      );
      expect(url).toContain(
        '<xhtml:link rel="alternate" hreflang="x-default" href="https://plukweide.example/meadows/Ab3_x-9"/>',
      );
    }
    expect(urls[0]).not.toContain("<lastmod>");
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<urlset ')).toBe(true);
  });

  it("escapes what XML would read as markup", () => {
    const xml = sitemapUrlSet("https://a.example", [{ path: "/x?a=1&b=<'\">" }]);
    expect(xml).toContain("<loc>https://a.example/x?a=1&amp;b=&lt;&#39;&quot;&gt;</loc>");
    expect(xml).not.toContain("&b=");
  });

  it("indexes the sitemaps by page and points robots to it", () => {
    const index = sitemapIndex("https://a.example", 3);
    expect([...index.matchAll(/<loc>(.*?)<\/loc>/g)].map((match) => match[1])).toEqual([
      "https://a.example/sitemap.xml?page=1",
      "https://a.example/sitemap.xml?page=2",
      "https://a.example/sitemap.xml?page=3",
    ]);
    const robots = robotsTxt("https://a.example");
    expect(robots).toContain("Sitemap: https://a.example/sitemap.xml\n");
    expect(robots).toContain("Disallow: /api/\n");
    expect(robots).not.toMatch(/^Disallow: \/$/m);
  });
});
