import { Popup, type Map as MapLibreMap, type PositionAnchor } from "maplibre-gl";
import { useCallback, useEffect, useRef, useState } from "react";
import { flushSync } from "react-dom";
import type { MapPoint } from "~/lib/schemas/viewport-result";

const POPUP_OFFSET = {
  center: [0, -20],
  top: [0, 4],
  "top-left": [0, 4],
  "top-right": [0, 4],
  bottom: [0, -38],
  "bottom-left": [0, -38],
  "bottom-right": [0, -38],
  left: [14, -20],
  right: [-14, -20],
} satisfies Record<string, [number, number]>;

const POPUP_MAX_WIDTH_PX = 288;
const POPUP_MAX_WIDTH = `min(${POPUP_MAX_WIDTH_PX}px, calc(100vw - 2rem))`;
/** About the height of a popup with a two-line name, to tell whether it fits above its pin. */
const POPUP_HEIGHT_PX = 220;
/** The meadow's photo above the name: the popup's width in 4:3, less its padding. */
const POPUP_PHOTO_HEIGHT_PX = 190;

/**
 * Where a pin's popup goes: above the pin when it fits, else below; centred on the pin, or
 * reaching to one side of it when that keeps it on the map. On a phone neither may fit
 * (MapLibre's own choice then puts it beside the pin, half off the screen): the map then moves
 * the pin to the middle first, by `panX` pixels.
 */
function popupPlacement(map: MapLibreMap, point: MapPoint) {
  const { x, y } = map.project([point.lng, point.lat]);
  const width = map.getContainer().clientWidth;
  const popupWidth = Math.min(POPUP_MAX_WIDTH_PX, window.innerWidth - 32);
  const margin = 8;
  const height = POPUP_HEIGHT_PX + (point.photo ? POPUP_PHOTO_HEIGHT_PX : 0);
  const vertical = y + POPUP_OFFSET.bottom[1] - height > 0 ? "bottom" : "top";
  const place = (side: "" | "-left" | "-right", panX = 0) => ({
    anchor: `${vertical}${side}` as PositionAnchor,
    panX,
  });
  if (x - popupWidth / 2 >= margin && x + popupWidth / 2 <= width - margin) return place("");
  if (x + popupWidth <= width - margin) return place("-left");
  if (x - popupWidth >= margin) return place("-right");
  return place("", x - width / 2);
}

/**
 * One pin's popup at a time. `selected` is the meadow it shows; its content is rendered by the
 * page into `popupNode`. Escape closes it and returns to its pin.
 */
export function useMeadowPopup(map: MapLibreMap | null) {
  const [selected, setSelected] = useState<MapPoint | null>(null);
  const [popupNode] = useState(() => document.createElement("div"));
  const popup = useRef<Popup | null>(null);
  const selectedPin = useRef<HTMLElement | null>(null);

  const open = useCallback(
    (point: MapPoint, pin: HTMLElement, byKeyboard: boolean) => {
      if (!map) return;
      popup.current?.remove();
      selectedPin.current = pin;
      flushSync(() => setSelected(point));
      const { anchor, panX } = popupPlacement(map, point);
      if (panX) map.panBy([panX, 0], { duration: 0 });
      const opened = new Popup({
        closeButton: true,
        closeOnClick: true,
        focusAfterOpen: false,
        maxWidth: POPUP_MAX_WIDTH,
        offset: POPUP_OFFSET,
        anchor,
      });
      opened.on("close", () => {
        if (popup.current !== opened) return;
        popup.current = null;
        setSelected(null);
      });
      popup.current = opened;
      opened.setLngLat([point.lng, point.lat]).setDOMContent(popupNode).addTo(map);
      // From the keyboard, on to the meadow's link (MapLibre would focus the close button).
      if (byKeyboard) popupNode.querySelector("a")?.focus();
    },
    [map, popupNode],
  );

  const close = useCallback(() => {
    popup.current?.remove();
  }, []);

  useEffect(() => {
    if (!selected) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== "Escape" || !popup.current?.isOpen()) return;
      popup.current.remove();
      selectedPin.current?.focus();
    };
    document.addEventListener("keydown", onKeyDown);
    return () => document.removeEventListener("keydown", onKeyDown);
  }, [selected]);

  useEffect(
    () => () => {
      popup.current?.remove();
    },
    [],
  );

  return { selected, popupNode, open, close };
}
