import { Marker, Popup, type Map as MapLibreMap, type PositionAnchor } from "maplibre-gl";
import { useCallback, useEffect, useRef, useState } from "react";
import { createPortal, flushSync } from "react-dom";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { FetchedFavoriteButton } from "~/components/favorite-button";
import { useLocalePath, useShellData } from "~/hooks/use-shell-data";
import { cn } from "~/lib/cn";
import { getWithRetry } from "~/lib/fetch-with-retry";
import { formatNumber } from "~/lib/format";
import {
  DEFAULT_MAP_BOUNDS,
  mapSearchParams,
  type MapFilters,
  type MapView,
} from "~/lib/schemas/viewport";
import type { MapPoint, ViewportResult } from "~/services/meadows/viewport.server";
import { clusterPoints } from "./cluster-points";
import {
  disableRotation,
  FLAT_MAP_OPTIONS,
  openMap,
  type OpenedMap,
  type StyleKind,
} from "./maplibre.client";
import { clusterButton, pinButton } from "./marker-elements";
import { useMapTheme } from "./use-map-theme";

/*
 * The map page's map: MapLibre with the meadows of the view as pins, or as cluster badges when
 * zoomed out. Each settled view asks /api/meadows for its meadows (stale requests are aborted);
 * the server clusters crowded views, and the pins it sends are grouped here when they would
 * overlap. Pins open a popup with a link to the meadow; badges zoom in.
 */

/** Pins nearer each other than this on screen share a badge. */
const CLUSTER_RADIUS_PX = 44;
/** From this zoom on every pin shows on its own. */
const CLUSTER_MAX_ZOOM = 15;
/** Clicking a badge zooms to its pins, but not further than street level. */
const CLUSTER_CLICK_MAX_ZOOM = 16;
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

export interface MeadowMapProps {
  styleUrl: string;
  /** The view in the page's address: where the map opens, and where back and forward take it. */
  view: MapView | null;
  filters: MapFilters;
  /** A settled view (after a pan or zoom), for the page's address. */
  onViewChange(view: MapView): void;
}

type Status = { kind: "loading" } | { kind: "failed" } | { kind: "ready"; result: ViewportResult };

interface Shown {
  marker: Marker;
  element: HTMLElement;
}

function viewOf(map: MapLibreMap): MapView {
  const center = map.getCenter().wrap();
  return { lat: center.lat, lng: center.lng, zoom: map.getZoom() };
}

/** The same address for the same view: the rounding of the page's address decides. */
function sameView(a: MapView, b: MapView) {
  return mapSearchParams(a, {}).toString() === mapSearchParams(b, {}).toString();
}

/**
 * The view's box for the server: longitudes within one world (MapLibre reports beyond ±180 when
 * copies of the world show side by side), the whole world when the view is wider.
 */
function viewportBox(map: MapLibreMap): string {
  const bounds = map.getBounds();
  let west = bounds.getWest();
  let east = bounds.getEast();
  if (east - west >= 360) [west, east] = [-180, 180];
  else {
    const shift = Math.floor((west + 180) / 360) * 360;
    [west, east] = [west - shift, east - shift];
  }
  const clampLat = (lat: number) => Math.max(Math.min(lat, 90), -90);
  return [west, clampLat(bounds.getSouth()), east, clampLat(bounds.getNorth())]
    .map((value) => value.toFixed(4))
    .join(",");
}

