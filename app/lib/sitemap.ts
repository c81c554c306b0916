import { escapeMarkup } from "~/lib/escape-markup";
import { LANGUAGES, pathInLanguage, type Language } from "~/lib/i18n";

/**
 * robots.txt and the sitemaps (sitemaps.org): which pages search engines may read, and the
 * addresses of those worth listing, each in every language.
 */

/** A page of the site, by its path in English (no prefix), and when it last changed. */
export interface SitemapEntry {
  path: string;
  /** YYYY-MM-DD */
  lastModified?: string;
}

/** The public pages that are not a meadow's: the start of a crawl. */
export const SITEMAP_STATIC_PATHS = ["/", "/map", "/meadows", "/about", "/privacy", "/terms"];

/** `path` (in English) in `language`, at `origin`. */
function address(origin: string, language: Language, path: string): string {
  return `${origin}${pathInLanguage(path, language)}`;
}

/**
 * A sitemap of `entries`: each language's address as a `<url>` of its own that names every
 * language's address as an alternate, as search engines ask of pages in several languages.
 */
export function sitemapUrlSet(origin: string, entries: SitemapEntry[]): string {
  const urls = entries.flatMap(({ path, lastModified }) => {
    const alternates = LANGUAGES.map(
      (language) =>
        `<xhtml:link rel="alternate" hreflang="${language}" href="${escapeMarkup(address(origin, language, path))}"/>`,
    );
    alternates.push(
      `<xhtml:link rel="alternate" hreflang="x-default" href="${escapeMarkup(address(origin, "en", path))}"/>`,
    );
    return LANGUAGES.map((language) =>
      [
        "<url>",
        `<loc>${escapeMarkup(address(origin, language, path))}</loc>`,
        lastModified ? `<lastmod>${escapeMarkup(lastModified)}</lastmod>` : "",
        ...alternates,
        "</url>",
      ].join(""),
    );
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">',
    ...urls,
    "</urlset>",
    "",
  ].join("\n");
}

/** The index of `pages` sitemaps, at /sitemap.xml?page=1 … */
export function sitemapIndex(origin: string, pages: number): string {
  const sitemaps = Array.from(
    { length: pages },
    (_, index) =>
      `<sitemap><loc>${escapeMarkup(`${origin}/sitemap.xml?page=${index + 1}`)}</loc></sitemap>`,
  );
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...sitemaps,
    "</sitemapindex>",
    "",
  ].join("\n");
}

/**
 * Everything may be read but the JSON and the small resources the pages post to; pages for
 * members alone say noindex themselves.
 */
export function robotsTxt(origin: string): string {
  return [
    "User-agent: *",
    "Disallow: /api/",
    "Disallow: /resources/",
    "",
    `Sitemap: ${origin}/sitemap.xml`,
    "",
  ].join("\n");
}
