import { eq, sql } from "drizzle-orm";
import { geocodeCache } from "../../db/schema";
import type { Database } from "./db.server";
import type {
  AddressQuery,
  GeocodeOptions,
  GeocodeResult,
  Geocoder,
  SearchOptions,
} from "./geocoder.server";
import type { Logger } from "./logger.server";

/**
 * Geocoding over HTTP: Nominatim's search API, Photon's, or PDOK's Locatieserver at GEOCODER_URL.
 * Public instances ask for a real User-Agent, at most one request per second and no repeated
 * questions, so every answer (a place or "not found") is kept in the geocode_cache table and the
 * requests of this process wait their turn. Failures are logged and answered with null.
 */

export type HttpProviderName = "nominatim" | "photon" | "pdok";

export interface HttpGeocoderOptions {
  provider: HttpProviderName;
  /** The service's root: https://nominatim.openstreetmap.org, https://photon.komoot.io, https://api.pdok.nl/bzk/locatieserver */
  url: string;
  userAgent: string;
  db: Database;
  logger: Logger;
  /** Per request, 10 s by default. */
  timeoutMs?: number;
  /** From the end of one request to the start of the next to the same service, 1 s by default. */
  minIntervalMs?: number;
  /** How long "not found" is believed (the map gets new streets), 30 days by default. */
  notFoundTtlMs?: number;
}

interface ProviderRequest {
  url: URL;
  /** The first usable place in the service's answer, or null when it found none. */
  read(body: unknown): GeocodeResult | null;
}

interface Provider {
  address(query: AddressQuery): ProviderRequest | null;
  text(text: string, countries: string[] | undefined): ProviderRequest | null;
}

const DEFAULT_TIMEOUT_MS = 10_000;
const DEFAULT_INTERVAL_MS = 1_000;
const DEFAULT_NOT_FOUND_TTL_MS = 30 * 24 * 60 * 60 * 1000;

export function createHttpGeocoder(options: HttpGeocoderOptions): Geocoder {
  const { provider: name, db, logger } = options;
  const provider = PROVIDERS[name](options.url);
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const notFoundTtlMs = options.notFoundTtlMs ?? DEFAULT_NOT_FOUND_TTL_MS;
  const inTurn = queueFor(new URL(options.url).origin, options.minIntervalMs);
  /** The same question asked twice at once is sent once. */
  const pending = new Map<string, Promise<GeocodeResult | null>>();

  async function readCache(key: string): Promise<GeocodeResult | null | undefined> {
    try {
      const [row] = await db
        .select({ result: geocodeCache.result, createdAt: geocodeCache.createdAt })
        .from(geocodeCache)
        .where(eq(geocodeCache.key, key))
        .limit(1);
      if (!row) return undefined;
      if (row.result === null) {
        return Date.now() - row.createdAt.getTime() > notFoundTtlMs ? undefined : null;
      }
      return asResult(row.result) ?? undefined;
    } catch (error) {
      logger.warn({ provider: name, error: reason(error) }, "geocode cache could not be read");
      return undefined;
    }
  }

  async function writeCache(key: string, result: GeocodeResult | null): Promise<void> {
    try {
      await db
        .insert(geocodeCache)
        .values({ key, result })
        .onConflictDoUpdate({ target: geocodeCache.key, set: { result, createdAt: sql`now()` } });
    } catch (error) {
      logger.warn({ provider: name, error: reason(error) }, "geocode cache could not be written");
    }
  }

  /** The service's JSON answer, or undefined (logged) when there is none to use. */
  async function fetchAnswer(url: URL, language: string | undefined): Promise<unknown> {
    logger.debug({ provider: name, url: url.href }, "geocoder request");
    let response: Response;
    try {
      const headers: Record<string, string> = {
        "User-Agent": options.userAgent,
        Accept: "application/json",
      };
      if (language) headers["Accept-Language"] = language;
      response = await fetch(url, { headers, signal: AbortSignal.timeout(timeoutMs) });
    } catch (error) {
      logger.warn({ provider: name, error: reason(error) }, "geocoder could not be reached");
      return undefined;
    }
    if (!response.ok) {
      // Not cached: a busy or broken service may answer tomorrow.
      logger.warn({ provider: name, status: response.status }, "geocoder answered with an error");
      await response.body?.cancel().catch(() => {});
      return undefined;
    }
    try {
      return (await response.json()) as unknown;
    } catch (error) {
      logger.warn({ provider: name, error: reason(error) }, "geocoder answer not understood");
      return undefined;
    }
  }

  async function ask(
    key: string,
    request: ProviderRequest | null,
    language: string | undefined,
  ): Promise<GeocodeResult | null> {
    if (request === null) return null;
    const cached = await readCache(key);
    if (cached !== undefined) return cached;
    const body = await inTurn(() => fetchAnswer(request.url, language));
    if (body === undefined) return null;
    let result: GeocodeResult | null;
    try {
      result = request.read(body);
    } catch (error) {
      logger.warn({ provider: name, error: String(error) }, "geocoder answer not understood");
      return null;
    }
    await writeCache(key, result);
    return result;
  }

  function once(
    key: string,
    run: () => Promise<GeocodeResult | null>,
  ): Promise<GeocodeResult | null> {
    const running = pending.get(key);
    if (running) return running;
    const promise = run()
      .catch((error: unknown) => {
        logger.warn({ provider: name, error: String(error) }, "geocoding failed");
        return null;
      })
      .finally(() => pending.delete(key));
    pending.set(key, promise);
    return promise;
  }

  return {
    geocode(query: AddressQuery, geocodeOptions: GeocodeOptions = {}) {
      const key = cacheKey(name, "address", [
        query.country,
        query.postalCode,
        query.city,
        query.street,
        query.houseNumber,
      ]);
      return once(key, () => ask(key, provider.address(query), geocodeOptions.language));
    },
    search(text: string, searchOptions: SearchOptions = {}) {
      if (text.trim() === "") return Promise.resolve(null);
      const countries = searchOptions.countries?.map((country) => country.toUpperCase()).sort();
      const key = cacheKey(name, "text", [countries?.join(","), text]);
      return once(key, () =>
        ask(key, provider.text(text.trim(), countries), searchOptions.language),
      );
    },
  };
}

