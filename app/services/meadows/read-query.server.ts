import levenshtein from "damerau-levenshtein";
import { pickPlace, type NamedPlace, type PlaceNames } from "~/adapters/places.server";
import { CROP_BY_WORDS, CROP_WORDS_MAX_LENGTH } from "~/lib/crop-words";
import { foldWords } from "~/lib/fold";
import { MAX_CROPS_PER_MEADOW } from "~/lib/crops";
import type { Language } from "~/lib/i18n";
import type { MeadowSearch } from "~/lib/schemas/meadow-search";

/*
 * The search box's words as people write them ("tulips Lisse", "aardbeien plukken Utrecht",
 * "dahlias near Zundert"): the crops it names become the crop filter, a place becomes "near
 * that place", the words that only say what the site is about ("plukken", "pick your own") go,
 * and what is left searches names and descriptions. The list, the map's box and the home page's
 * box all arrive here (docs/search.md).
 */

/** A place the query names: the likeliest of its name (the list offers the others). */
export interface QueryPlace {
  place: NamedPlace;
  /** Its words as typed ("de Betuwe"). */
  typed: string;
  /** What the place is looked up by: as typed, or its name when a slip was read past. */
  lookup: string;
  /** The query without the place and a "near" before it, for a link that drops it. */
  without: string;
}

export interface QueryCrop {
  id: string;
  /** The query without this crop's words. */
  without: string;
}

export interface QueryReading {
  /** The words left for the text search, as typed; "" when none. */
  words: string;
  /** The crops the query names, in the order typed. */
  crops: QueryCrop[];
  place?: QueryPlace;
  /** "open now" was typed; `without` is the query without it. */
  openNow?: { without: string };
  /** Words read as the crop or place they are closest to (`fuzzy`), as typed. */
  corrected: string[];
}

/** Words this long or longer may be read as a crop or place a slip or two away. */
const FUZZY_MIN_LENGTH = 5;
/**
 * At most this many words of a query are compared with every name: each costs a pass over the
 * place names, and a query of many long nonsense words must not cost a request much more.
 */
const FUZZY_MAX_WORDS = 4;

/** The typing slips a word of `length` letters may hold and still be read: one, two from 8. */
export function slipsAllowed(length: number): number {
  return length >= 8 ? 2 : 1;
}

/** Single-word crop names, for words a slip or two away from one. */
const ONE_WORD_CROPS = [...CROP_BY_WORDS].filter(([words]) => !words.includes(" "));

/** The crop whose one-word name is nearest `word` within its slips, if one is. */
function cropCloseTo(word: string): string | undefined {
  const steps = slipsAllowed(word.length);
  let best: { crop: string; steps: number } | undefined;
  for (const [name, crop] of ONE_WORD_CROPS) {
    if (name[0] !== word[0] || Math.abs(name.length - word.length) > steps) continue;
    const distance = levenshtein(word, name).steps;
    if (distance <= steps && (!best || distance < best.steps)) best = { crop, steps: distance };
  }
  return best?.crop;
}

/** Words that say "near" before a place; they go whether or not a place follows. */
const NEAR_WORDS = wordSet("near nearby around in bij nabij rond rondom omgeving buurt regio te");

/**
 * Words that say only what every meadow is (a place to pick flowers or fruit) or join others:
 * searching for them would leave out meadows whose text happens not to use them.
 */
const FILLER_WORDS = wordSet(`
  pick picking picked your own pyo u self meadow meadows field fields garden gardens farm farms
  flower flowers fruit fruits berries the a an of and to for with at from where can i go find best
  pluk plukken pluktuin pluktuinen plukweide plukweides plukboerderij zelfpluk zelfplukken zelf
  bloemen bloem bloemenpluktuin fruitpluktuin bessen de het een van en voor met waar kan ik op
  naar om buiten tuin tuinen veld velden boerderij`);

/** "open now" and its Dutch, read as the filter "open now". */
const OPEN_NOW = ["open now", "now open", "nu open", "open nu"];

