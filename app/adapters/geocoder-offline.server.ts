import type {
  AddressQuery,
  GeocodeOptions,
  GeocodeResult,
  Geocoder,
  SearchOptions,
} from "./geocoder.server";
import { greatCircleDistance } from "~/lib/great-circle";
import { parseFreeText, POSTAL_ANYWHERE, POSTAL_IN_TEXT } from "./geocoder-free-text.server";
import {
  defaultDataDir,
  isOfflineCountry,
  loadCountry,
  normaliseName,
  OFFLINE_COUNTRIES,
  postalKey,
  type CountryGazetteer,
  type NameMatch,
  type OfflineCountry,
  type Place,
  type PostalArea,
} from "./geocoder-gazetteer.server";

/**
 * The embedded geocoder: a gazetteer shipped in app/adapters/data (see the README there), read on
 * first use of a country and kept in memory. It places an address by its postal code where the
 * country's postal-code table has it, else by its city or village name. No network, never throws.
 */

export interface OfflineGeocoderOptions {
  /** Where places-xx.tsv and postcodes-xx.tsv live; app/adapters/data by default. */
  dataDir?: string;
  /** Told once per country whose data cannot be read; the geocoder then answers null for it. */
  onLoadError?: (country: OfflineCountry, error: unknown) => void;
}

export interface OfflineGeocoder extends Geocoder {
  /** Reads the given countries' data now rather than on first use (start-up, benchmarks). */
  preload(countries?: readonly OfflineCountry[]): Promise<void>;
}

export function createOfflineGeocoder(options: OfflineGeocoderOptions = {}): OfflineGeocoder {
  const loaded = new Map<OfflineCountry, Promise<CountryGazetteer | null>>();
  let dataDir = options.dataDir;

  function gazetteer(country: OfflineCountry): Promise<CountryGazetteer | null> {
    let pending = loaded.get(country);
    if (!pending) {
      pending = (async () => {
        try {
          dataDir ??= defaultDataDir();
          return await loadCountry(dataDir, country);
        } catch (error) {
          options.onLoadError?.(country, error);
          return null;
        }
      })();
      loaded.set(country, pending);
    }
    return pending;
  }

  return {
    async preload(countries = OFFLINE_COUNTRIES) {
      await Promise.all(countries.map(gazetteer));
    },

    async geocode(query: AddressQuery, geocodeOptions: GeocodeOptions = {}) {
      const country = query.country.trim().toUpperCase();
      if (!isOfflineCountry(country)) return null;
      const data = await gazetteer(country);
      if (!data) return null;
      const language = geocodeOptions.language;
      const postalCode = query.postalCode?.trim();
      const key = postalCode ? postalKey(country, postalCode) : null;
      const area = key === null ? undefined : data.postcodes.get(key);
      if (postalCode && area) return postalResult(country, postalCode, area, language);
      const city = query.city?.trim();
      if (!city) return null;
      // A postal code we cannot place exactly still tells which of several same-named places is
      // meant (Germany has dozens of Neustadts).
      const hint = key === null ? undefined : nearbyPostalArea(data, key);
      const place = bestPlace(data, normaliseName(city), hint);
      return place ? cityResult(country, place, language) : null;
    },

    async search(text: string, searchOptions: SearchOptions = {}) {
      const language = searchOptions.language;
      let scope = OFFLINE_COUNTRIES.filter(
        (country) =>
          searchOptions.countries === undefined ||
          searchOptions.countries.some((wanted) => wanted.toUpperCase() === country),
      );
      const parsed = parseFreeText(text);
      if (parsed.country) scope = scope.filter((country) => country === parsed.country);
      if (scope.length === 0 || parsed.parts.length === 0) return null;

      const datas = await Promise.all(scope.map(gazetteer));
      const countries = scope.flatMap((country, index) => {
        const data = datas[index];
        return data ? [{ country, data }] : [];
      });

      // A postal code in the text places it most precisely; when the text also names a town, the
      // country where that town exists wins ("9000 Gent" is Belgian).
      const postal: { country: OfflineCountry; code: string; area: PostalArea; rest: string }[] =
        [];
      for (const { country, data } of countries) {
        for (const part of parsed.parts) {
          const match = POSTAL_IN_TEXT[country].exec(part);
          if (!match?.[1]) continue;
          const key = postalKey(country, match[1]);
          const area = key === null ? undefined : data.postcodes.get(key);
          if (!area) continue;
          const rest = parsed.parts
            .map((candidate) =>
              candidate === part ? part.replace(match[1] ?? "", " ") : candidate,
            )
            .join(",");
          postal.push({ country, code: match[1], area, rest });
          break;
        }
      }
      if (postal.length > 0) {
        const withTown = postal.find(({ country, rest }) => {
          const data = countries.find((entry) => entry.country === country)?.data;
          return data !== undefined && townIn(data, country, rest) !== null;
        });
        const chosen = withTown ?? postal[0];
        if (chosen) return postalResult(chosen.country, chosen.code, chosen.area, language);
      }

      // Otherwise a town: the last comma-separated part that names one ("Dorpsstraat 1, Lisse").
      let best: { country: OfflineCountry; match: ScoredPlace } | null = null;
      for (const { country, data } of countries) {
        const match = townIn(data, country, parsed.parts.join(","));
        if (match && (best === null || match.score > best.match.score)) best = { country, match };
      }
      return best ? cityResult(best.country, best.match.place, language) : null;
    },
  };
}

