import { useTranslation } from "react-i18next";
import { Form, Link } from "react-router";
import { buttonVariants } from "~/components/ui/button";
import { getI18n } from "~/i18n.server";
import { cn } from "~/lib/cn";
import { pageMeta } from "~/lib/page-meta";
import { useLocalePath } from "~/hooks/use-shell-data";
import type { Route } from "./+types/home";

export function loader({ context }: Route.LoaderArgs) {
  const { t } = getI18n(context);
  return {
    meta: { title: `Plukweide · ${t("meta.tagline")}`, description: t("meta.description") },
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => pageMeta(loaderData?.meta);

export default function Home() {
  const { t } = useTranslation();
  const localePath = useLocalePath();
  const seasons = [
    {
      title: t("home.spring"),
      text: t("home.springText"),
      colour: "bg-pink-100 dark:bg-pink-950/40",
    },
    {
      title: t("home.summer"),
      text: t("home.summerText"),
      colour: "bg-amber-100 dark:bg-amber-950/40",
    },
    {
      title: t("home.autumn"),
      text: t("home.autumnText"),
      colour: "bg-orange-100 dark:bg-orange-950/40",
    },
  ];
  return (
    <main id="main">
      <section className="relative overflow-hidden border-b border-border bg-gradient-to-b from-accent to-background">
        <div className="mx-auto max-w-6xl px-4 py-16 sm:py-24">
          <h1 className="max-w-2xl text-4xl font-bold tracking-tight text-balance sm:text-5xl">
            {t("home.title")}
          </h1>
          <p className="mt-4 max-w-2xl text-lg text-muted-foreground">{t("home.intro")}</p>
          <Form
            method="get"
            action={localePath("/meadows")}
            role="search"
            className="mt-8 flex max-w-xl flex-col gap-2 sm:flex-row"
          >
            <label htmlFor="home-search" className="sr-only">
              {t("home.searchLabel")}
            </label>
            <input
              id="home-search"
              type="search"
              name="q"
              placeholder={t("home.searchPlaceholder")}
              className="h-11 flex-1 rounded-md border border-input bg-background px-4 text-base shadow-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
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
      </section>

      <section className="mx-auto max-w-6xl px-4 py-12" aria-labelledby="seasons">
        <h2 id="seasons" className="text-2xl font-semibold tracking-tight">
          {t("home.seasonsTitle")}
        </h2>
        <ul className="mt-6 grid gap-4 sm:grid-cols-3">
          {seasons.map((season) => (
            <li key={season.title} className={cn("rounded-xl p-6", season.colour)}>
              <h3 className="font-semibold">{season.title}</h3>
              <p className="mt-2 text-sm text-foreground/80">{season.text}</p>
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
            to={`${localePath("/login")}?redirectTo=${encodeURIComponent(localePath("/meadows/add"))}`}
            className={cn(buttonVariants({ variant: "secondary", size: "lg" }), "shrink-0")}
          >
            {t("home.addButton")}
          </Link>
        </div>
      </section>
    </main>
  );
}
