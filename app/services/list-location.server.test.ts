import { describe, expect, it } from "vitest";
import type { Geocoder } from "~/adapters/geocoder.server";
import type { Limits } from "~/adapters/limits.server";
import { createPlaceNames, type PlaceNames } from "~/adapters/places.server";
import { listLocation } from "./list-location.server";

const utrecht = { lat: 52.09, lng: 5.12, label: "Utrecht, Nederland" };

function geocoderFinding(found: typeof utrecht | null) {
  const asked: string[] = [];
  const geocoder = {
    search: async (text: string) => {
      asked.push(text);
      return found;
    },
  } as unknown as Geocoder;
  return { geocoder, asked };
}

function limitsAllowing(allowed: boolean): Limits & { hits: string[] } {
  const hits: string[] = [];
  return {
    hits,
    hit: async (key) => {
      hits.push(key);
      return { allowed, retryAfter: allowed ? 0 : 60 };
    },
    peek: async () => ({ allowed, retryAfter: 0 }),
    reset: async () => {},
  };
}

/** No place known by name: every place goes to the geocoder. */
const noPlaces: PlaceNames = {
  named: async () => [],
  landmarkNear: async () => undefined,
  startingWith: async () => [],
  closeTo: async () => [],
};

const base = { ip: "198.51.100.7", language: "nl" as const, places: noPlaces };

describe("listLocation", () => {
  it("measures from a typed place, which wins over coordinates", async () => {
    const { geocoder, asked } = geocoderFinding(utrecht);
    const answer = await listLocation(
      { place: "Utrecht", lat: 51, lng: 4 },
      { ...base, geocoder, limits: limitsAllowing(true), outsideGeocoder: false },
    );
    expect(answer).toEqual({
      near: { lat: 52.09, lng: 5.12 },
      location: { kind: "place", label: "Utrecht, Nederland" },
      placeNotFound: false,
    });
    expect(asked).toEqual(["Utrecht"]);
  });

  it("measures from the device's position without a place", async () => {
    const { geocoder, asked } = geocoderFinding(utrecht);
    const answer = await listLocation(
      { place: "", lat: 51.5, lng: 4.5 },
      { ...base, geocoder, limits: limitsAllowing(true), outsideGeocoder: true },
    );
    expect(answer).toEqual({
      near: { lat: 51.5, lng: 4.5 },
      location: { kind: "device" },
      placeNotFound: false,
    });
    expect(asked).toEqual([]);
  });

  it("says a place was not found, and then measures from nowhere", async () => {
    const { geocoder } = geocoderFinding(null);
    const answer = await listLocation(
      { place: "Xyzzyvlakte" },
      { ...base, geocoder, limits: limitsAllowing(true), outsideGeocoder: false },
    );
    expect(answer).toEqual({ location: null, placeNotFound: true });
  });

  it("counts lookups per address only for an outside geocoder, and stops at the limit", async () => {
    const embedded = limitsAllowing(false);
    const { geocoder } = geocoderFinding(utrecht);
    await listLocation(
      { place: "Utrecht" },
      { ...base, geocoder, limits: embedded, outsideGeocoder: false },
    );
    expect(embedded.hits).toEqual([]);

    const outside = limitsAllowing(false);
    const { geocoder: unasked, asked } = geocoderFinding(utrecht);
    const answer = await listLocation(
      { place: "Utrecht" },
      { ...base, geocoder: unasked, limits: outside, outsideGeocoder: true },
    );
    expect(answer).toEqual({ location: null, placeNotFound: true });
    expect(outside.hits).toEqual(["place:ip:198.51.100.7"]);
    expect(asked).toEqual([]);
  });

  describe("with the embedded place names", () => {
    const places = createPlaceNames();
    const options = { ...base, places, limits: limitsAllowing(true), outsideGeocoder: true };

    it("places a town by its name without asking the geocoder", async () => {
      const { geocoder, asked } = geocoderFinding(null);
      const answer = await listLocation({ place: "houten" }, { ...options, geocoder });
      expect(answer.location).toEqual({ kind: "place", label: "Houten, Nederland" });
      expect(answer.near?.lat).toBeCloseTo(52.03, 1);
      expect(answer.otherPlaces).toBeUndefined();
      expect(asked).toEqual([]);
    });

    it("places a region with its reach", async () => {
      const { geocoder } = geocoderFinding(null);
      const answer = await listLocation({ place: "de Betuwe" }, { ...options, geocoder });
      expect(answer.location).toEqual({ kind: "place", label: "de Betuwe" });
      expect(answer.radiusKm).toBe(25);
    });

    it("offers the other places of an ambiguous name, and follows a pin to one", async () => {
      const { geocoder } = geocoderFinding(null);
      const answer = await listLocation({ place: "Limburg" }, { ...options, geocoder });
      expect(answer.location).toEqual({ kind: "place", label: "Limburg (NL)" });
      const belgian = answer.otherPlaces?.find((other) => other.name === "Limburg (BE)");
      expect(belgian).toMatchObject({ country: "België" });
      const pinned = await listLocation(
        { place: "Limburg", placeAt: belgian && { lat: belgian.lat, lng: belgian.lng } },
        { ...options, geocoder },
      );
      expect(pinned.location).toEqual({ kind: "place", label: "Limburg (BE)" });
      expect(pinned.otherPlaces).toBeUndefined();
    });

    it("leaves a name it does not know to the geocoder", async () => {
      const { geocoder, asked } = geocoderFinding(utrecht);
      const answer = await listLocation(
        { place: "Dorpsstraat 1, 3991 Houten" },
        {
          ...options,
          geocoder,
        },
      );
      expect(answer.location).toEqual({ kind: "place", label: "Utrecht, Nederland" });
      expect(asked).toEqual(["Dorpsstraat 1, 3991 Houten"]);
    });
  });
});
