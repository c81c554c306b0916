/*
 * What people pick in the Low Countries: the crop catalogue. Each crop has a stable id (used in
 * URLs, forms and the database), a botanical name, a colour for its dot, and its usual season as
 * a month mask for this climate. Its English and Dutch names are in the catalogues under
 * `crops.names.<id>` (a test checks both exist). Shared by server and browser.
 */

import { Kept } from "./kept";

export type CropKind = "flower" | "fruit" | "vegetable";

export interface Crop {
  id: string;
  kind: CropKind;
  botanical: string;
  /** The dot shown beside the name; never the only sign of the crop. */
  colour: string;
  /** The usual months, as a mask (see monthMask). */
  season: number;
}

/** A month is 1 (January) to 12 (December). */
export const MONTHS = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12] as const;
export const ALL_MONTHS_MASK = 0xfff;

export function isMonth(value: number): boolean {
  return Number.isInteger(value) && value >= 1 && value <= 12;
}

/** The mask of `months`: bit 0 is January, bit 11 December. */
export function monthMask(months: Iterable<number>): number {
  let mask = 0;
  for (const month of months) if (isMonth(month)) mask |= 1 << (month - 1);
  return mask;
}

/** The months of a mask, January first. */
export function maskMonths(mask: number): number[] {
  return MONTHS.filter((month) => inMonth(mask, month));
}

export function inMonth(mask: number, month: number): boolean {
  return isMonth(month) && (mask & (1 << (month - 1))) !== 0;
}

/** The months from `from` to `to`, both included; a season may run past December. */
export function monthRange(from: number, to: number): number {
  const months: number[] = [];
  for (let month = from; ; month = (month % 12) + 1) {
    months.push(month);
    if (month === to) break;
  }
  return monthMask(months);
}

function crop(
  id: string,
  kind: CropKind,
  botanical: string,
  colour: string,
  from: number,
  to: number,
): Crop {
  return { id, kind, botanical, colour, season: monthRange(from, to) };
}

