import { copyFileSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it, vi } from "vitest";
import type { GeocodeResult } from "./geocoder.server";
import { parseFreeText } from "./geocoder-free-text.server";
import {
  defaultDataDir,
  nameKeys,
  normaliseName,
  OFFLINE_COUNTRIES,
  postalKey,
} from "./geocoder-gazetteer.server";
import { createOfflineGeocoder } from "./geocoder-offline.server";

/** Great-circle distance, to say "within a few km of the true place". */
function km(a: { lat: number; lng: number }, b: { lat: number; lng: number }): number {
  const rad = Math.PI / 180;
  const h =
    Math.sin(((b.lat - a.lat) * rad) / 2) ** 2 +
    Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(((b.lng - a.lng) * rad) / 2) ** 2;
  return 12_742 * Math.asin(Math.sqrt(h));
}

// Where these places really are (town halls, cathedrals, palaces), from any map.
const LISSE = { lat: 52.2579, lng: 4.5572 };
const UTRECHT = { lat: 52.0907, lng: 5.1214 };
const GENT = { lat: 51.0543, lng: 3.7174 };
const BRUGGE = { lat: 51.2093, lng: 3.2247 };
const KOELN = { lat: 50.9413, lng: 6.9583 };
const PARIS_1ER = { lat: 48.8625, lng: 2.3364 };
const SW1A = { lat: 51.5014, lng: -0.1419 };
const THE_HAGUE = { lat: 52.0799, lng: 4.3113 };

const geocoder = createOfflineGeocoder();

function expectNear(result: GeocodeResult | null, place: { lat: number; lng: number }, within = 5) {
  expect(result).not.toBeNull();
  expect(km(result!, place)).toBeLessThan(within);
}

describe("postal codes and names as the tables key them", () => {
  it("keeps the part of a postal code each country's table is keyed by", () => {
    expect(postalKey("NL", "3512 JE")).toBe("3512");
    expect(postalKey("NL", "3512je")).toBe("3512");
    expect(postalKey("NL", "2161")).toBe("2161");
    expect(postalKey("BE", "9000")).toBe("9000");
    expect(postalKey("BE", "B-8000")).toBe("8000");
    expect(postalKey("DE", "50667")).toBe("50667");
    expect(postalKey("DE", "D-50667")).toBe("50667");
    expect(postalKey("FR", "75 001")).toBe("75001");
    expect(postalKey("GB", "sw1a 1aa")).toBe("SW1A");
    expect(postalKey("GB", "SW1A1AA")).toBe("SW1A");
    expect(postalKey("GB", "M1 1AE")).toBe("M1");
    expect(postalKey("NL", "35120")).toBeNull();
    expect(postalKey("DE", "5066")).toBeNull();
    expect(postalKey("GB", "12345")).toBeNull();
  });

  it("matches names whatever their case, accents, hyphens and apostrophes", () => {
    expect(normaliseName("'s-Gravenhage")).toBe("s gravenhage");
    expect(normaliseName("  DEN   Haag ")).toBe("den haag");
    expect(normaliseName("Liège")).toBe("liege");
    expect(normaliseName("Saint-Étienne")).toBe("saint etienne");
    expect(nameKeys("Köln")).toEqual(["koln", "koeln"]);
    expect(nameKeys("Gent")).toEqual(["gent"]);
  });

  it("reads a country named at the end of free text", () => {
    expect(parseFreeText("Gent, België")).toEqual({ parts: ["Gent"], country: "BE" });
    expect(parseFreeText("Gent Belgium")).toEqual({ parts: ["Gent"], country: "BE" });
    expect(parseFreeText("Dorpsstraat 1, 2161 AB Lisse, NL")).toEqual({
      parts: ["Dorpsstraat 1", "2161 AB Lisse"],
      country: "NL",
    });
    // A two-letter word inside a name is no country: "Den Haag" is not Germany.
    expect(parseFreeText("Den Haag")).toEqual({ parts: ["Den Haag"], country: undefined });
  });
});

