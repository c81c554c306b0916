import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startAppWithMail } from "../support/app-with-mail";
import { addressFingerprint } from "../../app/lib/schemas/meadow";
import { type AppProcess } from "../support/app-process";
import { UTRECHT_MEADOW } from "../../db/factories/meadow-form";
import { type TestSmtpServer } from "../support/smtp-server";
import { addMeadow, hiddenValue, signedInMember } from "../support/members";
import { Visitor } from "../support/visitor";

/**
 * Adding, editing and deleting meadows on the production build, as a browser without JavaScript
 * does it: urlencoded forms, redirects followed by hand. The embedded geocoder places towns.
 */

/** Whether the rendered page shows `text` as an element's whole text (not only in its data). */
function shows(html: string, text: string): boolean {
  return html.includes(`>${text}<`);
}

const UTRECHT = { ...UTRECHT_MEADOW, addressExtra: "" };

describe("adding, editing and deleting meadows", () => {
  let smtp: TestSmtpServer;
  let app: AppProcess;
  const visitor = () => new Visitor(() => app.url);

  beforeAll(async () => {
    ({ app, smtp } = await startAppWithMail());
  });
  afterAll(async () => {
    await app?.stop();
    await smtp?.close();
  });

  async function member() {
    const browser = visitor();
    await signedInMember(browser, smtp);
    return browser;
  }

  it("sends visitors to sign in first, and back to the form afterwards", async () => {
    const response = await visitor().get("/nl/meadows/add");
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/nl/login?redirectTo=%2Fnl%2Fmeadows%2Fadd");
    const post = await visitor().post("/meadows/add", { ...UTRECHT, intent: "locate" });
    expect(post.status).toBe(302);
  });

  it("checks every rule in both languages and keeps what was typed", async () => {
    const browser = await member();
    const empty = await browser.post("/meadows/add", { name: "ab", intent: "locate" });
    expect(empty.status).toBe(400);
    const html = await empty.text();
    for (const message of [
      "Name must be at least 3 characters",
      "Price is required",
      "Opening hours are required",
      "Street is required",
      "House number is required",
      "Postal code is required",
      "City is required",
      "Country is required",
    ]) {
      expect(shows(html, message), message).toBe(true);
    }
    expect(html).toContain('value="ab"');

    const dutch = await browser.post("/nl/meadows/add", {
      ...UTRECHT,
      name: "ab",
      website: "javascript:alert(1)",
      phone: "12",
      instagram: "https://www.instagram.com/p/abc/",
      intent: "locate",
    });
    expect(dutch.status).toBe(400);
    const dutchHtml = await dutch.text();
    expect(shows(dutchHtml, "De naam moet minstens 3 tekens lang zijn")).toBe(true);
    expect(dutchHtml).toContain("Zinnia&#x27;s en dahlia&#x27;s.");
  });

  it("says when the address cannot be placed, keeping every field", async () => {
    const browser = await member();
    const response = await browser.post("/meadows/add", {
      ...UTRECHT,
      city: "Nergenshuizen aan de Nooit",
      postalCode: "9999 ZZ",
      intent: "locate",
    });
    expect(response.status).toBe(422);
    const html = await response.text();
    expect(shows(html, "Please enter a valid address to continue")).toBe(true);
    expect(html).toContain('value="Nergenshuizen aan de Nooit"');
    expect(html).toContain('value="Oudegracht"');
    expect(html).toContain("Neem een schaar mee.");
    expect(hiddenValue(html, "lat")).toBeUndefined();
  });

  it("finds the address, saves the pin where the member put it and shows the meadow", async () => {
    const browser = await member();
    const located = await browser.post("/meadows/add", { ...UTRECHT, intent: "locate" });
    const html = await located.text();
    // The embedded gazetteer places Utrecht's town centre.
    expect(Number(hiddenValue(html, "lat"))).toBeCloseTo(52.09, 1);
    expect(Number(hiddenValue(html, "lng"))).toBeCloseTo(5.12, 1);
    expect(hiddenValue(html, "locatedAddress")).toBe(addressFingerprint(UTRECHT));

    const path = await addMeadow(browser);
    expect(path).toMatch(/^\/meadows\/[0-9A-Za-z]{10}$/);
    const page = await browser.get(path);
    expect(page.status).toBe(200);
    const detail = await page.text();
    expect(detail).toContain("Bloemenpluktuin De Wei");
    // The flash toast's catalogue key travels with the page; the browser shows it (e2e tests).
    expect(detail).toContain("messages.meadowAdded");
    expect(detail).toContain('"latitude":52.0931');
    expect(detail).toContain('href="https://www.instagram.com/dewei.pluk/"');
    expect(detail).toContain('href="https://dewei.example.nl"');
    // Each language's page shows its own description, marked with its language.
    expect(detail).toContain('<p lang="en" class="whitespace-pre-line leading-relaxed">Zinnias');
    expect(detail).not.toContain("Neem een schaar mee.");
    const dutch = await (await browser.get(`/nl${path}`)).text();
    expect(dutch).toContain(
      '<p lang="nl" class="whitespace-pre-line leading-relaxed">Zinnia&#x27;s',
    );
    expect(dutch).toContain('<meta name="description" content="Zinnia&#x27;s en dahlia&#x27;s.');
    expect(dutch).not.toContain("Bring scissors.");
  });

  it("shows a description in the other language, marked with it, when the visitor's is missing", async () => {
    const browser = await member();
    const path = await addMeadow(browser, { ...UTRECHT, description: "" });
    const english = await (await browser.get(path)).text();
    expect(english).toContain(
      '<p lang="nl" class="whitespace-pre-line leading-relaxed">Zinnia&#x27;s',
    );
    expect(english).toContain(
      '<meta property="og:description" content="Zinnia&#x27;s en dahlia&#x27;s.',
    );
  });

  it("finds the address again instead of saving a pin that belongs to another address", async () => {
    const browser = await member();
    const response = await browser.post("/meadows/add", {
      ...UTRECHT,
      city: "Amersfoort",
      lat: "52.0931",
      lng: "5.1187",
      locatedAddress: addressFingerprint(UTRECHT),
      intent: "save",
    });
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(Number(hiddenValue(html, "lat"))).toBeCloseTo(52.16, 1);
    expect(hiddenValue(html, "locatedAddress")).toBe(
      addressFingerprint({ ...UTRECHT, city: "Amersfoort" }),
    );
  });

  it("rejects what no form sends with a 4xx", async () => {
    const browser = await member();
    const base = { ...UTRECHT, locatedAddress: addressFingerprint(UTRECHT), intent: "save" };
    for (const attack of [
      { lat: "abc", lng: "5" },
      { lat: "91", lng: "5" },
      { lat: "52", lng: "Infinity" },
      { description: "x".repeat(5001), lat: "52", lng: "5" },
      { descriptionNl: "x".repeat(5001), lat: "52", lng: "5" },
      { country: "XX", lat: "52", lng: "5" },
    ]) {
      const response = await browser.post("/meadows/add", { ...base, ...attack });
      expect(response.status, JSON.stringify(attack).slice(0, 60)).toBe(400);
    }
  });

  it("saves crops and their months without JavaScript, and finds the meadow by them", async () => {
    const browser = await member();
    const allYear = Array.from({ length: 12 }, (_, month) => `dahlia:${month + 1}`);
    const path = await addMeadow(browser, {
      ...UTRECHT,
      name: "Dahliaweide Bunnik",
      crops: ["dahlia", "holly"],
      // Dahlias all year here (so "now" always has them); holly in its usual season.
      cropMonths: [...allYear, "tulip:4"],
    });
    const english = await (await browser.get(path)).text();
    expect(shows(english, "What grows here")).toBe(true);
    expect(english).toContain("In season now: dahlias");
    expect(english).toContain(">Holly<");
    const dutch = await (await browser.get(`/nl${path}`)).text();
    expect(dutch).toContain("Nu in het seizoen: dahlia&#x27;s");
    expect(dutch).toContain(">Hulst<");

    const edit = await (await browser.get(`${path}/edit`)).text();
    expect(edit).toContain('name="crops" checked="" value="holly"');
    expect(edit).toContain('name="crops" value="tulip"');

    const found = await (await browser.get("/meadows?crop=holly&crop=tulip")).text();
    expect(found).toContain("Dahliaweide Bunnik");
    expect(await (await browser.get("/meadows?season=now&q=dahliaweide")).text()).toContain(
      "Dahliaweide Bunnik",
    );
    expect(await (await browser.get("/meadows?crop=pumpkin&q=dahliaweide")).text()).not.toContain(
      "Dahliaweide Bunnik",
    );
    const map = await browser.get("/api/meadows?bbox=4,51,6,53&zoom=8&crop=holly");
    expect(map.status).toBe(200);
    const pins = JSON.stringify(await map.json());
    expect(pins).toContain("Dahliaweide Bunnik");
    // The pin's popup says what is in season.
    expect(pins).toContain('"inSeason":["dahlia"');
    const refused = await browser.get("/api/meadows?bbox=4,51,6,53&zoom=8&crop=triffid");
    expect(refused.status).toBe(400);
    expect(await refused.json()).toEqual({
      error: "crop must be an id of the crop catalogue, such as dahlia",
    });
    const month13 = await browser.get("/api/meadows?bbox=4,51,6,53&zoom=8&season=13");
    expect(month13.status).toBe(400);
  });

  it("tells nothing in season while the hours keep the meadow closed for the season", async () => {
    const browser = await member();
    // Open only in the month after next, whatever today is: weeks away.
    const thisMonth = Number(
      new Intl.DateTimeFormat("en", { timeZone: "Europe/Amsterdam", month: "numeric" }).format(),
    );
    const opensIn = ((thisMonth + 1) % 12) + 1;
    const opensName = (style: "short" | "long") =>
      new Intl.DateTimeFormat("en", { month: style, timeZone: "UTC" }).format(
        Date.UTC(2027, opensIn - 1, 15),
      );
    const name = "Dahliaweide Gesloten";
    const path = await addMeadow(browser, {
      ...UTRECHT,
      name,
      hoursSyntax: `${opensName("short")} Sa 10:00-17:00`,
      crops: ["dahlia"],
      // Dahlias marked for every month, this one too: the form warns and keeps them.
      cropMonths: Array.from({ length: 12 }, (_, month) => `dahlia:${month + 1}`),
    });
    const page = await (await browser.get(path)).text();
    expect(page).toContain(`Closed for the season until ${opensName("long")}`);
    expect(page).toContain("What grows here");
    expect(page).not.toContain("In season now");
    const list = await (await browser.get(`/meadows?q=${encodeURIComponent(name)}`)).text();
    expect(list).toContain(name);
    expect(list).toContain(`Closed for the season until ${opensName("long")}`);
    expect(list).not.toContain("In season:");
    const map = await browser.get(
      `/api/meadows?bbox=4,51,6,53&zoom=8&q=${encodeURIComponent(name)}`,
    );
    const [pin] = ((await map.json()) as { points: { name: string; inSeason?: string[] }[] })
      .points;
    expect(pin?.name).toBe(name);
    expect(pin?.inSeason).toBeUndefined();
    // Home beside it: among the nearest meadows, not among those with something to pick now.
    const home = await (await browser.get("/?lat=52.0931&lng=5.1187")).text();
    const [nearest = "", after = ""] = home.split('data-testid="home-in-season"');
    expect(nearest).toContain(name);
    expect(after.slice(0, after.indexOf("</ul>"))).not.toContain(name);
  });

  it("refuses unknown crops, months outside the year and too many crops, in both languages", async () => {
    const browser = await member();
    const base = { ...UTRECHT, intent: "locate" };
    for (const [fields, english, dutch] of [
      [
        { crops: ["dahlia", "triffid"] },
        "Choose crops from the list",
        "Kies gewassen uit de lijst",
      ],
      [
        { crops: "dahlia", cropMonths: "dahlia:13" },
        "Choose months from January to December",
        "Kies maanden van januari tot december",
      ],
      [
        { crops: Array.from({ length: 200 }, () => "dahlia") },
        "Choose at most 30 crops",
        "Kies maximaal 30 gewassen",
      ],
    ] satisfies [Record<string, string | string[]>, string, string][]) {
      const response = await browser.post("/meadows/add", { ...base, ...fields });
      expect(response.status).toBe(400);
      expect(shows(await response.text(), english), english).toBe(true);
      const nl = await browser.post("/nl/meadows/add", { ...base, ...fields });
      expect(nl.status).toBe(400);
      expect(shows(await nl.text(), dutch), dutch).toBe(true);
    }
  });

  it("takes a NUL out of what it saves, instead of failing", async () => {
    const browser = await member();
    const location = await addMeadow(browser, {
      ...UTRECHT,
      name: "Tulpen\0veld Bunnik",
      description: "Pluk\0 zelf",
    });
    const html = await (await browser.get(location)).text();
    expect(shows(html, "Tulpenveld Bunnik")).toBe(true);
  });

  it("lets only the member who added a meadow edit or delete it", async () => {
    const owner = await member();
    const path = await addMeadow(owner);
    const other = await member();

    const editPage = await other.get(`${path}/edit`);
    expect(editPage.status).toBe(403);
    expect(await editPage.text()).toContain("Only the member who added this meadow can change it.");
    const edit = await other.post(`${path}/edit`, {
      ...UTRECHT,
      name: "Overgenomen",
      lat: "52",
      lng: "5",
      locatedAddress: addressFingerprint(UTRECHT),
      intent: "save",
    });
    expect(edit.status).toBe(403);
    const remove = await other.post(`${path}/edit`, { intent: "delete", confirm: "yes" });
    expect(remove.status).toBe(403);
    expect(
      (await visitor().post(`${path}/edit`, { intent: "delete", confirm: "yes" })).status,
    ).toBe(302);
    const still = await (await visitor().get(path)).text();
    expect(still).toContain("Bloemenpluktuin De Wei");
    expect((await other.get("/meadows/nosuchmeadow/edit")).status).toBe(404);
  });

  it("lets the owner edit every field, keeping the pin while the address stays", async () => {
    const owner = await member();
    const path = await addMeadow(owner);
    const form = await (await owner.get(`/nl${path}/edit`)).text();
    expect(form).toContain('value="Bloemenpluktuin De Wei"');
    expect(hiddenValue(form, "lat")).toBe("52.093100");

    const saved = await owner.post(`/nl${path}/edit`, {
      ...UTRECHT,
      name: "Pluktuin De Wei",
      priceText: "€ 1 per steel",
      lat: "52.0935",
      lng: "5.1190",
      locatedAddress: addressFingerprint(UTRECHT),
      intent: "save",
    });
    expect(saved.status).toBe(302);
    expect(saved.headers.get("location")).toBe(`/nl${path}`);
    const detail = await (await owner.get(`/nl${path}`)).text();
    expect(detail).toContain("Pluktuin De Wei");
    expect(detail).toContain("€ 1 per steel");
    expect(detail).toContain('"latitude":52.0935');
  });

  it("deletes after a confirmation, also without JavaScript", async () => {
    const owner = await member();
    const path = await addMeadow(owner);
    const question = await owner.post(`${path}/edit`, { intent: "delete" });
    expect(question.status).toBe(200);
    expect(await question.text()).toContain("Delete Bloemenpluktuin De Wei?");
    expect((await visitor().get(path)).status).toBe(200);

    const confirmed = await owner.post(`${path}/edit`, { intent: "delete", confirm: "yes" });
    expect(confirmed.status).toBe(302);
    expect(confirmed.headers.get("location")).toBe("/meadows");
    expect((await visitor().get(path)).status).toBe(404);
  });
});
