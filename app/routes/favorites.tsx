import { useTranslation } from "react-i18next";
import { Link, redirect, useLoaderData, useLocation } from "react-router";
import { PagedMeadowList } from "~/components/meadow-list";
import { pagesHref } from "~/components/pagination";
import { buttonVariants } from "~/components/ui/button";
import { useLocalePath } from "~/hooks/use-shell-data";
import { appContext } from "~/context";
import { getI18n } from "~/i18n.server";
import { pageMeta } from "~/lib/page-meta";
import { pageParam } from "~/lib/schemas/meadow-search";
import { listFavorites } from "~/services/profiles.server";
import { requireUser } from "~/session.server";
import type { Route } from "./+types/favorites";

export async function loader({ context, request }: Route.LoaderArgs) {
  const user = requireUser(context, request, "favorites");
  const { db } = context.get(appContext);
  const { t } = getI18n(context);
  const url = new URL(request.url);
  const page = pageParam.parse(url.searchParams.get("page") ?? "");
  const favorites = await listFavorites(db, user.id, { page });
  // Past the last page (favorites removed since the link was made): the last page.
  if (page > favorites.pageCount)
    throw redirect(pagesHref(url.pathname, { page: favorites.pageCount }));
  return {
    // Every card here is one the member keeps.
    favorites: {
      ...favorites,
      items: favorites.items.map((meadow) => ({ ...meadow, kept: true })),
    },
    meta: { title: `${t("nav.favorites")} · Plukweide`, description: t("favorites.intro") },
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) =>
  pageMeta(loaderData?.meta, { index: false });

export default function Favorites() {
  const { t } = useTranslation();
  const { favorites } = useLoaderData<typeof loader>();
  const { pathname } = useLocation();
  const localePath = useLocalePath();
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
        <PagedMeadowList
          title={t("favorites.listTitle")}
          empty={t("favorites.empty")}
          meadows={favorites}
          to={(page) => pagesHref(pathname, { page })}
        />
      )}
    </main>
  );
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