/**
 * What went wrong, without the query: a failed database query's message repeats its parameters
 * (the address), its cause does not; a failed fetch says why in its cause (ECONNREFUSED).
 */
function reason(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  if (error.name === "TimeoutError") return "no answer in time";
  const cause = error.cause;
  if (cause instanceof Error) {
    const code = (cause as NodeJS.ErrnoException).code;
    return code ? `${cause.message} (${code})` : cause.message;
  }
  return error.message.split("\n")[0] ?? error.name;
}

/** provider:kind:fields, each lowercased with single spaces, so "Utrecht " and "utrecht" meet. */
export function cacheKey(
  provider: HttpProviderName,
  kind: "address" | "text",
  fields: (string | undefined)[],
): string {
  const parts = fields.map((field) =>
    (field ?? "").normalize("NFC").trim().toLowerCase().replace(/\s+/g, " "),
  );
  return `${provider}:${kind}:${parts.join("|")}`;
}

/**
 * One queue per service per process: requests go one at a time, each starting `intervalMs` after
 * the previous one finished, so the service never sees two within a second (Nominatim's policy:
 * one request per second, no parallel requests).
 */
const queues = new Map<string, <T>(task: () => Promise<T>) => Promise<T>>();

function queueFor(
  origin: string,
  intervalMs = DEFAULT_INTERVAL_MS,
): <T>(task: () => Promise<T>) => Promise<T> {
  const id = `${origin} ${intervalMs}`;
  let queue = queues.get(id);
  if (!queue) {
    let tail: Promise<unknown> = Promise.resolve();
    let lastFinished = 0;
    queue = <T>(task: () => Promise<T>): Promise<T> => {
      const run = tail.then(async () => {
        const wait = lastFinished + intervalMs - Date.now();
        if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
        try {
          return await task();
        } finally {
          lastFinished = Date.now();
        }
      });
      tail = run.catch(() => {});
      return run;
    };
    queues.set(id, queue);
  }
  return queue;
}

function endpoint(base: string, path: string): URL {
  return new URL(path, base.endsWith("/") ? base : `${base}/`);
}

function join(values: (string | undefined)[], separator = " "): string {
  return values
    .map((value) => value?.trim() ?? "")
    .filter((value) => value !== "")
    .join(separator);
}

function point(lat: unknown, lng: unknown): { lat: number; lng: number } | null {
  const latitude = Number(lat);
  const longitude = Number(lng);
  if (!Number.isFinite(latitude) || !Number.isFinite(longitude)) return null;
  if (Math.abs(latitude) > 90 || Math.abs(longitude) > 180) return null;
  return { lat: latitude, lng: longitude };
}

function asResult(value: unknown): GeocodeResult | null {
  if (typeof value !== "object" || value === null) return null;
  const { lat, lng, label, precision } = value as Record<string, unknown>;
  const at = point(lat, lng);
  if (!at || typeof label !== "string") return null;
  if (precision !== "address" && precision !== "postal-code" && precision !== "city") return null;
  return { ...at, label, precision };
}

const PROVIDERS: Record<HttpProviderName, (base: string) => Provider> = {
  nominatim: nominatim,
  photon: photon,
  pdok: pdok,
};

