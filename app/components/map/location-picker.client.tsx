import { Marker } from "maplibre-gl";
import { useEffect, useId, useRef, useState } from "react";
import { useTranslation } from "~/hooks/use-translation";
import {
  disableRotation,
  FLAT_MAP_OPTIONS,
  openMap,
  type OpenedMap,
  type StyleKind,
} from "./maplibre.client";
import { useMapTheme } from "./use-map-theme";

/** Street level: the entrance of a field can be told from the farm next door. */
const PICKER_ZOOM = 16;
/** Positions closer than this (about 1 cm) are the same: what the pin reported coming back. */
const SAME_POSITION = 1e-7;

export interface LocationPickerProps {
  lat: number;
  lng: number;
  onChange(position: { lat: number; lng: number }): void;
  styleUrl: string;
  /** The pin's accessible name, such as "Meadow location". */
  label: string;
}

/**
 * A map for placing a pin: drag it, click the map where it belongs, or focus it and nudge it
 * with the arrow keys (Shift for bigger steps). `onChange` gets each position the member sets;
 * a new `lat`/`lng` from outside (a fresh address lookup) moves the pin and the map to it.
 */
export default function LocationPicker({
  lat,
  lng,
  onChange,
  styleUrl,
  label,
}: LocationPickerProps) {
  const { t } = useTranslation();
  const theme = useMapTheme();
  const hintId = useId();
  const containerRef = useRef<HTMLDivElement>(null);
  const markerRef = useRef<Marker | null>(null);
  const [opened, setOpened] = useState<OpenedMap | null>(null);
  const [styleKind, setStyleKind] = useState<StyleKind | null>(null);
  const latest = useRef({ lat, lng, onChange, styleUrl, label, theme, t, hintId });
  useEffect(() => {
    latest.current = { lat, lng, onChange, styleUrl, label, theme, t, hintId };
  });

  useEffect(() => {
    const container = containerRef.current;
    if (!container) return;
    const controller = new AbortController();
    const initial = latest.current;
    let mapOpened: OpenedMap | null = null;
    void openMap({
      container,
      styleUrl: initial.styleUrl,
      theme: initial.theme,
      t: initial.t,
      signal: controller.signal,
      onStyleKind: setStyleKind,
      options: {
        center: [initial.lng, initial.lat],
        zoom: PICKER_ZOOM,
        ...FLAT_MAP_OPTIONS,
        // A form scrolls past the map; zooming takes the buttons or two fingers.
        scrollZoom: false,
      },
    }).then((result) => {
      if (!result) return;
      mapOpened = result;
      const { map } = result;
      disableRotation(map);
      // MapLibre's own pin: draggable by pointer, and by arrow keys once focused.
      const marker = new Marker({ draggable: true, color: pinColour(container) })
        .setLngLat([initial.lng, initial.lat])
        .addTo(map);
      const element = marker.getElement();
      element.setAttribute("aria-label", latest.current.label);
      element.setAttribute("aria-describedby", latest.current.hintId);
      element.dataset.locationPin = "";
      const report = () => {
        const position = marker.getLngLat().wrap();
        latest.current.onChange({ lat: position.lat, lng: position.lng });
      };
      marker.on("dragend", report);
      map.on("click", (event) => {
        marker.setLngLat(event.lngLat);
        report();
      });
      markerRef.current = marker;
      setOpened(result);
    });
    return () => {
      controller.abort();
      markerRef.current = null;
      mapOpened?.map.remove();
    };
  }, []);

  useEffect(() => opened?.setTheme(theme), [opened, theme]);

  useEffect(() => {
    markerRef.current?.getElement().setAttribute("aria-label", label);
  }, [label, opened]);

  // A position from outside (not the one the pin just reported) moves pin and map.
  useEffect(() => {
    const marker = markerRef.current;
    if (!opened || !marker) return;
    const current = marker.getLngLat();
    if (
      Math.abs(current.lat - lat) < SAME_POSITION &&
      Math.abs(current.lng - lng) < SAME_POSITION
    ) {
      return;
    }
    marker.setLngLat([lng, lat]);
    opened.map.easeTo({ center: [lng, lat] });
  }, [opened, lat, lng]);

  return (
    <div>
      <div
        className="h-64 overflow-hidden rounded-xl border border-border sm:h-80"
        data-testid="location-picker"
        data-map-style={styleKind ?? undefined}
      >
        <div ref={containerRef} className="h-full w-full" />
      </div>
      {/* The form around the picker explains it in words; this adds how the keys work. */}
      <p id={hintId} className="sr-only">
        {t("mapView.pickerHint")}
      </p>
    </div>
  );
}

/** The theme's primary green, which the default marker takes as a plain colour. */
function pinColour(element: HTMLElement): string {
  const probe = document.createElement("span");
  probe.className = "text-primary";
  element.append(probe);
  const colour = getComputedStyle(probe).color;
  probe.remove();
  return colour || "#2f8f4e";
}
