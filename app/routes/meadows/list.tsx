import { useId } from "react";
import { useTranslation } from "~/hooks/use-translation";
import { Link, useLoaderData, useLocation, useNavigation } from "react-router";
import { MeadowCardGrid } from "~/components/meadow-card";
import { MeadowFilters } from "~/components/meadow-filters";
import { Pagination } from "~/components/pagination";
import { SearchChips } from "~/components/search-chips";
import { WiderSearchLinks } from "~/components/wider-searches";
import { buttonVariants } from "~/components/ui/button";
import { SpinnerIcon } from "~/components/ui/icons";
import { appContext, clientIpContext } from "~/context";
import { useShellData } from "~/hooks/use-shell-data";
import { getI18n, getLocale } from "~/i18n.server";
import { cn } from "~/lib/cn";
import { formatNumber } from "~/lib/format";
import type { Language } from "~/lib/i18n";
import { toMeadowCard } from "~/lib/meadow-card";
import { pageMeta } from "~/lib/page-meta";
import { pageUrl } from "~/lib/page-url";
import { searchChips } from "~/lib/search-chips";
import { LIST_PAGE_SIZE, meadowSearchQuery, parseMeadowSearch } from "~/lib/schemas/meadow-search";
import { markKept } from "~/services/favorites.server";
import { listSearch } from "~/services/meadows/list-search.server";
import { withCardImages } from "~/services/photos.server";
import { getUser } from "~/session.server";
import type { Route } from "./+types/list";

export async function loader({ request, context }: Route.LoaderArgs) {
  const { db, geocoder, places, storage, config, limits } = context.get(appContext);
  const { t } = getI18n(context);
  const lang = getLocale(context) as Language;
  const url = pageUrl(request);
  const search = parseMeadowSearch(url.searchParams);
  const now = new Date();
  const { reading, asked, sort, result, location, otherPlaces, placeNotFound, corrected } =
    await listSearch(
      {
        db,
        geocoder,
        places,
        limits,
        outsideGeocoder: config.geocoder.provider !== "offline",
      },
      search,
      { language: lang, ip: context.get(clientIpContext), now, pageSize: LIST_PAGE_SIZE },
    );

  const title = t("meadowList.title");
  return {
    search,
    /** The search as it ran, with what the words were read as among its filters. */
    asked,
    /** Words read as the crop or place they are closest to; none when the words found meadows. */
    corrected: corrected ?? [],
    sort,
    location,
    chips: searchChips(search, reading, { located: location !== null }).map(
      ({ filter, search: without }) => ({ filter, query: meadowSearchQuery(without) }),
    ),
    // Each link drops the place from the words and names the other place, pinned.
    otherPlaces: (otherPlaces ?? []).map((other) => ({
      ...other,
      query: meadowSearchQuery({
        ...search,
        q: reading?.place ? reading.place.without : search.q,
        place: other.name,
        placeAt: { lat: roundTo3(other.lat), lng: roundTo3(other.lng) },
        page: 1,
      }),
    })),
    placeNotFound,
    result: {
      items: await markKept(
        db,
        getUser(context)?.id,
        withCardImages(storage, result.items).map((meadow) => toMeadowCard(meadow, now)),
      ),
      total: result.total,
      totalCapped: result.totalCapped,
      page: result.page,
      pageCount: result.pageCount,
      hasNextPage: result.hasNextPage,
    },
    meta: {
      title: search.q ? `${search.q} · ${title} · Plukweide` : `${title} · Plukweide`,
      description: t("meadowList.description"),
    },
    // Result pages of a particular search are for visitors, not for search engines' indexes.
    filtered: url.searchParams.size > 0,
  };
}

/** Three decimals of a degree (about 100 m) tell same-named places apart in an address. */
function roundTo3(value: number): number {
  return Math.round(value * 1000) / 1000;
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  ...pageMeta(loaderData?.meta),
  ...(loaderData?.filtered ? [{ name: "robots", content: "noindex, follow" }] : []),
];

type LoaderData = Awaited<ReturnType<typeof loader>>;

