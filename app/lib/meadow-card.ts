import {
  cropById,
  cropsInSeason,
  countryTimeZone,
  currentMonth,
  type MeadowCrop,
} from "~/lib/crops";
import { seasonReopensAt, type HoursTimeline } from "~/lib/hours-text";

/*
 * What a meadow card shows, spelled once: the services fill it, loaders send it, and the card,
 * the lists and the grids draw it. Shared by server and browser.
 */

/** A photo as the image pipeline serves it: WebP at 1x and 2x (`srcSet`). */
export interface MeadowCardPhoto {
  src: string;
  srcSet?: string;
  width?: number;
  height?: number;
  /** A colour shown until the file has loaded. */
  placeholder?: string;
}

/** What a card shows of a meadow; a MeadowSummary from the search service fits. */
export interface MeadowCardData {
  id: string;
  name: string;
  city: string;
  /** ISO 3166-1 alpha-2; shown by name in the page's language. */
  country: string;
  priceText: string;
  isDemo?: boolean;
  /** The first photo; without one the card shows a drawn meadow. */
  photo?: MeadowCardPhoto | null;
  /** Without a photo: the one or two crops its drawing shows (drawnCrops). */
  drawnCrops?: string[] | null;
  /** Whether the member looking keeps it among their favorites (the heart is filled). */
  kept?: boolean;
  /** From the place the list is sorted by, when it is. */
  distanceKm?: number;
  /** The ids of its crops in season now at the meadow (see toMeadowCard). */
  inSeason?: string[];
  /** What its hours say, from the page's "now" on, as encodeTimeline writes it (no zone). */
  hours?: string;
}

/**
 * What a loader sends the page for one card: a search result's fields that a card shows, and
 * no more (the page's data is part of its HTML).
 */
export function toMeadowCard(
  meadow: MeadowCardData & { crops?: MeadowCrop[] },
  now?: Date,
): MeadowCardData {
  const inSeason =
    meadow.crops && now
      ? pickableInSeason(meadow.crops, meadow.country, now, meadow.hours)
      : undefined;
  return {
    id: meadow.id,
    name: meadow.name,
    city: meadow.city,
    country: meadow.country,
    priceText: meadow.priceText,
    isDemo: meadow.isDemo,
    // To the metre: enough for anyone, and the page carries it twice for each card.
    ...(meadow.distanceKm === undefined
      ? {}
      : { distanceKm: Math.round(meadow.distanceKm * 1000) / 1000 }),
    photo: meadow.photo ?? null,
    ...(!meadow.photo && meadow.crops?.length ? { drawnCrops: drawnCrops(meadow.crops) } : {}),
    ...(inSeason?.length ? { inSeason } : {}),
    ...(meadow.hours ? { hours: meadow.hours } : {}),
  };
}

/**
 * The ids of the crops in season at the meadow at `now`, or none while its hours keep it closed
 * for the season: a season is told by months, and the last open day of a month can pass before
 * the month does ("In season: pumpkins" above "Closed for the season until September").
 */
export function pickableInSeason(
  crops: readonly MeadowCrop[],
  country: string,
  now: Date,
  /** Its hours from about `now` on; a string as encodeTimeline writes it, read only if needed. */
  hours: HoursTimeline | string | undefined,
): string[] {
  const inSeason = cropsInSeason(crops, currentMonth(now, country));
  const reopens =
    inSeason.length > 0
      ? seasonReopensAt(hours, now.getTime(), countryTimeZone(country))
      : undefined;
  if (reopens !== undefined) return [];
  return inSeason.map((crop) => crop.id);
}

/** What a card's drawing shows, from the first of the meadow's crops. */
export type DrawingScene =
  | "flowers"
  | "bulbs"
  | "spikes"
  | "sunflowers"
  | "roses"
  | "wildflowers"
  | "orchard"
  | "bushes"
  | "strawberries"
  | "vegetables"
  | "pumpkins"
  | "corn";

/**
 * The scene of each crop drawn otherwise than its kind's: flowers as round heads, fruit on
 * bushes (on trees where ORCHARD_CROPS says), vegetables as leafy heads.
 */
const SCENE_OF: Readonly<Record<string, DrawingScene>> = {
  tulip: "bulbs",
  daffodil: "bulbs",
  ranunculus: "bulbs",
  hyacinth: "spikes",
  lavender: "spikes",
  larkspur: "spikes",
  gladiolus: "spikes",
  snapdragon: "spikes",
  statice: "spikes",
  sunflower: "sunflowers",
  rose: "roses",
  peony: "roses",
  hydrangea: "roses",
  cornflower: "wildflowers",
  cosmos: "wildflowers",
  scabious: "wildflowers",
  "sweet-pea": "wildflowers",
  aster: "wildflowers",
  strawberry: "strawberries",
  pumpkin: "pumpkins",
  "sweet-corn": "corn",
};

/** Fruit that grows on trees: drawn as an orchard; other fruit as bushes. */
const ORCHARD_CROPS = new Set([
  "cherry",
  "sour-cherry",
  "plum",
  "apple",
  "pear",
  "walnut",
  "chestnut",
  "quince",
]);

export function drawingScene(cropId: string | undefined): DrawingScene {
  const crop = cropId ? cropById(cropId) : undefined;
  if (!crop) return "flowers";
  const own = SCENE_OF[crop.id];
  if (own) return own;
  if (crop.kind === "vegetable") return "vegetables";
  if (crop.kind === "fruit") return ORCHARD_CROPS.has(crop.id) ? "orchard" : "bushes";
  return "flowers";
}

/**
 * The crops a drawing without a photo shows, of a meadow's crops in the catalogue's order: the
 * first, which sets the scene, and the next one of the same scene, for a second colour.
 */
export function drawnCrops(crops: readonly (string | { id: string })[]): string[] {
  const ids = crops.map((crop) => (typeof crop === "string" ? crop : crop.id));
  const [first, ...rest] = ids;
  if (first === undefined) return [];
  const scene = drawingScene(first);
  const second = rest.find((id) => drawingScene(id) === scene);
  return second === undefined ? [first] : [first, second];
}

/** One page of a longer list of cards (a profile's meadows, the favorites). */
export interface MeadowCardPage {
  items: MeadowCardData[];
  /** How many there are on all pages. */
  total: number;
  page: number;
  /** At least 1, also when there are none. */
  pageCount: number;
}