interface ScoredPlace {
  place: Place;
  score: number;
}

function score(match: NameMatch): number {
  // Big places first, a place's own name before an alternative one: "Cologne" is Köln, not the
  // French village of that name.
  return Math.log10(match.place.population + 10) * 2 + (match.primary ? 4 : 0) - match.place.rank;
}

/**
 * The best-known place among the text's comma-separated parts, tried from the last; in a part
 * like "2161 AB Lisse" or "Dorpsstraat 1 Lisse" the postal code, numbers and leading words go.
 */
function townIn(data: CountryGazetteer, country: OfflineCountry, text: string): ScoredPlace | null {
  const postal = POSTAL_ANYWHERE[country];
  const parts = text
    .split(",")
    .map((part) => normaliseName(part.replace(postal, " ").replace(/\d+/g, " ")))
    .filter((part) => part !== "");
  for (const part of parts.reverse()) {
    const words = part.split(" ");
    for (let start = 0; start < words.length; start++) {
      const candidate = words.slice(start).join(" ");
      if (start > 0 && candidate.length < 3) break;
      const matches = data.names.get(candidate);
      if (!matches) continue;
      let best: ScoredPlace | null = null;
      for (const match of matches) {
        const value = score(match);
        if (best === null || value > best.score) best = { place: match.place, score: value };
      }
      if (best) return best;
    }
  }
  return null;
}

function bestPlace(
  data: CountryGazetteer,
  key: string,
  hint: { lat: number; lng: number } | undefined,
): Place | null {
  const matches = data.names.get(key);
  if (!matches || matches.length === 0) return null;
  const near = hint
    ? matches.filter(
        (match) => greatCircleDistance(match.place, hint, EARTH_RADIUS_KM) <= HINT_RADIUS_KM,
      )
    : matches;
  let best: NameMatch | undefined;
  for (const match of near.length > 0 ? near : matches) {
    if (best === undefined || score(match) > score(best)) best = match;
  }
  return best?.place ?? null;
}

const HINT_RADIUS_KM = 40;
/** The mean earth radius, for how far a hinted place lies. */
const EARTH_RADIUS_KM = 6_371;

/**
 * A postal code missing from the table: the middle of the known codes that share its longest
 * prefix (postal codes that start alike lie near each other in all five countries).
 */
function nearbyPostalArea(
  data: CountryGazetteer,
  key: string,
): { lat: number; lng: number } | undefined {
  for (let length = key.length - 1; length >= 2; length--) {
    const prefix = key.slice(0, length);
    let lat = 0;
    let lng = 0;
    let count = 0;
    for (const [code, area] of data.postcodes) {
      if (!code.startsWith(prefix)) continue;
      lat += area.lat;
      lng += area.lng;
      count++;
    }
    if (count > 0) return { lat: lat / count, lng: lng / count };
  }
  return undefined;
}

const displayNames = new Map<string, Intl.DisplayNames>();

function countryName(country: OfflineCountry, language: string | undefined): string {
  const locale = language ?? "en";
  let names = displayNames.get(locale);
  if (!names) {
    try {
      names = new Intl.DisplayNames([locale, "en"], { type: "region" });
    } catch {
      names = new Intl.DisplayNames(["en"], { type: "region" });
    }
    displayNames.set(locale, names);
  }
  return names.of(country) ?? country;
}

function postalResult(
  country: OfflineCountry,
  postalCode: string,
  area: PostalArea,
  language: string | undefined,
): GeocodeResult {
  const code = postalCode.trim().toUpperCase().replace(/\s+/g, " ");
  return {
    lat: area.lat,
    lng: area.lng,
    label: `${code} ${area.place}, ${countryName(country, language)}`,
    precision: "postal-code",
  };
}

function cityResult(
  country: OfflineCountry,
  place: Place,
  language: string | undefined,
): GeocodeResult {
  return {
    lat: place.lat,
    lng: place.lng,
    label: `${place.name}, ${countryName(country, language)}`,
    precision: "city",
  };
}