export default function MeadowMap({ styleUrl, view, filters, onViewChange }: MeadowMapProps) {
  const { t } = useTranslation();
  const { lang } = useShellData();
  const localePath = useLocalePath();
  const theme = useMapTheme();
  const containerRef = useRef<HTMLDivElement>(null);
  const [opened, setOpened] = useState<OpenedMap | null>(null);
  const [styleKind, setStyleKind] = useState<StyleKind | null>(null);
  const [status, setStatus] = useState<Status>({ kind: "loading" });
  /** A request is under way; the last answer stays on the map meanwhile. */
  const [pending, setPending] = useState(true);
  const [zoomLevel, setZoomLevel] = useState<number | null>(null);
  const [selected, setSelected] = useState<MapPoint | null>(null);
  const [popupNode] = useState(() => document.createElement("div"));

  // What the map's listeners need now, without recreating the map when it changes.
  const latest = useRef({ view, filters, onViewChange, styleUrl, theme, t });
  useEffect(() => {
    latest.current = { view, filters, onViewChange, styleUrl, theme, t };
  });
  const requestRef = useRef<AbortController | null>(null);
  const markersRef = useRef(new Map<string, Shown>());
  const popupRef = useRef<Popup | null>(null);
  const selectedPinRef = useRef<HTMLElement | null>(null);
  const mapLoadedRef = useRef(false);

  const load = useCallback((map: MapLibreMap) => {
    requestRef.current?.abort();
    const controller = new AbortController();
    requestRef.current = controller;
    const { q, country } = latest.current.filters;
    const params = new URLSearchParams({
      bbox: viewportBox(map),
      // The server's zoom counts 256 px tiles, MapLibre's 512 px ones: one level apart.
      zoom: String(Math.min(Math.floor(map.getZoom()) + 1, 22)),
    });
    if (q) params.set("q", q);
    if (country) params.set("country", country);
    setPending(true);
    getWithRetry(`/api/meadows?${params}`, {
      init: { signal: controller.signal, headers: { Accept: "application/json" } },
    })
      .then(async (response) => {
        if (!response.ok) throw new Error(`/api/meadows answered ${response.status}`);
        const result = (await response.json()) as ViewportResult;
        if (controller.signal.aborted) return;
        setStatus({ kind: "ready", result });
        setPending(false);
      })
      .catch(() => {
        if (controller.signal.aborted) return;
        setStatus({ kind: "failed" });
        setPending(false);
      });
  }, []);

  // The map itself, made once.
  useEffect(() => {
    const container = containerRef.current;
    if (!container) return;
    const controller = new AbortController();
    const initial = latest.current.view;
    let mapOpened: OpenedMap | null = null;
    void openMap({
      container,
      styleUrl: latest.current.styleUrl,
      theme: latest.current.theme,
      t: latest.current.t,
      signal: controller.signal,
      onStyleKind: setStyleKind,
      options: {
        ...(initial
          ? { center: [initial.lng, initial.lat], zoom: initial.zoom }
          : { bounds: DEFAULT_MAP_BOUNDS, fitBoundsOptions: { padding: 16 } }),
        minZoom: 1,
        ...FLAT_MAP_OPTIONS,
      },
    }).then((result) => {
      if (!result) return;
      mapOpened = result;
      const { map } = result;
      disableRotation(map);
      map.on("moveend", () => {
        setZoomLevel(Math.floor(map.getZoom()));
        load(map);
        latest.current.onViewChange(viewOf(map));
      });
      const onLoad = () => {
        mapLoadedRef.current = true;
        setZoomLevel(Math.floor(map.getZoom()));
        load(map);
      };
      if (map.loaded()) onLoad();
      else map.once("load", onLoad);
      setOpened(result);
    });
    const markers = markersRef.current;
    return () => {
      controller.abort();
      requestRef.current?.abort();
      for (const { marker } of markers.values()) marker.remove();
      markers.clear();
      popupRef.current?.remove();
      mapOpened?.map.remove();
    };
  }, [load]);

  useEffect(() => opened?.setTheme(theme), [opened, theme]);

  // New filters: the same view, asked again.
  const filterKey = `${filters.q ?? ""}|${filters.country ?? ""}`;
  useEffect(() => {
    if (opened && mapLoadedRef.current) load(opened.map);
  }, [opened, filterKey, load]);

  // Back and forward (or a link) change the address under the map: follow it. The map's own
  // writes match where it is, and a map on the move is left alone.
  const viewKey = view ? mapSearchParams(view, {}).toString() : "";
  useEffect(() => {
    const wanted = latest.current.view;
    if (!opened || !wanted || opened.map.isMoving()) return;
    if (!sameView(wanted, viewOf(opened.map))) {
      opened.map.jumpTo({ center: [wanted.lng, wanted.lat], zoom: wanted.zoom });
    }
  }, [opened, viewKey]);

  const openPopup = useCallback(
    (point: MapPoint, pin: HTMLElement, byKeyboard: boolean) => {
      if (!opened) return;
      const { map } = opened;
      popupRef.current?.remove();
      selectedPinRef.current = pin;
      flushSync(() => setSelected(point));
      const { anchor, panX } = popupPlacement(map, point);
      if (panX) map.panBy([panX, 0], { duration: 0 });
      const popup = new Popup({
        closeButton: true,
        closeOnClick: true,
        focusAfterOpen: false,
        maxWidth: POPUP_MAX_WIDTH,
        offset: POPUP_OFFSET,
        anchor,
      });
      popup.on("close", () => {
        if (popupRef.current !== popup) return;
        popupRef.current = null;
        setSelected(null);
      });
      popupRef.current = popup;
      popup.setLngLat([point.lng, point.lat]).setDOMContent(popupNode).addTo(map);
      // From the keyboard, on to the meadow's link (MapLibre would focus the close button).
      if (byKeyboard) popupNode.querySelector("a")?.focus();
    },
    [opened, popupNode],
  );

  // Escape closes the popup and returns to its pin.
  useEffect(() => {
    if (!selected) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== "Escape" || !popupRef.current?.isOpen()) return;
      popupRef.current.remove();
      selectedPinRef.current?.focus();
    };
    document.addEventListener("keydown", onKeyDown);
    return () => document.removeEventListener("keydown", onKeyDown);
  }, [selected]);

  // The markers for the answer at this zoom, changed in place so focus and popups stay put.
  useEffect(() => {
    if (!opened || status.kind !== "ready" || zoomLevel === null) return;
    const { map } = opened;
    const wanted = new Map<string, () => { element: HTMLElement; lngLat: [number, number] }>();
    const format = (count: number) => formatNumber(count, lang);
    const addCluster = (
      key: string,
      count: number,
      lat: number,
      lng: number,
      bounds: [number, number, number, number],
    ) =>
      wanted.set(key, () => ({
        lngLat: [lng, lat],
        element: clusterButton({
          count,
          text: format(count),
          label:
            count === 1
              ? t("mapView.clusterOne")
              : t("mapView.clusterMany", { formatted: format(count) }),
          onActivate: () =>
            map.fitBounds(
              [
                [bounds[0], Math.max(bounds[1], -85)],
                [bounds[2], Math.min(bounds[3], 85)],
              ],
              { padding: 64, maxZoom: CLUSTER_CLICK_MAX_ZOOM },
            ),
        }),
      }));
    const addPin = (point: MapPoint) =>
      wanted.set(`pin:${point.id}`, () => ({
        lngLat: [point.lng, point.lat],
        element: pinButton(
          t("mapView.pinLabel", { name: point.name, city: point.city }),
          (element, byKeyboard) => openPopup(point, element, byKeyboard),
        ),
      }));

    const { result } = status;
    if (result.kind === "clusters") {
      for (const cluster of result.clusters) {
        addCluster(
          `server:${cluster.key}`,
          cluster.count,
          cluster.lat,
          cluster.lng,
          cluster.bounds,
        );
      }
    } else if (zoomLevel >= CLUSTER_MAX_ZOOM) {
      result.points.forEach(addPin);
    } else {
      for (const group of clusterPoints(result.points, zoomLevel, CLUSTER_RADIUS_PX)) {
        if (group.kind === "point") addPin(group.point);
        else
          addCluster(`local:${group.key}`, group.points.length, group.lat, group.lng, group.bounds);
      }
    }

    const shown = markersRef.current;
    for (const [key, { marker }] of shown) {
      if (!wanted.has(key)) {
        marker.remove();
        shown.delete(key);
      }
    }
    for (const [key, create] of wanted) {
      if (shown.has(key)) continue;
      const { element, lngLat } = create();
      const marker = new Marker({
        element,
        anchor: key.startsWith("pin:") ? "bottom" : "center",
      })
        .setLngLat(lngLat)
        .addTo(map);
      shown.set(key, { marker, element });
    }
    // A popup whose pin went away (another filter, a cluster) goes with it.
    if (selected && !wanted.has(`pin:${selected.id}`)) popupRef.current?.remove();
  }, [opened, status, zoomLevel, lang, t, openPopup, selected]);

  return (
    <div className="relative h-full w-full">
      <div
        ref={containerRef}
        className="h-full w-full bg-muted"
        data-testid="meadow-map"
        data-map-style={styleKind ?? undefined}
        data-map-status={status.kind}
        data-map-pending={pending}
      />
      <MapStatus
        status={status}
        lang={lang}
        onRetry={() => opened && load(opened.map)}
        loadingMap={!opened}
      />
      {selected
        ? createPortal(
            <div className="grid gap-1 text-sm" data-testid="meadow-popup">
              {selected.photo ? (
                <img
                  src={selected.photo.src}
                  srcSet={selected.photo.srcSet}
                  sizes="16rem"
                  width={selected.photo.width}
                  height={selected.photo.height}
                  alt=""
                  decoding="async"
                  style={{ backgroundColor: selected.photo.placeholder }}
                  className="mb-1 aspect-[4/3] w-full rounded-md object-cover"
                />
              ) : null}
              <p className="text-base leading-snug font-semibold">{selected.name}</p>
              <p className="text-muted-foreground">{selected.city}</p>
              {selected.priceText ? <p>{selected.priceText}</p> : null}
              <Link
                to={localePath(`/meadows/${selected.id}`)}
                className="mt-1 justify-self-start font-medium text-primary underline underline-offset-4 focus-visible:rounded-sm focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
              >
                {t("mapView.openMeadow")}
              </Link>
              <FetchedFavoriteButton
                meadowId={selected.id}
                meadowName={selected.name}
                className="mt-2 justify-self-start"
              />
            </div>,
            popupNode,
          )
        : null}
    </div>
  );
}

