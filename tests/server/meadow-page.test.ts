import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openPostgres } from "../../app/adapters/db.server";
import { insertMeadow } from "../../db/factories/meadows";
import { spawnApp, type AppProcess } from "../support/app-process";
import { createFreshPostgresDatabase, testDatabaseUrl } from "../support/databases";

// The app owns its embedded database, so this test seeds a PostgreSQL database beside it.
describe.runIf(testDatabaseUrl)("the meadow page", () => {
  let app: AppProcess;
  let fresh: Awaited<ReturnType<typeof createFreshPostgresDatabase>>;

  beforeAll(async () => {
    fresh = await createFreshPostgresDatabase();
    app = await spawnApp({ DATABASE_URL: fresh.url }).ready;
    const database = await openPostgres(fresh.url);
    try {
      await insertMeadow(database.db, {
        id: "tulpveld01",
        name: "Tulpenveld <De Zon>",
        description:
          "Tulpen om zelf te plukken.\nKom langs! <script>alert(1)</script> https://evil.example",
        openingHours: "Di–za 9–17",
        street: "Heereweg",
        houseNumber: "12",
        postalCode: "2161 AB",
        city: "Lisse",
        website: "https://tulpenveld.example",
        phone: "+31 252 123 456",
        instagram: "tulpenveld",
        lat: 52.26,
        lng: 4.56,
      });
    } finally {
      await database.close();
    }
  });
  afterAll(async () => {
    await app?.stop();
    await fresh?.drop();
  });

  it("shows a meadow with its facts, as text, with link previews and structured data", async () => {
    for (const [path, lang, price] of [
      ["/meadows/tulpveld01", "en", "Price"],
      ["/nl/meadows/tulpveld01", "nl", "Prijs"],
    ] as const) {
      const response = await fetch(app.url + path);
      expect(response.status).toBe(200);
      const html = await response.text();
      expect(html).toContain(`<html lang="${lang}"`);
      expect(html).toContain("Tulpenveld &lt;De Zon&gt;");
      expect(html).toContain(price);
      expect(html).not.toContain("<script>alert(1)</script>");
      expect(html).not.toContain('href="https://evil.example"');
      expect(html).toContain('href="tel:+31252123456"');
      expect(html).toContain('href="https://www.instagram.com/tulpenveld/"');
      expect(html).toContain('property="og:title" content="Tulpenveld &lt;De Zon&gt;"');
      expect(html).toContain('"@type":"TouristAttraction"');
      expect(html).toContain("openstreetmap.org/directions?to=52.26%2C4.56");
    }
  });

  it("answers unknown and malformed ids with 404", async () => {
    expect((await fetch(`${app.url}/meadows/doesnotexist`)).status).toBe(404);
    expect((await fetch(`${app.url}/meadows/${"x".repeat(300)}`)).status).toBe(404);
    expect((await fetch(`${app.url}/meadows/%27%20or%201%3D1`)).status).toBe(404);
  });
});
