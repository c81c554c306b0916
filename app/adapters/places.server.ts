import levenshtein from "damerau-levenshtein";
import { COUNTRIES, type Country } from "~/lib/countries";
import { greatCircleDistance } from "~/lib/great-circle";
import type { Language } from "~/lib/i18n";
import {
  defaultDataDir,
  isOfflineCountry,
  loadCountry,
  type CountryGazetteer,
  type OfflineCountry,
  type Place,
} from "./geocoder-gazetteer.server";
import { REGIONS, type Region } from "./regions.server";

/*
 * Place names as the search box reads them: the towns and villages of the embedded gazetteer
 * (app/adapters/data) and the regions of regions.server.ts, found by their folded name. This is
 * what tells "Lisse" in "tulips Lisse" is a place, whatever geocoder GEOCODER names: asking an
 * outside service about every word typed would be slow, and limited to one request a second.
 */

export interface NamedPlace {
  kind: "town" | "region";
  /** Its own name, as the URL's place carries it ("Houten", "de Betuwe"). */
  name: string;
  country: Country;
  lat: number;
  lng: number;
  /** A region's reach; a town has none. */
  radiusKm?: number;
  /** Inhabitants; a region counts as a large town, so it wins over a hamlet of its name. */
  population: number;
}

export interface PlaceNames {
  /** The places named exactly `key` (folded, see foldWords), likeliest first. */
  named(key: string, language: Language): Promise<NamedPlace[]>;
  /** The largest town within `radiusKm` of `place` that has another name ("near Enschede"). */
  landmarkNear(place: NamedPlace, radiusKm?: number): Promise<string | undefined>;
  /**
   * The places of the Low Countries whose name is at most `steps` typing slips (a letter wrong,
   * missing, extra, or two swapped) from the folded `key`, and starts with its letter; nearest,
   * then likeliest, first.
   */
  closeTo(key: string, steps: number, language: Language): Promise<NamedPlace[]>;
  /** Names starting with the folded `prefix`, likeliest first, at most `limit`. */
  startingWith(prefix: string, limit: number, language: Language): Promise<NamedPlace[]>;
}

/** A region outranks any town of its name below this size ("Zeeland" the village, 4,000). */
const REGION_POPULATION = 500_000;
const SUGGESTED_REGION_POPULATION = 150_000;
/** Places of one name closer than this are one place (a town and its centre's entry). */
const SAME_PLACE_KM = 5;
const LANDMARK_POPULATION = 15_000;
/** A town this many times larger than the next of its name is the one meant ("Rijswijk"). */
const DOMINANT = 10;
/**
 * The meadows are in the Low Countries: there a town counts this many times its size, so the
 * Dutch Bergen outranks the German ones, and "Limburg" asks which of the two provinces.
 */
const HOME_WEIGHT = 10;
export const HOME_COUNTRIES: readonly Country[] = ["NL", "BE", "LU"];
/** A place marked in the address (lat, lng beside its name) is the one within this distance. */
const PIN_KM = 5;
const EARTH_RADIUS_KM = 6_371;

interface CountryIndex {
  country: OfflineCountry;
  data: CountryGazetteer;
  /** Each town once, and its keys sorted, for prefixes. */
  places: Place[];
  keys: string[];
}

/** How likely a place is meant, for ordering same-named places. */
export function placeWeight(place: NamedPlace): number {
  return place.population * (HOME_COUNTRIES.includes(place.country) ? HOME_WEIGHT : 1);
}

export interface PlacePick {
  place: NamedPlace;
  /** The other places of the name, when none stands out: the visitor may mean one of them. */
  others: NamedPlace[];
}

/**
 * The place meant among the same-named `found` (likeliest first): the one at `pin` when the
 * address marks one, else the likeliest, with the others when it does not stand out.
 */
export function pickPlace(
  found: readonly NamedPlace[],
  pin?: { lat: number; lng: number },
): PlacePick | undefined {
  const sorted = [...found].sort((a, b) => placeWeight(b) - placeWeight(a));
  if (pin) {
    const pinned = sorted.find(
      (place) => greatCircleDistance(place, pin, EARTH_RADIUS_KM) <= PIN_KM,
    );
    if (pinned) return { place: pinned, others: [] };
  }
  const [first, second] = sorted;
  if (!first) return undefined;
  if (!second || placeWeight(first) >= DOMINANT * placeWeight(second)) {
    return { place: first, others: [] };
  }
  return { place: first, others: sorted.slice(1) };
}