describe("the offline geocoder with the shipped data", () => {
  it.each([
    ["NL", "Lisse", "2161 AB", LISSE],
    ["NL", "Utrecht", "3512 JE", UTRECHT],
    ["BE", "Gent", "9000", GENT],
    ["BE", "Brugge", "8000", BRUGGE],
    ["DE", "Köln", "50667", KOELN],
    ["FR", "Paris", "75001", PARIS_1ER],
    ["GB", "London", "SW1A 1AA", SW1A],
  ])("places an address in %s (%s %s) within a few km", async (country, city, postalCode, at) => {
    const result = await geocoder.geocode({
      street: "Hoofdstraat",
      houseNumber: "1",
      postalCode,
      city,
      country,
    });
    expectNear(result, at);
  });

  it("places German and French addresses by postal code alone", async () => {
    const koeln = await geocoder.geocode({ postalCode: "50667", country: "DE" });
    expectNear(koeln, KOELN);
    expect(koeln).toMatchObject({ precision: "postal-code", label: "50667 Köln, Germany" });
    const paris = await geocoder.geocode({ postalCode: "75001", country: "fr" });
    expectNear(paris, PARIS_1ER);
    expect(paris?.precision).toBe("postal-code");
  });

  it("places Dutch, Belgian and British addresses by their town (no postal-code table shipped)", async () => {
    const result = await geocoder.geocode({ postalCode: "2161 AB", city: "Lisse", country: "NL" });
    expect(result).toMatchObject({ precision: "city", label: "Lisse, Netherlands" });
    expect(await geocoder.geocode({ postalCode: "2161 AB", country: "NL" })).toBeNull();
  });

  it("finds towns whatever the spelling: case, accents, local and foreign names", async () => {
    for (const city of ["Den Haag", "'s-Gravenhage", "DEN HAAG", "s Gravenhage", "The Hague"]) {
      expectNear(await geocoder.geocode({ city, country: "NL" }), THE_HAGUE);
    }
    for (const city of ["Gent", "Ghent", "gent", "Gand"]) {
      expectNear(await geocoder.geocode({ city, country: "BE" }), GENT);
    }
    for (const city of ["Köln", "Koeln", "Koln", "KÖLN", "Cologne", "Keulen"]) {
      expectNear(await geocoder.geocode({ city, country: "DE" }), KOELN);
    }
  });

  it("knows the towns of every country the meadow form offers", async () => {
    for (const [city, country, at] of [
      ["Luxembourg", "LU", { lat: 49.6116, lng: 6.1319 }],
      ["Wien", "AT", { lat: 48.2082, lng: 16.3738 }],
      ["Vienna", "AT", { lat: 48.2082, lng: 16.3738 }],
      ["Zurich", "CH", { lat: 47.3769, lng: 8.5417 }],
      ["København", "DK", { lat: 55.6761, lng: 12.5683 }],
      ["Copenhagen", "DK", { lat: 55.6761, lng: 12.5683 }],
    ] as const) {
      expectNear(await geocoder.geocode({ city, country }), at);
    }
    expectNear(await geocoder.search("Zürich, Schweiz"), { lat: 47.3769, lng: 8.5417 });
  });

  it("falls back to the town when the postal code is unknown", async () => {
    const result = await geocoder.geocode({ postalCode: "99999", city: "Köln", country: "DE" });
    expectNear(result, KOELN);
    expect(result?.precision).toBe("city");
  });

  it("tells same-named towns apart by the codes around an unknown postal code", async () => {
    // 37346 is not in the table; 37345 (Am Ohmberg, Thuringia) is, and a Neustadt lies there,
    // 300 km from the biggest Neustadt (an der Weinstraße).
    const near = await geocoder.geocode({ postalCode: "37346", city: "Neustadt", country: "DE" });
    expectNear(near, { lat: 51.4673, lng: 10.4673 }, 2);
    const biggest = await geocoder.geocode({ city: "Neustadt", country: "DE" });
    expectNear(biggest, { lat: 49.3501, lng: 8.1389 }, 2);
  });

  it("answers null for what it cannot place", async () => {
    expect(await geocoder.geocode({ city: "Xyzzyqua", country: "NL" })).toBeNull();
    expect(await geocoder.geocode({ postalCode: "00000", country: "DE" })).toBeNull();
    expect(await geocoder.geocode({ city: "Springfield", country: "US" })).toBeNull();
    expect(await geocoder.geocode({ country: "NL" })).toBeNull();
    expect(await geocoder.search("qwxz vbnm")).toBeNull();
    expect(await geocoder.search("   ")).toBeNull();
    expect(await geocoder.search("Utrecht", { countries: ["BE"] })).toBeNull();
  });

  it("searches free text for a town, a postal code, or both, with or without a country", async () => {
    const utrecht = await geocoder.search("Utrecht");
    expectNear(utrecht, UTRECHT);
    expect(utrecht).toMatchObject({ precision: "city", label: "Utrecht, Netherlands" });
    expectNear(await geocoder.search("Gent, België"), GENT);
    expectNear(await geocoder.search("gent belgie"), GENT);
    expectNear(await geocoder.search("Cologne"), KOELN);
    expectNear(await geocoder.search("Dorpsstraat 1, 2161 AB Lisse"), LISSE);
    expect(await geocoder.search("50667 Köln")).toMatchObject({ precision: "postal-code" });
    expectNear(await geocoder.search("75001 Paris, France"), PARIS_1ER);
    expectNear(await geocoder.search("50667", { countries: ["DE"] }), KOELN);
  });

  it("labels in the page's language", async () => {
    expect((await geocoder.search("Gent", { language: "nl" }))?.label).toBe("Gent, België");
    expect((await geocoder.search("Gent", { language: "en" }))?.label).toBe("Gent, Belgium");
  });
});

