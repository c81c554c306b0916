import { asc, count, eq } from "drizzle-orm";
import { meadows } from "../../db/schema";
import type { Database } from "~/adapters/db.server";
import type { SitemapEntry } from "~/lib/sitemap";

/**
 * Meadows per sitemap: each gives two addresses (English and Dutch), and a sitemap may hold
 * 50,000. A million meadows make 50 sitemaps.
 */
export const SITEMAP_MEADOWS = 20_000;

/**
 * How many sitemaps of meadows there are: at least one, which also lists the other public pages.
 * Demo meadows are left out: they are illustrations, not places to visit.
 */
export async function sitemapCount(
  db: Database,
  { perPage = SITEMAP_MEADOWS } = {},
): Promise<number> {
  const [row] = await db.select({ n: count() }).from(meadows).where(eq(meadows.isDemo, false));
  return Math.max(1, Math.ceil(Number(row?.n ?? 0) / perPage));
}

/**
 * The meadows of sitemap `page` (1-based), in the order of their ids. The pages are offsets along
 * the primary key: the last of a million meadows' 50 reads the 980,000 before it (about a second
 * on PostgreSQL), fine for a crawler's occasional and cached request.
 */
export async function sitemapMeadows(
  db: Database,
  page: number,
  { perPage = SITEMAP_MEADOWS } = {},
): Promise<SitemapEntry[]> {
  const rows = await db
    .select({ id: meadows.id, updatedAt: meadows.updatedAt })
    .from(meadows)
    .where(eq(meadows.isDemo, false))
    .orderBy(asc(meadows.id))
    .limit(perPage)
    .offset((page - 1) * perPage);
  return rows.map((row) => ({
    path: `/meadows/${row.id}`,
    lastModified: row.updatedAt.toISOString().slice(0, 10),
  }));
}
