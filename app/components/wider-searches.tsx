import { Link } from "react-router";
import { cropList, cropName, monthName } from "~/components/crops";
import { formatDistance } from "~/components/meadow-card";
import { CloseIcon } from "~/components/ui/icons";
import { useShellData } from "~/hooks/use-shell-data";
import { useTranslation } from "~/hooks/use-translation";
import { countryName } from "~/lib/country-names";
import type { Language } from "~/lib/i18n";
import { meadowSearchQuery, type MeadowSearch } from "~/lib/schemas/meadow-search";
import { widerSearches, type SearchFilter } from "~/lib/wider-searches";

type Translate = ReturnType<typeof useTranslation>["t"];

/** A filter as the form shows it: "Open now", "Dahlias", "In season in May", "Within 10 km". */
export function filterLabel(t: Translate, lang: Language, filter: SearchFilter): string {
  switch (filter.kind) {
    case "words":
      return t("meadowList.filterWords", { words: filter.words });
    case "country":
      return countryName(filter.country, lang);
    case "season":
      return filter.season === "now"
        ? t("crops.inSeasonNowLong")
        : t("crops.inSeasonInMonth", { month: monthName(t, filter.season) });
    case "open":
      return t("hours.openNow");
    case "crop":
      return cropName(t, filter.crop);
    case "distance":
      return t("meadowList.withinDistance", { distance: formatDistance(filter.km, lang) });
  }
}

/**
 * Why a search of one filter found nothing, when dropping the filter would list every meadow
 * (the list's own "show all" link does that): what the filter asked of the meadows, so a
 * visitor knows what to try instead.
 */
function emptyHint(t: Translate, lang: Language, only: SearchFilter | undefined): string {
  switch (only?.kind) {
    case "words":
      return t("meadowList.emptyWords");
    case "country":
      return t("meadowList.emptyCountry");
    case "season":
      return only.season === "now"
        ? t("meadowList.emptySeasonNow")
        : t("meadowList.emptySeasonMonth", { month: monthName(t, only.season) });
    case "open":
      return t("meadowList.emptyOpenNow");
    case "crop":
      return t("meadowList.emptyCrop", { crop: cropList(t, lang, [only.crop]) });
    default:
      // No filter at all: nobody has added a meadow yet.
      return t("meadowList.emptyNone");
  }
}

/**
 * For a search that found nothing: its filters, each a link to the same search without it, so
 * the way to more meadows is one tap (no JavaScript needed). A filter whose removal would list
 * every meadow is left to the list's own "show all" link; with none left, a hint says what the
 * search asked that no meadow has.
 */
export function WiderSearchLinks({ search, pathname }: { search: MeadowSearch; pathname: string }) {
  const { t } = useTranslation();
  const { lang } = useShellData();
  const filters = widerSearches(search);
  const wider = filters
    .map(({ filter, search: widerSearch }) => ({ filter, query: meadowSearchQuery(widerSearch) }))
    .filter(({ query }) => query !== "");
  if (wider.length === 0) {
    // A search of two filters or more always has a wider one: this one has one filter or none.
    return (
      <p className="mt-4 max-w-sm text-sm text-muted-foreground">
        {emptyHint(t, lang, filters[0]?.filter)}
      </p>
    );
  }
  return (
    <div className="mt-4 flex flex-col items-center" data-testid="wider-searches">
      <p className="max-w-sm text-sm text-muted-foreground">
        {t("meadowList.emptyWithout", { count: wider.length })}
      </p>
      <ul className="mt-3 flex flex-wrap justify-center gap-2">
        {wider.map(({ filter, query }) => {
          const label = filterLabel(t, lang, filter);
          return (
            <li key={`${filter.kind}:${filter.kind === "crop" ? filter.crop : ""}`}>
              <Link
                to={{ pathname, search: query }}
                aria-label={t("meadowList.searchWithout", { filter: label })}
                className="inline-flex min-h-9 items-center gap-1.5 rounded-full border border-border bg-card px-3 text-sm font-medium hover:border-primary hover:bg-accent focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
              >
                {label}
                <CloseIcon className="size-3.5 text-muted-foreground" />
              </Link>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
