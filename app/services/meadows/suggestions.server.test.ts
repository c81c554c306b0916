import { beforeAll, describe, expect, it } from "vitest";
import { insertMeadows } from "../../../db/factories/meadows";
import { meadows } from "../../../db/schema";
import { migratedDatabase, testEngines } from "../../../tests/support/databases";
import type { Database } from "~/adapters/db.server";
import { createPlaceNames } from "~/adapters/places.server";
import type { Suggestion } from "~/lib/schemas/suggestions";
import { searchText } from "./filters.server";
import { suggest } from "./suggestions.server";

const places = createPlaceNames();

describe.each(testEngines)("suggestions on $name", (engine) => {
  const database = migratedDatabase(engine);
  let db: Database;

  beforeAll(async () => {
    db = database.db;
    await db.delete(meadows);
    await insertMeadows(db, [
      { name: "Kersenboomgaard De Linge", city: "Geldermalsen" },
      { name: "Kersenpluk Haspengouw", city: "Sint-Truiden" },
      { name: "Boerderij De Kersenhof", city: "Tiel" },
      { name: "Boomgaard Zuid", city: "Kesteren", description: "Kersen en appels" },
      { name: "Crème Tulpen", city: "Lisse" },
      { name: "100% Pluk", city: "Utrecht" },
      // The same name in the same town twice is one suggestion.
      ...[1, 2].map(() => ({ name: "Pluktuin Zonneveld", city: "Houten" })),
      { name: "Pluktuin Zonneveld", city: "Zeist" },
    ]);
  });

  const ask = (typed: string, language: "en" | "nl" = "en") =>
    suggest({ db, places }, typed, language);
  const of = (found: Suggestion[], kind: Suggestion["kind"]) =>
    found.filter((suggestion) => suggestion.kind === kind);
  const names = (found: Suggestion[]) =>
    of(found, "meadow").map((suggestion) => (suggestion.kind === "meadow" ? suggestion.name : ""));

  it("offers the meadows whose names hold the words, those a word begins first", async () => {
    // Names that begin with the words, shortest first, then names with a word they begin,
    // then names that hold them; a description alone does not count.
    expect(names(await ask("kersen"))).toEqual([
      "Kersenpluk Haspengouw",
      "Kersenboomgaard De Linge",
      "Boerderij De Kersenhof",
    ]);
    expect(names(await ask("boomgaard"))).toEqual(["Boomgaard Zuid", "Kersenboomgaard De Linge"]);
    expect(names(await ask("appels"))).toEqual([]);
    expect(names(await ask("kersen lin"))).toEqual(["Kersenboomgaard De Linge"]);
    // Accents and case as the name has them or not.
    expect(names(await ask("creme tul"))).toEqual(["Crème Tulpen"]);
    expect(names(await ask("CRÈME"))).toEqual(["Crème Tulpen"]);
  });

  it("suggests each name once per town, with its town", async () => {
    const found = of(await ask("zonnev"), "meadow");
    expect(found.map((suggestion) => suggestion.kind === "meadow" && suggestion.city)).toEqual([
      "Houten",
      "Zeist",
    ]);
  });

  it("completes a place the last words begin, keeping the words before it", async () => {
    const found = of(await ask("tulips Houte"), "place");
    expect(found[0]).toEqual({
      kind: "place",
      name: "Houten",
      country: "NL",
      region: false,
      before: "tulips ",
    });
    // A region people name, and a name of several words.
    expect(of(await ask("betu", "nl"), "place")[0]).toMatchObject({
      name: "de Betuwe",
      region: true,
      before: "",
    });
    expect(of(await ask("dahlias bergen op z"), "place")[0]).toMatchObject({
      name: "Bergen op Zoom",
      before: "dahlias ",
    });
  });

  it("completes a crop in either language, with the words before it", async () => {
    expect(of(await ask("aardb"), "crop")).toEqual([
      { kind: "crop", id: "strawberry", before: "" },
    ]);
    expect(of(await ask("Lisse strawb"), "crop")).toEqual([
      { kind: "crop", id: "strawberry", before: "Lisse " },
    ]);
    expect(of(await ask("sweet p"), "crop")).toEqual([
      { kind: "crop", id: "sweet-pea", before: "" },
    ]);
  });

  it("puts a crop named in full first, before the places its letters begin", async () => {
    const found = await ask("kers");
    expect(found[0]).toEqual({ kind: "crop", id: "cherry", before: "" });
    expect(
      of(found, "crop").map((suggestion) => suggestion.kind === "crop" && suggestion.id),
    ).toEqual(["cherry", "hellebore"]);
    // Small places abroad are left out ("Kersaint-Plabennec"); those of the Low Countries stay.
    const countries = of(found, "place").map((place) => place.kind === "place" && place.country);
    expect(countries.length).toBeGreaterThan(0);
    expect(countries.filter((country) => !["NL", "BE", "LU"].includes(String(country)))).toEqual(
      [],
    );
    expect(of(await ask("Houte"), "place")[0]).toMatchObject({ name: "Houten" });
  });

  it("offers places and crops from two letters, meadows from three", async () => {
    const two = await ask("ke");
    expect(of(two, "meadow")).toEqual([]);
    expect(of(two, "crop").length).toBeGreaterThan(0);
    expect(await ask("k")).toEqual([]);
    expect(await ask("   ")).toEqual([]);
  });

  it("reads what an attacker sends as words", async () => {
    // LIKE's wildcards are literal, and quotes are text.
    expect(names(await ask("100%"))).toEqual(["100% Pluk"]);
    expect(names(await ask("%%%"))).toEqual([]);
    expect(names(await ask("___"))).toEqual([]);
    expect(await ask("'; drop table meadows; --")).toEqual(expect.any(Array));
    expect(await ask("\u0000kers\u202e")).toEqual(expect.any(Array));
    expect(names(await ask(`kersen ${"x".repeat(5000)}`))).toEqual([]);
    expect(await db.$count(meadows)).toBe(9);
  });
});

describe("the suggestions' text, read as the search reads the box", () => {
  it("makes control characters spaces and bounds the length", () => {
    expect(searchText({ text: "  kers\u0000en\n" })).toBe("kers en");
    expect(searchText({ text: "a".repeat(500) })?.length).toBe(100);
  });
});
