import type { StyleSpecification } from "maplibre-gl";
// A file of its own in the build (about 750 kB, 200 kB compressed), fetched only when a map
// falls back to it: neither the page bundles nor the map chunk carry the outlines.
import countriesUrl from "world-atlas/countries-50m.json?url";
import { getWithRetry } from "~/lib/fetch-with-retry";
import {
  buildFallbackStyle,
  FALLBACK_PALETTES,
  fallbackGeometry,
  type FallbackGeometry,
  type MapTheme,
} from "./fallback-style";

/** How long a map waits for the configured style before it draws its own. */
export const STYLE_TIMEOUT_MS = 4_000;
/** A style that failed is not asked for again in this tab for a while: each map would wait. */
const FAILURE_MEMORY_MS = 5 * 60_000;
const FAILURE_KEY = "plukweide.mapStyleFailed";

export type LoadedStyle =
  { kind: "remote"; style: StyleSpecification } | { kind: "fallback"; style: StyleSpecification };

const remoteStyles = new Map<string, Promise<StyleSpecification | null>>();
let geometry: Promise<FallbackGeometry> | undefined;

/** The configured style, or the built-in one when it cannot be had within STYLE_TIMEOUT_MS. */
export async function loadMapStyle(styleUrl: string, theme: MapTheme): Promise<LoadedStyle> {
  const remote = await remoteStyle(styleUrl);
  if (remote) return { kind: "remote", style: remote };
  return { kind: "fallback", style: await fallbackStyle(theme) };
}

/** The built-in style; also for a remote style whose tiles turn out to be unreachable. */
export async function fallbackStyle(theme: MapTheme): Promise<StyleSpecification> {
  geometry ??= getWithRetry(countriesUrl, { attempts: 2 })
    .then((response) => {
      if (!response.ok) throw new Error(`${countriesUrl} answered ${response.status}`);
      return response.json();
    })
    .then(fallbackGeometry)
    .catch(() => {
      // Water alone, and pins on it, beat no map: asked again by the next map.
      geometry = undefined;
      return {
        land: { type: "FeatureCollection", features: [] },
        borders: { type: "MultiLineString", coordinates: [] },
      } satisfies FallbackGeometry;
    });
  return buildFallbackStyle(await geometry, FALLBACK_PALETTES[theme]);
}

/** Remembers, for this tab, that a style could not be loaded. */
export function rememberStyleFailure(styleUrl: string) {
  try {
    sessionStorage.setItem(FAILURE_KEY, JSON.stringify({ styleUrl, at: Date.now() }));
  } catch {
    // Storage may be off (private modes); the next map simply tries again.
  }
  remoteStyles.set(styleUrl, Promise.resolve(null));
}

function failedRecently(styleUrl: string): boolean {
  try {
    const saved = JSON.parse(sessionStorage.getItem(FAILURE_KEY) ?? "null") as {
      styleUrl?: string;
      at?: number;
    } | null;
    return saved?.styleUrl === styleUrl && Date.now() - (saved.at ?? 0) < FAILURE_MEMORY_MS;
  } catch {
    return false;
  }
}

function remoteStyle(styleUrl: string): Promise<StyleSpecification | null> {
  let pending = remoteStyles.get(styleUrl);
  if (!pending) {
    pending = failedRecently(styleUrl) ? Promise.resolve(null) : fetchStyle(styleUrl);
    remoteStyles.set(styleUrl, pending);
  }
  return pending;
}

async function fetchStyle(styleUrl: string): Promise<StyleSpecification | null> {
  try {
    const response = await fetch(styleUrl, { signal: AbortSignal.timeout(STYLE_TIMEOUT_MS) });
    if (!response.ok) throw new Error(`${styleUrl} answered ${response.status}`);
    const style = (await response.json()) as Partial<StyleSpecification>;
    if (style.version !== 8 || !Array.isArray(style.layers) || typeof style.sources !== "object") {
      throw new Error(`${styleUrl} is not a MapLibre style`);
    }
    return withAbsoluteUrls(style as StyleSpecification, styleUrl);
  } catch {
    rememberStyleFailure(styleUrl);
    return null;
  }
}

/**
 * A style handed to MapLibre as an object has no address of its own, so its relative sprite,
 * glyph, tile and TileJSON addresses are resolved against the style's now. The {fontstack},
 * {range}, {z}, {x}, {y} placeholders survive (URL would encode their braces).
 */
export function withAbsoluteUrls(style: StyleSpecification, styleUrl: string): StyleSpecification {
  const absolute = (url: string) =>
    /^[a-z][a-z0-9+.-]*:/i.test(url)
      ? url
      : new URL(url, styleUrl).href.replace(/%7B/gi, "{").replace(/%7D/gi, "}");
  const sources = Object.fromEntries(
    Object.entries(style.sources).map(([id, source]) => {
      const copy = { ...source } as Record<string, unknown>;
      if (typeof copy.url === "string") copy.url = absolute(copy.url);
      if (Array.isArray(copy.tiles)) copy.tiles = copy.tiles.map((tile) => absolute(String(tile)));
      if (typeof copy.data === "string") copy.data = absolute(copy.data);
      return [id, copy];
    }),
  ) as StyleSpecification["sources"];
  const sprite =
    typeof style.sprite === "string"
      ? absolute(style.sprite)
      : style.sprite?.map((entry) => ({ ...entry, url: absolute(entry.url) }));
  return {
    ...style,
    sources,
    ...(sprite ? { sprite } : {}),
    ...(style.glyphs ? { glyphs: absolute(style.glyphs) } : {}),
  };
}