export function createPlaceNames({
  dataDir,
  countries = COUNTRIES,
}: { dataDir?: string; countries?: readonly Country[] } = {}): PlaceNames {
  let loading: Promise<CountryIndex[]> | undefined;

  function indexes(): Promise<CountryIndex[]> {
    loading ??= (async () => {
      const dir = dataDir ?? defaultDataDir();
      const wanted = countries.filter(isOfflineCountry);
      const loaded = await Promise.all(
        wanted.map((country) => loadCountry(dir, country).catch(() => null)),
      );
      return wanted.flatMap((country, index) => {
        const data = loaded[index];
        if (!data) return [];
        const places = new Set<Place>();
        for (const matches of data.names.values())
          for (const { place } of matches) places.add(place);
        return [{ country, data, places: [...places], keys: [...data.names.keys()].sort() }];
      });
    })();
    return loading;
  }

  function regionPlace(region: Region, language: Language): NamedPlace {
    return {
      kind: "region",
      name: region.label[language],
      country: region.country,
      lat: region.lat,
      lng: region.lng,
      radiusKm: region.radiusKm,
      population: REGION_POPULATION,
    };
  }

  function townPlace(country: OfflineCountry, place: Place): NamedPlace {
    return {
      kind: "town",
      name: place.name,
      country,
      lat: place.lat,
      lng: place.lng,
      population: place.population,
    };
  }

  return {
    async named(key, language) {
      const found: NamedPlace[] = REGIONS.filter((region) => region.names.includes(key)).map(
        (region) => regionPlace(region, language),
      );
      const own: NamedPlace[] = [];
      const other: NamedPlace[] = [];
      for (const { country, data } of await indexes()) {
        for (const match of data.names.get(key) ?? []) {
          (match.primary ? own : other).push(townPlace(country, match.place));
        }
      }
      // A place's own name before another's: "Bergen" is the two Dutch towns, not Mons.
      found.push(...(own.length > 0 ? own : other));
      found.sort((a, b) => placeWeight(b) - placeWeight(a));
      return found.filter(
        (place, index) =>
          !found
            .slice(0, index)
            .some(
              (earlier) =>
                earlier.kind === place.kind &&
                greatCircleDistance(earlier, place, EARTH_RADIUS_KM) < SAME_PLACE_KM,
            ),
      );
    },

    async landmarkNear(place, radiusKm = 40) {
      let best: Place | undefined;
      for (const index of await indexes()) {
        if (index.country !== place.country) continue;
        for (const candidate of index.places) {
          if (candidate.population < LANDMARK_POPULATION || candidate.name === place.name) continue;
          if (best && candidate.population <= best.population) continue;
          if (greatCircleDistance(candidate, place, EARTH_RADIUS_KM) <= radiusKm) best = candidate;
        }
      }
      return best?.name;
    },

    async closeTo(key, steps, language) {
      const found: { place: NamedPlace; steps: number }[] = [];
      const consider = (name: string, place: () => NamedPlace) => {
        if (name[0] !== key[0] || Math.abs(name.length - key.length) > steps) return;
        const distance = levenshtein(key, name).steps;
        if (distance > 0 && distance <= steps) found.push({ place: place(), steps: distance });
      };
      for (const region of REGIONS) {
        for (const name of region.names) consider(name, () => regionPlace(region, language));
      }
      for (const { country, data, keys } of await indexes()) {
        if (!HOME_COUNTRIES.includes(country)) continue;
        for (const name of keys) {
          for (const match of data.names.get(name) ?? []) {
            if (match.primary) consider(name, () => townPlace(country, match.place));
          }
        }
      }
      return found
        .sort((a, b) => a.steps - b.steps || placeWeight(b.place) - placeWeight(a.place))
        .map((entry) => entry.place);
    },

    async startingWith(prefix, limit, language) {
      if (prefix === "") return [];
      const found = new Map<string, NamedPlace>();
      for (const region of REGIONS) {
        if (region.names.some((name) => name.startsWith(prefix))) {
          found.set(`region:${region.id}`, regionPlace(region, language));
        }
      }
      for (const { country, data, keys } of await indexes()) {
        let low = 0;
        let high = keys.length;
        while (low < high) {
          const middle = (low + high) >> 1;
          if ((keys[middle] ?? "") < prefix) low = middle + 1;
          else high = middle;
        }
        for (let at = low; at < keys.length && (keys[at] ?? "").startsWith(prefix); at++) {
          for (const match of data.names.get(keys[at] ?? "") ?? []) {
            if (!match.primary) continue;
            const id = `${country}:${match.place.name}:${match.place.lat}:${match.place.lng}`;
            if (!found.has(id)) found.set(id, townPlace(country, match.place));
          }
        }
      }
      // Among suggestions a region counts as a middling town: "Utr" is the city first.
      const weight = (place: NamedPlace) =>
        place.kind === "region"
          ? placeWeight({ ...place, population: SUGGESTED_REGION_POPULATION })
          : placeWeight(place);
      return [...found.values()].sort((a, b) => weight(b) - weight(a)).slice(0, limit);
    },
  };
}
