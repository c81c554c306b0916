import { useEffect, useState } from "react";
import { useTranslation } from "~/hooks/use-translation";
import {
  data,
  isRouteErrorResponse,
  Link,
  Links,
  Meta,
  Outlet,
  redirect,
  Scripts,
  ScrollRestoration,
  useLocation,
  useRouteError,
  useRouteLoaderData,
} from "react-router";
import type { Route } from "./+types/root";
import { appContext } from "./context";
import { readColourMode, readLanguageCookie, takeToast } from "./cookies.server";
import { getLocale, i18nextMiddleware } from "./i18n.server";
import { getUser, sessionMiddleware } from "./session.server";
import { afterAnswerMiddleware } from "./after-answer-middleware.server";
import { stylesheetDelivery, type StylesheetDelivery } from "./stylesheet.server";
import { preferredLanguage, splitPrefix, type Language } from "./lib/i18n";
import { useShellData, useLocalePath } from "./hooks/use-shell-data";
import { SiteHeader } from "./components/site-header";
import { SiteFooter } from "./components/site-footer";
import { AlternateLinks } from "./components/alternate-links";
import { AppToaster } from "./components/app-toaster";
import { useColourMode } from "./components/colour-mode-switch";
import { TooltipProvider } from "./components/ui/tooltip";
import { Button, buttonVariants } from "./components/ui/button";
import { Input } from "./components/ui/input";
import { useNonce } from "./components/nonce";
import stylesheetUrl from "./app.css?url";
import inlineStyles from "./app.css?inline";
import { pageUrl } from "./lib/page-url";
import { giveBackEarlyChoices } from "./lib/early-choices";
import { formatterWorkerScript } from "./lib/intl-warm";

export const middleware: Route.MiddlewareFunction[] = [
  afterAnswerMiddleware,
  i18nextMiddleware,
  sessionMiddleware,
];

export const links: Route.LinksFunction = () => [
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
  // Development links the stylesheet so Vite can hot-reload it; production decides per browser
  // (Layout, ADR 25).
  ...(import.meta.env.DEV ? [{ rel: "stylesheet", href: stylesheetUrl }] : []),
];

export async function loader({ request, context }: Route.LoaderArgs) {
  const { config, buildId } = context.get(appContext);
  const url = pageUrl(request);
  const { prefix } = splitPrefix(url.pathname);
  const lang = getLocale(context) as Language;

  // `/` sends Dutch speakers to /nl: by their saved choice, or on a first visit by their browser.
  if (url.pathname === "/" && request.method === "GET") {
    const saved = await readLanguageCookie(request, config);
    const wanted = saved ?? preferredLanguage(request.headers.get("accept-language"));
    if (wanted === "nl") {
      throw redirect(`/nl${url.search}`, { headers: { Vary: "Cookie, Accept-Language" } });
    }
  }

  const colourMode = await readColourMode(request, config);
  const sessionUser = getUser(context);
  // Only what the header shows: never the email address or other account details.
  const user = sessionUser
    ? { id: sessionUser.id, name: sessionUser.name, avatarKey: sessionUser.avatarKey ?? null }
    : null;
  const { toast, clear } = await takeToast(request, config);
  const stylesheet = await stylesheetDelivery(request, config, stylesheetUrl);
  const headers = new Headers();
  if (clear) headers.append("Set-Cookie", clear);
  if (stylesheet.setCookie) headers.append("Set-Cookie", stylesheet.setCookie);
  return data(
    {
      lang,
      prefix,
      colourMode,
      toast,
      origin: config.appUrl.origin,
      buildId,
      user,
      stylesheet: stylesheet.delivery,
    },
    { headers },
  );
}

/**
 * The browser's document's stylesheet delivery. React Router mounts the layout anew between the
 * error page and the app, and by then the root loader says "linked": a fresh `<link>` would
 * leave the page unstyled until it loads.
 */
let documentStylesheet: StylesheetDelivery | undefined;

