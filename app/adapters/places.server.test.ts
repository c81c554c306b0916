import { describe, expect, it } from "vitest";
import { createPlaceNames, pickPlace, type NamedPlace } from "./places.server";

const places = createPlaceNames();

function town(name: string, country: NamedPlace["country"], population: number, lat = 52, lng = 5) {
  return { kind: "town", name, country, population, lat, lng } satisfies NamedPlace;
}

describe("pickPlace", () => {
  it("takes a place that stands out, and offers the others when none does", () => {
    const big = town("Rijswijk", "NL", 47_000);
    const small = town("Rijswijk", "NL", 1_200, 51.8, 5.0);
    expect(pickPlace([small, big])).toEqual({ place: big, others: [] });

    const holland = town("Bergen", "NL", 30_000, 52.67, 4.7);
    const limburg = town("Bergen", "NL", 13_000, 51.6, 6.05);
    expect(pickPlace([holland, limburg])).toEqual({ place: holland, others: [limburg] });
    // The one the address pins, whatever its size.
    expect(pickPlace([holland, limburg], { lat: 51.6, lng: 6.05 })).toEqual({
      place: limburg,
      others: [],
    });
    expect(pickPlace([])).toBeUndefined();
  });

  it("counts a town of the Low Countries before a larger one elsewhere", () => {
    const dutch = town("Bergen", "NL", 30_000);
    const german = town("Bergen", "DE", 60_000, 52.8, 9.9);
    expect(pickPlace([german, dutch])?.place).toBe(dutch);
  });
});

describe("the embedded place names", () => {
  it("finds towns, villages and regions by their folded name", async () => {
    expect((await places.named("lisse", "en"))[0]).toMatchObject({ name: "Lisse", country: "NL" });
    expect((await places.named("haspengouw", "nl"))[0]).toMatchObject({
      kind: "region",
      radiusKm: 22,
    });
    expect(await places.named("zzqx", "en")).toEqual([]);
    const limburg = await places.named("limburg", "nl");
    expect(limburg.slice(0, 2).map((place) => place.name)).toEqual([
      "Limburg (NL)",
      "Limburg (BE)",
    ]);
  });

  it("names a larger town nearby, to tell same-named places apart", async () => {
    const [hengelo] = await places.named("hengelo", "en");
    expect(hengelo?.population).toBeGreaterThan(50_000);
    const landmark = await places.landmarkNear({ ...town("Hengelo", "NL", 8_000, 52.05, 6.31) });
    expect(landmark).toBeTruthy();
    expect(landmark).not.toBe("Hengelo");
  });

  it("finds the names that start with what is typed, likeliest first", async () => {
    const found = await places.startingWith("utr", 5, "en");
    expect(found[0]?.name).toBe("Utrecht");
    expect(found.length).toBeLessThanOrEqual(5);
    expect((await places.startingWith("betu", 5, "nl"))[0]?.name).toBe("de Betuwe");
    expect(await places.startingWith("", 5, "en")).toEqual([]);
  });
});
