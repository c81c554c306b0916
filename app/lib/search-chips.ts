import { inCatalogueOrder } from "~/lib/crops";
import type { MeadowSearch } from "~/lib/schemas/meadow-search";
import type { SearchFilter } from "~/lib/wider-searches";

/** What the search box's words were read as, each with the words without it (QueryReading). */
export interface ReadParts {
  crops: readonly { id: string; without: string }[];
  place?: { without: string };
  openNow?: { without: string };
}

/** A filter the list applies, and the search without it: a removable chip above the results. */
export type SearchChip =
  | { filter: SearchFilter; search: MeadowSearch }
  | { filter: { kind: "place" }; search: MeadowSearch };

/**
 * The chips of a search: where it measures from, the crops, "open now" and the season, whether
 * chosen in the form or read from the box's words. Removing one read from the words takes those
 * words out of the box; one chosen in the form is unticked.
 */
export function searchChips(
  search: MeadowSearch,
  read: ReadParts | undefined,
  { located }: { located: boolean },
): SearchChip[] {
  const chips: SearchChip[] = [];
  const without = (changes: Partial<MeadowSearch>): MeadowSearch => ({
    ...search,
    ...changes,
    page: 1,
  });
  if (located) {
    chips.push({
      filter: { kind: "place" },
      search: read?.place
        ? without({ q: read.place.without })
        : without({
            place: "",
            placeAt: undefined,
            lat: undefined,
            lng: undefined,
            km: undefined,
          }),
    });
  }
  const readCrops = read?.crops ?? [];
  const crops = inCatalogueOrder(
    [...new Set([...search.crops, ...readCrops.map((crop) => crop.id)])].map((id) => ({ id })),
  );
  for (const { id } of crops) {
    const fromWords = readCrops.find((crop) => crop.id === id);
    chips.push({
      filter: { kind: "crop", crop: id },
      search: without({
        crops: search.crops.filter((other) => other !== id),
        ...(fromWords ? { q: fromWords.without } : {}),
      }),
    });
  }
  if (search.openNow || read?.openNow) {
    chips.push({
      filter: { kind: "open" },
      search: without({
        openNow: undefined,
        ...(read?.openNow ? { q: read.openNow.without } : {}),
      }),
    });
  }
  if (search.season !== undefined) {
    chips.push({
      filter: { kind: "season", season: search.season },
      search: without({ season: undefined }),
    });
  }
  return chips;
}
