import { lazy, Suspense } from "react";
import { useHydrated } from "~/hooks/use-hydrated";
import type { LocationPickerProps } from "./location-picker.client";
import { MapPlaceholder } from "./map-placeholder";

const LocationPicker = lazy(() => import("./location-picker.client"));

/**
 * The pin-placing map for the meadow form, loaded once the page is up. Until then (and without
 * JavaScript, when the form keeps the position it found) a field of the same size stands in.
 */
export function LazyLocationPicker(props: LocationPickerProps) {
  const hydrated = useHydrated();
  const placeholder = (
    <div className="h-64 overflow-hidden rounded-xl border border-border sm:h-80">
      <MapPlaceholder />
    </div>
  );
  if (!hydrated) return placeholder;
  return (
    <Suspense fallback={placeholder}>
      <LocationPicker {...props} />
    </Suspense>
  );
}
