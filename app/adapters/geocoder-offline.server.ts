import { existsSync } from "node:fs";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type {
  AddressQuery,
  GeocodeOptions,
  GeocodeResult,
  Geocoder,
  SearchOptions,
} from "./geocoder.server";

/**
 * The embedded geocoder: a gazetteer shipped in app/adapters/data (see the README there), read on
 * first use of a country and kept in memory. It places an address by its postal code where the
 * country's postal-code table has it, else by its city or village name. No network, never throws.
 */

/** Every country the meadow form offers (app/lib/schemas/meadow.ts), the likeliest first. */
export const OFFLINE_COUNTRIES = ["NL", "BE", "DE", "FR", "GB", "LU", "AT", "CH", "DK"] as const;
export type OfflineCountry = (typeof OFFLINE_COUNTRIES)[number];

export function isOfflineCountry(value: string): value is OfflineCountry {
  return (OFFLINE_COUNTRIES as readonly string[]).includes(value);
}

const UMLAUTS: Record<string, string> = { ä: "ae", ö: "oe", ü: "ue", Ä: "Ae", Ö: "Oe", Ü: "Ue" };

/**
 * Lowercase ASCII words separated by single spaces: accents, apostrophes, hyphens and case do not
 * matter ("'s-Hertogenbosch" → "s hertogenbosch", "Köln" → "koln").
 */
