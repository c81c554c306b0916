import { useRef } from "react";
import { createPortal } from "react-dom";
import { useShellData } from "~/hooks/use-shell-data";
import type { MapFilters, MapView } from "~/lib/schemas/viewport";
import { MapStatus } from "./map-status";
import { MeadowPopupContent } from "./meadow-popup-content";
import { useMeadowMap } from "./use-meadow-map.client";
import { useMeadowMarkers } from "./use-meadow-markers.client";
import { useMeadowPopup } from "./use-meadow-popup.client";
import { useViewInAddress } from "./use-view-in-address";
import { useViewportMeadows } from "./use-viewport-meadows";

/*
 * The map page's map: MapLibre with the meadows of the view as pins, or as cluster badges when
 * zoomed out. Each settled view asks /api/meadows for its meadows (stale requests are aborted);
 * the server clusters crowded views, and the pins it sends are grouped here when they would
 * overlap. Pins open a popup with a link to the meadow; badges zoom in. Each of these is a hook
 * of its own; this component puts them together.
 */

export interface MeadowMapProps {
  styleUrl: string;
  /** The view in the page's address: where the map opens, and where back and forward take it. */
  view: MapView | null;
  filters: MapFilters;
  /** A settled view (after a pan or zoom), for the page's address. */
  onViewChange(view: MapView): void;
}

export default function MeadowMap({ styleUrl, view, filters, onViewChange }: MeadowMapProps) {
  const { lang } = useShellData();
  const container = useRef<HTMLDivElement>(null);
  const { map, loaded, styleKind } = useMeadowMap(container, { initialView: view, styleUrl });
  const { status, pending, retry } = useViewportMeadows(map, loaded, filters);
  useViewInAddress(map, view, onViewChange);
  const popup = useMeadowPopup(map);
  useMeadowMarkers({
    map,
    loaded,
    result: status.kind === "ready" ? status.result : null,
    selectedId: popup.selected?.id ?? null,
    onPin: popup.open,
    closePopup: popup.close,
  });

  return (
    <div className="relative h-full w-full">
      <div
        ref={container}
        className="h-full w-full bg-muted"
        data-testid="meadow-map"
        data-map-style={styleKind ?? undefined}
        data-map-status={status.kind}
        data-map-pending={pending}
      />
      <MapStatus status={status} lang={lang} onRetry={retry} loadingMap={!map} />
      {popup.selected
        ? createPortal(<MeadowPopupContent meadow={popup.selected} />, popup.popupNode)
        : null}
    </div>
  );
}
