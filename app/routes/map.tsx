import { cropName, SeasonOptions } from "~/components/crops";
import { OpenNowCheckbox } from "~/components/hours";
import { CROPS } from "~/lib/crops";
import { lazy, Suspense, useEffect, useRef, useState, type ReactNode } from "react";
import { useTranslation } from "~/hooks/use-translation";
import { Form, Link, useLoaderData, useLocation, useNavigate, useNavigation } from "react-router";
import { MapNote, MapPlaceholder } from "~/components/map/map-placeholder";
import { buttonVariants } from "~/components/ui/button";
import { inputClassName } from "~/components/ui/input";
import { appContext } from "~/context";
import { useHydrated } from "~/hooks/use-hydrated";
import { useLocalePath, useShellData } from "~/hooks/use-shell-data";
import { getI18n } from "~/i18n.server";
import { cn } from "~/lib/cn";
import { countryName } from "~/lib/country-names";
import { pageMeta } from "~/lib/page-meta";
import { COUNTRIES } from "~/lib/countries";
import { meadowSearchQuery } from "~/lib/schemas/meadow-search";
import {
  MAP_QUERY_MAX,
  mapSearchParams,
  mapFilterKey,
  readMapFilters,
  readMapView,
  type MapFilters,
  type MapView,
} from "~/lib/schemas/viewport";
import type { Route } from "./+types/map";

// MapLibre and the map code load only here, after the page is up (DESIGN.md "Map").
const MeadowMap = lazy(() => import("~/components/map/meadow-map.client"));

/** Typed words filter the map this long after the last key. */
const TYPING_DEBOUNCE_MS = 400;

