import { describe, expect, it } from "vitest";
import { createPlaceNames } from "~/adapters/places.server";
import type { MeadowSearch } from "~/lib/schemas/meadow-search";
import { readQuery, searchWithReading } from "./read-query.server";

const places = createPlaceNames();

async function read(query: string, language: "en" | "nl" = "en") {
  const reading = await readQuery(query, places, language);
  return {
    words: reading.words,
    crops: reading.crops.map((crop) => crop.id),
    place: reading.place?.place.name,
    openNow: !!reading.openNow,
  };
}

describe("readQuery", () => {
  it("reads crops and places in either language, with the words people add", async () => {
    expect(await read("tulips Lisse")).toEqual({
      words: "",
      crops: ["tulip"],
      place: "Lisse",
      openNow: false,
    });
    expect(await read("dahlias near Zundert")).toMatchObject({
      crops: ["dahlia"],
      place: "Zundert",
    });
    expect(await read("aardbeien plukken Utrecht")).toMatchObject({
      words: "",
      crops: ["strawberry"],
      place: "Utrecht",
    });
    expect(await read("pick your own strawberries near Amsterdam")).toMatchObject({
      words: "",
      crops: ["strawberry"],
      place: "Amsterdam",
    });
    expect(await read("krieken in Haspengouw")).toMatchObject({
      crops: ["sour-cherry"],
      place: "Haspengouw",
    });
  });

  it("reads a crop of two words and its singular, plural and other names", async () => {
    for (const [query, crop] of [
      ["strawberry", "strawberry"],
      ["Aardbei", "strawberry"],
      ["rode bessen", "redcurrant"],
      ["Sweet Peas", "sweet-pea"],
      ["zonnebloem", "sunflower"],
      ["Dahlia's", "dahlia"],
      ["bosbessen", "blueberry"],
    ] as const) {
      expect((await read(query)).crops, query).toEqual([crop]);
    }
    expect((await read("tulpen, narcissen en hyacinten")).crops).toEqual([
      "tulip",
      "daffodil",
      "hyacinth",
    ]);
  });

  it("reads regions, and a place by another of its names", async () => {
    expect((await read("de Betuwe", "nl")).place).toBe("de Betuwe");
    expect((await read("Noord-Holland")).place).toBe("North Holland");
    expect((await read("provincie Utrecht", "nl")).place).toBe("provincie Utrecht");
    expect((await read("Den Haag")).place).toBe("The Hague");
  });

  it("takes a word that is mostly a word as a place only after 'near' or 'bij'", async () => {
    expect(await read("best")).toEqual({ words: "", crops: [], place: undefined, openNow: false });
    expect((await read("bij Best")).place).toBe("Best");
    expect((await read("Heel")).place).toBeUndefined();
  });

  it("keeps the other words as typed for the text search", async () => {
    expect(await read("Kersenboomgaard De Linge")).toMatchObject({
      words: "Kersenboomgaard Linge",
      crops: [],
    });
    expect((await read("Wulfsehof aardbeien")).words).toBe("Wulfsehof");
    expect((await read("zzqx")).words).toBe("zzqx");
  });

  it("reads 'open now' in both languages", async () => {
    expect(await read("open now tulpen")).toMatchObject({ crops: ["tulip"], openNow: true });
    expect((await read("nu open")).openNow).toBe(true);
  });

  it("gives each part the query without it, for a chip that drops it", async () => {
    const reading = await readQuery("tulips near Lisse, open now", places, "en");
    expect(reading.crops[0]?.without).toBe("near Lisse open now");
    expect(reading.place?.without).toBe("tulips open now");
    expect(reading.openNow?.without).toBe("tulips near Lisse");
  });
});

describe("searchWithReading", () => {
  const search: MeadowSearch = { q: "", place: "", crops: ["dahlia"], page: 3 };

  it("adds the crops, the place as typed and a region's reach to the search", async () => {
    const reading = await readQuery("tulpen in de Betuwe", places, "nl");
    expect(searchWithReading({ ...search, q: "tulpen in de Betuwe" }, reading)).toEqual({
      q: "",
      place: "de Betuwe",
      crops: ["dahlia", "tulip"],
      km: 25,
      page: 3,
    });
  });

  it("keeps a distance chosen in the form, and drops a pin for another place", async () => {
    const reading = await readQuery("Lisse", places, "en");
    const asked = searchWithReading(
      { ...search, q: "Lisse", place: "Bergen", placeAt: { lat: 52.67, lng: 4.7 }, km: 10 },
      reading,
    );
    expect(asked).toMatchObject({ place: "Lisse", km: 10 });
    expect(asked.placeAt).toBeUndefined();
  });
});

describe("readQuery with typing slips", () => {
  it("reads a word a slip or two from a crop or place as that one, when asked to", async () => {
    const close = await readQuery("tlupen Zundret", places, "nl", { fuzzy: true });
    expect(close.crops.map((crop) => crop.id)).toEqual(["tulip"]);
    expect(close.place?.place.name).toBe("Zundert");
    expect(close.place?.lookup).toBe("Zundert");
    expect(close.corrected).toEqual(["tlupen", "Zundret"]);
    expect((await readQuery("strawbery", places, "en", { fuzzy: true })).crops[0]?.id).toBe(
      "strawberry",
    );
  });

  it("leaves short words and words far from any as words, and reads nothing close unasked", async () => {
    const reading = await readQuery("zzqxy kers", places, "en", { fuzzy: true });
    expect(reading.words).toBe("zzqxy");
    expect(reading.corrected).toEqual([]);
    expect((await readQuery("tlupen", places, "en")).crops).toEqual([]);
  });

  it("compares only the first four unread words with every name", async () => {
    const long = await readQuery("qqqqq wwwww xxxxx yyyyy strawbery", places, "en", {
      fuzzy: true,
    });
    expect(long.crops).toEqual([]);
    expect(long.words).toBe("qqqqq wwwww xxxxx yyyyy strawbery");
  });
});
