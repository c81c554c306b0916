import { useSyncExternalStore } from "react";
import { useColourMode } from "~/components/colour-mode-switch";
import type { MapTheme } from "./fallback-style";

const DARK_QUERY = "(prefers-color-scheme: dark)";

function subscribe(onChange: () => void) {
  const query = window.matchMedia(DARK_QUERY);
  query.addEventListener("change", onChange);
  return () => query.removeEventListener("change", onChange);
}

/**
 * Light or dark, as the page shows it: the member's colour mode, or for "system" the operating
 * system's, followed live. The built-in basemap is drawn in these colours.
 */
export function useMapTheme(): MapTheme {
  const mode = useColourMode();
  const systemDark = useSyncExternalStore(
    subscribe,
    () => window.matchMedia(DARK_QUERY).matches,
    () => false,
  );
  if (mode === "system") return systemDark ? "dark" : "light";
  return mode;
}
