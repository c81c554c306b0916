// The query shapes `npm run bench:search` (scripts/bench-search.ts) measures: the meadow search and
// the map's viewport query as the app calls them, each with parameters that vary from run to run.
import type { Database } from "../app/adapters/db.server.ts";
import { closestWords } from "../app/services/meadows/closest-words.server.ts";
import { searchMeadows } from "../app/services/meadows/search.server.ts";
import { suggest } from "../app/services/meadows/suggestions.server.ts";
import { createPlaceNames } from "../app/adapters/places.server.ts";
import { viewportMeadows, type ViewportRead } from "../app/services/meadows/viewport.server.ts";
import { TOWNS } from "../db/factories/generated-meadows.ts";
import { MAP_MAX_CROPS } from "../app/lib/crops.ts";

const TEXTS = ["tulp", "dahlia", "crème", "zonnebloem", "pluktuin", "blumen", "cueillette"];
/** Words in one meadow of fifteen (a second name word), and pairs in one of fifty to a hundred. */
const UNCOMMON_TEXTS = ["hoeve", "deich", "château", "églantines", "sonnenschein"];
const PAIRS = ["pluktuin deich", "sonnenschein cueillette", "dahlia hoeve", "tulpen château"];
/** Words in another form than the texts have them, found by their stems (ADR 61). */
const OTHER_FORMS = ["tulpenvelden", "boomgaarden", "frambozen", "lindenhofs", "hoeves"];
/** Words with a typing slip that no meadow holds, read as the word they are closest to. */
const SLIPS = ["zonnebloen", "cueilete", "sonnenschien", "vlinderhoff", "kleurijk"];
const COUNTRIES = ["NL", "BE", "DE", "FR"];
/** What the search boxes send as a visitor types: common and rare name words, crops, places. */
const SUGGESTION_TEXTS = [
  "plu",
  "pluk",
  "pluktuin de",
  "zonneb",
  "tulpen lis",
  "kleino",
  "sonnensch",
  "dahlia h",
  "cueillette du ch",
  "aardbeien utr",
];
const places = createPlaceNames();
/** Common crops (early in the catalogue, drawn most) and rare ones (late in it). */
const CROP_CHOICES = [
  ["tulip"],
  ["dahlia", "sunflower"],
  ["apple"],
  ["kale"],
  ["quince", "walnut"],
];

const SINGLE_CROPS = CROP_CHOICES.filter((crops) => crops.length === 1);
const CROP_PAIRS = CROP_CHOICES.filter((crops) => crops.length === 2);
/** Three crops each: common ones, fruit, and rare ones with a common one. */
const CROP_TRIPLES = [
  ["tulip", "dahlia", "sunflower"],
  ["apple", "pear", "plum"],
  ["quince", "walnut", "kale"],
];
/**
 * Eight crops each, as many as the grid counts exactly: the eight most common, the summer
 * flowers, and fruit. The map takes the first four (MAP_MAX_CROPS).
 */
const CROP_EIGHTS = [
  ["tulip", "daffodil", "hyacinth", "ranunculus", "peony", "allium", "sweet-pea", "cornflower"],
  ["sunflower", "dahlia", "zinnia", "cosmos", "gladiolus", "phlox", "statice", "lavender"],
  ["strawberry", "cherry", "raspberry", "blueberry", "blackberry", "plum", "apple", "pear"],
];

/**
 * "Open now" at a busy hour (a Saturday morning in July: most meadows open), an evening (few)
 * and a winter night (only the ones open day and night).
 */
const OPEN_INSTANTS = [
  new Date("2027-07-10T09:00:00Z"),
  new Date("2027-07-07T19:30:00Z"),
  new Date("2027-01-17T02:00:00Z"),
];

/** The list's default order in winter, when few meadows are in season, and in summer. */
const SEASON_INSTANTS = [new Date("2026-12-15T10:00:00Z"), new Date("2027-06-15T10:00:00Z")];

function town(run: number) {
  const entry = TOWNS[run % TOWNS.length];
  if (!entry) throw new Error("no towns");
  const [country, , lat, lng] = entry;
  return { country, lat, lng };
}

function around(run: number): { lat: number; lng: number } {
  const { lat, lng } = town(run);
  return { lat: lat + ((run * 7) % 10) / 100, lng: lng - ((run * 3) % 10) / 100 };
}

/** A MapLibre viewport of 1280 x 800 px at `zoom` around `centre`. */
function viewport(centre: { lat: number; lng: number }, zoom: number) {
  const degreesPerPixel = 360 / (256 * 2 ** zoom);
  const halfWidth = 640 * degreesPerPixel;
  const halfHeight = 400 * degreesPerPixel * Math.cos((centre.lat * Math.PI) / 180);
  return {
    bbox: [
      centre.lng - halfWidth,
      centre.lat - halfHeight,
      centre.lng + halfWidth,
      centre.lat + halfHeight,
    ] as [number, number, number, number],
    zoom,
  };
}