/**
 * Single words that name a town but mostly mean something else ("Best", "Heel", "Velden",
 * "Nice"): read as a place only after a word such as "near" or "bij".
 */
const COMMON_WORDS = wordSet(`
  as ee born echt best mill lent heel berg beek hoek wijk dorp zand huizen ham boven stad hof
  molen kerk bos open vrij lage hoge nice reading sale deal bath wells march street hope bury mark
  rain wald essen lens tours sens pont bar lier zee oost west zuid noord nieuw oud lang kort goor`);

function wordSet(words: string): ReadonlySet<string> {
  return new Set(words.split(/\s+/).filter((word) => word !== ""));
}

/** The most words of a place's name the query reader tries ("Bergen op Zoom", "Sint-Oedenrode"). */
const PLACE_WORDS_MAX = 3;

interface Token {
  /** As typed, for the words left over. */
  typed: string;
  /** Folded, one word. */
  word: string;
  /** Index of the typed piece it came from: "Noord-Holland" is one piece and two words. */
  piece: number;
}

function tokens(query: string): Token[] {
  const pieces = query.split(/[\s,;/]+/).filter((piece) => piece !== "");
  return pieces.flatMap((typed, piece) =>
    foldWords(typed)
      .split(" ")
      .filter((word) => word !== "")
      .map((word) => ({ typed, word, piece })),
  );
}

/**
 * Reads `query` (already cleaned, see parseMeadowSearch) into crops, a place and words. With
 * `fuzzy`, a word that is neither reads as the crop or place a typing slip or two away (asked
 * when the words found nothing: "tlupen", "Zundret").
 */
