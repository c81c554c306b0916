import type { Database } from "~/adapters/db.server";
import type { Geocoder } from "~/adapters/geocoder.server";
import type { Limits } from "~/adapters/limits.server";
import type { PlaceNames } from "~/adapters/places.server";
import type { Language } from "~/lib/i18n";
import { effectiveSort, type MeadowSearch } from "~/lib/schemas/meadow-search";
import { listLocation, type ListLocation } from "../list-location.server";
import { closestWords } from "./closest-words.server";
import { readQuery, searchWithReading, type QueryReading } from "./read-query.server";
import { searchMeadows, type SearchResult } from "./search.server";

export interface ListSearchServices {
  db: Database;
  geocoder: Geocoder;
  places: PlaceNames;
  limits: Limits;
  /** An outside geocoder, whose requests each address may make a limited number of. */
  outsideGeocoder: boolean;
}

export interface ListSearch extends ListLocation {
  /** Words read as the crop or place they are closest to, when the words as typed found nothing. */
  corrected?: string[];
  /** What the box's words were read as; none without words. */
  reading?: QueryReading;
  /** The search as it ran: the form's filters and what the words named. */
  asked: MeadowSearch;
  sort: ReturnType<typeof effectiveSort>;
  result: SearchResult;
}

/**
 * The meadows list's search from its address (docs/search.md): the words read into crops, a
 * place and words, the place placed, and the page of meadows in the order asked for.
 */
export async function listSearch(
  services: ListSearchServices,
  search: MeadowSearch,
  { language, ip, now, pageSize }: { language: Language; ip: string; now: Date; pageSize: number },
): Promise<ListSearch> {
  const reading = search.q ? await readQuery(search.q, services.places, language) : undefined;
  const found = await searchRead(services, search, reading, { language, ip, now, pageSize });
  // Nothing for the words as typed: the query read again for its slips, and asked again.
  if (found.result.total === 0 && reading?.words) {
    const close = await closerReading(services, search.q, language);
    if (close) {
      const retried = await searchRead(services, search, close, { language, ip, now, pageSize });
      if (retried.result.total > 0) return { ...retried, corrected: close.corrected };
    }
  }
  return found;
}

/**
 * The query read for its slips, when the words as typed found nothing (docs/search.md): each word
 * that is a slip or two from a crop or a place is read as that one ("tlupen" → Tulips), each
 * other word no meadow holds as the word of the meadows it is a slip or two from ("zonnehoeck");
 * undefined when no word was read as another.
 */
export async function closerReading(
  services: { db: Database; places: PlaceNames },
  query: string,
  language: Language,
): Promise<QueryReading | undefined> {
  const read = await readQuery(query, services.places, language, { fuzzy: true });
  const left = read.words.split(" ").filter((word) => word !== "");
  const closest = await closestWords(services.db, left);
  const close: QueryReading = {
    ...read,
    words: left.map((word) => closest.get(word) ?? word).join(" "),
    corrected: [...read.corrected, ...closest.keys()],
  };
  return close.corrected.length > 0 ? close : undefined;
}

async function searchRead(
  services: ListSearchServices,
  search: MeadowSearch,
  reading: QueryReading | undefined,
  { language, ip, now, pageSize }: { language: Language; ip: string; now: Date; pageSize: number },
): Promise<ListSearch> {
  const asked = reading ? searchWithReading(search, reading) : search;
  const located = await listLocation(asked, { ...services, ip, language });
  const { near, radiusKm } = located;
  // The words as typed decide, as in the address (meadowSearchParams).
  const sort = effectiveSort(search.sort, near !== undefined, search.q !== "");
  const result = await searchMeadows(services.db, {
    text: asked.q || undefined,
    country: asked.country,
    crops: asked.crops,
    season: asked.season,
    openNow: asked.openNow,
    now,
    near,
    maxDistanceKm: near ? (asked.km ?? radiusKm) : undefined,
    sort,
    page: search.page,
    pageSize,
  });
  return { ...located, ...(reading ? { reading } : {}), asked, sort, result };
}