function MapStatus({
  status,
  lang,
  onRetry,
  loadingMap,
}: {
  status: Status;
  lang: "en" | "nl";
  onRetry: () => void;
  loadingMap: boolean;
}) {
  const { t } = useTranslation();
  let text: string;
  let incomplete = false;
  if (loadingMap) text = t("mapView.loading");
  else if (status.kind === "loading") text = t("mapView.loadingMeadows");
  else if (status.kind === "failed") text = t("mapView.loadFailed");
  else {
    const { result } = status;
    const count =
      result.kind === "points"
        ? result.points.length
        : result.clusters.reduce((sum, cluster) => sum + cluster.count, 0);
    incomplete = result.kind === "clusters" && !result.complete;
    text =
      count === 0
        ? t("mapView.noneInView")
        : count === 1
          ? t("mapView.inViewOne")
          : t(incomplete ? "mapView.inViewAtLeast" : "mapView.inViewMany", {
              formatted: formatNumber(count, lang),
            });
  }
  return (
    <div
      className={cn(
        "pointer-events-none absolute top-2 left-2 z-10 flex max-w-[calc(100%-4.5rem)] flex-wrap items-center gap-2",
      )}
    >
      <p
        role="status"
        className="pointer-events-auto rounded-full border border-border bg-card/95 px-3 py-1.5 text-sm text-card-foreground shadow-md"
      >
        {text}
      </p>
      {status.kind === "failed" && !loadingMap ? (
        <button
          type="button"
          onClick={onRetry}
          className="pointer-events-auto rounded-full bg-primary px-3 py-1.5 text-sm font-medium text-primary-foreground shadow-md focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
        >
          {t("mapView.retry")}
        </button>
      ) : null}
    </div>
  );
}
