import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { openPglite, queryRows, type Database } from "../../app/adapters/db.server";
import { createOfflineGeocoder } from "../../app/adapters/geocoder-offline.server";
import { createLogger } from "../../app/adapters/logger.server";
import { maskMonths } from "../../app/lib/crops";
import { cropsOutsideHours, hoursOpenMonths, meadowSchema } from "../../app/lib/schemas/meadow";
import { searchMeadows } from "../../app/services/meadows/search.server";
import { viewportMeadows } from "../../app/services/meadows/viewport.server";
import { parsePriceAmount } from "../../app/services/price";
import { migratedDatabase, testEngines } from "../../tests/support/databases";
import { englishWords, wrongQuotes } from "../../tests/support/dutch-text";
import { insertMember } from "../factories/members";
import { accounts, appState, meadows, users } from "../schema";
import { DEMO_MEADOWS_WITH_CROPS, demoCrops } from "./demo-crops";
import { demoHours } from "./demo-hours";
import { DEMO_MEADOWS, DEMO_MEMBER, type DemoMeadow } from "./demo-meadows";
import { DEMO_SEEDED_KEY, seedDemoData, seedDemoDataAtStart } from "./demo.server";

function distanceKm(a: { lat: number; lng: number }, b: { lat: number; lng: number }) {
  const rad = Math.PI / 180;
  const h =
    Math.sin(((b.lat - a.lat) * rad) / 2) ** 2 +
    Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(((b.lng - a.lng) * rad) / 2) ** 2;
  return 12_742 * Math.asin(Math.sqrt(h));
}

/** Rough outlines, generous at the coast: a point outside is certainly not in the country. */
const COUNTRY_BOXES = {
  NL: { south: 50.75, north: 53.56, west: 3.35, east: 7.23 },
  BE: { south: 49.49, north: 51.51, west: 2.54, east: 6.41 },
};

// Wallonia: postal codes 1300–1499 and 4000–7999.
function isWalloon(meadow: DemoMeadow): boolean {
  return meadow.country === "BE" && /^(1[34]|[4-7])\d+/.test(meadow.postalCode);
}

/** English words as prices and hours were written before the meadows spoke their own language. */
const ENGLISH_IN_PRICES =
  /\b(daily|from|to|and|stem|small|large|donation|weekends?|sunrise|sunset|late|early|mid|call)\b/i;

function captureLogger() {
  const lines: Array<Record<string, unknown>> = [];
  const logger = createLogger("info", {
    write: (line: string) => void lines.push(JSON.parse(line) as Record<string, unknown>),
  });
  return { logger, lines };
}

