import levenshtein from "damerau-levenshtein";
import { sql } from "drizzle-orm";
import { queryManyRowsWith, queryRows, type Database } from "~/adapters/db.server";
import { textPattern } from "./filters.server";
import { slipsAllowed } from "./read-query.server";
import { wordKeys } from "./word-keys.server";

/*
 * The typing slips of the box's words (docs/search.md): when the words find nothing, a word no
 * meadow holds is read as the word of the meadows' texts it comes closest to, within a slip or
 * two ("zonnehoeck" → "zonnehoek"), looked up by trigram similarity among the distinct words of
 * the texts (meadow_words, migration 0032).
 */

/** Shorter words have too many neighbours a slip away to be read as one of them. */
const MIN_LENGTH = 5;
/** At most this many words of a query are looked up, each one statement. */
const MAX_WORDS = 4;
/** Words most like the word, of which the closest within its slips is picked. */
const CANDIDATE_WORDS = 50;
/**
 * How much two words' trigrams must overlap for one to be a candidate for the other: a slip in a
 * word of five letters leaves about a third of them shared.
 */
const SIMILARITY = "0.3";
/** Keys meadow_words can answer for: it holds runs of letters and digits only. */
const WORD_RUN = /^[\p{L}\p{N}]+$/u;

/**
 * For each of `words` that no meadow holds (as it is looked for: its stem, see wordKeys) and that
 * is a slip or two from a word one does, that word, folded; the others are left out.
 */
export async function closestWords(
  db: Database,
  words: readonly string[],
): Promise<Map<string, string>> {
  const closest = new Map<string, string>();
  const asked = [...new Set(words)]
    .filter((word) => [...word].length >= MIN_LENGTH && !/\d/.test(word))
    .slice(0, MAX_WORDS);
  if (asked.length === 0) return closest;
  const keys = await wordKeys(db, asked);
  for (const [index, word] of asked.entries()) {
    const key = keys[index] ?? word;
    const [held] = await queryRows<{ held: boolean; folded: string }>(
      db,
      sql`select exists (select 1 from ${
        WORD_RUN.test(key)
          ? sql`meadow_words w where w.word like ${textPattern(key)}`
          : sql`meadows m where m.search_text like ${textPattern(key)}`
      }) as held,
          immutable_unaccent(lower(${word}::text)) as folded`,
    );
    if (!held || held.held) continue;
    const folded = held.folded;
    const steps = slipsAllowed([...folded].length);
    const candidates = await queryManyRowsWith<{ word: string }>(
      db,
      { "pg_trgm.similarity_threshold": SIMILARITY },
      sql`select w.word from meadow_words w
          where w.word % ${folded}
            and left(w.word, 1) = left(${folded}, 1)
            and abs(length(w.word) - length(${folded})) <= ${steps}
          order by similarity(w.word, ${folded}) desc, w.word
          limit ${CANDIDATE_WORDS}`,
    );
    let best: { word: string; steps: number } | undefined;
    for (const { word: candidate } of candidates) {
      const distance = levenshtein(folded, candidate).steps;
      if (distance > steps) continue;
      if (!best || distance < best.steps || (distance === best.steps && candidate < best.word)) {
        best = { word: candidate, steps: distance };
      }
    }
    if (best) closest.set(word, best.word);
  }
  return closest;
}
