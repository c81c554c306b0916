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
import {
  point,
  PROVIDERS,
  type HttpProviderName,
  type ProviderRequest,
} from "./geocoder-providers.server";
import type { Logger } from "./logger.server";

/**
 * Geocoding over HTTP: Nominatim's search API, Photon's, or PDOK's Locatieserver at GEOCODER_URL.
 * Public instances ask for a real User-Agent, at most one request per second and no repeated
 * questions, so every answer (a place or "not found") is kept in the geocode_cache table and the
 * requests of this process wait their turn. Failures are logged and answered with null.
 */

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

function asResult(value: unknown): GeocodeResult | null {
  if (typeof value !== "object" || value === null) return null;
  const { lat, lng, label, precision } = value as Record<string, unknown>;
  const at = point(lat, lng);
  if (!at || typeof label !== "string") return null;
  if (precision !== "address" && precision !== "postal-code" && precision !== "city") return null;
  return { ...at, label, precision };
}