/** https://nominatim.org/release-docs/latest/api/Search/ */
function nominatim(base: string): Provider {
  function request(params: Record<string, string | undefined>): ProviderRequest {
    const url = endpoint(base, "search");
    url.searchParams.set("format", "jsonv2");
    url.searchParams.set("limit", "1");
    url.searchParams.set("addressdetails", "0");
    for (const [key, value] of Object.entries(params)) {
      if (value) url.searchParams.set(key, value);
    }
    return {
      url,
      read(body) {
        if (!Array.isArray(body)) throw new Error("expected a JSON array");
        const first = body[0] as Record<string, unknown> | undefined;
        if (!first) return null;
        const at = point(first.lat, first.lon);
        if (!at) return null;
        const rank = Number(first.place_rank);
        const precision =
          first.addresstype === "postcode" || first.type === "postcode"
            ? "postal-code"
            : rank >= 26
              ? "address"
              : "city";
        return { ...at, label: String(first.display_name ?? ""), precision };
      },
    };
  }
  return {
    address(query) {
      const street = query.street?.trim() ? join([query.houseNumber, query.street]) : undefined;
      const postalcode = query.postalCode?.trim();
      const city = query.city?.trim();
      if (!street && !postalcode && !city) return null;
      return request({
        countrycodes: query.country.trim().toLowerCase(),
        street,
        postalcode,
        city,
      });
    },
    text(text, countries) {
      return request({ q: text, countrycodes: countries?.join(",").toLowerCase() });
    },
  };
}

/** https://github.com/komoot/photon: GeoJSON features; no structured search, no country filter. */
function photon(base: string): Provider {
  function request(q: string, countries: string[] | undefined): ProviderRequest {
    const url = endpoint(base, "api");
    url.searchParams.set("q", q);
    // With a country wanted, look a little further than the first answer.
    url.searchParams.set("limit", countries ? "5" : "1");
    return {
      url,
      read(body) {
        const features = (body as { features?: unknown }).features;
        if (!Array.isArray(features)) throw new Error("expected a GeoJSON FeatureCollection");
        for (const feature of features as {
          geometry?: { coordinates?: unknown[] };
          properties?: Record<string, unknown>;
        }[]) {
          const properties = feature.properties ?? {};
          const country = String(properties.countrycode ?? "").toUpperCase();
          if (countries && !countries.includes(country)) continue;
          const [lng, lat] = feature.geometry?.coordinates ?? [];
          const at = point(lat, lng);
          if (!at) continue;
          const type = String(properties.type ?? "");
          const precision =
            type === "house" || type === "street"
              ? "address"
              : type === "postcode" || properties.osm_value === "postcode"
                ? "postal-code"
                : "city";
          const street = join([properties.street as string, properties.housenumber as string]);
          const label = join(
            [
              properties.name === properties.city ? undefined : (properties.name as string),
              street,
              join([properties.postcode as string, properties.city as string]),
              properties.country as string,
            ].filter((part, index, all) => part && all.indexOf(part) === index),
            ", ",
          );
          return { ...at, label, precision };
        }
        return null;
      },
    };
  }
  return {
    address(query) {
      const q = join(
        [join([query.street, query.houseNumber]), join([query.postalCode, query.city])],
        ", ",
      );
      if (q === "") return null;
      return request(q, [query.country.trim().toUpperCase()]);
    },
    text(text, countries) {
      return request(text, countries);
    },
  };
}

/** https://api.pdok.nl/bzk/locatieserver/search/v3_1/ui/: the Netherlands only. */
function pdok(base: string): Provider {
  function request(q: string, filter: string): ProviderRequest {
    const url = endpoint(base, "search/v3_1/free");
    url.searchParams.set("q", q);
    url.searchParams.set("rows", "1");
    url.searchParams.set("fq", filter);
    url.searchParams.set("fl", "weergavenaam,type,centroide_ll");
    return {
      url,
      read(body) {
        const docs = (body as { response?: { docs?: unknown } }).response?.docs;
        if (!Array.isArray(docs)) throw new Error("expected response.docs");
        const first = docs[0] as Record<string, unknown> | undefined;
        if (!first) return null;
        const match = /POINT\(\s*(-?[\d.]+)\s+(-?[\d.]+)\s*\)/.exec(String(first.centroide_ll));
        const at = match ? point(match[2], match[1]) : null;
        if (!at) return null;
        const type = String(first.type ?? "");
        const precision =
          type === "adres" || type === "weg"
            ? "address"
            : type === "postcode"
              ? "postal-code"
              : "city";
        return { ...at, label: String(first.weergavenaam ?? ""), precision };
      },
    };
  }
  return {
    address(query) {
      if (query.country.trim().toUpperCase() !== "NL") return null;
      if (query.street?.trim()) {
        return request(
          join([query.street, query.houseNumber, query.postalCode, query.city]),
          "type:adres",
        );
      }
      if (query.postalCode?.trim()) return request(query.postalCode.trim(), "type:postcode");
      if (query.city?.trim()) return request(query.city.trim(), "type:woonplaats");
      return null;
    },
    text(text, countries) {
      if (countries && !countries.includes("NL")) return null;
      return request(text, "type:(adres OR weg OR postcode OR woonplaats OR gemeente)");
    },
  };
}
