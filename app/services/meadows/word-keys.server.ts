import { sql } from "drizzle-orm";
import { queryRows, type Database } from "~/adapters/db.server";
import { textWords, type MeadowFilters } from "./filters.server";

/*
 * The box's words as they are looked for in `search_text`: each its shortest English or Dutch
 * stem, by the database's own Snowball dictionaries (meadow_word_key, ADR 61), so "strawberry"
 * finds "strawberries" and "bloemen" finds "bloem". The plans then read the keys as words.
 */

/** Words already keyed, most recent last; the dictionaries never change, so a key stays true. */
const keyCache = new Map<string, string>();
const KEY_CACHE_SIZE = 10_000;

/** `filters` with `words` set to the keys of its text's words (itself without words). */
export async function withWordKeys<Filters extends MeadowFilters>(
  db: Database,
  filters: Filters,
): Promise<Filters> {
  if (filters.words) return filters;
  const words = textWords(filters);
  if (words.length === 0) return filters;
  return { ...filters, words: await wordKeys(db, words) };
}

export async function wordKeys(db: Database, words: readonly string[]): Promise<string[]> {
  const missing = [...new Set(words.filter((word) => !keyCache.has(word)))];
  if (missing.length > 0) {
    const rows = await queryRows<{ word: string; key: string }>(
      db,
      sql`select word, meadow_word_key(word) as key
          from (values ${sql.join(
            missing.map((word) => sql`(${word}::text)`),
            sql`, `,
          )}) as words (word)`,
    );
    for (const { word, key } of rows) remember(word, key);
  }
  return words.map((word) => keyCache.get(word) ?? word);
}

function remember(word: string, key: string) {
  if (keyCache.size >= KEY_CACHE_SIZE) {
    const oldest = keyCache.keys().next();
    if (!oldest.done) keyCache.delete(oldest.value);
  }
  keyCache.set(word, key);
}