/** The catalogue, flowers first, then fruit and vegetables; the form lists them in this order. */
export const CROPS: readonly Crop[] = [
  crop("tulip", "flower", "Tulipa", "#d94040", 4, 5),
  crop("daffodil", "flower", "Narcissus", "#e8c020", 3, 4),
  crop("hyacinth", "flower", "Hyacinthus orientalis", "#7b5fc7", 4, 4),
  crop("ranunculus", "flower", "Ranunculus asiaticus", "#e86f4f", 4, 6),
  crop("peony", "flower", "Paeonia lactiflora", "#e37fa3", 5, 6),
  crop("allium", "flower", "Allium giganteum", "#9a5fc0", 5, 6),
  crop("sweet-pea", "flower", "Lathyrus odoratus", "#c77bb8", 6, 8),
  crop("cornflower", "flower", "Centaurea cyanus", "#3f6fd1", 6, 8),
  crop("larkspur", "flower", "Consolida ajacis", "#5a6fd6", 6, 8),
  crop("lavender", "flower", "Lavandula angustifolia", "#8e7cc3", 6, 8),
  crop("rose", "flower", "Rosa", "#c8325a", 6, 9),
  crop("lily", "flower", "Lilium", "#f08a5d", 6, 8),
  crop("snapdragon", "flower", "Antirrhinum majus", "#e0608a", 6, 9),
  crop("scabious", "flower", "Scabiosa atropurpurea", "#8b4f8f", 6, 9),
  crop("sunflower", "flower", "Helianthus annuus", "#e6a817", 7, 9),
  crop("dahlia", "flower", "Dahlia", "#c2185b", 7, 10),
  crop("zinnia", "flower", "Zinnia elegans", "#ef6c3a", 7, 9),
  crop("cosmos", "flower", "Cosmos bipinnatus", "#e88fc2", 7, 10),
  crop("gladiolus", "flower", "Gladiolus", "#e2475a", 7, 9),
  crop("phlox", "flower", "Phlox paniculata", "#b05fbf", 7, 9),
  crop("statice", "flower", "Limonium sinuatum", "#6d5fd0", 7, 9),
  crop("strawflower", "flower", "Xerochrysum bracteatum", "#e39b2d", 7, 9),
  crop("hydrangea", "flower", "Hydrangea macrophylla", "#6c9bd2", 7, 9),
  crop("aster", "flower", "Symphyotrichum novi-belgii", "#7c6cd4", 8, 10),
  crop("chrysanthemum", "flower", "Chrysanthemum × morifolium", "#d9822b", 9, 11),
  crop("holly", "flower", "Ilex aquifolium", "#2e7d32", 11, 1),
  crop("hellebore", "flower", "Helleborus niger", "#b8a9c9", 12, 3),
  crop("strawberry", "fruit", "Fragaria × ananassa", "#e53935", 5, 9),
  crop("cherry", "fruit", "Prunus avium", "#a3122a", 6, 7),
  crop("gooseberry", "fruit", "Ribes uva-crispa", "#9ccc65", 6, 7),
  crop("redcurrant", "fruit", "Ribes rubrum", "#d32f2f", 6, 7),
  crop("raspberry", "fruit", "Rubus idaeus", "#d81b60", 6, 9),
  crop("blackcurrant", "fruit", "Ribes nigrum", "#3b2140", 7, 7),
  crop("blueberry", "fruit", "Vaccinium corymbosum", "#3f51b5", 7, 9),
  crop("sour-cherry", "fruit", "Prunus cerasus", "#8e1b2b", 7, 8),
  crop("blackberry", "fruit", "Rubus fruticosus", "#4a2c4f", 8, 9),
  crop("plum", "fruit", "Prunus domestica", "#6a3d8f", 8, 9),
  crop("apple", "fruit", "Malus domestica", "#7cb342", 8, 10),
  crop("pear", "fruit", "Pyrus communis", "#c0ca33", 8, 10),
  crop("kiwiberry", "fruit", "Actinidia arguta", "#689f38", 9, 10),
  crop("walnut", "fruit", "Juglans regia", "#8d6e63", 9, 10),
  crop("chestnut", "fruit", "Castanea sativa", "#795548", 10, 10),
  crop("quince", "fruit", "Cydonia oblonga", "#d4b02f", 10, 11),
  crop("asparagus", "vegetable", "Asparagus officinalis", "#8bab3b", 4, 6),
  crop("tomato", "vegetable", "Solanum lycopersicum", "#e53935", 7, 9),
  crop("bean", "vegetable", "Phaseolus vulgaris", "#558b2f", 7, 9),
  crop("sweet-corn", "vegetable", "Zea mays", "#f2c12e", 8, 9),
  crop("pumpkin", "vegetable", "Cucurbita maxima", "#ef7d22", 9, 11),
  crop("kale", "vegetable", "Brassica oleracea var. sabellica", "#33691e", 11, 2),
  crop("brussels-sprouts", "vegetable", "Brassica oleracea var. gemmifera", "#689f38", 10, 2),
];

const BY_ID = new Map(CROPS.map((entry) => [entry.id, entry]));

export const CROP_IDS: readonly string[] = CROPS.map((entry) => entry.id);

/** At most this many crops per meadow; more is a hand-made post, not a field. */
export const MAX_CROPS_PER_MEADOW = 30;

/**
 * A map view asks for at most this many crops (ADR 42). The stored grid counts every meadow in
 * view once up to eight, but past four, reading the meadows growing three of them took a view
 * past the search benchmark's targets on PGlite. The list takes more.
 */
export const MAP_MAX_CROPS = 4;

export function isCropId(value: string): boolean {
  return BY_ID.has(value);
}

export function cropById(id: string): Crop | undefined {
  return BY_ID.get(id);
}

/** A meadow's crop: the months it is picked there (its catalogue season unless changed). */
export interface MeadowCrop {
  id: string;
  months: number;
}

/** The union of the crops' months: what "in season in month M" is asked of. */
export function seasonMask(crops: readonly MeadowCrop[]): number {
  return crops.reduce((mask, entry) => mask | entry.months, 0);
}