describe("the offline geocoder with postal-code tables for every country", () => {
  // The GeoNames postal-code dump yields tables like these (scripts/build-geocoder-data.ts
  // --geonames-postal=FILE); a few rows stand in for it here.
  const dir = mkdtempSync(path.join(tmpdir(), "plukweide-geocoder-"));
  for (const country of OFFLINE_COUNTRIES) {
    const file = `places-${country.toLowerCase()}.tsv`;
    copyFileSync(path.join(defaultDataDir(), file), path.join(dir, file));
  }
  writeFileSync(
    path.join(dir, "postcodes-nl.tsv"),
    "2161\t52.2579\t4.5572\tLisse\n3512\t52.0907\t5.1214\tUtrecht\n",
  );
  writeFileSync(path.join(dir, "postcodes-be.tsv"), "8000\t51.2093\t3.2247\tBrugge\n");
  writeFileSync(path.join(dir, "postcodes-gb.tsv"), "SW1A\t51.5014\t-0.1419\tLondon\n");
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const withTables = createOfflineGeocoder({ dataDir: dir });

  it("looks a Dutch code up by its four digits and a British one by its outward code", async () => {
    const utrecht = await withTables.geocode({ postalCode: "3512 JE", country: "NL" });
    expect(utrecht).toEqual({
      lat: 52.0907,
      lng: 5.1214,
      label: "3512 JE Utrecht, Netherlands",
      precision: "postal-code",
    });
    expectNear(await withTables.geocode({ postalCode: "SW1A 1AA", country: "GB" }), SW1A, 0.1);
    expectNear(await withTables.geocode({ postalCode: "8000", country: "BE" }), BRUGGE, 0.1);
  });

  it("finds postal codes in free text", async () => {
    expect(await withTables.search("3512 JE")).toMatchObject({ precision: "postal-code" });
    expectNear(await withTables.search("3512JE Utrecht"), UTRECHT, 0.1);
    expectNear(await withTables.search("SW1A 1AA"), SW1A, 0.1);
    expectNear(await withTables.search("8000 Brugge, België"), BRUGGE, 0.1);
  });
});

describe("the offline geocoder without its data", () => {
  it("answers null and says so once per country", async () => {
    const onLoadError = vi.fn();
    const broken = createOfflineGeocoder({ dataDir: "/nonexistent", onLoadError });
    expect(await broken.geocode({ city: "Utrecht", country: "NL" })).toBeNull();
    expect(await broken.geocode({ city: "Lisse", country: "NL" })).toBeNull();
    expect(await broken.search("Gent", { countries: ["BE"] })).toBeNull();
    expect(onLoadError).toHaveBeenCalledTimes(2);
    expect(onLoadError.mock.calls.map(([country]) => country)).toEqual(["NL", "BE"]);
  });
});
