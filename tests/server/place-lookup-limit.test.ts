import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LIMITS } from "../../app/services/account-limits";
import { spawnApp, type AppProcess } from "../support/app-process";
import { fakeService, json } from "../support/fake-service";

/*
 * With an outside geocoder (one request a second for the whole process), a visitor's place
 * searches on /meadows are limited per address, so one visitor cannot make everyone else's wait.
 * Past the limit the search says it could not find the place; other visitors are not affected.
 */

const NOT_FOUND = "Could not find the location";

describe("place searches on the meadows list with an outside geocoder", () => {
  let app: AppProcess;
  let geocoder: Awaited<ReturnType<typeof fakeService>>;

  beforeAll(async () => {
    geocoder = await fakeService((url, response) => {
      if (url.pathname !== "/search") return json(response, { error: "not found" }, 404);
      json(response, [
        { lat: "52.0907", lon: "5.1214", display_name: "Utrecht, Nederland", place_rank: 16 },
      ]);
    });
    app = await spawnApp({
      SEED_DEMO: "true",
      GEOCODER: "nominatim",
      GEOCODER_URL: geocoder.url,
    }).ready;
  });
  afterAll(async () => {
    await app?.stop();
    await geocoder?.close();
  });

  // An address: a town's name alone is placed by the embedded gazetteer, asking no geocoder.
  const search = (from: string, place = "Domplein 9, Utrecht") =>
    fetch(`${app.url}/meadows?place=${encodeURIComponent(place)}&sort=distance`, {
      // The app trusts the address a proxy on loopback appends, as behind a load balancer.
      headers: { "X-Forwarded-For": from },
    }).then(async (response) => ({ status: response.status, html: await response.text() }));

  it(`answers ${LIMITS.placeSearchesPerIp.max} searches from one address, then says it cannot`, async () => {
    const visitor = "198.51.100.23";
    const { max } = LIMITS.placeSearchesPerIp;
    for (let i = 0; i < max; i++) {
      const page = await search(visitor);
      if (i === 0 || i === max - 1) {
        expect(page.status).toBe(200);
        expect(page.html).not.toContain(NOT_FOUND);
        expect(page.html).toMatch(/data-distance-km="/);
      }
    }
    const refused = await search(visitor);
    expect(refused.status).toBe(200);
    expect(refused.html).toContain(NOT_FOUND);
    expect(refused.html).not.toMatch(/data-distance-km="/);

    // A town's name still works for the visitor: the gazetteer places it.
    const town = await search(visitor, "Utrecht");
    expect(town.html).not.toContain(NOT_FOUND);
    expect(town.html).toMatch(/data-distance-km="/);

    // Someone else still finds the place, and the geocoder was asked once: answers are cached.
    const other = await search("198.51.100.24");
    expect(other.html).not.toContain(NOT_FOUND);
    expect(other.html).toMatch(/data-distance-km="/);
    expect(geocoder.requests.filter((request) => request.url.pathname === "/search")).toHaveLength(
      1,
    );
  }, 120_000);
});
