import { useTranslation } from "~/hooks/use-translation";
import { data, Link, redirect, useLoaderData, useLocation } from "react-router";
import { Avatar } from "~/components/ui/avatar";
import { appContext } from "~/context";
import { useLocalePath, useShellData } from "~/hooks/use-shell-data";
import { PagedMeadowList } from "~/components/meadow-list";
import { pagesHref } from "~/components/pagination";
import { getI18n, getLocale } from "~/i18n.server";
import { formatDate } from "~/lib/format";
import type { Language } from "~/lib/i18n";
import { metaDescription, pageMeta } from "~/lib/page-meta";
import { parsePageParam } from "~/lib/schemas/meadow-search";
import { favoritesOf } from "~/services/favorites.server";
import type { MeadowCardData } from "~/lib/meadow-card";
import { avatarSources, getPublicProfile } from "~/services/profiles.server";
import { getUser } from "~/session.server";
import { withCardPhotos } from "~/services/photos.server";
import type { Route } from "./+types/profile";

export async function loader({ params, context, request }: Route.LoaderArgs) {
  const { db, storage } = context.get(appContext);
  const { t } = getI18n(context);
  const lang = getLocale(context) as Language;
  const url = new URL(request.url);
  const pages = {
    page: parsePageParam(url.searchParams.get("page") ?? ""),
    favorites: parsePageParam(url.searchParams.get("favorites") ?? ""),
  };
  const viewerId = getUser(context)?.id;
  // Ids are Better Auth's: 32 letters and digits. Anything else cannot be a member.
  const profile = /^[A-Za-z0-9_-]{1,64}$/.test(params.id)
    ? await getPublicProfile(db, params.id, {
        page: pages.page,
        favoritesPage: pages.favorites,
        viewerId,
      })
    : null;
  if (!profile) throw data(t("profile.notFound"), { status: 404 });
  // An old link to a page the member's lists no longer fill: their last page.
  const lastPages = {
    page: profile.meadows.pageCount,
    favorites: profile.favorites?.pageCount ?? 1,
  };
  if (pages.page > lastPages.page || pages.favorites > lastPages.favorites) {
    throw redirect(
      pagesHref(url.pathname, {
        page: Math.min(pages.page, lastPages.page),
        favorites: Math.min(pages.favorites, lastPages.favorites),
      }),
    );
  }
  // Both lists' hearts in one question: which of these the member looking keeps.
  const kept = await favoritesOf(db, viewerId, [
    ...profile.meadows.items.map((meadow) => meadow.id),
    ...(profile.favorites?.items ?? []).map((meadow) => meadow.id),
  ]);
  const mark = <Meadow extends MeadowCardData>(items: Meadow[]) =>
    items.map((meadow) => ({ ...meadow, kept: kept.has(meadow.id) }));
  return {
    profile: {
      ...profile,
      meadows: {
        ...profile.meadows,
        items: mark(await withCardPhotos(db, storage, profile.meadows.items)),
      },
      favorites: profile.favorites && {
        ...profile.favorites,
        items: mark(await withCardPhotos(db, storage, profile.favorites.items)),
      },
      /** The member looks at their own profile: what others see of it is explained. */
      own: viewerId === profile.id,
      memberSince: formatDate(profile.memberSince.toISOString().slice(0, 10), lang),
      avatar: avatarSources(storage, profile, 96),
    },
    meta: {
      title: `${profile.name} · Plukweide`,
      description:
        (profile.bio && metaDescription(profile.bio, 160)) ||
        t("profile.description", { name: profile.name }),
    },
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => pageMeta(loaderData?.meta);

export default function Profile() {
  const { t } = useTranslation();
  const { lang } = useShellData();
  const { profile } = useLoaderData<typeof loader>();
  const { pathname } = useLocation();
  return (
    <main id="main" className="mx-auto max-w-4xl px-4 py-10 sm:py-12">
      <header className="flex flex-col items-start gap-4 sm:flex-row sm:items-center">
        <Avatar
          alt={profile.name}
          src={profile.avatar?.src}
          srcSet={profile.avatar?.srcSet}
          size="lg"
          locale={lang}
        />
        <div>
          <h1 className="text-3xl font-bold tracking-tight">{profile.name}</h1>
          <p className="mt-1 text-sm text-muted-foreground">
            {[profile.location, t("profile.memberSince", { date: profile.memberSince })]
              .filter(Boolean)
              .join(" · ")}
          </p>
          {profile.website ? (
            <a
              href={profile.website}
              rel="nofollow ugc noopener"
              target="_blank"
              className="mt-1 inline-block break-all text-sm text-primary underline underline-offset-4"
            >
              {profile.website.replace(/^https?:\/\//, "")}
            </a>
          ) : null}
        </div>
      </header>
      {profile.bio ? (
        <p className="mt-6 max-w-2xl whitespace-pre-line leading-relaxed">{profile.bio}</p>
      ) : null}
      <PagedMeadowList
        title={t("profile.meadows")}
        empty={t("profile.noMeadows")}
        meadows={profile.meadows}
        label={t("profile.meadowsPages")}
        anchorScope="added"
        to={(page) => pagesHref(pathname, { page, favorites: profile.favorites?.page ?? 1 })}
      />
      {profile.favorites ? (
        <PagedMeadowList
          title={t("profile.favorites")}
          note={profile.own ? <FavoritesShownNote shown={profile.favoritesPublic} /> : undefined}
          empty={t("profile.noFavorites")}
          meadows={profile.favorites}
          label={t("profile.favoritesPages")}
          to={(favorites) => pagesHref(pathname, { page: profile.meadows.page, favorites })}
        />
      ) : null}
    </main>
  );
}

/** On the member's own profile: who sees the favorites, and where that is changed. */
function FavoritesShownNote({ shown }: { shown: boolean }) {
  const { t } = useTranslation();
  const localePath = useLocalePath();
  return (
    <p className="mt-1 text-sm text-muted-foreground" data-testid="favorites-shown-note">
      {shown ? t("profile.favoritesPublic") : t("profile.favoritesPrivate")}{" "}
      <Link
        to={`${localePath("/settings")}#profile-info`}
        className="font-medium text-primary underline underline-offset-4 hover:decoration-2"
      >
        {t("profile.favoritesSetting")}
      </Link>
    </p>
  );
}
