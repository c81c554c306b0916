import type { AddressQuery, GeocodeResult } from "./geocoder.server";

/*
 * Each HTTP geocoding service's side: how an address or a search text becomes a request to it,
 * and how its JSON answer becomes a place. An answer of an unexpected shape throws; the geocoder
 * (geocoder-http.server.ts) logs it and answers null.
 */

export type HttpProviderName = "nominatim" | "photon" | "pdok";

export interface ProviderRequest {
  url: URL;
  /** The first usable place in the service's answer, or null when it found none. */
  read(body: unknown): GeocodeResult | null;
}

export interface Provider {
  address(query: AddressQuery): ProviderRequest | null;
  text(text: string, countries: string[] | undefined): ProviderRequest | null;
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

export function point(lat: unknown, lng: unknown): { lat: number; lng: number } | null {
  const latitude = Number(lat);
  const longitude = Number(lng);
  if (!Number.isFinite(latitude) || !Number.isFinite(longitude)) return null;
  if (Math.abs(latitude) > 90 || Math.abs(longitude) > 180) return null;
  return { lat: latitude, lng: longitude };
}

export const PROVIDERS: Record<HttpProviderName, (base: string) => Provider> = {
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
