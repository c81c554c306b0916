import { Link } from "react-router";
import { filterLabel } from "~/components/wider-searches";
import { CloseIcon, PinIcon } from "~/components/ui/icons";
import { useShellData } from "~/hooks/use-shell-data";
import { useTranslation } from "~/hooks/use-translation";
import type { SearchChip } from "~/lib/search-chips";
import type { ActiveLocation } from "~/lib/schemas/meadow-search";

export type ChipLink = { filter: SearchChip["filter"]; query: string };

export interface OtherPlaceLink {
  name: string;
  landmark?: string;
  country: string;
  query: string;
}

const chipClassName =
  "inline-flex min-h-9 items-center gap-1.5 rounded-full border border-primary/40 bg-accent px-3 text-sm font-medium text-accent-foreground hover:border-primary focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none";

/**
 * The filters the results answer, each a chip whose link is the search without it; those read
 * from the box's words ("tulips Lisse" → Tulips, Near Lisse) show here as the form's own do.
 * Below them, for a place name several places share, the others, one tap each.
 */
export function SearchChips({
  chips,
  location,
  otherPlaces,
  pathname,
}: {
  chips: readonly ChipLink[];
  location: ActiveLocation | null;
  otherPlaces: readonly OtherPlaceLink[];
  pathname: string;
}) {
  const { t } = useTranslation();
  const { lang } = useShellData();
  const placeName = location?.kind === "place" ? location.label : undefined;
  if (chips.length === 0 && !(placeName && otherPlaces.length > 0)) return null;
  return (
    <div className="mt-3 grid gap-2">
      {chips.length > 0 ? (
        <ul
          aria-label={t("meadowList.chipsLabel")}
          className="flex flex-wrap gap-2"
          data-testid="search-chips"
        >
          {chips.map(({ filter, query }) => {
            const label =
              filter.kind === "place"
                ? placeName
                  ? t("meadowList.nearPlace", { place: placeName })
                  : t("meadowList.nearYou")
                : filterLabel(t, lang, filter);
            return (
              <li key={`${filter.kind}:${filter.kind === "crop" ? filter.crop : ""}`}>
                <Link
                  to={{ pathname, search: query }}
                  preventScrollReset
                  aria-label={t("meadowList.searchWithout", { filter: label })}
                  className={chipClassName}
                >
                  {filter.kind === "place" ? <PinIcon className="size-3.5 text-primary" /> : null}
                  {label}
                  <CloseIcon className="size-3.5 text-muted-foreground" />
                </Link>
              </li>
            );
          })}
        </ul>
      ) : null}
      {otherPlaces.length > 0 && placeName ? (
        <div className="text-sm text-muted-foreground" data-testid="other-places">
          <p>{t("meadowList.otherPlaces")}</p>
          <ul className="mt-1 flex flex-wrap gap-x-4 gap-y-1">
            {otherPlaces.map((other) => (
              <li key={other.query}>
                <Link
                  to={{ pathname, search: other.query }}
                  className="font-medium text-foreground underline underline-offset-4 hover:decoration-2 focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
                >
                  {other.landmark
                    ? t("meadowList.otherPlaceNear", {
                        place: other.name,
                        landmark: other.landmark,
                        country: other.country,
                      })
                    : t("meadowList.otherPlace", { place: other.name, country: other.country })}
                </Link>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </div>
  );
}