export async function readQuery(
  query: string,
  places: PlaceNames,
  language: Language,
  { fuzzy = false }: { fuzzy?: boolean } = {},
): Promise<QueryReading> {
  const list = tokens(query);
  const typedPieces = new Map<number, string>();
  for (const token of list) typedPieces.set(token.piece, token.typed);
  /** The query as typed without the pieces of tokens `from` to `to` (not included). */
  const without = (from: number, to: number) => {
    const dropped = new Set(list.slice(from, to).map((token) => token.piece));
    return [...typedPieces]
      .filter(([piece]) => !dropped.has(piece))
      .map(([, typed]) => typed)
      .join(" ");
  };
  /** The typed pieces left as words, and those read (in part) as something else. */
  const wordPieces = new Set<number>();
  const readPieces = new Set<number>();
  const markRead = (from: number, to: number) => {
    for (const token of list.slice(from, to)) readPieces.add(token.piece);
  };
  const reading: QueryReading = { words: "", crops: [], corrected: [] };
  /** Where a run of "near" words before the token began, if one did. */
  let nearFrom: number | undefined;
  let fuzzyTries = 0;
  const phraseAt = (at: number, length: number) =>
    list
      .slice(at, at + length)
      .map((entry) => entry.word)
      .join(" ");

  /** With `fuzzy`: reads token `at` as the crop or place it is a slip or two from, if any. */
  async function readClose(at: number): Promise<boolean> {
    const token = list[at];
    if (!token || token.word.length < FUZZY_MIN_LENGTH || FILLER_WORDS.has(token.word)) {
      return false;
    }
    if (COMMON_WORDS.has(token.word) || fuzzyTries >= FUZZY_MAX_WORDS) return false;
    fuzzyTries++;
    const crop = cropCloseTo(token.word);
    if (crop) {
      if (!reading.crops.some((entry) => entry.id === crop)) {
        reading.crops.push({ id: crop, without: without(at, at + 1) });
      }
    } else {
      if (reading.place) return false;
      const [place] = await places.closeTo(token.word, slipsAllowed(token.word.length), language);
      if (!place) return false;
      reading.place = {
        place,
        typed: token.typed,
        lookup: place.name,
        without: without(nearFrom ?? at, at + 1),
      };
    }
    markRead(at, at + 1);
    reading.corrected.push(token.typed);
    return true;
  }

  /** Reads the place whose name starts at token `at`, if one does; the number of its words. */
  async function placeAt(at: number, afterNear: boolean): Promise<number> {
    for (let length = Math.min(PLACE_WORDS_MAX, list.length - at); length >= 1; length--) {
      const key = phraseAt(at, length);
      if (key.length < 2 || /^\d+$/.test(key)) continue;
      const ordinary = COMMON_WORDS.has(key) || FILLER_WORDS.has(key) || NEAR_WORDS.has(key);
      if (length === 1 && !afterNear && ordinary) continue;
      const pick = pickPlace(await places.named(key, language));
      if (!pick) continue;
      const pieces = new Set(list.slice(at, at + length).map((entry) => entry.piece));
      const typed = [...pieces].map((piece) => typedPieces.get(piece) ?? "").join(" ");
      reading.place = {
        place: pick.place,
        typed,
        lookup: typed,
        without: without(nearFrom ?? at, at + length),
      };
      markRead(at, at + length);
      return length;
    }
    return 0;
  }

  for (let at = 0; at < list.length;) {
    const token = list[at];
    if (!token) break;
    const phrase = (length: number) => phraseAt(at, length);

    if (OPEN_NOW.includes(phrase(2))) {
      reading.openNow = { without: without(at, at + 2) };
      markRead(at, at + 2);
      at += 2;
      nearFrom = undefined;
      continue;
    }

    const cropLength = longestMatch(CROP_WORDS_MAX_LENGTH, list.length - at, (length) =>
      CROP_BY_WORDS.has(phrase(length)),
    );
    const crop = cropLength > 0 ? CROP_BY_WORDS.get(phrase(cropLength)) : undefined;
    if (crop) {
      if (!reading.crops.some((entry) => entry.id === crop)) {
        reading.crops.push({ id: crop, without: without(at, at + cropLength) });
      }
      markRead(at, at + cropLength);
      at += cropLength;
      nearFrom = undefined;
      continue;
    }

    if (!reading.place) {
      const placeLength = await placeAt(at, nearFrom !== undefined);
      if (placeLength > 0) {
        at += placeLength;
        nearFrom = undefined;
        continue;
      }
    }

    if (NEAR_WORDS.has(token.word)) {
      nearFrom ??= at;
    } else if (fuzzy && (await readClose(at))) {
      nearFrom = undefined;
    } else {
      if (!FILLER_WORDS.has(token.word)) wordPieces.add(token.piece);
      nearFrom = undefined;
    }
    at++;
  }
  reading.words = [...typedPieces]
    .filter(([piece]) => wordPieces.has(piece) && !readPieces.has(piece))
    .map(([, typed]) => typed)
    .join(" ");
  return reading;
}

/** The most words, up to `most` and `left`, for which `matches` holds; 0 when none. */
function longestMatch(most: number, left: number, matches: (length: number) => boolean): number {
  for (let length = Math.min(most, left); length >= 1; length--) if (matches(length)) return length;
  return 0;
}

/**
 * The search as the list runs it: the crops the words name added to the chosen ones, the place
 * they name (with a region's reach, unless a distance was chosen) in place of the typed one,
 * "open now" when they say it, and only the other words left to search names and descriptions.
 */
export function searchWithReading(search: MeadowSearch, reading: QueryReading): MeadowSearch {
  const next: MeadowSearch = {
    ...search,
    q: reading.words,
    crops: [...new Set([...search.crops, ...reading.crops.map((crop) => crop.id)])].slice(
      0,
      MAX_CROPS_PER_MEADOW,
    ),
  };
  if (reading.openNow) next.openNow = true;
  if (reading.place) {
    const { place, lookup } = reading.place;
    // As typed: "Limburg" is both provinces, and the list offers the other one.
    next.place = lookup;
    delete next.placeAt;
    if (place.radiusKm !== undefined && search.km === undefined) next.km = place.radiusKm;
  }
  return next;
}
