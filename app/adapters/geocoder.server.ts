import type { Config } from "~/env.server";
import type { Database } from "./db.server";
import { createHttpGeocoder, type HttpGeocoderOptions } from "./geocoder-http.server";
import type { Logger } from "./logger.server";
import { createOfflineGeocoder } from "./geocoder-offline.server";

/** An address as a member types it; `country` is ISO 3166-1 alpha-2 ("NL"). */
export interface AddressQuery {
  street?: string;
  houseNumber?: string;
  postalCode?: string;
  city?: string;
  country: string;
}

/**
 * Where a geocoder placed something, and how closely: "address" is a house or street, "postal-code"
 * the area of a postal code, "city" a town or village.
 */
export interface GeocodeResult {
  lat: number;
  lng: number;
  label: string;
  precision: "address" | "postal-code" | "city";
}

export interface GeocodeOptions {
  /** The page's language ("en", "nl"): labels come back in it where the geocoder can. */
  language?: string;
}

export interface SearchOptions extends GeocodeOptions {
  /** ISO alpha-2 codes the place must lie in; all supported countries when absent. */
  countries?: string[];
}

/**
 * One interface for every geocoder (DESIGN.md "Configuration contract": GEOCODER). Neither method
 * throws: a place that cannot be found, and a geocoder that cannot be reached, both give null.
 */
export interface Geocoder {
  /** Places a structured address (the add/edit meadow form). */
  geocode(query: AddressQuery, options?: GeocodeOptions): Promise<GeocodeResult | null>;
  /** Places free text such as "Utrecht", "1012 AB" or "Gent, België" (the meadows list). */
  search(text: string, options?: SearchOptions): Promise<GeocodeResult | null>;
}

export type GeocoderConfig = Pick<Config, "geocoder" | "appUrl">;

/** The geocoder GEOCODER names: the embedded gazetteer, or an HTTP service with a database cache. */
export function createGeocoder(
  config: GeocoderConfig,
  db: Database,
  logger: Logger,
  options: Pick<HttpGeocoderOptions, "timeoutMs" | "minIntervalMs"> = {},
): Geocoder {
  const geocoder = config.geocoder;
  if (geocoder.provider === "offline") return createOfflineGeocoder();
  return createHttpGeocoder({
    provider: geocoder.provider,
    url: geocoder.url,
    userAgent: `Plukweide/1.0 (+${config.appUrl.origin})`,
    db,
    logger,
    ...options,
  });
}
