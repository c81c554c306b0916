import { and, count, eq, inArray, sql } from "drizzle-orm";
import { favorites, meadows } from "../../db/schema";
import { preparedQuery, type Database } from "~/adapters/db.server";
import { NotFoundError } from "./meadows/errors";
import { isMeadowId } from "./meadows/records.server";

/**
 * Keeps meadow `meadowId` among the member's favorites. Setting it twice, or from two requests at
 * once, leaves one row: the primary key decides, not a read before the write. Throws
 * NotFoundError when there is no such meadow.
 */
export async function addFavorite(db: Database, userId: string, meadowId: string): Promise<void> {
  if (!isMeadowId(meadowId)) throw new NotFoundError(`meadow ${meadowId} does not exist`);
  try {
    await db.insert(favorites).values({ userId, meadowId }).onConflictDoNothing();
  } catch (error) {
    // The meadow's foreign key: it does not exist, or was deleted a moment ago.
    if (isForeignKeyViolation(error)) {
      throw new NotFoundError(`meadow ${meadowId} does not exist`, { cause: error });
    }
    throw error;
  }
}

/** Takes meadow `meadowId` off the member's favorites; nothing happens when it was not there. */
export async function removeFavorite(
  db: Database,
  userId: string,
  meadowId: string,
): Promise<void> {
  await db
    .delete(favorites)
    .where(and(eq(favorites.userId, userId), eq(favorites.meadowId, meadowId)));
}

/**
 * Sets or clears one favorite: a replayed or raced request ends in the state it asked for.
 * Throws NotFoundError when there is no such meadow, either way.
 */
export async function setFavorite(
  db: Database,
  userId: string,
  meadowId: string,
  kept: boolean,
): Promise<void> {
  if (kept) return addFavorite(db, userId, meadowId);
  if (!(await meadowExists(db, meadowId))) {
    throw new NotFoundError(`meadow ${meadowId} does not exist`);
  }
  await removeFavorite(db, userId, meadowId);
}

export async function isFavorite(db: Database, userId: string, meadowId: string): Promise<boolean> {
  const [row] = await db
    .select({ meadowId: favorites.meadowId })
    .from(favorites)
    .where(and(eq(favorites.userId, userId), eq(favorites.meadowId, meadowId)));
  return row !== undefined;
}

/** Which of `meadowIds` the member keeps: one query for a page of cards. */
export async function favoritesOf(
  db: Database,
  userId: string | undefined,
  meadowIds: readonly string[],
): Promise<Set<string>> {
  if (!userId || meadowIds.length === 0) return new Set();
  const rows = await db
    .select({ meadowId: favorites.meadowId })
    .from(favorites)
    .where(and(eq(favorites.userId, userId), inArray(favorites.meadowId, [...meadowIds])));
  return new Set(rows.map((row) => row.meadowId));
}

/** How many members keep the meadow. */
export async function countFor(db: Database, meadowId: string): Promise<number> {
  const [row] = await favoriteCount(db).execute({ meadowId });
  return row?.total ?? 0;
}

const favoriteCount = preparedQuery((db) =>
  db
    .select({ total: count() })
    .from(favorites)
    .where(eq(favorites.meadowId, sql.placeholder("meadowId")))
    .prepare("favorite_count"),
);

/** Whether the meadow exists: a favorite's answer for an unknown one is a 404. */
export async function meadowExists(db: Database, meadowId: string): Promise<boolean> {
  if (!isMeadowId(meadowId)) return false;
  const [row] = await db.select({ id: meadows.id }).from(meadows).where(eq(meadows.id, meadowId));
  return row !== undefined;
}

/** PostgreSQL's foreign_key_violation, from node-postgres and PGlite alike. */
function isForeignKeyViolation(error: unknown): boolean {
  for (let current = error; current instanceof Error; current = current.cause) {
    if ((current as Error & { code?: unknown }).code === "23503") return true;
  }
  return false;
}

/** Cards of a page, each marked with whether the member keeps it (all unmarked for a visitor). */
export async function markKept<T extends { id: string }>(
  db: Database,
  userId: string | undefined,
  items: readonly T[],
): Promise<Array<T & { kept: boolean }>> {
  const kept = await favoritesOf(
    db,
    userId,
    items.map((item) => item.id),
  );
  return items.map((item) => ({ ...item, kept: kept.has(item.id) }));
}

/** What a meadow's page shows of its favorites: whether the member keeps it, and how many do. */
export async function favoriteSummary(
  db: Database,
  userId: string | undefined,
  meadowId: string,
): Promise<{ kept: boolean; count: number }> {
  const [kept, total] = await Promise.all([
    userId ? isFavorite(db, userId, meadowId) : false,
    countFor(db, meadowId),
  ]);
  return { kept, count: total };
}
