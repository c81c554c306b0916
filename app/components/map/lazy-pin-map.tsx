import { lazy, Suspense } from "react";
import { useHydrated } from "~/hooks/use-hydrated";
import { MapPlaceholder } from "./map-placeholder";

const MeadowPinMap = lazy(() => import("./meadow-pin-map.client"));

/**
 * The meadow page's small map, loaded after the page is up; until then (and without
 * JavaScript) a quiet field of the same size holds its place.
 */
export function LazyPinMap(props: { lat: number; lng: number; name: string; styleUrl: string }) {
  const hydrated = useHydrated();
  return (
    <div className="h-48 overflow-hidden rounded-xl border border-border sm:h-56">
      {hydrated ? (
        <Suspense fallback={<MapPlaceholder />}>
          <MeadowPinMap {...props} />
        </Suspense>
      ) : (
        <MapPlaceholder />
      )}
    </div>
  );
}
