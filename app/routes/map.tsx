import { lazy, Suspense, useEffect, useRef } from "react";
import { useTranslation } from "~/hooks/use-translation";
import { useLoaderData, useLocation, useNavigate, useNavigation } from "react-router";
import { MapFilterBar } from "~/components/map/map-filter-bar";
import { MapNote, MapPlaceholder } from "~/components/map/map-placeholder";
import { appContext } from "~/context";
import { useHydrated } from "~/hooks/use-hydrated";
import { useLocalePath } from "~/hooks/use-shell-data";
import { getI18n } from "~/i18n.server";
import { pageMeta } from "~/lib/page-meta";
import { meadowSearchQuery } from "~/lib/schemas/meadow-search";
import { MAP_MAX_CROPS } from "~/lib/crops";
import {
  mapCropsAsked,
  mapSearchParams,
  readMapFilters,
  readMapView,
  type MapFilters,
  type MapView,
} from "~/lib/schemas/viewport";
import type { Route } from "./+types/map";

// MapLibre and the map code load only here, after the page is up (DESIGN.md "Map").
const MeadowMap = lazy(() => import("~/components/map/meadow-map.client"));

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
  // A list of more crops than the map takes, or a link made by hand, shows its first ones.
  const cropsAsked = mapCropsAsked(params);
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
    // A view written before the next render keeps these filters, not the address's last ones.
    current.current = { ...current.current, view: nextView, filters: nextFilters };
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

  const listHref = localePath("/meadows") + meadowSearchQuery(filters);

  return (
    // The map fills the window below the sticky header (4rem and its 1px border).
    <main id="main" className="flex h-[calc(100dvh-4rem-1px)] min-h-[22rem] flex-col">
      <h1 className="sr-only">{t("mapView.heading")}</h1>
      <MapFilterBar
        view={view}
        filters={filters}
        listHref={listHref}
        onFiltersChange={(nextFilters, replace) =>
          writeAddress(current.current.view, nextFilters, replace)
        }
      />
      {cropsAsked > MAP_MAX_CROPS ? (
        <p className="border-b border-border bg-muted px-4 py-2 text-sm text-muted-foreground">
          {t("mapView.cropsLeftOut", { max: MAP_MAX_CROPS, asked: cropsAsked })}
        </p>
      ) : null}

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