describe("the demo meadows", () => {
  it("are about forty, with unique fixed ids, in both countries and many regions", () => {
    expect(DEMO_MEADOWS.length).toBeGreaterThanOrEqual(38);
    expect(DEMO_MEADOWS.length).toBeLessThanOrEqual(45);
    const ids = DEMO_MEADOWS.map((meadow) => meadow.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) expect(id).toMatch(/^demo-\d{3}$/);
    const nl = DEMO_MEADOWS.filter((meadow) => meadow.country === "NL");
    const be = DEMO_MEADOWS.filter((meadow) => meadow.country === "BE");
    expect(nl.length).toBeGreaterThanOrEqual(15);
    expect(be.length).toBeGreaterThanOrEqual(10);
    expect(new Set(DEMO_MEADOWS.map((meadow) => meadow.city)).size).toBeGreaterThanOrEqual(35);
    const walloon = be.filter(isWalloon);
    expect(walloon.length).toBeGreaterThanOrEqual(4);
    expect(be.length - walloon.length).toBeGreaterThanOrEqual(4);
  });

  it("grow crops from the catalogue, every one of them, in every season from spring to autumn", () => {
    const ids = new Set(DEMO_MEADOWS.map((meadow) => meadow.id));
    for (const id of DEMO_MEADOWS_WITH_CROPS) expect(ids.has(id), id).toBe(true);
    for (const meadow of DEMO_MEADOWS)
      expect(demoCrops(meadow.id).length, meadow.id).toBeGreaterThan(0);
    const months = DEMO_MEADOWS.flatMap((meadow) => demoCrops(meadow.id)).reduce(
      (mask, crop) => mask | crop.months,
      0,
    );
    // March to November: something to pick in every month of the season.
    expect(months & 0b0111_1111_1100).toBe(0b0111_1111_1100);
  });

  it("have opening hours the database can search, for every meadow, of every kind", () => {
    const all = DEMO_MEADOWS.map((meadow) => {
      const syntax = demoHours(meadow.id);
      expect(syntax, meadow.id).not.toBeNull();
      const result = meadowSchema.safeParse({ ...meadow, hoursSyntax: syntax });
      expect(result.error?.issues, meadow.id).toBeUndefined();
      return syntax ?? "";
    });
    expect(all.some((syntax) => syntax.includes("PH off"))).toBe(true);
    expect(all.some((syntax) => syntax.includes('"by appointment"'))).toBe(true);
    expect(all.some((syntax) => syntax.includes("Dec-Jan"))).toBe(true);
  });

  it("are in season only in months their hours open them", () => {
    for (const meadow of DEMO_MEADOWS) {
      const syntax = demoHours(meadow.id) ?? "";
      const open = hoursOpenMonths(syntax, meadow.country);
      expect(open, meadow.id).not.toBe(0);
      const outside = cropsOutsideHours(demoCrops(meadow.id), open);
      expect(
        outside.map((crop) => `${crop.id} ${maskMonths(crop.months).join(",")}`),
        meadow.id,
      ).toEqual([]);
    }
  });

  it("each pass the add form's schema unchanged", () => {
    for (const meadow of DEMO_MEADOWS) {
      const result = meadowSchema.safeParse(meadow);
      expect(result.error?.issues, meadow.id).toBeUndefined();
      expect(result.data).toMatchObject({
        name: meadow.name,
        description: meadow.description,
        descriptionNl: meadow.descriptionNl,
        priceText: meadow.priceText,
        postalCode: meadow.postalCode,
        website: meadow.website ?? null,
        instagram: meadow.instagram ?? null,
        phone: meadow.phone ?? null,
      });
    }
  });

  it("have postal codes of their country's form and a description in English and in Dutch", () => {
    for (const meadow of DEMO_MEADOWS) {
      expect(meadow.postalCode, meadow.id).toMatch(
        meadow.country === "NL" ? /^\d{4} [A-Z]{2}$/ : /^\d{4}$/,
      );
      expect(meadow.description, meadow.id).toMatch(/\b(the|and|a|in|of)\b/);
      expect(meadow.description, meadow.id).not.toMatch(/\b(het|een|van|je)\b/);
      expect(meadow.descriptionNl, meadow.id).toMatch(/\b(de|het|een|en|van)\b/);
      expect(meadow.descriptionNl, meadow.id).not.toMatch(/\b(the|and|with|you)\b/);
      expect(wrongQuotes(meadow.descriptionNl), meadow.id).toEqual([]);
      expect(englishWords(meadow.descriptionNl), meadow.id).toEqual([]);
      if (meadow.website) expect(meadow.website).toMatch(/^https:\/\/example\.com\//);
    }
  });

  it("write prices and hours as the meadow would: Dutch in the Netherlands and Flanders, French in Wallonia", () => {
    for (const meadow of DEMO_MEADOWS) {
      const { priceText, openingHours } = meadow;
      const where = `${meadow.id}: ${priceText} | ${openingHours}`;
      expect(`${priceText} ${openingHours}`, where).not.toMatch(ENGLISH_IN_PRICES);
      // Times of day never with a colon; a decimal comma, never a point.
      expect(openingHours, where).not.toMatch(/\d:\d/);
      expect(priceText, where).not.toMatch(/\d\.\d/);
      if (isWalloon(meadow)) {
        // '0,50 € la tige', 'de 9 h à 18 h'.
        expect(priceText, where).not.toMatch(/€\s*\d/);
        expect(`${priceText} ${openingHours}`, where).toMatch(/\b(le|la|les|de|du)\b/);
        expect(openingHours, where).not.toMatch(/\d\.\d/);
      } else {
        // '€ 0,50 per steel', 'dagelijks 9.00–18.00 uur'.
        expect(priceText, where).not.toMatch(/€(?! \d)|\d\s*€/);
        for (const time of openingHours.match(/\d[\d.]*–[\d.]+(?: uur)?/g) ?? []) {
          expect(time, where).toMatch(/^\d{1,2}\.\d{2}–\d{1,2}\.\d{2} uur$/);
        }
        expect(openingHours, where).not.toMatch(/^[A-Z]/);
      }
    }
    expect(DEMO_MEADOWS.filter(isWalloon).map((meadow) => meadow.city)).toContain("Tournai");
  });

  it("have prices that sort, and a few that cannot be read as a number", () => {
    const amounts = DEMO_MEADOWS.map((meadow) => parsePriceAmount(meadow.priceText));
    expect(amounts.filter((amount) => amount === null).length).toBeGreaterThanOrEqual(3);
    expect(new Set(amounts.filter((amount) => amount !== null)).size).toBeGreaterThanOrEqual(15);
  });

  it("lie in their country, near the town the geocoder finds, and not on top of each other", async () => {
    const geocoder = createOfflineGeocoder();
    for (const meadow of DEMO_MEADOWS) {
      const box = COUNTRY_BOXES[meadow.country];
      expect(meadow.lat, meadow.id).toBeGreaterThan(box.south);
      expect(meadow.lat, meadow.id).toBeLessThan(box.north);
      expect(meadow.lng, meadow.id).toBeGreaterThan(box.west);
      expect(meadow.lng, meadow.id).toBeLessThan(box.east);
      const town = await geocoder.geocode({
        city: meadow.city,
        postalCode: meadow.postalCode,
        country: meadow.country,
      });
      expect(town, `${meadow.id} ${meadow.city}`).not.toBeNull();
      expect(distanceKm(meadow, town!), `${meadow.id} ${meadow.city}`).toBeLessThan(15);
    }
    for (const [i, a] of DEMO_MEADOWS.entries()) {
      for (const b of DEMO_MEADOWS.slice(i + 1)) {
        expect(distanceKm(a, b), `${a.id} and ${b.id}`).toBeGreaterThan(0.5);
      }
    }
  });
});

describe.each(testEngines)("seeding demo data on $name", (engine) => {
  const database = migratedDatabase(engine);
  let db: Database;

  beforeAll(() => {
    db = database.db;
  });

  beforeEach(async () => {
    await db.delete(meadows);
    await db.delete(users);
    await db.delete(appState);
  });

  it("adds the demo member and meadows once, and nothing the second time", async () => {
    expect(await seedDemoData(db)).toEqual({ meadows: DEMO_MEADOWS.length, members: 1 });
    expect(await seedDemoData(db)).toEqual({ meadows: 0, members: 0 });

    const rows = await db.select().from(meadows);
    expect(rows).toHaveLength(DEMO_MEADOWS.length);
    for (const row of rows) {
      expect(row).toMatchObject({ isDemo: true, ownerId: DEMO_MEMBER.id });
      expect(row.priceAmount).toBe(parsePriceAmount(row.priceText));
    }
    const [member] = await db.select().from(users).where(eq(users.id, DEMO_MEMBER.id));
    expect(member).toMatchObject({ name: "Plukweide demo", email: "demo@plukweide.invalid" });
    expect(member?.email).toMatch(/\.invalid$/);
    // No credential account: there is no password to sign in with.
    expect(await db.select().from(accounts).where(eq(accounts.userId, DEMO_MEMBER.id))).toEqual([]);
  });

  it("makes the meadows findable by words in either language and on the map", async () => {
    await seedDemoData(db);
    const tulips = await searchMeadows(db, { text: "tulp", sort: "name", pageSize: 100 });
    const ids = tulips.items.map((item) => item.id);
    // Breezand's name does not say tulip; its Dutch description does.
    expect(ids).toContain("demo-005");
    expect(ids.length).toBeGreaterThanOrEqual(5);
    for (const item of tulips.items) expect(item.isDemo).toBe(true);
    const english = await searchMeadows(db, { text: "strawberries", sort: "name" });
    expect(english.total).toBeGreaterThanOrEqual(3);
    const belgian = await searchMeadows(db, { country: "BE", sort: "price", pageSize: 100 });
    expect(belgian.total).toBe(DEMO_MEADOWS.filter((meadow) => meadow.country === "BE").length);
    const dahlias = await searchMeadows(db, { crops: ["dahlia"], season: 9, sort: "name" });
    expect(dahlias.items.map((item) => item.id)).toContain("demo-007");
    const august = await searchMeadows(db, { season: 8, sort: "name", pageSize: 100 });
    expect(august.total).toBeGreaterThanOrEqual(15);
    // Saturday 14 August 2027, 11:00 in the Low Countries: most meadows are open.
    const open = await searchMeadows(db, {
      openNow: true,
      now: new Date("2027-08-14T09:00:00Z"),
      sort: "name",
      pageSize: 100,
    });
    expect(open.total).toBeGreaterThanOrEqual(15);
    expect(open.items.map((item) => item.id)).toContain("demo-015");
    expect(open.items.map((item) => item.id)).not.toContain("demo-012");

    // Zoomed out over the Low Countries: the map's grid (kept by triggers) holds every meadow.
    const view = await viewportMeadows(db, { bbox: [2, 49, 8, 54], zoom: 5 });
    const shown =
      view.kind === "clusters"
        ? view.clusters.reduce((sum, cluster) => sum + cluster.count, 0)
        : view.points.length;
    expect(shown).toBe(DEMO_MEADOWS.length);
  });

  it("seeds at start only when asked, or on a first start of the embedded database", async () => {
    const { logger, lines } = captureLogger();
    const embedded = { db, kind: "pglite" as const };
    const server = { db, kind: "postgres" as const };

    expect(await seedDemoDataAtStart(embedded, { seedDemo: false }, logger)).toBeNull();
    expect(await seedDemoDataAtStart(server, { seedDemo: undefined }, logger)).toBeNull();
    expect(await db.select().from(meadows)).toEqual([]);

    expect(await seedDemoDataAtStart(embedded, { seedDemo: undefined }, logger)).toEqual({
      meadows: DEMO_MEADOWS.length,
      members: 1,
    });
    expect(lines).toEqual([
      expect.objectContaining({ level: "info", meadows: DEMO_MEADOWS.length, members: 1 }),
    ]);

    // The member (or operator) removed the demo meadows: the next start leaves them removed.
    await db.delete(meadows);
    expect(await seedDemoDataAtStart(embedded, { seedDemo: undefined }, logger)).toBeNull();
    expect(await db.select().from(meadows)).toEqual([]);

    // SEED_DEMO=true puts them back, on either engine.
    expect(await seedDemoDataAtStart(server, { seedDemo: true }, logger)).toEqual({
      meadows: DEMO_MEADOWS.length,
      members: 0,
    });
  });

  it("leaves a database alone that has members already, unless asked", async () => {
    await insertMember(db, { id: "anna", name: "Anna" });
    const { logger } = captureLogger();
    const embedded = { db, kind: database.handle.kind };
    expect(await seedDemoDataAtStart(embedded, { seedDemo: undefined }, logger)).toBeNull();
    expect(await seedDemoDataAtStart(embedded, { seedDemo: true }, logger)).toMatchObject({
      meadows: DEMO_MEADOWS.length,
    });
  });

  it("is safe when several processes seed at once", async () => {
    const results = await Promise.all([seedDemoData(db), seedDemoData(db), seedDemoData(db)]);
    expect(results.reduce((sum, result) => sum + result.meadows, 0)).toBe(DEMO_MEADOWS.length);
    const [cells] = await queryRows<{ n: number }>(
      db,
      sql`select sum(count)::int as n from meadow_grid where level = 0`,
    );
    expect(cells?.n).toBe(DEMO_MEADOWS.length);
  });
});

describe("restarting an embedded database", () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(path.join(tmpdir(), "plukweide-seed-"));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  async function start(seedDemo: boolean | undefined) {
    const handle = await openPglite(path.join(dir, "db"));
    await handle.migrate();
    const { logger } = captureLogger();
    const result = await seedDemoDataAtStart(handle, { seedDemo }, logger);
    return { handle, result };
  }

  it("seeds on the first start and not again after the demo meadows were deleted", async () => {
    const first = await start(undefined);
    expect(first.result?.meadows).toBe(DEMO_MEADOWS.length);
    await first.handle.db.delete(meadows).where(eq(meadows.isDemo, true));
    await first.handle.close();

    const second = await start(undefined);
    expect(second.result).toBeNull();
    expect(await second.handle.db.select().from(meadows)).toEqual([]);
    const [marker] = await second.handle.db
      .select()
      .from(appState)
      .where(eq(appState.key, DEMO_SEEDED_KEY));
    expect(marker).toBeDefined();
    await second.handle.close();
  });
});
