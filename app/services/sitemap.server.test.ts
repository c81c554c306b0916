import { describe, expect, it } from "vitest";
import { insertMeadow, insertMeadows } from "../../db/factories/meadows";
import { migratedDatabase, testEngines } from "../../tests/support/databases";
import { SITEMAP_MEADOWS, sitemapCount, sitemapMeadows } from "./sitemap.server";

describe.each(testEngines)("sitemaps on $name", (engine) => {
  const database = migratedDatabase(engine);

  it("lists real meadows in pages by id, with the day each last changed, and no demo ones", async () => {
    const { db } = database;
    expect(await sitemapCount(db)).toBe(1);
    expect(await sitemapMeadows(db, 1)).toEqual([]);
    const field = (id: string, updatedAt: string, isDemo = false) => ({
      id,
      isDemo,
      updatedAt: new Date(updatedAt),
    });
    await insertMeadows(db, [
      field("zVeld", "2026-11-20T23:30:00Z"),
      field("aVeld", "2026-01-02T08:00:00Z"),
      field("demo-001", "2026-11-01T00:00:00Z", true),
    ]);
    expect(await sitemapCount(db)).toBe(1);
    expect(await sitemapMeadows(db, 1)).toEqual([
      { path: "/meadows/aVeld", lastModified: "2026-01-02" },
      { path: "/meadows/zVeld", lastModified: "2026-11-20" },
    ]);
    expect(await sitemapMeadows(db, 2)).toEqual([]);

    // Pages of two: the second holds the last by id.
    const perPage = 2;
    await insertMeadow(db, field("mVeld", "2026-11-22T12:00:00Z"));
    expect(await sitemapCount(db, { perPage })).toBe(2);
    expect(await sitemapMeadows(db, 1, { perPage })).toEqual([
      { path: "/meadows/aVeld", lastModified: "2026-01-02" },
      { path: "/meadows/mVeld", lastModified: "2026-11-22" },
    ]);
    expect(await sitemapMeadows(db, 2, { perPage })).toEqual([
      { path: "/meadows/zVeld", lastModified: "2026-11-20" },
    ]);
  });

  it("keeps each sitemap within the 50,000 addresses one may hold, two languages each", () => {
    expect(SITEMAP_MEADOWS * 2).toBeLessThanOrEqual(50_000);
  });
});