export function loader({ context }: Route.LoaderArgs) {
  const { config } = context.get(appContext);
  const { t } = getI18n(context);
  return {
    styleUrl: config.mapStyleUrl,
    meta: { title: `${t("mapView.title")} · Plukweide`, description: t("mapView.description") },
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => pageMeta(loaderData?.meta);

export default function MapPage() {
  const { t } = useTranslation();
  const { lang } = useShellData();
  const localePath = useLocalePath();
  const { styleUrl } = useLoaderData<typeof loader>();
  const location = useLocation();
  const navigate = useNavigate();
  const navigation = useNavigation();
  const hydrated = useHydrated();

  // The address is the map's state: the view and the filters, so a shared link opens the same.
  const params = new URLSearchParams(location.search);
  const view = readMapView(params);
  const filters = readMapFilters(params);
  const [q, setQ] = useState(filters.q ?? "");
  const [country, setCountry] = useState<string>(filters.country ?? "");
  const [crop, setCrop] = useState<string>(filters.crops?.[0] ?? "");
  const [season, setSeason] = useState<string>(
    filters.season === undefined ? "" : String(filters.season),
  );
  const [open, setOpen] = useState(filters.openNow ? "now" : "");
  const typingTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(typingTimer.current), []);

  // Back and forward bring other filters: the fields follow.
  const filterKey = mapFilterKey(filters);
  const [shownFilterKey, setShownFilterKey] = useState(filterKey);
  if (shownFilterKey !== filterKey) {
    setShownFilterKey(filterKey);
    setQ(filters.q ?? "");
    setCountry(filters.country ?? "");
    setCrop(filters.crops?.[0] ?? "");
    setSeason(filters.season === undefined ? "" : String(filters.season));
    setOpen(filters.openNow ? "now" : "");
  }

  const current = useRef({ view, filters, idle: true });
  useEffect(() => {
    current.current = { view, filters, idle: navigation.state === "idle" };
  });

  /**
   * Writes the address without asking the server again: nothing the loaders send depends on the
   * view or the filters (the map asks /api/meadows itself).
   */
  function writeAddress(nextView: MapView | null, nextFilters: MapFilters, replace: boolean) {
    const search = mapSearchParams(nextView, nextFilters).toString();
    if (`?${search}` === (location.search || "?")) return;
    void navigate(
      { search: search ? `?${search}` : "" },
      { replace, preventScrollReset: true, defaultShouldRevalidate: false },
    );
  }

  function onViewChange(nextView: MapView) {
    // A link clicked while the map settles wins over writing the view.
    if (!current.current.idle) return;
    writeAddress(nextView, current.current.filters, true);
  }

  function applyFilters(
    next: { q?: string; country?: string; crop?: string; season?: string; open?: string },
    replace = false,
  ) {
    clearTimeout(typingTimer.current);
    const nextFilters = readMapFilters(
      new URLSearchParams({
        q: next.q ?? q,
        country: next.country ?? country,
        crop: next.crop ?? crop,
        season: next.season ?? season,
        open: next.open ?? open,
      }),
    );
    writeAddress(current.current.view, nextFilters, replace);
  }

  const countries = [...COUNTRIES]
    .map((code) => ({ code, name: countryName(code, lang) }))
    .sort((a, b) => a.name.localeCompare(b.name, lang));
  const listHref = localePath("/meadows") + meadowSearchQuery(filters);
  const crops = CROPS.map(({ id }) => ({ id, name: cropName(t, id) })).sort((a, b) =>
    a.name.localeCompare(b.name, lang),
  );

  return (
    // The map fills the window below the sticky header (4rem and its 1px border).
    <main id="main" className="flex h-[calc(100dvh-4rem-1px)] min-h-[22rem] flex-col">
      <h1 className="sr-only">{t("mapView.heading")}</h1>
      <Form
        method="get"
        role="search"
        aria-label={t("mapView.filterLabel")}
        className="flex flex-wrap items-center gap-2 border-b border-border bg-background px-4 py-2"
        onSubmit={(event) => {
          event.preventDefault();
          applyFilters({});
        }}
      >
        {view ? (
          <>
            <input type="hidden" name="lat" value={view.lat} />
            <input type="hidden" name="lng" value={view.lng} />
            <input type="hidden" name="z" value={view.zoom} />
          </>
        ) : null}
        <label htmlFor="map-search" className="sr-only">
          {t("mapView.searchLabel")}
        </label>
        <input
          id="map-search"
          type="search"
          name="q"
          value={q}
          maxLength={MAP_QUERY_MAX}
          placeholder={t("mapView.searchPlaceholder")}
          autoComplete="off"
          enterKeyHint="search"
          className={cn(inputClassName, "h-9 w-full py-1 sm:w-64")}
          onChange={(event) => {
            const value = event.currentTarget.value;
            setQ(value);
            clearTimeout(typingTimer.current);
            typingTimer.current = setTimeout(
              () => applyFilters({ q: value }, true),
              TYPING_DEBOUNCE_MS,
            );
          }}
        />
        <MapFilterMenu
          name="country"
          label={t("mapView.country")}
          value={country}
          onChange={(value) => {
            setCountry(value);
            applyFilters({ country: value });
          }}
        >
          <option value="">{t("mapView.allCountries")}</option>
          {countries.map(({ code, name }) => (
            <option key={code} value={code}>
              {name}
            </option>
          ))}
        </MapFilterMenu>
        <MapFilterMenu
          name="crop"
          label={t("crops.filterLabel")}
          value={crop}
          onChange={(value) => {
            setCrop(value);
            applyFilters({ crop: value });
          }}
        >
          <option value="">{t("crops.allCrops")}</option>
          {crops.map(({ id, name }) => (
            <option key={id} value={id}>
              {name}
            </option>
          ))}
        </MapFilterMenu>
        <MapFilterMenu
          name="season"
          label={t("crops.seasonLabel")}
          value={season}
          onChange={(value) => {
            setSeason(value);
            applyFilters({ season: value });
          }}
        >
          <SeasonOptions />
        </MapFilterMenu>
        <OpenNowCheckbox
          key={open}
          checked={open === "now"}
          className="h-9 rounded-md border border-input px-3"
          onChange={(checked) => {
            setOpen(checked ? "now" : "");
            applyFilters({ open: checked ? "now" : "" });
          }}
        />
        <button type="submit" className={cn(buttonVariants({ variant: "outline", size: "sm" }))}>
          {t("mapView.apply")}
        </button>
        <Link
          to={listHref}
          className="ml-auto rounded-sm px-1 text-sm font-medium text-primary underline underline-offset-4 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
        >
          {t("mapView.showList")}
        </Link>
      </Form>

      <div className="relative min-h-0 flex-1">
        {hydrated ? (
          <Suspense
            fallback={
              <MapPlaceholder>
                <MapNote>
                  <p role="status">{t("mapView.loading")}</p>
                </MapNote>
              </MapPlaceholder>
            }
          >
            <MeadowMap
              styleUrl={styleUrl}
              view={view}
              filters={filters}
              onViewChange={onViewChange}
            />
          </Suspense>
        ) : (
          // The server's page, and the page without JavaScript: the map cannot come, the list can.
          <MapPlaceholder>
            <MapNote>
              <p>{t("mapView.noScript")}</p>
              <p className="mt-2">
                <a
                  href={listHref}
                  className="font-medium text-primary underline underline-offset-4"
                >
                  {t("mapView.showList")}
                </a>
              </p>
            </MapNote>
          </MapPlaceholder>
        )}
      </div>
    </main>
  );
}

/** One of the map bar's menus: it applies its choice at once, and is named for screen readers. */
function MapFilterMenu({
  name,
  label,
  value,
  onChange,
  children,
}: {
  name: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  children: ReactNode;
}) {
  return (
    <>
      <label htmlFor={`map-${name}`} className="sr-only">
        {label}
      </label>
      <select
        id={`map-${name}`}
        name={name}
        value={value}
        className={cn(inputClassName, "h-9 w-auto min-w-0 flex-1 py-1 sm:flex-none")}
        onChange={(event) => onChange(event.currentTarget.value)}
      >
        {children}
      </select>
    </>
  );
}
