import type { Country } from "~/lib/countries";
import { inCatalogueOrder } from "~/lib/crops";
import type { MeadowSearch, Season } from "~/lib/schemas/meadow-search";

/** One filter of a search, which a visitor may drop to find more. */
export type SearchFilter =
  | { kind: "words"; words: string }
  | { kind: "country"; country: Country }
  | { kind: "crop"; crop: string }
  | { kind: "season"; season: Season }
  | { kind: "open" }
  | { kind: "distance"; km: number };

/**
 * The searches one filter wider than `search`, a filter at a time in the order the form shows
 * them, each from its first page: what a list that found nothing offers instead. The place
 * stays (its distance may go), as do the sort and the other filters.
 */
export function widerSearches(
  search: MeadowSearch,
): { filter: SearchFilter; search: MeadowSearch }[] {
  const wider: { filter: SearchFilter; search: MeadowSearch }[] = [];
  const without = (filter: SearchFilter, changes: Partial<MeadowSearch>) =>
    wider.push({ filter, search: { ...search, ...changes, page: 1 } });
  if (search.q) without({ kind: "words", words: search.q }, { q: "" });
  if (search.country) without({ kind: "country", country: search.country }, { country: undefined });
  if (search.season !== undefined) {
    without({ kind: "season", season: search.season }, { season: undefined });
  }
  if (search.openNow) without({ kind: "open" }, { openNow: undefined });
  // As the form lists the chosen crops: in the catalogue's order.
  for (const { id: crop } of inCatalogueOrder(search.crops.map((id) => ({ id })))) {
    without({ kind: "crop", crop }, { crops: search.crops.filter((other) => other !== crop) });
  }
  const located = search.place !== "" || (search.lat !== undefined && search.lng !== undefined);
  if (located && search.km !== undefined) {
    without({ kind: "distance", km: search.km }, { km: undefined });
  }
  return wider;
}
