import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { meadows } from "../../db/schema";
import { testEngines } from "../../tests/support/databases";
import { UTRECHT_MEADOW } from "../../tests/support/meadow-values";
import type { DatabaseHandle } from "~/adapters/db.server";
import { SITEMAP_MEADOWS, sitemapCount, sitemapMeadows } from "./sitemap.server";

describe.each(testEngines)("sitemaps on $name", (engine) => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await engine.open();
    await handle.migrate();
  });
  afterAll(() => handle.close());

  it("lists real meadows in pages by id, with the day each last changed, and no demo ones", async () => {
    const { db } = handle;
    expect(await sitemapCount(db)).toBe(1);
    expect(await sitemapMeadows(db, 1)).toEqual([]);
    const field = (id: string, updatedAt: string, isDemo = false) => ({
      ...UTRECHT_MEADOW,
      id,
      lat: 52.09,
      lng: 5.12,
      isDemo,
      updatedAt: new Date(updatedAt),
    });
    await db
      .insert(meadows)
      .values([
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
    await db.insert(meadows).values(field("mVeld", "2026-11-22T12:00:00Z"));
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