export default function MeadowsList() {
  const { t } = useTranslation();
  const { lang } = useShellData();
  const data = useLoaderData<typeof loader>();
  const { search, result } = data;
  const location = useLocation();
  const navigation = useNavigation();
  const resultsId = useId();
  const loading =
    navigation.state !== "idle" && navigation.location?.pathname === location.pathname;

  return (
    <main id="main" className="mx-auto max-w-6xl px-4 py-8 sm:py-10">
      <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">{t("meadowList.title")}</h1>
      <p className="mt-2 text-muted-foreground">{t("meadowList.intro")}</p>

      <div className="mt-6 grid items-start gap-8 lg:grid-cols-[18rem_minmax(0,1fr)]">
        <MeadowFilters
          search={search}
          sort={data.sort}
          location={data.location}
          placeNotFound={data.placeNotFound}
          clearLocationQuery={data.chips.find((chip) => chip.filter.kind === "place")?.query}
        />

        <section aria-labelledby={resultsId} className="min-w-0">
          <div className="flex min-h-9 flex-wrap items-center justify-between gap-x-4 gap-y-1">
            <h2
              id={resultsId}
              className="text-lg font-semibold"
              aria-live="polite"
              data-testid="result-count"
            >
              {resultHeading(t, data, lang)}
            </h2>
            {loading ? (
              <p role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
                <SpinnerIcon />
                {t("meadowList.loading")}
              </p>
            ) : null}
          </div>
          {data.corrected.length > 0 ? (
            <p className="mt-2 text-sm text-muted-foreground" data-testid="closest-note">
              {t("meadowList.closest", { words: data.corrected.join(" ") })}
            </p>
          ) : null}
          <SearchChips
            // With no results, the links below drop each filter instead.
            chips={result.items.length > 0 ? data.chips : []}
            location={data.location}
            otherPlaces={data.otherPlaces}
            pathname={location.pathname}
          />
          <div
            aria-busy={loading || undefined}
            // The search these results answer. The address changes before a transition renders
            // its results, so this is what says the page shows the address's results.
            data-results-for={location.search}
            className={cn(
              "mt-4 transition-opacity motion-reduce:transition-none",
              loading && "opacity-60",
            )}
          >
            {result.items.length > 0 ? (
              <MeadowCardGrid meadows={result.items} besideFilters data-testid="meadow-results" />
            ) : (
              <EmptyResults data={data} pathname={location.pathname} />
            )}
          </div>
          <Pagination
            page={data.result.page}
            pageCount={data.result.totalCapped ? undefined : data.result.pageCount}
            hasNextPage={data.result.hasNextPage}
            to={(target) => ({
              pathname: location.pathname,
              search: meadowSearchQuery({ ...data.search, page: target }),
            })}
          />
        </section>
      </div>
    </main>
  );
}

function resultHeading(
  t: ReturnType<typeof useTranslation>["t"],
  data: LoaderData,
  lang: Language,
): string {
  const { total, totalCapped, items } = data.result;
  if (items.length === 0) return t("messages.noMeadows");
  const formatted = formatNumber(total, lang);
  return totalCapped
    ? t("meadowList.countCapped", { formatted })
    : t("meadowList.count", { count: total, formatted });
}

/** What to do next when nothing is listed; the heading above already says "No meadows found". */
function EmptyResults({ data, pathname }: { data: LoaderData; pathname: string }) {
  const { t } = useTranslation();
  const pastTheEnd = data.result.total > 0 && data.search.page > 1;
  return (
    <div className="flex flex-col items-center rounded-2xl border border-dashed border-border px-6 py-12 text-center">
      <svg
        viewBox="0 0 48 48"
        aria-hidden="true"
        focusable="false"
        className="size-12 text-primary/60"
        fill="none"
        stroke="currentColor"
        strokeWidth={2}
        strokeLinecap="round"
      >
        <path d="M24 44V24" />
        <path d="M24 30c-6 0-10-4-10-10 6 0 10 4 10 10Zm0-4c5 0 8-3 8-8-5 0-8 3-8 8Z" />
        <circle cx="24" cy="12" r="6" />
        <path d="M8 44h32" />
      </svg>
      {pastTheEnd ? (
        <Link
          to={{ pathname, search: meadowSearchQuery({ ...data.search, page: 1 }) }}
          className={cn(buttonVariants({ variant: "outline" }), "mt-4")}
        >
          {t("meadowList.firstPage")}
        </Link>
      ) : (
        <>
          <WiderSearchLinks search={data.asked} pathname={pathname} />
          <Link to={pathname} className={cn(buttonVariants({ variant: "outline" }), "mt-4")}>
            {t("meadowList.showAll")}
          </Link>
        </>
      )}
    </div>
  );
}
