import { lazy, Suspense, useEffect, useRef, useState } from "react";
import { MapPlaceholder } from "./map-placeholder";

const MeadowPinMap = lazy(() => import("./meadow-pin-map.client"));

/**
 * The meadow page's small map, loaded once its place comes into view: starting MapLibre is a
 * long task on a phone, which a visitor who never scrolls to it should not wait through. Until
 * then (and without JavaScript) a quiet field of the same size holds its place.
 */
export function LazyPinMap(props: { lat: number; lng: number; name: string; styleUrl: string }) {
  const frame = useRef<HTMLDivElement>(null);
  const inView = useInView(frame);
  return (
    <div ref={frame} className="h-48 overflow-hidden rounded-xl border border-border sm:h-56">
      {inView ? (
        <Suspense fallback={<MapPlaceholder />}>
          <MeadowPinMap {...props} />
        </Suspense>
      ) : (
        <MapPlaceholder />
      )}
    </div>
  );
}

/** Whether the element has come within a screen's reach of the viewport; stays true after. */
function useInView(element: React.RefObject<HTMLElement | null>): boolean {
  const [inView, setInView] = useState(false);
  useEffect(() => {
    const target = element.current;
    if (!target || inView) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setInView(true);
      },
      { rootMargin: "100px" },
    );
    observer.observe(target);
    return () => observer.disconnect();
  }, [element, inView]);
  return inView;
}
