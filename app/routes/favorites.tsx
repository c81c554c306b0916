import { useTranslation } from "react-i18next";
import { redirect, useLoaderData, useLocation } from "react-router";
import { PagedMeadowList } from "~/components/meadow-list";
import { pagesHref } from "~/components/pagination";
import { appContext } from "~/context";
import { getI18n } from "~/i18n.server";
import { pageMeta } from "~/lib/page-meta";
import { pageParam } from "~/lib/schemas/meadow-search";
import { listFavorites } from "~/services/profiles.server";
import { withCardPhotos } from "~/services/photos.server";
import { requireUser } from "~/session.server";
import type { Route } from "./+types/favorites";

export async function loader({ context, request }: Route.LoaderArgs) {
  const user = requireUser(context, request, "favorites");
  const { db, storage } = context.get(appContext);
  const { t } = getI18n(context);
  const url = new URL(request.url);
  const page = pageParam.parse(url.searchParams.get("page") ?? "");
  const favorites = await listFavorites(db, user.id, { page });
  // Past the last page (favorites removed since the link was made): the last page.
  if (page > favorites.pageCount)
    throw redirect(pagesHref(url.pathname, { page: favorites.pageCount }));
  return {
    favorites: { ...favorites, items: await withCardPhotos(db, storage, favorites.items) },
    meta: { title: `${t("nav.favorites")} · Plukweide`, description: t("favorites.intro") },
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) =>
  pageMeta(loaderData?.meta, { index: false });

export default function Favorites() {
  const { t } = useTranslation();
  const { favorites } = useLoaderData<typeof loader>();
  const { pathname } = useLocation();
  return (
    <main id="main" className="mx-auto max-w-4xl px-4 py-10 sm:py-12">
      <h1 className="text-3xl font-bold tracking-tight">{t("nav.favorites")}</h1>
      <p className="mt-2 text-muted-foreground">{t("favorites.intro")}</p>
      <PagedMeadowList
        title={t("favorites.listTitle")}
        empty={t("favorites.empty")}
        meadows={favorites}
        to={(page) => pagesHref(pathname, { page })}
      />
    </main>
  );
}
