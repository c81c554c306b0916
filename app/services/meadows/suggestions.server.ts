import { sql } from "drizzle-orm";
import { queryRows, type Database } from "~/adapters/db.server";
import { HOME_COUNTRIES, type NamedPlace, type PlaceNames } from "~/adapters/places.server";
import { CROP_IDS } from "~/lib/crops";
import { CROP_WORDS } from "~/lib/crop-words";
import { foldName, foldWords } from "~/lib/fold";
import type { Language } from "~/lib/i18n";
import { SUGGESTIONS_MIN_LENGTH, type Suggestion } from "~/lib/schemas/suggestions";
import { foldedWord, searchText, textPattern } from "./filters.server";

/*
 * Suggestions as the visitor types in a search box (docs/search.md): the places and crops the
 * last words begin, which complete the words, and the meadows whose names hold every word,
 * which open that meadow. Places and crops come from memory; meadow names from the trigram
 * index, so a word must be three letters long before meadows are suggested.
 */

const MAX_PLACES = 4;
/** Places read before those abroad too small to be meant are left out. */
const PLACE_CANDIDATES = 12;
/**
 * Most meadows are in the Low Countries: a place elsewhere is suggested only when this large, so
 * "kers" does not offer a French hamlet before the Dutch ones.
 */
const ABROAD_POPULATION = 20_000;
const MAX_CROPS = 3;
const MAX_MEADOWS = 5;
/** Meadows read before ranking: enough that the best names are likely among them. */
const MEADOW_CANDIDATES = 50;
/** The words of a place or crop name the end of the text may be ("bergen op z", "sweet p"). */
const NAME_WORDS = 3;
/** At most this many words of the text must occur in a meadow's name. */
const MAX_WORDS = 5;
/** The trigram index takes words of three characters and more. */
const MIN_INDEXED = 3;

export interface SuggestionServices {
  db: Database;
  places: PlaceNames;
}

/** The suggestions for `typed`: places, then crops, then meadows; none for too short a text. */
export async function suggest(
  { db, places }: SuggestionServices,
  typed: string,
  language: Language,
): Promise<Suggestion[]> {
  // Cleaned and bounded as the search reads the box: control characters as spaces, 100 characters.
  const text = searchText({ text: typed }) ?? "";
  const words = text.split(/\s+/).filter((word) => word !== "");
  if (words.length === 0 || foldName(text).length < SUGGESTIONS_MIN_LENGTH) return [];
  const [placeSuggestions, meadowSuggestions] = await Promise.all([
    suggestPlaces(places, words, language),
    suggestMeadows(db, words),
  ]);
  const crops = suggestCrops(words);
  // A crop named in full ("kers") comes before the places its letters begin ("Kerschoten").
  const groups = crops.named
    ? [crops.suggestions, placeSuggestions]
    : [placeSuggestions, crops.suggestions];
  return [...groups.flat(), ...meadowSuggestions];
}

/** The text before the last `count` words, with the space that follows it ("tulips "). */
function textBefore(words: readonly string[], count: number): string {
  const kept = words.slice(0, words.length - count);
  return kept.length > 0 ? `${kept.join(" ")} ` : "";
}

/**
 * The ends of the text a name may complete, longest first: the last three words, two, one, each
 * as `fold` writes it, with how many words each spans.
 */
function endings(words: readonly string[], fold: (text: string) => string) {
  const found: { key: string; count: number }[] = [];
  for (let count = Math.min(NAME_WORDS, words.length); count >= 1; count--) {
    const key = fold(words.slice(-count).join(" "));
    if (key.length >= SUGGESTIONS_MIN_LENGTH) found.push({ key, count });
  }
  return found;
}

async function suggestPlaces(
  places: PlaceNames,
  words: readonly string[],
  language: Language,
): Promise<Suggestion[]> {
  const found: Suggestion[] = [];
  const seen = new Set<string>();
  for (const { key, count } of endings(words, foldName)) {
    const named: NamedPlace[] = await places.startingWith(key, PLACE_CANDIDATES, language);
    for (const place of named) {
      if (!HOME_COUNTRIES.includes(place.country) && place.population < ABROAD_POPULATION) continue;
      const id = `${place.kind}:${place.name}:${place.country}`;
      if (seen.has(id) || found.length >= MAX_PLACES) continue;
      seen.add(id);
      found.push({
        kind: "place",
        name: place.name,
        country: place.country,
        region: place.kind === "region",
        before: textBefore(words, count),
      });
    }
    // A longer ending that begins a name is what is being typed ("bergen op" → Bergen op Zoom).
    if (found.length > 0) break;
  }
  return found;
}

/**
 * The crops the end of the text begins, in either language; those it names in full first, then
 * in the catalogue's order. `named`: the end of the text is a crop's whole name.
 */
function suggestCrops(words: readonly string[]): { suggestions: Suggestion[]; named: boolean } {
  for (const { key, count } of endings(words, foldWords)) {
    const begun = CROP_IDS.filter((id) =>
      (CROP_WORDS[id] ?? []).some((name) => name.startsWith(key)),
    );
    if (begun.length === 0) continue;
    const named = (id: string) => (CROP_WORDS[id] ?? []).includes(key);
    const crops = [...begun.filter(named), ...begun.filter((id) => !named(id))];
    return {
      suggestions: crops
        .slice(0, MAX_CROPS)
        .map((id) => ({ kind: "crop", id, before: textBefore(words, count) })),
      named: crops.some(named),
    };
  }
  return { suggestions: [], named: false };
}

async function suggestMeadows(db: Database, typed: readonly string[]): Promise<Suggestion[]> {
  const words = [...new Set(typed.slice(0, MAX_WORDS))];
  // The names' trigram index takes the words of three characters and more, all at once; shorter
  // ones are checked on the rows it finds. Without such a word, the index could not help.
  const indexed = words.filter((word) => [...foldWords(word)].length >= MIN_INDEXED);
  if (indexed.length === 0) return [];
  const conditions = words.map((word) =>
    indexed.includes(word)
      ? sql`m.sort_name like ${textPattern(word)}`
      : sql`strpos(m.sort_name, ${foldedWord(word)}) > 0`,
  );
  const rows = await queryRows<{ id: string; name: string; city: string }>(
    db,
    sql`select m.id, m.name, m.city
        from meadows m
        where ${sql.join(conditions, sql` and `)}
        limit ${MEADOW_CANDIDATES}`,
  );
  const phrase = foldName(typed.join(" "));
  const keys = phrase.split(" ");
  const ranked = rows
    .map((row) => {
      const folded = foldName(row.name);
      const nameWords = folded.split(" ");
      const rank = folded.startsWith(phrase)
        ? 0
        : keys.every((key) => nameWords.some((word) => word.startsWith(key)))
          ? 1
          : 2;
      return { row, folded, rank };
    })
    .sort(
      (a, b) =>
        a.rank - b.rank ||
        a.folded.length - b.folded.length ||
        a.folded.localeCompare(b.folded) ||
        a.row.city.localeCompare(b.row.city) ||
        a.row.id.localeCompare(b.row.id),
    );
  const seen = new Set<string>();
  const found: Suggestion[] = [];
  for (const { row } of ranked) {
    const id = `${row.name}\n${row.city}`;
    if (seen.has(id)) continue;
    seen.add(id);
    found.push({ kind: "meadow", id: row.id, name: row.name, city: row.city });
    if (found.length === MAX_MEADOWS) break;
  }
  return found;
}