export function Layout({ children }: { children: React.ReactNode }) {
  const { lang } = useShellData();
  const colourMode = useColourMode();
  const { t } = useTranslation();
  const nonce = useNonce();
  // As the document came: a client-side navigation never swaps the stylesheet under the page.
  const loaded = useRouteLoaderData<typeof loader>("root")?.stylesheet ?? "inline";
  const [stylesheet] = useState(() =>
    typeof document === "undefined" ? loaded : (documentStylesheet ??= loaded),
  );
  return (
    <html lang={lang} className={colourMode} suppressHydrationWarning>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="color-scheme" content={colourMode === "system" ? "light dark" : colourMode} />
        <script
          nonce={nonce}
          // The browser's bundle spells the worker's function otherwise than the server's (it is
          // minified); React never runs the script again, so the difference does not matter.
          suppressHydrationWarning
          dangerouslySetInnerHTML={{ __html: formatterWorkerScript(lang) }}
        />
        <Meta />
        {import.meta.env.PROD && stylesheet === "linked" ? (
          <link rel="stylesheet" href={stylesheetUrl} />
        ) : null}
        {/* Inline on a browser's first page: its first paint needs no second request. The file
            comes while the browser is idle, for the pages after (ADR 25). */}
        {import.meta.env.PROD && stylesheet === "inline" ? (
          <>
            <style nonce={nonce} dangerouslySetInnerHTML={{ __html: inlineStyles }} />
            <link rel="prefetch" href={stylesheetUrl} as="style" />
          </>
        ) : null}
        <Links />
        <AlternateLinks />
      </head>
      <body className="flex min-h-dvh flex-col bg-background text-foreground antialiased">
        <a
          href="#main"
          className="sr-only z-50 rounded-md bg-primary px-4 py-2 text-primary-foreground focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
        >
          {t("nav.skipToContent")}
        </a>
        <TooltipProvider>
          <SiteHeader />
          <div className="flex-1">{children}</div>
          <SiteFooter />
          <AppToaster />
        </TooltipProvider>
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  // Marks the document once React has hydrated it; browser journeys wait for this.
  useEffect(() => {
    giveBackEarlyChoices();
    document.documentElement.dataset.hydrated = "true";
  }, []);
  return <Outlet />;
}

export function ErrorBoundary() {
  const error = useRouteError();
  const { t } = useTranslation();
  const location = useLocation();
  const localePath = useLocalePath();
  const status = isRouteErrorResponse(error) ? error.status : 500;

  if (status === 404) return <NotFound path={location.pathname} />;

  // A request the app could not take (4xx) is the visitor's to mend, not the server's failure:
  // its title says so.
  const refused = status >= 400 && status < 500;
  // Only messages the app chose to show: an ErrorResponse's text, or in development the error's
  // own message, or for a refusal without a text of its own, the general one. Production never
  // shows an unexpected error's message or stack.
  const description =
    isRouteErrorResponse(error) && typeof error.data === "string" && error.data
      ? error.data
      : import.meta.env.DEV && error instanceof Error
        ? error.message
        : refused && status !== 403
          ? t("errors.badRequestDescription")
          : undefined;
  const title =
    status === 403
      ? t("errors.forbiddenTitle")
      : refused
        ? t("errors.badRequestTitle")
        : t("errors.serverTitle");
  return (
    <main id="main" className="mx-auto w-full max-w-6xl px-4 py-16 sm:py-24">
      <title>{`${title} · Plukweide`}</title>
      <p className="text-7xl font-bold text-destructive">{status}</p>
      <h1 className="mt-4 text-3xl font-semibold tracking-tight">{title}</h1>
      {description ? <p className="mt-3 max-w-2xl text-muted-foreground">{description}</p> : null}
      <a
        className="mt-8 inline-flex text-primary underline underline-offset-4"
        href={localePath("/")}
      >
        {t("errors.backHome")}
      </a>
    </main>
  );
}

/**
 * The 404: said once, with a way on from here: a search (a plain GET form, so it works before
 * and without the scripts) and the list and the map.
 */
function NotFound({ path }: { path: string }) {
  const { t } = useTranslation();
  const localePath = useLocalePath();
  const linkClass = buttonVariants({ variant: "outline" });
  return (
    <main id="main" className="mx-auto w-full max-w-6xl px-4 py-16 sm:py-24">
      <div className="max-w-2xl">
        <title>{`${t("errors.notFoundTitle")} · Plukweide`}</title>
        <p className="text-7xl font-bold text-primary" aria-hidden="true">
          404
        </p>
        <h1 className="mt-4 text-3xl font-semibold tracking-tight">{t("errors.notFoundTitle")}</h1>
        <p className="mt-3 text-muted-foreground break-words">
          {t("errors.notFoundDescription", { path })}
        </p>
        <form method="get" action={localePath("/meadows")} role="search" className="mt-8">
          <label htmlFor="not-found-search" className="text-sm font-medium">
            {t("errors.notFoundSearch")}
          </label>
          <div className="mt-2 flex gap-2">
            <Input
              id="not-found-search"
              type="search"
              name="q"
              placeholder={t("home.searchPlaceholder")}
              className="min-w-0 flex-1"
            />
            <Button type="submit">{t("errors.notFoundSearchButton")}</Button>
          </div>
        </form>
        <ul className="mt-6 flex flex-wrap gap-2">
          <li>
            <Link to={localePath("/meadows")} className={linkClass}>
              {t("errors.notFoundMeadows")}
            </Link>
          </li>
          <li>
            <Link to={localePath("/map")} className={linkClass}>
              {t("errors.notFoundMap")}
            </Link>
          </li>
          <li>
            <Link to={localePath("/")} className={linkClass}>
              {t("errors.backHome")}
            </Link>
          </li>
        </ul>
      </div>
    </main>
  );
}