/** The meadow's crops in season in `month`, in catalogue order. */
export function cropsInSeason(crops: readonly MeadowCrop[], month: number): MeadowCrop[] {
  return crops.filter((entry) => inMonth(entry.months, month));
}

const CATALOGUE_ORDER = new Map(CROP_IDS.map((id, index) => [id, index]));

/** The crops in catalogue order, whatever order they were stored or ticked in. */
export function inCatalogueOrder<T extends { id: string }>(crops: readonly T[]): T[] {
  const order = (crop: T) => CATALOGUE_ORDER.get(crop.id) ?? 0;
  return [...crops].sort((a, b) => order(a) - order(b));
}

/** A crop's month box on the form is "<crop id>:<month>", e.g. "dahlia:8". */
export function cropMonthValue(cropId: string, month: number): string {
  return `${cropId}:${month}`;
}

/** The crops as the database keeps them: parallel arrays of ids and month masks. */
export function cropsFromColumns(ids: readonly string[], months: readonly number[]): MeadowCrop[] {
  return inCatalogueOrder(
    ids.flatMap((id, index) =>
      isCropId(id) ? [{ id, months: Number(months[index] ?? 0) || 0 }] : [],
    ),
  );
}

/**
 * The time zone a meadow's "now" is read in, by its country: a meadow's month turns at its own
 * midnight, wherever the server or the visitor is.
 */
const TIME_ZONES: Record<string, string> = {
  AT: "Europe/Vienna",
  BE: "Europe/Brussels",
  CH: "Europe/Zurich",
  DE: "Europe/Berlin",
  DK: "Europe/Copenhagen",
  FR: "Europe/Paris",
  GB: "Europe/London",
  LU: "Europe/Luxembourg",
  NL: "Europe/Amsterdam",
};

export function countryTimeZone(country: string): string {
  return TIME_ZONES[country.toUpperCase()] ?? "Europe/Amsterdam";
}

/** One formatter per time zone: making one costs far more than a list's cards together. */
const monthFormats = new Map<string, Intl.DateTimeFormat>();

/** The month (1–12) at `instant` in `timeZone`. */
export function monthAt(instant: Date, timeZone: string): number {
  // Every zone's offset today is a whole number of quarter hours, so a month starts on one.
  const quarter = Math.floor(instant.getTime() / QUARTER_HOUR);
  return keptMonths.get(`${timeZone}|${quarter}`, () => {
    let format = monthFormats.get(timeZone);
    if (!format) {
      format = new Intl.DateTimeFormat("en", { timeZone, month: "numeric" });
      monthFormats.set(timeZone, format);
    }
    return Number(format.format(quarter * QUARTER_HOUR));
  });
}

const QUARTER_HOUR = 15 * 60_000;

/** Months already told: every card of a list asks for the month at its meadow. */
const keptMonths = new Kept<string, number>(1_000);

/** The month (1–12) it is now at a meadow in `country`. */
export function currentMonth(instant: Date, country: string): number {
  return monthAt(instant, countryTimeZone(country));
}

/**
 * The runs of consecutive months in a mask, each as [first, last]; a run through December
 * continues into January ([11, 2] is November to February). A full year is one run [1, 12].
 */
export function seasonRuns(mask: number): [number, number][] {
  if ((mask & ALL_MONTHS_MASK) === ALL_MONTHS_MASK) return [[1, 12]];
  const runs: [number, number][] = [];
  // Start after a month that is out of season, so a run over the new year is not split.
  const start = MONTHS.find((month) => !inMonth(mask, month)) ?? 1;
  let run: [number, number] | undefined;
  for (let step = 0; step < 12; step++) {
    const month = ((start + step) % 12) + 1;
    if (inMonth(mask, month)) {
      if (run) run[1] = month;
      else run = [month, month];
    } else if (run) {
      runs.push(run);
      run = undefined;
    }
  }
  if (run) runs.push(run);
  return runs;
}
