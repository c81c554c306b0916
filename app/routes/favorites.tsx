import { useTranslation } from "~/hooks/use-translation";
import { Link, redirect, useLoaderData, useLocation, useNavigate } from "react-router";
import { PagedMeadowList } from "~/components/meadow-list";
import { pagesHref } from "~/components/pagination";
import { Button, buttonVariants } from "~/components/ui/button";
import { LocateIcon, PinIcon } from "~/components/ui/icons";
import { useGeolocation } from "~/hooks/use-geolocation";
import { useHydrated } from "~/hooks/use-hydrated";
import { useLocalePath } from "~/hooks/use-shell-data";
import { appContext } from "~/context";
import { getI18n } from "~/i18n.server";
import { pageMeta } from "~/lib/page-meta";
import { parseMeadowSearch, parsePageParam } from "~/lib/schemas/meadow-search";
import { listFavorites } from "~/services/profiles.server";
import { withCardPhotos } from "~/services/photos.server";
import { requireUser } from "~/session.server";
import type { Route } from "./+types/favorites";

export async function loader({ context, request }: Route.LoaderArgs) {
  const user = requireUser(context, request, "favorites");
  const { db, storage } = context.get(appContext);
  const { t } = getI18n(context);
  const url = new URL(request.url);
  const page = parsePageParam(url.searchParams.get("page") ?? "");
  // The browser's position, when the member asked for the nearest first.
  const { lat, lng } = parseMeadowSearch(url.searchParams);
  const near = lat !== undefined && lng !== undefined ? { lat, lng } : undefined;
  const favorites = await listFavorites(db, user.id, { page, near });
  // Past the last page (favorites removed since the link was made): the last page.
  if (page > favorites.pageCount) {
    throw redirect(favoritesHref(url.pathname, favorites.pageCount, near));
  }
  return {
    near,
    // Every card here is one the member keeps.
    favorites: {
      ...favorites,
      items: (await withCardPhotos(db, storage, favorites.items)).map((meadow) => ({
        ...meadow,
        kept: true,
      })),
    },
    meta: { title: `${t("nav.favorites")} · Plukweide`, description: t("favorites.intro") },
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) =>
  pageMeta(loaderData?.meta, { index: false });

export default function Favorites() {
  const { t } = useTranslation();
  const { favorites, near } = useLoaderData<typeof loader>();
  const { pathname } = useLocation();
  const localePath = useLocalePath();
  const navigate = useNavigate();
  const hydrated = useHydrated();
  const geolocation = useGeolocation();

  async function nearestFirst() {
    const position = await geolocation.locate();
    // About 100 m: enough to sort by, and no more of the member's whereabouts than needed.
    if (position) {
      await navigate(
        favoritesHref(pathname, 1, {
          lat: Number(position.lat.toFixed(3)),
          lng: Number(position.lng.toFixed(3)),
        }),
      );
    }
  }
  const failure = geolocation.state.status === "failed" ? geolocation.state.failure : undefined;
  return (
    <main id="main" className="mx-auto max-w-4xl px-4 py-10 sm:py-12">
      <h1 className="text-3xl font-bold tracking-tight">{t("nav.favorites")}</h1>
      <p className="mt-2 text-muted-foreground">{t("favorites.intro")}</p>
      {favorites.total === 0 ? (
        <div className="mt-10 flex flex-col items-center rounded-2xl border border-dashed border-border px-6 py-12 text-center">
          <HeartOutline />
          <p className="mt-4 max-w-sm text-muted-foreground">{t("favorites.empty")}</p>
          <div className="mt-6 flex flex-wrap justify-center gap-3">
            <Link to={localePath("/meadows")} className={buttonVariants()}>
              {t("favorites.searchMeadows")}
            </Link>
            <Link to={localePath("/map")} className={buttonVariants({ variant: "outline" })}>
              {t("favorites.openMap")}
            </Link>
          </div>
        </div>
      ) : (
        <>
          {favorites.total > 1 ? (
            <div className="mt-6 flex flex-wrap items-center gap-x-4 gap-y-2 text-sm">
              {near ? (
                <>
                  <p className="flex items-center gap-2 font-medium">
                    <PinIcon className="text-primary" />
                    {t("favorites.nearestFirstShown")}
                  </p>
                  <Link
                    to={pathname}
                    className="font-medium text-primary underline underline-offset-4"
                  >
                    {t("favorites.newestFirst")}
                  </Link>
                </>
              ) : (
                <>
                  <Button
                    variant="outline"
                    size="sm"
                    disabled={!hydrated}
                    loading={geolocation.state.status === "locating"}
                    busyLabel={t("meadowList.locating")}
                    onClick={nearestFirst}
                  >
                    <LocateIcon />
                    {t("favorites.nearestFirst")}
                  </Button>
                  {/* Only without JavaScript: with it, the note would flash until hydration. */}
                  <noscript>
                    <span className="text-muted-foreground">{t("meadowList.needsJavaScript")}</span>
                  </noscript>
                </>
              )}
              {failure ? (
                <p role="alert" className="basis-full text-destructive">
                  {failure === "unsupported"
                    ? t("messages.geolocationUnsupported")
                    : t("messages.locationUnavailable")}
                </p>
              ) : null}
            </div>
          ) : null}
          <PagedMeadowList
            title={t("favorites.listTitle")}
            empty={t("favorites.empty")}
            meadows={favorites}
            to={(page) => favoritesHref(pathname, page, near)}
          />
        </>
      )}
    </main>
  );
}

/** A page of the favorites, nearest first when `near` is given. */
function favoritesHref(pathname: string, page: number, near?: { lat: number; lng: number }) {
  const href = pagesHref(pathname, { page });
  if (!near) return href;
  const position = new URLSearchParams({ lat: String(near.lat), lng: String(near.lng) });
  return `${href}${href.includes("?") ? "&" : "?"}${position}`;
}

/** The empty state's drawing: the heart the member has not pressed yet. */
function HeartOutline() {
  return (
    <svg
      viewBox="0 0 24 24"
      aria-hidden="true"
      focusable="false"
      className="size-12 text-primary/60"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.5}
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <path d="M19 14c1.49-1.46 3-3.21 3-5.5A5.5 5.5 0 0 0 16.5 3c-1.76 0-3 .5-4.5 2-1.5-1.5-2.74-2-4.5-2A5.5 5.5 0 0 0 2 8.5c0 2.3 1.5 4.05 3 5.5l7 7Z" />
    </svg>
  );
}
