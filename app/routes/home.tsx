import { useRef, useState } from "react";
import { flushSync } from "react-dom";
import { useTranslation } from "~/hooks/use-translation";
import { Form, Link, useLoaderData } from "react-router";
import { CropMenu } from "~/components/crop-menu";
import { SeasonOptions } from "~/components/crops";
import { OpenNowCheckbox } from "~/components/hours";
import { HomeMeadows } from "~/components/home-meadows";
import { SearchSuggestions } from "~/components/search-suggestions";
import { drawingScene, toMeadowCard } from "~/lib/meadow-card";
import { MeadowDrawing, MeadowDrawingParts, useDrawingPartsId } from "~/components/meadow-drawing";
import { withCardImages } from "~/services/photos.server";
import { buttonVariants } from "~/components/ui/button";
import { appContext } from "~/context";
import { getI18n } from "~/i18n.server";
import { cn } from "~/lib/cn";
import { pageMeta } from "~/lib/page-meta";
import { parseMeadowSearch } from "~/lib/schemas/meadow-search";
import { useLocalePath, useShellData } from "~/hooks/use-shell-data";
import { monthName } from "~/lib/calendar-names";
import { markKept } from "~/services/favorites.server";
import { searchMeadows } from "~/services/meadows/search.server";
import { getUser } from "~/session.server";
import type { Route } from "./+types/home";

/** Cards on the home page: two rows on a wide screen. */
const HOME_MEADOWS = 6;
/** "In season near you": one row on a wide screen. */
const HOME_IN_SEASON = 3;

