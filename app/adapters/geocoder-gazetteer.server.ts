import { existsSync } from "node:fs";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
// With its extension: scripts/build-geocoder-data.ts runs this module in Node as it is.
import { foldName } from "../lib/fold.ts";

/*
 * The offline geocoder's gazetteer: the countries it knows, the keys its tables find names and
 * postal codes under, and reading a country's tables from app/adapters/data. The keys are shared
 * with scripts/build-geocoder-data.ts, which writes the tables.
 */

/** Every country the meadow form offers (app/lib/schemas/meadow.ts), the likeliest first. */
export const OFFLINE_COUNTRIES = ["NL", "BE", "DE", "FR", "GB", "LU", "AT", "CH", "DK"] as const;
export type OfflineCountry = (typeof OFFLINE_COUNTRIES)[number];

export function isOfflineCountry(value: string): value is OfflineCountry {
  return (OFFLINE_COUNTRIES as readonly string[]).includes(value);
}

const UMLAUTS: Record<string, string> = { ä: "ae", ö: "oe", ü: "ue", Ä: "Ae", Ö: "Oe", Ü: "Ue" };

/** See foldName: the form the tables' keys are written in. */
export const normaliseName = foldName;

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

export function postalKey(country: OfflineCountry, value: string): string | null {
  const match = POSTAL_PATTERNS[country].exec(value.trim().toUpperCase().replace(/\s+/g, " "));
  if (!match) return null;
  return match
    .slice(1)
    .filter((group) => group !== undefined)
    .join("");
}

export interface Place {
  name: string;
  lat: number;
  lng: number;
  population: number;
  /** 0 capital, 1 province seat, 2 seat of a smaller division, 3 town or village, 4 a quarter. */
  rank: number;
}

export interface NameMatch {
  place: Place;
  /** Found under its own name rather than an alternative ("Köln", not "Cologne"). */
  primary: boolean;
}

export interface PostalArea {
  key: string;
  lat: number;
  lng: number;
  place: string;
}

export interface CountryGazetteer {
  names: Map<string, NameMatch[]>;
  postcodes: Map<string, PostalArea>;
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

/**
 * places-xx.tsv: name, lat, lng, population, rank, the name's keys and its alternative names' keys
 * (each joined by "|"). postcodes-xx.tsv: key, lat, lng, place name. Both written by
 * scripts/build-geocoder-data.ts.
 */
export async function loadCountry(
  dataDir: string,
  country: OfflineCountry,
): Promise<CountryGazetteer> {
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