export type Shape = {
  name: string;
  explain?: boolean;
  run(db: Database, run: number, onRead?: (read: ViewportRead) => void): Promise<unknown>;
};

/** A map view at zoom 7 around the run's town, filtered on the run's crops of `choices`. */
function cropsViewAtZoom7(choices: string[][]): Shape["run"] {
  return (db, run, onRead) =>
    viewportMeadows(
      db,
      { ...viewport(around(run), 7), filters: { crops: choices[run % choices.length] } },
      { onRead },
    );
}

/** The map at zoom 7 around the run's town, filtered by one of `texts` in turn. */
function filteredMapShape(name: string, texts: readonly string[]): Shape {
  return {
    name,
    explain: true,
    run: (db, run, onRead) =>
      viewportMeadows(
        db,
        { ...viewport(around(run), 7), filters: { text: texts[run % texts.length] } },
        { onRead },
      ),
  };
}

export const SHAPES: Shape[] = [
  {
    name: "text (name sort)",
    explain: true,
    run: (db, run) => searchMeadows(db, { text: TEXTS[run % TEXTS.length], sort: "name" }),
  },
  {
    name: "text, rare word (name sort)",
    run: (db) => searchMeadows(db, { text: "kleinood", sort: "name" }),
  },
  {
    name: "text, another form (name sort)",
    run: (db, run) =>
      searchMeadows(db, { text: OTHER_FORMS[run % OTHER_FORMS.length], sort: "name" }),
  },
  {
    name: "text with a slip, read as the closest word",
    run: async (db, run) => {
      // As the list asks it (listSearch): nothing as typed, then the closest word.
      const word = SLIPS[run % SLIPS.length] ?? "";
      const typed = await searchMeadows(db, { text: word, sort: "name" });
      if (typed.total > 0) return typed;
      const closest = await closestWords(db, [word]);
      return searchMeadows(db, { text: closest.get(word) ?? word, sort: "name" });
    },
  },
  {
    name: "suggestions as typed",
    run: async (db, run) => {
      // Each text as a box sends it: part of a word, a name's first words, a crop and a place.
      const typed = SUGGESTION_TEXTS[run % SUGGESTION_TEXTS.length] ?? "";
      const suggestions = await suggest({ db, places }, typed, "nl");
      return { items: suggestions, total: suggestions.length };
    },
  },
  {
    name: "country (name sort)",
    run: (db, run) =>
      searchMeadows(db, { country: COUNTRIES[run % COUNTRIES.length], sort: "name" }),
  },
  {
    name: "distance ≤ 25 km (distance sort)",
    explain: true,
    run: (db, run) => searchMeadows(db, { near: around(run), maxDistanceKm: 25, sort: "distance" }),
  },
  {
    name: "text + country + ≤ 25 km (distance sort)",
    explain: true,
    run: (db, run) => {
      const near = around(run);
      const country = town(run).country;
      return searchMeadows(db, {
        text: TEXTS[run % TEXTS.length],
        country,
        near,
        maxDistanceKm: 25,
        sort: "distance",
      });
    },
  },
  {
    name: "≤ 25 km (price sort)",
    explain: true,
    run: (db, run) => searchMeadows(db, { near: around(run), maxDistanceKm: 25, sort: "price" }),
  },
  { name: "name sort, page 1", run: (db) => searchMeadows(db, { sort: "name" }) },
  {
    name: "in season first, page 1–3 (December, June)",
    explain: true,
    run: (db, run) =>
      searchMeadows(db, {
        sort: "season",
        now: SEASON_INSTANTS[run % SEASON_INSTANTS.length],
        page: 1 + (run % 3),
      }),
  },
  {
    name: "in season first + crop",
    run: (db, run) =>
      searchMeadows(db, {
        sort: "season",
        now: SEASON_INSTANTS[run % SEASON_INSTANTS.length],
        crops: SINGLE_CROPS[run % SINGLE_CROPS.length],
      }),
  },
  {
    name: "price sort, page 1–3",
    run: (db, run) => searchMeadows(db, { sort: "price", page: 1 + (run % 3) }),
  },
  {
    name: "newest, page 1",
    run: (db) => searchMeadows(db, { sort: "newest" }),
  },
  {
    name: "map viewport zoom 7 (clusters)",
    explain: true,
    run: (db, run) => viewportMeadows(db, viewport(around(run), 7)),
  },
  filteredMapShape("map viewport zoom 7, text filter", TEXTS),
  filteredMapShape("map viewport zoom 7, uncommon word", UNCOMMON_TEXTS),
  filteredMapShape("map viewport zoom 7, two words", PAIRS),
  {
    name: "crop (name sort)",
    explain: true,
    run: (db, run) =>
      searchMeadows(db, { crops: CROP_CHOICES[run % CROP_CHOICES.length], sort: "name" }),
  },
  {
    // The list takes up to thirty crops (the map four): eight ticked at once.
    name: "eight crops (name sort)",
    explain: true,
    run: (db, run) =>
      searchMeadows(db, { crops: CROP_EIGHTS[run % CROP_EIGHTS.length], sort: "name" }),
  },
  {
    name: "eight crops + ≤ 25 km (distance sort)",
    explain: true,
    run: (db, run) =>
      searchMeadows(db, {
        crops: CROP_EIGHTS[run % CROP_EIGHTS.length],
        near: around(run),
        maxDistanceKm: 25,
        sort: "distance",
      }),
  },
  {
    name: "in season in month (name sort)",
    explain: true,
    run: (db, run) => searchMeadows(db, { season: 1 + (run % 12), sort: "name" }),
  },
  {
    name: "crop + in season now + ≤ 25 km (distance sort)",
    explain: true,
    run: (db, run) =>
      searchMeadows(db, {
        crops: CROP_CHOICES[run % CROP_CHOICES.length],
        season: "now",
        near: around(run),
        maxDistanceKm: 25,
        sort: "distance",
      }),
  },
  {
    // One crop: counted in the stored grid per crop (ADR 42).
    name: "map viewport zoom 7, crop",
    explain: true,
    run: cropsViewAtZoom7(SINGLE_CROPS),
  },
  {
    // Any of two crops: the stored grid per crop, less its rows of both (ADR 42).
    name: "map viewport zoom 7, two crops",
    explain: true,
    run: cropsViewAtZoom7(CROP_PAIRS),
  },
  {
    // Any of three crops: the grid's rows of each crop and of each two of them.
    name: "map viewport zoom 7, three crops",
    run: cropsViewAtZoom7(CROP_TRIPLES),
  },
  {
    // The most the map takes: 6 pairs, and the meadows growing three of them, 4 ways.
    name: "map viewport zoom 7, four crops",
    run: cropsViewAtZoom7(CROP_EIGHTS.map((crops) => crops.slice(0, MAP_MAX_CROPS))),
  },
  {
    // The most the grid counts exactly, for the service's own cost: 28 pairs, 56 threes.
    name: "map viewport zoom 7, eight crops",
    run: cropsViewAtZoom7(CROP_EIGHTS),
  },
  {
    name: "open now (name sort)",
    explain: true,
    run: (db, run) =>
      searchMeadows(db, {
        openNow: true,
        now: OPEN_INSTANTS[run % OPEN_INSTANTS.length],
        sort: "name",
      }),
  },
  {
    name: "open now + crop (name sort)",
    explain: true,
    run: (db, run) =>
      searchMeadows(db, {
        openNow: true,
        now: OPEN_INSTANTS[run % OPEN_INSTANTS.length],
        crops: CROP_CHOICES[run % CROP_CHOICES.length],
        sort: "name",
      }),
  },
  {
    name: "open now + ≤ 25 km (distance sort)",
    explain: true,
    run: (db, run) =>
      searchMeadows(db, {
        openNow: true,
        now: OPEN_INSTANTS[run % OPEN_INSTANTS.length],
        near: around(run),
        maxDistanceKm: 25,
        sort: "distance",
      }),
  },
  {
    name: "map viewport zoom 7, open now",
    explain: true,
    run: (db, run, onRead) =>
      viewportMeadows(
        db,
        {
          ...viewport(around(run), 7),
          filters: { openNow: true, now: OPEN_INSTANTS[run % OPEN_INSTANTS.length] },
        },
        { onRead },
      ),
  },
  {
    // One crop open now: the stored grid per crop, split by hours (ADR 42).
    name: "map viewport zoom 7, open now + crop",
    explain: true,
    run: (db, run, onRead) =>
      viewportMeadows(
        db,
        {
          ...viewport(around(run), 7),
          filters: {
            openNow: true,
            now: OPEN_INSTANTS[run % OPEN_INSTANTS.length],
            crops: SINGLE_CROPS[run % SINGLE_CROPS.length],
          },
        },
        { onRead },
      ),
  },
  {
    name: "map viewport zoom 7, crop in season in month",
    explain: true,
    run: (db, run, onRead) =>
      viewportMeadows(
        db,
        {
          ...viewport(around(run), 7),
          filters: { crops: SINGLE_CROPS[run % SINGLE_CROPS.length], season: 1 + (run % 12) },
        },
        { onRead },
      ),
  },
  {
    name: "map viewport zoom 7, in season in month",
    explain: true,
    run: (db, run, onRead) =>
      viewportMeadows(
        db,
        { ...viewport(around(run), 7), filters: { season: 1 + (run % 12) } },
        { onRead },
      ),
  },
  {
    name: "map viewport zoom 13 (points)",
    explain: true,
    run: (db, run) => viewportMeadows(db, viewport(around(run), 13)),
  },
];