/**
 * The newest meadows, or with `?lat=…&lng=…` (the browser's position, asked for by the page
 * itself) the nearest ones.
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  const { t } = getI18n(context);
  const { db, storage } = context.get(appContext);
  const { lat, lng } = parseMeadowSearch(new URL(request.url).searchParams);
  const near = lat !== undefined && lng !== undefined ? { lat, lng } : undefined;
  const now = new Date();
  const { items } = await searchMeadows(db, {
    sort: near ? "distance" : "newest",
    near,
    pageSize: HOME_MEADOWS,
  });
  // Near the visitor, also the nearest meadows with something in season this month. A few more
  // are asked for: a meadow closed for the season after the month's last open day tells nothing
  // in season (toMeadowCard), and is left out.
  const inSeason = near
    ? (
        await searchMeadows(db, {
          sort: "distance",
          near,
          season: "now",
          now,
          pageSize: HOME_IN_SEASON * 2,
        })
      ).items
    : [];
  const userId = getUser(context)?.id;
  const cards = (found: typeof items) =>
    withCardImages(storage, found).map((meadow) => toMeadowCard(meadow, now));
  return {
    near,
    meadows: await markKept(db, userId, cards(items)),
    inSeason: await markKept(
      db,
      userId,
      cards(inSeason)
        .filter((card) => card.inSeason?.length)
        .slice(0, HOME_IN_SEASON),
    ),
    meta: { title: `Plukweide · ${t("meta.tagline")}`, description: t("meta.description") },
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => pageMeta(loaderData?.meta);

export default function Home() {
  const [crops, setCrops] = useState<string[]>([]);
  const [q, setQ] = useState("");
  const searchForm = useRef<HTMLFormElement>(null);
  const { t } = useTranslation();
  const loaderData = useLoaderData<typeof loader>();
  const localePath = useLocalePath();
  const { lang } = useShellData();
  // Each season leads to the meadows with something in season in one of its months.
  const seasons = [
    { key: "spring", month: 4, colour: "bg-pink-100 dark:bg-pink-950/40" },
    { key: "summer", month: 7, colour: "bg-amber-100 dark:bg-amber-950/40" },
    { key: "autumn", month: 10, colour: "bg-orange-100 dark:bg-orange-950/40" },
    { key: "winter", month: 12, colour: "bg-sky-100 dark:bg-sky-950/40" },
  ] as const;
  return (
    <main id="main">
      <section className="relative border-b border-border bg-gradient-to-b from-accent to-background">
        <div className="mx-auto max-w-6xl px-4 py-16 sm:py-24 lg:grid lg:grid-cols-[minmax(0,1fr)_24rem] lg:items-center lg:gap-12">
          <div className="min-w-0">
            <h1 className="max-w-2xl text-4xl font-bold tracking-tight text-balance sm:text-5xl">
              {t("home.title")}
            </h1>
            <p className="mt-4 max-w-2xl text-lg text-muted-foreground">{t("home.intro")}</p>
            <Form
              ref={searchForm}
              method="get"
              action={localePath("/meadows")}
              role="search"
              className="mt-8 flex max-w-3xl flex-col gap-2 sm:flex-row sm:flex-wrap"
            >
              <label id="home-search-label" htmlFor="home-search" className="sr-only">
                {t("home.searchLabel")}
              </label>
              <SearchSuggestions
                id="home-search"
                labelId="home-search-label"
                value={q}
                onValueChange={setQ}
                onComplete={(value) => {
                  flushSync(() => setQ(value));
                  searchForm.current?.requestSubmit();
                }}
                className="min-w-0 sm:w-full"
                inputProps={{
                  type: "search",
                  name: "q",
                  placeholder: t("home.searchPlaceholder"),
                  enterKeyHint: "search",
                  maxLength: 100,
                  className:
                    "h-11 w-full min-w-0 rounded-md border border-input bg-background px-4 text-base shadow-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring",
                }}
              />
              <CropMenu
                chosen={crops}
                onChange={setCrops}
                className="relative sm:min-w-36 sm:flex-1"
                buttonClassName="h-11 px-3 text-base sm:text-base"
                // Nothing applies until Search: on a phone the checkboxes open in the page's flow, so
                // the button below them stays in reach.
                panelClassName="left-0 w-full max-sm:static sm:w-64"
              />
              <label htmlFor="home-season" className="sr-only">
                {t("crops.seasonLabel")}
              </label>
              <select
                id="home-season"
                name="season"
                defaultValue=""
                className="h-11 rounded-md border border-input bg-background px-3 text-base shadow-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
              >
                <SeasonOptions />
              </select>
              <OpenNowCheckbox
                checked={false}
                className="h-11 shrink-0 rounded-md border border-input bg-background px-3 whitespace-nowrap shadow-sm"
              />
              <button type="submit" className={cn(buttonVariants({ size: "lg" }))}>
                {t("home.searchButton")}
              </button>
            </Form>
            <Link
              to={localePath("/meadows")}
              className="mt-4 inline-flex rounded-sm text-sm font-medium text-primary underline underline-offset-4 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
            >
              {t("home.browseButton")}
            </Link>
          </div>
          <HeroDrawings />
        </div>
      </section>

      <HomeMeadows initial={loaderData} />

      <section className="mx-auto max-w-6xl px-4 py-12" aria-labelledby="seasons">
        <h2 id="seasons" className="text-2xl font-semibold tracking-tight">
          {t("home.seasonsTitle")}
        </h2>
        <ul className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {seasons.map((season) => (
            <li key={season.key} className={cn("flex flex-col rounded-xl p-6", season.colour)}>
              <h3 className="font-semibold">{t(`home.${season.key}`)}</h3>
              <p className="mt-2 text-sm text-foreground/80">{t(`home.${season.key}Text`)}</p>
              <Link
                to={localePath(`/meadows?season=${season.month}`)}
                className="mt-auto self-start rounded-sm pt-3 text-sm font-medium text-foreground underline decoration-primary decoration-2 underline-offset-4 focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
              >
                {t("home.seasonLink", { month: monthName(lang, season.month) })}
              </Link>
            </li>
          ))}
        </ul>
      </section>

      <section className="mx-auto max-w-6xl px-4 pb-8">
        <div className="flex flex-col items-start gap-4 rounded-2xl bg-primary p-8 text-primary-foreground sm:flex-row sm:items-center sm:justify-between">
          <div>
            <h2 className="text-2xl font-semibold tracking-tight">{t("home.addTitle")}</h2>
            <p className="mt-2 max-w-xl text-primary-foreground">{t("home.addText")}</p>
          </div>
          <Link
            to={localePath("/meadows/add")}
            className={cn(buttonVariants({ variant: "secondary", size: "lg" }), "shrink-0")}
          >
            {t("home.addButton")}
          </Link>
        </div>
      </section>
    </main>
  );
}

/** What the site is about, drawn: a bulb field, sunflowers, strawberries and an orchard. */
const HERO_SCENES = [
  { seed: "hero-tulips", crops: ["tulip", "daffodil"] },
  { seed: "hero-sunflowers", crops: ["sunflower"] },
  { seed: "hero-strawberries", crops: ["strawberry"] },
  { seed: "hero-apples", crops: ["apple", "pear"] },
] as const;

/** Beside the search on a wide screen, four meadows drawn as the cards draw them. */
function HeroDrawings() {
  const partsId = useDrawingPartsId("hero");
  return (
    <div aria-hidden="true" className="hidden grid-cols-2 gap-3 lg:grid">
      <MeadowDrawingParts
        id={partsId}
        scenes={HERO_SCENES.map((scene) => drawingScene(scene.crops[0]))}
      />
      {HERO_SCENES.map((scene, index) => (
        <div
          key={scene.seed}
          className={cn(
            "aspect-[4/3] overflow-hidden rounded-2xl border border-border bg-accent shadow-xs [&>svg]:size-full",
            index % 2 === 1 && "translate-y-6",
          )}
        >
          <MeadowDrawing seed={scene.seed} partsId={partsId} crops={scene.crops} />
        </div>
      ))}
    </div>
  );
}
