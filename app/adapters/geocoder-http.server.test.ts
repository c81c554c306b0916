import { sql } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { migratedDatabase, testEngines } from "../../tests/support/databases";
import { fakeService, json, type Answer } from "../../tests/support/fake-service";
import { queryRows } from "./db.server";
import { createHttpGeocoder, type HttpGeocoderOptions } from "./geocoder-http.server";
import { createGeocoder } from "./geocoder.server";
import { createLogger } from "./logger.server";

const UTRECHT_DOM = {
  place_id: 1,
  lat: "52.0907",
  lon: "5.1214",
  display_name: "Domplein 1, 3512 JE Utrecht, Nederland",
  addresstype: "house",
  place_rank: 30,
};

const nominatim: Answer = (url, response) => {
  const asked = url.searchParams.get("q") ?? url.searchParams.get("city") ?? "";
  if (url.pathname !== "/search") return json(response, { error: "not found" }, 404);
  if (asked.toLowerCase().includes("utrecht")) return json(response, [UTRECHT_DOM]);
  if (asked === "Gent") {
    return json(response, [
      { lat: "51.0538", lon: "3.7250", display_name: "Gent, België", place_rank: 16 },
    ]);
  }
  json(response, []);
};

describe.each(testEngines)("HTTP geocoders with the answer cache on $name", (engine) => {
  const database = migratedDatabase(engine);
  let logLines: { level: string; msg: string; provider?: string }[] = [];
  const logger = createLogger("debug", {
    write(line: string) {
      logLines.push(JSON.parse(line) as { level: string; msg: string });
    },
  });
  const services: { close(): Promise<void> }[] = [];

  // Each test starts with nothing cached.
  beforeEach(async () => {
    await database.db.execute(sql`delete from geocode_cache`);
  });
  afterEach(async () => {
    await Promise.all(services.splice(0).map((service) => service.close()));
    logLines = [];
  });

  async function serviceAndGeocoder(
    provider: HttpGeocoderOptions["provider"],
    answer: Answer,
    options: Partial<HttpGeocoderOptions> = {},
  ) {
    const service = await fakeService(answer);
    services.push(service);
    const geocoder = createHttpGeocoder({
      provider,
      url: service.url,
      userAgent: "Plukweide/1.0 (+https://plukweide.test)",
      db: database.db,
      logger,
      // The services' one request a second has a test of its own; the others need not wait.
      minIntervalMs: 20,
      ...options,
    });
    return { service, geocoder };
  }

  async function cachedRows(key: string) {
    return queryRows<{ key: string; result: unknown }>(
      database.db,
      sql`select key, result from geocode_cache where key like ${key}`,
    );
  }

  describe("nominatim", () => {
    it("asks the structured search with a proper User-Agent and the page's language", async () => {
      const { service, geocoder } = await serviceAndGeocoder("nominatim", nominatim);
      const result = await geocoder.geocode(
        {
          street: "Domplein",
          houseNumber: "1",
          postalCode: "3512 JE",
          city: "Utrecht",
          country: "NL",
        },
        { language: "nl" },
      );
      expect(result).toEqual({
        lat: 52.0907,
        lng: 5.1214,
        label: "Domplein 1, 3512 JE Utrecht, Nederland",
        precision: "address",
      });
      expect(service.requests).toHaveLength(1);
      const [request] = service.requests;
      expect(request!.url.pathname).toBe("/search");
      expect(Object.fromEntries(request!.url.searchParams)).toEqual({
        format: "jsonv2",
        limit: "1",
        addressdetails: "0",
        countrycodes: "nl",
        street: "1 Domplein",
        postalcode: "3512 JE",
        city: "Utrecht",
      });
      expect(request!.headers["user-agent"]).toBe("Plukweide/1.0 (+https://plukweide.test)");
      expect(request!.headers["accept-language"]).toBe("nl");
    });

    it("asks the same address once: the second answer comes from the cache", async () => {
      const { service, geocoder } = await serviceAndGeocoder("nominatim", nominatim);
      const address = { street: "Domplein", houseNumber: "1", city: "Utrecht", country: "NL" };
      const first = await geocoder.geocode(address);
      const second = await geocoder.geocode({ ...address, city: "  UTRECHT ", country: "nl" });
      expect(second).toEqual(first);
      expect(service.requests).toHaveLength(1);
      // Another geocoder in this process (or another process) on the same database: no request.
      const { service: other, geocoder: again } = await serviceAndGeocoder("nominatim", nominatim);
      expect(await again.geocode(address)).toEqual(first);
      expect(other.requests).toHaveLength(0);
      const rows = await cachedRows("nominatim:address:nl|%|utrecht|domplein|1");
      expect(rows).toHaveLength(1);
      expect(rows[0]!.result).toMatchObject({ lat: 52.0907, precision: "address" });
    });

    it("caches 'not found' too, and asks again once it is a month old", async () => {
      const { service, geocoder } = await serviceAndGeocoder("nominatim", nominatim);
      const nowhere = {
        street: "Nergensweg",
        houseNumber: "404",
        city: "Nergenshuizen",
        country: "NL",
      };
      expect(await geocoder.geocode(nowhere)).toBeNull();
      expect(await geocoder.geocode(nowhere)).toBeNull();
      expect(service.requests).toHaveLength(1);
      const [row] = await cachedRows("nominatim:address:nl||nergenshuizen|nergensweg|404");
      expect(row?.result).toBeNull();
      await database.db.execute(
        sql`update geocode_cache set created_at = now() - interval '31 days' where key = ${row!.key}`,
      );
      expect(await geocoder.geocode(nowhere)).toBeNull();
      expect(service.requests).toHaveLength(2);
    });

    it("sends at most one request per second, queueing the rest", async () => {
      const { service, geocoder } = await serviceAndGeocoder("nominatim", nominatim, {
        // The default: one a second.
        minIntervalMs: undefined,
      });
      const results = await Promise.all([
        geocoder.search("Utrecht"),
        geocoder.search("Gent"),
        geocoder.geocode({ city: "Amersfoort", country: "NL" }),
      ]);
      expect(results.map((result) => result?.label ?? null)).toEqual([
        "Domplein 1, 3512 JE Utrecht, Nederland",
        "Gent, België",
        null,
      ]);
      expect(service.requests).toHaveLength(3);
      const times = service.requests.map((request) => request.at).sort((a, b) => a - b);
      // A little slack for timers firing a millisecond early.
      expect(times[1]! - times[0]!).toBeGreaterThanOrEqual(990);
      expect(times[2]! - times[1]!).toBeGreaterThanOrEqual(990);
    });

    it("sends one request for the same question asked twice at once", async () => {
      const { service, geocoder } = await serviceAndGeocoder("nominatim", nominatim);
      const [a, b] = await Promise.all([geocoder.search("Utrecht"), geocoder.search("utrecht")]);
      expect(a).toEqual(b);
      expect(service.requests).toHaveLength(1);
    });

    it("searches free text within the wanted countries", async () => {
      const { service, geocoder } = await serviceAndGeocoder("nominatim", nominatim);
      const result = await geocoder.search("Gent", { countries: ["be", "NL"], language: "en" });
      expect(result).toEqual({
        lat: 51.0538,
        lng: 3.725,
        label: "Gent, België",
        precision: "city",
      });
      expect(Object.fromEntries(service.requests[0]!.url.searchParams)).toEqual({
        format: "jsonv2",
        limit: "1",
        addressdetails: "0",
        q: "Gent",
        countrycodes: "be,nl",
      });
      expect(service.requests[0]!.headers["accept-language"]).toBe("en");
    });

    it("answers null to a server error, logs a warning and does not cache it", async () => {
      const { service, geocoder } = await serviceAndGeocoder("nominatim", (_url, response) =>
        json(response, { error: "overloaded" }, 503),
      );
      expect(await geocoder.search("Utrecht")).toBeNull();
      expect(logLines).toContainEqual(
        expect.objectContaining({ level: "warn", msg: "geocoder answered with an error" }),
      );
      expect(await geocoder.search("Utrecht")).toBeNull();
      expect(service.requests).toHaveLength(2);
    });

    it("answers null when the service does not answer in time", async () => {
      const { service, geocoder } = await serviceAndGeocoder(
        "nominatim",
        () => {
          // Never answers.
        },
        { timeoutMs: 300 },
      );
      const started = performance.now();
      expect(await geocoder.search("Utrecht")).toBeNull();
      expect(performance.now() - started).toBeLessThan(5_000);
      expect(service.requests).toHaveLength(1);
      expect(logLines).toContainEqual(
        expect.objectContaining({ level: "warn", msg: "geocoder could not be reached" }),
      );
    });

    it("answers null to an answer it cannot read, and does not cache it", async () => {
      const { service, geocoder } = await serviceAndGeocoder("nominatim", (_url, response) => {
        response.writeHead(200, { "Content-Type": "text/html" });
        response.end("<html>maintenance</html>");
      });
      expect(await geocoder.search("Utrecht")).toBeNull();
      expect(logLines).toContainEqual(
        expect.objectContaining({ level: "warn", msg: "geocoder answer not understood" }),
      );
      expect(await cachedRows("nominatim:%")).toHaveLength(0);
      expect(service.requests).toHaveLength(1);
    });

    it("answers null when nothing listens", async () => {
      const { service, geocoder } = await serviceAndGeocoder("nominatim", nominatim);
      await service.close();
      expect(await geocoder.search("Utrecht")).toBeNull();
    });

    it("logs the address at debug level only", async () => {
      const { geocoder } = await serviceAndGeocoder("nominatim", (_url, response) =>
        json(response, [], 500),
      );
      await geocoder.geocode({ street: "Geheimstraat", city: "Utrecht", country: "NL" });
      const mentions = logLines.filter((line) => JSON.stringify(line).includes("Geheimstraat"));
      expect(mentions.length).toBeGreaterThan(0);
      expect(mentions.every((line) => line.level === "debug")).toBe(true);
    });
  });

  describe("photon", () => {
    const photon: Answer = (url, response) => {
      if (url.pathname !== "/api") return json(response, { message: "not found" }, 404);
      const q = url.searchParams.get("q") ?? "";
      if (!q.includes("Gent")) return json(response, { type: "FeatureCollection", features: [] });
      json(response, {
        type: "FeatureCollection",
        features: [
          {
            type: "Feature",
            geometry: { type: "Point", coordinates: [-84.05, 42.1] },
            properties: { name: "Gent", countrycode: "US", country: "United States", type: "city" },
          },
          {
            type: "Feature",
            geometry: { type: "Point", coordinates: [3.725, 51.0538] },
            properties: {
              street: "Korenmarkt",
              housenumber: "1",
              postcode: "9000",
              city: "Gent",
              country: "België",
              countrycode: "BE",
              type: "house",
            },
          },
        ],
      });
    };

    it("asks /api with q and limit, and reads the GeoJSON answer", async () => {
      const { service, geocoder } = await serviceAndGeocoder("photon", photon);
      const result = await geocoder.search("Gent");
      expect(result).toEqual({
        lat: 42.1,
        lng: -84.05,
        label: "Gent, United States",
        precision: "city",
      });
      expect(Object.fromEntries(service.requests[0]!.url.searchParams)).toEqual({
        q: "Gent",
        limit: "1",
      });
      expect(service.requests[0]!.headers["user-agent"]).toBe(
        "Plukweide/1.0 (+https://plukweide.test)",
      );
    });

    it("keeps to the address's country and caches the answer", async () => {
      const { service, geocoder } = await serviceAndGeocoder("photon", photon);
      const address = {
        street: "Korenmarkt",
        houseNumber: "1",
        postalCode: "9000",
        city: "Gent",
        country: "BE",
      };
      const result = await geocoder.geocode(address);
      expect(result).toEqual({
        lat: 51.0538,
        lng: 3.725,
        label: "Korenmarkt 1, 9000 Gent, België",
        precision: "address",
      });
      expect(Object.fromEntries(service.requests[0]!.url.searchParams)).toEqual({
        q: "Korenmarkt 1, 9000 Gent",
        limit: "5",
      });
      expect(await geocoder.geocode(address)).toEqual(result);
      expect(service.requests).toHaveLength(1);
      expect(await geocoder.search("Nergens")).toBeNull();
      expect(await geocoder.search("Nergens")).toBeNull();
      expect(service.requests).toHaveLength(2);
    });
  });

  describe("pdok", () => {
    const pdok: Answer = (url, response) => {
      if (url.pathname !== "/search/v3_1/free") return json(response, { error: "not found" }, 404);
      const filter = url.searchParams.get("fq");
      const docs =
        filter === "type:adres"
          ? [
              {
                type: "adres",
                weergavenaam: "Domplein 1, 3512JE Utrecht",
                centroide_ll: "POINT(5.1214 52.0907)",
              },
            ]
          : filter === "type:postcode"
            ? [
                {
                  type: "postcode",
                  weergavenaam: "2161AB Lisse",
                  centroide_ll: "POINT(4.5572 52.2579)",
                },
              ]
            : [];
      json(response, { response: { numFound: docs.length, start: 0, docs } });
    };

    it("asks the Locatieserver for an address and reads centroide_ll", async () => {
      const { service, geocoder } = await serviceAndGeocoder("pdok", pdok);
      const result = await geocoder.geocode({
        street: "Domplein",
        houseNumber: "1",
        postalCode: "3512 JE",
        city: "Utrecht",
        country: "NL",
      });
      expect(result).toEqual({
        lat: 52.0907,
        lng: 5.1214,
        label: "Domplein 1, 3512JE Utrecht",
        precision: "address",
      });
      expect(Object.fromEntries(service.requests[0]!.url.searchParams)).toEqual({
        q: "Domplein 1 3512 JE Utrecht",
        rows: "1",
        fq: "type:adres",
        fl: "weergavenaam,type,centroide_ll",
      });
    });

    it("asks for a postal code when there is no street, and caches 'not found'", async () => {
      const { service, geocoder } = await serviceAndGeocoder("pdok", pdok);
      expect(await geocoder.geocode({ postalCode: "2161AB", country: "NL" })).toMatchObject({
        lat: 52.2579,
        lng: 4.5572,
        precision: "postal-code",
      });
      expect(service.requests[0]!.url.searchParams.get("fq")).toBe("type:postcode");
      expect(await geocoder.search("Nergenshuizen")).toBeNull();
      expect(await geocoder.search("Nergenshuizen")).toBeNull();
      expect(service.requests).toHaveLength(2);
    });

    it("does not ask about addresses outside the Netherlands", async () => {
      const { service, geocoder } = await serviceAndGeocoder("pdok", pdok);
      expect(
        await geocoder.geocode({ city: "Gent", postalCode: "9000", country: "BE" }),
      ).toBeNull();
      expect(await geocoder.search("Gent", { countries: ["BE"] })).toBeNull();
      expect(service.requests).toHaveLength(0);
    });
  });

  describe("createGeocoder", () => {
    const appUrl = new URL("https://plukweide.example/");

    it("uses the offline gazetteer by default", async () => {
      const geocoder = createGeocoder(
        { geocoder: { provider: "offline" }, appUrl },
        database.db,
        logger,
      );
      expect(await geocoder.search("Gent, België")).toMatchObject({ precision: "city" });
    });

    it("uses the configured HTTP service with the app's URL in its User-Agent", async () => {
      const service = await fakeService(nominatim);
      services.push(service);
      const geocoder = createGeocoder(
        { geocoder: { provider: "nominatim", url: service.url }, appUrl },
        database.db,
        logger,
      );
      expect(await geocoder.search("Utrecht centrum")).toMatchObject({ precision: "address" });
      expect(service.requests[0]!.headers["user-agent"]).toBe(
        "Plukweide/1.0 (+https://plukweide.example)",
      );
    });
  });
});
