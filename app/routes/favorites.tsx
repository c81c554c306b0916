import { useTranslation } from "react-i18next";
import { useLoaderData } from "react-router";
import { MeadowList } from "~/components/meadow-list";
import { appContext } from "~/context";
import { getI18n } from "~/i18n.server";
import { pageMeta } from "~/lib/page-meta";
import { listFavorites } from "~/services/profiles.server";
import { requireUser } from "~/session.server";
import type { Route } from "./+types/favorites";

export async function loader({ context, request }: Route.LoaderArgs) {
  const user = requireUser(context, request, "favorites");
  const { db } = context.get(appContext);
  const { t } = getI18n(context);
  return {
    favorites: await listFavorites(db, user.id),
    meta: { title: `${t("nav.favorites")} · Plukweide`, description: t("favorites.intro") },
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  ...pageMeta(loaderData?.meta),
  { name: "robots", content: "noindex" },
];

export default function Favorites() {
  const { t } = useTranslation();
  const { favorites } = useLoaderData<typeof loader>();
  return (
    <main id="main" className="mx-auto max-w-4xl px-4 py-10 sm:py-12">
      <h1 className="text-3xl font-bold tracking-tight">{t("nav.favorites")}</h1>
      <p className="mt-2 text-muted-foreground">{t("favorites.intro")}</p>
      <MeadowList
        title={t("favorites.listTitle")}
        empty={t("favorites.empty")}
        meadows={favorites}
      />
    </main>
  );
}
