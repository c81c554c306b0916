import { mkdtempSync, readFileSync } from "node:fs";
import { stat, utimes } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { insertMeadows } from "../../../db/factories/meadows";
import { migratedDatabase, testEngines } from "../../../tests/support/databases";
import {
  csvField,
  CSV_COLUMNS,
  currentExport,
  EXPORT_MAX_AGE_MS,
  exportPath,
  refreshExport,
} from "./exports.server";

const siteUrl = new URL("https://plukweide.example");

describe("csvField", () => {
  it("quotes what needs quoting and defuses formulas in text", () => {
    expect(csvField("plain")).toBe("plain");
    expect(csvField('a "b", c')).toBe('"a ""b"", c"');
    expect(csvField("line\nbreak")).toBe('"line\nbreak"');
    expect(csvField("=HYPERLINK(1)")).toBe("'=HYPERLINK(1)");
    expect(csvField(-4.5, { text: false })).toBe("-4.5");
    expect(csvField(null)).toBe("");
  });
});

describe.each(testEngines)("exports on $name", (engine) => {
  const database = migratedDatabase(engine);
  let dataDir: string;

  beforeEach(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), "plukweide-exports-"));
    await database.db.execute(sql`delete from meadows`);
  });

  it("writes every meadow but the demo ones, batch by batch, with the licence", async () => {
    const rows = await insertMeadows(database.db, [
      ...Array.from({ length: 7 }, (_, i) => ({ name: `Pluktuin ${i}` })),
      { name: 'Tuin "met, komma"\nen regel', description: "=1+1" },
      { name: "Demotuin", isDemo: true },
    ]);
    const options = { dataDir, siteUrl, batchRows: 3 };
    const geojson = await refreshExport(database.db, "geojson", options);
    const collection = JSON.parse(readFileSync(geojson.path, "utf8")) as {
      type: string;
      license: string;
      licenseUrl: string;
      features: { id: string; geometry: { coordinates: number[] }; properties: object }[];
    };
    expect(collection.type).toBe("FeatureCollection");
    expect(collection.license).toBe("Open Database License (ODbL) 1.0");
    expect(collection.licenseUrl).toBe("https://opendatacommons.org/licenses/odbl/1-0/");
    const exported = rows.filter((row) => !row.isDemo);
    expect(collection.features.map((feature) => feature.id).sort()).toEqual(
      exported.map((row) => row.id).sort(),
    );
    expect(collection.features[0]?.properties).not.toHaveProperty("demo");

    const csv = await refreshExport(database.db, "csv", options);
    const lines = readFileSync(csv.path, "utf8").split("\r\n");
    expect(lines[0]).toBe(CSV_COLUMNS.join(","));
    expect(lines.at(-1)).toBe("");
    const text = readFileSync(csv.path, "utf8");
    expect(text).toContain('"Tuin ""met, komma""\nen regel"');
    expect(text).toContain("'=1+1");
    expect(text).not.toContain("Demotuin");
    // One row per meadow, each ending in the licence.
    expect(text.match(/,ODbL-1\.0\r\n/g)).toHaveLength(exported.length);
  });

  it("keeps a file younger than an hour, serves an older one while making it again", async () => {
    await insertMeadows(database.db, [{ name: "Eerste" }]);
    let now = Date.now();
    const options = { dataDir, siteUrl, now: () => now };
    const first = await currentExport(database.db, "csv", options);
    await insertMeadows(database.db, [{ name: "Tweede" }]);
    const again = await currentExport(database.db, "csv", options);
    expect(again.modified).toEqual(first.modified);
    expect(readFileSync(again.path, "utf8")).not.toContain("Tweede");

    // An hour later the old file is still served at once, and a new one is made behind it.
    const old = new Date(Date.now() - EXPORT_MAX_AGE_MS - 1_000);
    await utimes(first.path, old, old);
    now = Date.now();
    const stale = await currentExport(database.db, "csv", options);
    expect(stale.modified.getTime()).toBe(old.getTime());
    await expect
      .poll(async () => (await stat(exportPath(dataDir, "csv"))).mtime.getTime())
      .toBeGreaterThan(old.getTime());
    expect(readFileSync(exportPath(dataDir, "csv"), "utf8")).toContain("Tweede");
  });

  it("makes one file for requests that come together", async () => {
    await insertMeadows(database.db, [{ name: "Eerste" }]);
    const options = { dataDir, siteUrl };
    const files = await Promise.all(
      Array.from({ length: 5 }, () => currentExport(database.db, "geojson", options)),
    );
    expect(new Set(files.map((file) => file.modified.getTime())).size).toBe(1);
  });

  // Processes take turns on PostgreSQL's advisory lock; the second finds the first one's file.
  it.runIf(engine.name === "postgres")(
    "makes the file once when two makers start together on one database",
    async () => {
      await insertMeadows(database.db, [{ name: "Eerste" }]);
      const options = { dataDir, siteUrl };
      const [a, b] = await Promise.all([
        refreshExport(database.db, "csv", options),
        refreshExport(database.db, "csv", options),
      ]);
      expect(a.modified.getTime()).toBe(b?.modified.getTime());
    },
  );
});