export function normaliseName(value: string): string {
  return value
    .normalize("NFKD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/ß/g, "ss")
    .replace(/æ/g, "ae")
    .replace(/œ/g, "oe")
    .replace(/ø/g, "o")
    .replace(/ł/g, "l")
    .replace(/đ/g, "d")
    .replace(/ı/g, "i")
    .replace(/[^a-z0-9]+/g, " ")
    .trim();
}

/** The keys a name is found under: also its German spelling without umlauts ("Köln" → "koeln"). */
export function nameKeys(value: string): string[] {
  const composed = value.normalize("NFC");
  const plain = normaliseName(composed);
  const spelled = normaliseName(composed.replace(/[äöüÄÖÜ]/g, (letter) => UMLAUTS[letter] ?? ""));
  return plain === spelled ? [plain] : [plain, spelled];
}

/**
 * The part of a postal code the tables are keyed by: four digits in NL (a Dutch "3512 JE" is
 * looked up as "3512"), BE, LU, AT, CH and DK, five in DE and FR, GB the outward code ("SW1A 1AA"
 * → "SW1A").
 */
const POSTAL_PATTERNS: Record<OfflineCountry, RegExp> = {
  NL: /^(?:NL\s*-?\s*)?(\d{4})\s*(?:[A-Z]{2})?$/,
  BE: /^(?:B\s*-?\s*)?(\d{4})$/,
  DE: /^(?:D\s*-?\s*)?(\d{5})$/,
  FR: /^(?:F\s*-?\s*)?(\d{2})\s?(\d{3})$/,
  GB: /^([A-Z]{1,2}\d[A-Z\d]?)(?:\s*\d[A-Z]{2})?$/,
  LU: /^(?:L\s*-?\s*)?(\d{4})$/,
  AT: /^(?:A\s*-?\s*)?(\d{4})$/,
  CH: /^(?:CH\s*-?\s*)?(\d{4})$/,
  DK: /^(?:DK\s*-?\s*)?(\d{4})$/,
};

/** Postal codes inside free text, per country; the first capture group is the code. */
const POSTAL_IN_TEXT: Record<OfflineCountry, RegExp> = {
  NL: /(?:^|[^\p{L}\d])(\d{4}(?:\s?[A-Z]{2})?)(?![\p{L}\d])/iu,
  BE: /(?:^|[^\p{L}\d])(\d{4})(?![\p{L}\d])/u,
  DE: /(?:^|[^\p{L}\d])(\d{5})(?![\p{L}\d])/u,
  FR: /(?:^|[^\p{L}\d])(\d{5})(?![\p{L}\d])/u,
  GB: /(?:^|[^\p{L}\d])([A-Z]{1,2}\d[A-Z\d]?(?:\s*\d[A-Z]{2})?)(?![\p{L}\d])/iu,
  LU: /(?:^|[^\p{L}\d])((?:L-)?\d{4})(?![\p{L}\d])/u,
  AT: /(?:^|[^\p{L}\d])(\d{4})(?![\p{L}\d])/u,
  CH: /(?:^|[^\p{L}\d])(\d{4})(?![\p{L}\d])/u,
  DK: /(?:^|[^\p{L}\d])(\d{4})(?![\p{L}\d])/u,
};

const POSTAL_ANYWHERE = Object.fromEntries(
  OFFLINE_COUNTRIES.map((country) => [country, new RegExp(POSTAL_IN_TEXT[country].source, "giu")]),
) as Record<OfflineCountry, RegExp>;

export function postalKey(country: OfflineCountry, value: string): string | null {
  const match = POSTAL_PATTERNS[country].exec(value.trim().toUpperCase().replace(/\s+/g, " "));
  if (!match) return null;
  return match
    .slice(1)
    .filter((group) => group !== undefined)
    .join("");
}

/** Country names a free-text search may end with, in the languages our visitors write. */
const COUNTRY_ALIASES = new Map<string, OfflineCountry>(
  (
    [
      ["NL", ["nl", "netherlands", "the netherlands", "nederland", "holland", "niederlande"]],
      ["NL", ["pays bas"]],
      ["BE", ["be", "belgium", "belgie", "belgique", "belgien", "belgio"]],
      ["DE", ["de", "germany", "deutschland", "duitsland", "allemagne"]],
      ["FR", ["fr", "france", "frankrijk", "frankreich"]],
      [
        "GB",
        [
          "gb",
          "uk",
          "united kingdom",
          "great britain",
          "britain",
          "england",
          "scotland",
          "wales",
          "northern ireland",
          "verenigd koninkrijk",
          "groot brittannie",
          "engeland",
          "schotland",
          "royaume uni",
          "vereinigtes konigreich",
        ],
      ],
      ["LU", ["lu", "luxembourg", "luxemburg", "letzebuerg"]],
      ["AT", ["at", "austria", "osterreich", "oesterreich", "oostenrijk", "autriche"]],
      ["CH", ["ch", "switzerland", "schweiz", "zwitserland", "suisse", "svizzera"]],
      ["DK", ["dk", "denmark", "danmark", "denemarken", "danemark"]],
    ] as const
  ).flatMap(([country, names]) => names.map((name) => [name, country] as const)),
);

interface Place {
  name: string;
  lat: number;
  lng: number;
  population: number;
  /** 0 capital, 1 province seat, 2 seat of a smaller division, 3 town or village, 4 a quarter. */
  rank: number;
}

interface NameMatch {
  place: Place;
  /** Found under its own name rather than an alternative ("Köln", not "Cologne"). */
  primary: boolean;
}

interface PostalArea {
  key: string;
  lat: number;
  lng: number;
  place: string;
}

interface CountryGazetteer {
  names: Map<string, NameMatch[]>;
  postcodes: Map<string, PostalArea>;
}

export interface OfflineGeocoderOptions {
  /** Where places-xx.tsv and postcodes-xx.tsv live; app/adapters/data by default. */
  dataDir?: string;
  /** Told once per country whose data cannot be read; the geocoder then answers null for it. */
  onLoadError?: (country: OfflineCountry, error: unknown) => void;
}

export function defaultDataDir(): string {
  // Walk up to the project root: the same code runs from app/ in development and from
  // build/server/ in production, and the data stays in app/adapters/data in both.
  let dir = path.dirname(fileURLToPath(import.meta.url));
  while (!existsSync(path.join(dir, "package.json"))) {
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error("package.json not found above " + import.meta.url);
    dir = parent;
  }
  return path.join(dir, "app", "adapters", "data");
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

interface ParsedText {
  parts: string[];
  country: OfflineCountry | undefined;
}

/** Splits "Gent, België" into its parts and a country named at the end, if any. */
export function parseFreeText(text: string): ParsedText {
  const parts = text
    .split(/[,;\n]/)
    .map((part) => part.trim())
    .filter((part) => part !== "");
  let country: OfflineCountry | undefined;
  const last = parts.at(-1);
  if (last !== undefined) {
    const named = COUNTRY_ALIASES.get(normaliseName(last));
    if (named && parts.length > 1) {
      country = named;
      parts.pop();
    } else {
      // "Gent België": a country as the last word or words of the last part.
      const words = last.split(/\s+/);
      for (let take = Math.min(3, words.length - 1); take >= 1; take--) {
        const tail = COUNTRY_ALIASES.get(normaliseName(words.slice(-take).join(" ")));
        // Two-letter codes only count after a comma: "Den Haag" is not Germany.
        if (tail && normaliseName(words.slice(-take).join(" ")).length > 2) {
          country = tail;
          parts[parts.length - 1] = words.slice(0, -take).join(" ");
          break;
        }
      }
    }
  }
  return { parts: parts.filter((part) => part.trim() !== ""), country };
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
    ? matches.filter((match) => distanceKm(match.place, hint) <= HINT_RADIUS_KM)
    : matches;
  let best: NameMatch | undefined;
  for (const match of near.length > 0 ? near : matches) {
    if (best === undefined || score(match) > score(best)) best = match;
  }
  return best?.place ?? null;
}

const HINT_RADIUS_KM = 40;

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

function distanceKm(a: { lat: number; lng: number }, b: { lat: number; lng: number }): number {
  const rad = Math.PI / 180;
  const dLat = (b.lat - a.lat) * rad;
  const dLng = (b.lng - a.lng) * rad;
  const h =
    Math.sin(dLat / 2) ** 2 +
    Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(dLng / 2) ** 2;
  return 12_742 * Math.asin(Math.sqrt(h));
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

/**
 * places-xx.tsv: name, lat, lng, population, rank, the name's keys and its alternative names' keys
 * (each joined by "|"). postcodes-xx.tsv: key, lat, lng, place name. Both written by
 * scripts/build-geocoder-data.ts.
 */
async function loadCountry(dataDir: string, country: OfflineCountry): Promise<CountryGazetteer> {
  const lower = country.toLowerCase();
  const names = new Map<string, NameMatch[]>();
  const add = (key: string, match: NameMatch) => {
    const list = names.get(key);
    if (list) list.push(match);
    else names.set(key, [match]);
  };
  const placesText = await readFile(path.join(dataDir, `places-${lower}.tsv`), "utf8");
  for (const line of placesText.split("\n")) {
    if (line === "") continue;
    const [name = "", lat, lng, population, rank, own = "", alternatives = ""] = line.split("\t");
    const place: Place = {
      name,
      lat: Number(lat),
      lng: Number(lng),
      population: Number(population),
      rank: Number(rank),
    };
    const primary: NameMatch = { place, primary: true };
    for (const key of own.split("|")) if (key) add(key, primary);
    const alternative: NameMatch = { place, primary: false };
    for (const key of alternatives.split("|")) if (key) add(key, alternative);
  }

  const postcodes = new Map<string, PostalArea>();
  const postcodesFile = path.join(dataDir, `postcodes-${lower}.tsv`);
  if (existsSync(postcodesFile)) {
    const postcodesText = await readFile(postcodesFile, "utf8");
    for (const line of postcodesText.split("\n")) {
      if (line === "") continue;
      const [key = "", lat, lng, place = ""] = line.split("\t");
      postcodes.set(key, { key, lat: Number(lat), lng: Number(lng), place });
    }
  }
  return { names, postcodes };
}
