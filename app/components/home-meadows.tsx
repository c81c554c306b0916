import { useEffect, useRef } from "react";
import { Link, useFetcher } from "react-router";
import { MeadowCardGrid } from "~/components/meadow-card";
import { Button } from "~/components/ui/button";
import { useGeolocation, type Position } from "~/hooks/use-geolocation";
import { useLocalePath } from "~/hooks/use-shell-data";
import { useTranslation } from "~/hooks/use-translation";
import type { MeadowCardData } from "~/lib/meadow-card";

/** What the home page's loader sends for its meadows, on arrival and again for a position. */
export interface HomeMeadowsData {
  /** The position the meadows are sorted by distance from; without one, the newest. */
  near: { lat: number; lng: number } | undefined;
  meadows: MeadowCardData[];
  /** Near the position, the nearest meadows with something in season this month. */
  inSeason: MeadowCardData[];
}

/**
 * The newest meadows, replaced by the nearest ones when the browser gives a position: at once
 * when the visitor allowed that before, otherwise when they ask for it.
 */
export function HomeMeadows({ initial }: { initial: HomeMeadowsData }) {
  const { t } = useTranslation();
  const localePath = useLocalePath();
  const fetcher = useFetcher<HomeMeadowsData>();
  const { state, locate } = useGeolocation();
  const { meadows, near, inSeason } = fetcher.data ?? initial;
  const asked = useRef(false);

  const showNearby = async () => {
    const position: Position | null = await locate();
    if (!position) return;
    // About 100 m: enough to sort by, and no more of the visitor's whereabouts than needed.
    const near = { lat: position.lat.toFixed(3), lng: position.lng.toFixed(3) };
    await fetcher.load(`${localePath("/")}?index&${new URLSearchParams(near)}`);
  };

  useEffect(() => {
    if (asked.current || !navigator.permissions) return;
    asked.current = true;
    navigator.permissions
      .query({ name: "geolocation" })
      .then((permission) => {
        if (permission.state === "granted") void showNearby();
      })
      .catch(() => {});
    // Once, on arrival.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const failure = state.status === "failed" ? state.failure : undefined;
  const loading = state.status === "locating" || fetcher.state !== "idle";
  if (meadows.length === 0) return null;
  return (
    <>
      <section className="mx-auto max-w-6xl px-4 pt-12" aria-labelledby="home-meadows">
        <div className="flex flex-wrap items-end justify-between gap-3">
          <h2 id="home-meadows" className="text-2xl font-semibold tracking-tight">
            {near ? t("home.nearbyTitle") : t("home.newestTitle")}
          </h2>
          <div className="flex flex-wrap items-center gap-3">
            {near ? null : (
              <Button variant="outline" size="sm" onClick={showNearby} loading={loading}>
                {t("home.nearbyButton")}
              </Button>
            )}
            <Link
              // Built by hand: the search schema would bring zod into the home page's bundle.
              to={localePath(`/meadows${near ? `?lat=${near.lat}&lng=${near.lng}` : ""}`)}
              className="text-sm font-medium text-primary underline underline-offset-4"
            >
              {t("home.allMeadows")}
            </Link>
          </div>
        </div>
        {failure ? (
          <p role="alert" className="mt-3 text-sm text-destructive">
            {failure === "unsupported"
              ? t("messages.geolocationUnsupported")
              : t("messages.locationUnavailable")}
          </p>
        ) : null}
        <MeadowCardGrid meadows={meadows} className="mt-6" aria-busy={loading || undefined} />
      </section>
      {near && inSeason.length > 0 ? (
        <section aria-labelledby="home-in-season" className="mx-auto max-w-6xl px-4 pt-10">
          <div className="flex flex-wrap items-end justify-between gap-3">
            <h2 id="home-in-season" className="text-2xl font-semibold tracking-tight">
              {t("home.inSeasonNearTitle")}
            </h2>
            <Link
              to={localePath(`/meadows?lat=${near.lat}&lng=${near.lng}&season=now`)}
              className="text-sm font-medium text-primary underline underline-offset-4"
            >
              {t("home.allInSeason")}
            </Link>
          </div>
          <MeadowCardGrid meadows={inSeason} className="mt-6" data-testid="home-in-season" />
        </section>
      ) : null}
    </>
  );
}
