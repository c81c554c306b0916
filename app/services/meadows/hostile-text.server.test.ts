import { sql } from "drizzle-orm";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { meadows } from "../../../db/schema";
import { migratedDatabase, testEngines } from "../../../tests/support/databases";
import { insertMeadows, UTRECHT } from "../../../db/factories/meadows";
import { queryRows, type Database } from "~/adapters/db.server";
import type { BoundingBox } from "./geo-sql.server";
import { searchMeadows } from "./search.server";
import { viewportMeadows } from "./viewport.server";

/*
 * Search text as an attacker or an unusual keyboard types it goes to the database as parameters:
 * quotes, backslashes, LIKE's wildcards, dollar quotes, comments, semicolons, NULs, emoji,
 * right-to-left text and combining marks find what they spell, and nothing else happens.
 */

/** Each name holds characters that mean something in SQL, in LIKE or to Unicode. */
const NAMES = [
  "Tulpen O'Hara",
  'Dahlia "Sunny" \\ Pad',
  "Zinnia 100%_korting",
  "Lelie $$ -- ; drop",
  "Roos 🌷🌻",
  "حديقة الزهور",
  "Crème fraîche",
];

/** What was typed, and the meadows it should find. */
const SEARCHES: [text: string, names: string[]][] = [
  ["o'hara", ["Tulpen O'Hara"]],
  ["O'HARA tulpen", ["Tulpen O'Hara"]],
  ["'", ["Tulpen O'Hara"]],
  ["''", []],
  ['"sunny"', ['Dahlia "Sunny" \\ Pad']],
  ['"', ['Dahlia "Sunny" \\ Pad']],
  ["\\", ['Dahlia "Sunny" \\ Pad']],
  ["\\'", []],
  ["100%_korting", ["Zinnia 100%_korting"]],
  ["%", ["Zinnia 100%_korting"]],
  ["_", ["Zinnia 100%_korting"]],
  ["%%", []],
  ["$$", ["Lelie $$ -- ; drop"]],
  ["--", ["Lelie $$ -- ; drop"]],
  [";", ["Lelie $$ -- ; drop"]],
  ["$1", []],
  ["'; drop table meadows; --", []],
  ["'); select pg_sleep(10); --", []],
  ["E'\\x41'", []],
  ["🌷", ["Roos 🌷🌻"]],
  ["roos 🌻", ["Roos 🌷🌻"]],
  ["🌻🌷", []],
  ["الزهور", ["حديقة الزهور"]],
  // A direction override is not a letter: the word is read as the text's words are (ADR 61).
  ["\u202eالزهور", ["حديقة الزهور"]],
  ["cre\u0300me", ["Crème fraîche"]],
  ["FRAI\u0302CHE", ["Crème fraîche"]],
  ["tulpen\0o'hara", ["Tulpen O'Hara"]],
  ["\0", NAMES],
  ["ü".repeat(10_000), []],
  ["🌷".repeat(5_000), []],
  ["\u05d0\u05b8".repeat(3_000), []],
];

/** The Netherlands and around, at zoom 6: every meadow of these tests is in view. */
const HOLLAND: BoundingBox = [2, 50, 8, 54];

describe.each(testEngines)("hostile search text on $name", (engine) => {
  const database = migratedDatabase(engine);
  let db: Database;

  beforeAll(async () => {
    db = database.db;
    await db.delete(meadows);
    await insertMeadows(
      db,
      NAMES.map((name, i) => ({ name, lat: UTRECHT.lat + i / 100, lng: UTRECHT.lng })),
    );
  });

  const sorted = (names: string[]) => [...names].sort();

  beforeEach(async () => {
    // Every search leaves the meadows as they were.
    const [row] = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from meadows`);
    expect(row?.n).toBe(NAMES.length);
  });

  it.each(SEARCHES)("the list finds what %j spells", async (text, expected) => {
    for (const sort of ["name", "distance"] as const) {
      const found = await searchMeadows(db, { text, sort, near: UTRECHT, maxDistanceKm: 50 });
      expect(sorted(found.items.map((item) => item.name))).toEqual(sorted(expected));
      expect(found.total).toBe(expected.length);
    }
  });

  it.each(SEARCHES)("the map finds what %j spells", async (text, expected) => {
    const found = await viewportMeadows(db, { bbox: HOLLAND, zoom: 6, filters: { text } });
    expect(found.kind).toBe("points");
    if (found.kind !== "points") return;
    expect(sorted(found.points.map((point) => point.name))).toEqual(sorted(expected));
  });

  it("finds the same with control characters, case and accents as without", async () => {
    const names = async (text: string) =>
      (await searchMeadows(db, { text, sort: "name" })).items.map((item) => item.name);
    for (const [decorated, plain] of [
      ["\0\ttulpen\n", "tulpen"],
      ["TULPEN\u0000O'HARA", "tulpen o'hara"],
      ["Cre\u0300me", "creme"],
      ["  zinnia\r\n100%_korting  ", "zinnia 100%_korting"],
    ] as const) {
      expect(await names(decorated)).toEqual(await names(plain));
      expect(await names(plain)).toHaveLength(1);
    }
  });
});
