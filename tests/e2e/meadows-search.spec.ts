import { demoCrops } from "../../db/seed/demo-crops";
import { DEMO_MEADOWS } from "../../db/seed/demo-meadows";
import { parsePriceAmount } from "../../app/services/price";
import { seriousViolations } from "./axe";
import {
  expect,
  gotoHydrated,
  gotoWithScriptsHeld,
  preferenceCookie,
  test,
  waitForHydration,
  waitForResults,
  type Page,
} from "./fixtures";

/*
 * The meadows list and search (/meadows) against the demo meadows a fresh embedded database
 * starts with (db/seed). Other journeys may add meadows to the same server, so assertions check
 * properties (every demo match is there, orders hold, distances ascend) rather than exact lists.
 */

const UTRECHT = { latitude: 52.0907, longitude: 5.1214 };

/** Lower case without accents, as the search compares. */
function fold(text: string): string {
  return text.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase();
}

function demoMatching(word: string) {
  return DEMO_MEADOWS.filter((meadow) =>
    fold(`${meadow.name} ${meadow.description} ${meadow.descriptionNl}`).includes(fold(word)),
  );
}

const demoNames = new Set(DEMO_MEADOWS.map((meadow) => meadow.name));

const texts = {
  en: {
    prefix: "",
    search: "Crop, place or name",
    place: "Near a place",
    searchButton: "Search",
    country: "Country",
    maxDistance: "Maximum distance",
    sort: "Sort by",
    useMyLocation: "Use my location",
    nearUtrecht: "Near Utrecht, Netherlands",
    nearYou: "Near your location",
    clearLocation: "Clear location",
    belgium: "Belgium",
    count: /^\d+ meadows?$/,
    notFound: "Could not find the location",
    unavailable: "Could not get your location",
    unsupported: "Geolocation is not supported by your browser",
    noMeadows: "No meadows found",
    next: "Next",
    previous: "Previous",
    pageN: (n: number) => `Page ${n}`,
    pageOf: (n: number, of: number) => `Page ${n} of ${of}`,
    filters: (n: number) => `Filters (${n})`,
    firstPage: "Back to the first page",
    needsJavaScript: "Turn on JavaScript to use your location.",
  },
  nl: {
    prefix: "/nl",
    search: "Gewas, plaats of naam",
    place: "In de buurt van",
    searchButton: "Zoeken",
    country: "Land",
    maxDistance: "Maximale afstand",
    sort: "Sorteren op",
    useMyLocation: "Mijn locatie gebruiken",
    nearUtrecht: "In de buurt van Utrecht, Nederland",
    nearYou: "Bij jou in de buurt",
    clearLocation: "Locatie wissen",
    belgium: "België",
    count: /^\d+ pluktuinen?$/,
    notFound: "We konden die plaats niet vinden",
    unavailable: "We konden je locatie niet bepalen",
    unsupported: "Je browser ondersteunt geen locatiebepaling",
    noMeadows: "Geen pluktuinen gevonden",
    next: "Volgende",
    previous: "Vorige",
    pageN: (n: number) => `Pagina ${n}`,
    pageOf: (n: number, of: number) => `Pagina ${n} van ${of}`,
    filters: (n: number) => `Filters (${n})`,
    firstPage: "Terug naar de eerste pagina",
    needsJavaScript: "Zet JavaScript aan om je locatie te gebruiken.",
  },
} as const;

function results(page: Page) {
  return page.getByTestId("meadow-results").getByRole("listitem");
}

/** Waits until the results are those of the page's address, then reads the names on the cards. */
async function resultNames(page: Page): Promise<string[]> {
  await waitForResults(page);
  return page.getByTestId("meadow-results").getByRole("heading").allTextContents();
}

async function resultDistances(page: Page): Promise<number[]> {
  await waitForResults(page);
  const values = await page
    .locator("[data-distance-km]")
    .evaluateAll((elements) =>
      elements.map((element) => Number(element.getAttribute("data-distance-km"))),
    );
  return values;
}

function expectAscending(values: number[]) {
  for (let i = 1; i < values.length; i++) {
    expect(values[i], `item ${i} of ${values.join(", ")}`).toBeGreaterThanOrEqual(values[i - 1]!);
  }
}

function searchParams(page: Page): URLSearchParams {
  return new URL(page.url()).searchParams;
}

for (const lang of ["en", "nl"] as const) {
  const t = texts[lang];
  const list = `${t.prefix}/meadows`;

  test.describe(`meadows list (${lang})`, () => {
    test("typing a word finds the meadows with it in name or description", async ({ page }) => {
      await gotoHydrated(page, list);
      await expect(page.getByTestId("result-count")).toHaveText(t.count);
      const search = page.getByRole("combobox", { name: t.search });
      await search.pressSequentially("hoeve", { delay: 40 });
      await expect(page).toHaveURL(/[?&]q=hoeve(&|$)/);
      // Results came without a reload, and typing can go on.
      await expect(search).toBeFocused();
      const expected = demoMatching("hoeve").map((meadow) => meadow.name);
      expect(expected.length).toBeGreaterThan(2);
      // The address changes at once, the results when they have rendered.
      await expect.poll(() => resultNames(page)).toEqual(expect.arrayContaining(expected));
      const names = await resultNames(page);
      for (const name of names.filter((shown) => demoNames.has(shown))) {
        expect(expected, `${name} matches "hoeve"`).toContain(name);
      }
      // Case and accents do not matter.
      await search.fill("DAHLIATUN");
      await expect(page).toHaveURL(/[?&]q=DAHLIATUN/);
      await expect.poll(() => resultNames(page)).toContain("Dahliatún Bolsward");
    });

    test("the box reads crops and places as filters, each a chip that drops it", async ({
      page,
    }) => {
      await gotoHydrated(page, list);
      const search = page.getByRole("combobox", { name: t.search });
      await search.fill(lang === "en" ? "tulips Lisse" : "tulpen bij Lisse");
      await search.press("Enter");
      const chips = page.getByTestId("search-chips").getByRole("link");
      const chipTexts =
        lang === "en"
          ? ["Near Lisse, Netherlands", "Tulips"]
          : ["In de buurt van Lisse, Nederland", "Tulpen"];
      await expect(chips).toHaveText(chipTexts);
      // Nearest Lisse first, and only tulip meadows.
      const tulips = DEMO_MEADOWS.filter((meadow) =>
        demoCrops(meadow.id).some((crop) => crop.id === "tulip"),
      );
      await expect
        .poll(() => resultNames(page))
        .toEqual(expect.arrayContaining(tulips.map((meadow) => meadow.name)));
      expectAscending(await resultDistances(page));
      expect((await resultDistances(page))[0]).toBeLessThan(3);
      // The box keeps what was typed.
      await expect(search).toHaveValue(lang === "en" ? "tulips Lisse" : "tulpen bij Lisse");

      // Dropping the place takes its words out of the box; the crop stays.
      await chips.first().click();
      await expect(page).toHaveURL(lang === "en" ? /[?&]q=tulips(&|$)/ : /[?&]q=tulpen(&|$)/);
      await expect(search).toHaveValue(lang === "en" ? "tulips" : "tulpen");
      await expect(chips).toHaveText([chipTexts[1]!]);
      await expect(page.locator("[data-distance-km]")).toHaveCount(0);
    });

    test("the country filter and the name and price orders", async ({ page }) => {
      await gotoHydrated(page, list);
      await page.getByLabel(t.country, { exact: true }).selectOption("BE");
      await expect(page).toHaveURL(/[?&]country=BE/);
      const belgian = DEMO_MEADOWS.filter((meadow) => meadow.country === "BE");
      // The address changes at once, the results when they have rendered.
      await expect
        .poll(() => resultNames(page))
        .toEqual(expect.arrayContaining(belgian.map((meadow) => meadow.name)));
      for (const card of await results(page).all()) await expect(card).toContainText(t.belgium);
      // In season first is the default without words or a location; by name, in the order of
      // the names without accents.
      const sort = page.getByLabel(t.sort, { exact: true });
      await expect(sort).toHaveValue("season");
      await sort.selectOption("name");
      await expect(page).toHaveURL(/[?&]sort=name/);
      await expect
        .poll(async () => {
          const folded = (await resultNames(page)).map(fold);
          return folded.join("|") === [...folded].sort().join("|");
        })
        .toBe(true);
      const names = await resultNames(page);

      await page.getByLabel(t.sort, { exact: true }).selectOption("price");
      await expect(page).toHaveURL(/[?&]sort=price/);
      // The cards are in another order once the price-sorted results have rendered.
      await expect.poll(() => resultNames(page)).not.toEqual(names);
      const prices = await page
        .getByTestId("meadow-results")
        .locator("[data-price]")
        .allTextContents();
      const amounts = prices.map(parsePriceAmount);
      const known = amounts.filter((amount): amount is number => amount !== null);
      expectAscending(known);
      // Prices without an amount come last.
      expect(known.length).toBeGreaterThan(0);
      expect(amounts).toEqual([...known, ...Array.from(amounts.slice(known.length), () => null)]);
      // The sort explains how prices compare.
      await expect(page.getByText(/0[.,]33/)).toBeVisible();
    });

    test("a place sets the location: nearest first, then within a distance", async ({ page }) => {
      await gotoHydrated(page, list);
      const sort = page.getByLabel(t.sort, { exact: true });
      const maxDistance = page.getByLabel(t.maxDistance, { exact: true });
      // Without a location, distance needs one.
      await expect(maxDistance).toBeDisabled();
      await expect(sort.locator('option[value="distance"]')).toBeDisabled();

      await page.getByLabel(t.place, { exact: true }).fill("Utrecht");
      await page.getByLabel(t.place, { exact: true }).press("Enter");
      await expect(page).toHaveURL(/[?&]place=Utrecht/);
      await expect(page.getByTestId("active-location")).toHaveText(t.nearUtrecht);
      await expect(sort).toHaveValue("distance");
      // In season first is an order of the whole list, not of what is near.
      await expect(sort.locator('option[value="season"]')).toBeDisabled();
      const distances = await resultDistances(page);
      expect(distances).toHaveLength(20);
      expectAscending(distances);
      expect(distances[0]).toBeLessThan(15);

      await expect(maxDistance).toBeEnabled();
      await maxDistance.selectOption("25");
      await expect(page).toHaveURL(/[?&]km=25/);
      await expect.poll(async () => (await resultDistances(page)).length).toBeLessThan(20);
      const near = await resultDistances(page);
      expect(near.length).toBeGreaterThan(0);
      expect(near.length).toBeLessThan(20);
      expect(near.filter((km) => km > 25)).toEqual([]);
      expectAscending(near);

      // Clearing the location goes back to the name order, without distances.
      await page.getByRole("link", { name: t.clearLocation }).click();
      await expect(page.getByTestId("active-location")).toHaveCount(0);
      await expect(page.getByLabel(t.place, { exact: true })).toHaveValue("");
      expect(searchParams(page).has("km")).toBe(false);
      await expect.poll(() => resultDistances(page)).toEqual([]);
    });

    test("a place that cannot be found says so and keeps the rest", async ({ page }) => {
      await gotoHydrated(page, `${list}?q=tulp&country=NL`);
      await page.getByLabel(t.place, { exact: true }).fill("Xyzzyvlakte");
      await page.getByRole("button", { name: t.searchButton }).click();
      await expect(page.getByText(t.notFound)).toBeVisible();
      await expect(page.getByLabel(t.place, { exact: true })).toHaveValue("Xyzzyvlakte");
      await expect(page.getByRole("combobox", { name: t.search })).toHaveValue("tulp");
      await expect(page.getByLabel(t.country, { exact: true })).toHaveValue("NL");
      expect((await resultNames(page)).length).toBeGreaterThan(0);
      // A distance order in the address has nothing to measure from: names, and no error.
      const response = await page.goto(`${list}?sort=distance&km=10&place=Xyzzyvlakte`);
      expect(response?.status()).toBe(200);
      await expect(page.getByText(t.notFound)).toBeVisible();
      await expect(page.getByTestId("result-count")).toHaveText(t.count);
    });

    test("use my location, when the browser gives it", async ({ openPage }) => {
      const page = await openPage({ geolocation: UTRECHT, permissions: ["geolocation"] });
      await gotoHydrated(page, list);
      await page.getByRole("button", { name: t.useMyLocation }).click();
      await expect(page).toHaveURL(/[?&]lat=52\.091&lng=5\.121/);
      await expect(page.getByTestId("active-location")).toHaveText(t.nearYou);
      const distances = await resultDistances(page);
      expect(distances.length).toBeGreaterThan(0);
      expectAscending(distances);
    });

    test("use my location, when the browser refuses", async ({ openPage }) => {
      const page = await openPage({ geolocation: UTRECHT, permissions: [] });
      await gotoHydrated(page, list);
      await page.getByRole("button", { name: t.useMyLocation }).click();
      await expect(page.getByRole("alert").filter({ hasText: t.unavailable })).toBeVisible();
      expect(searchParams(page).has("lat")).toBe(false);
    });

    test("use my location, in a browser without geolocation", async ({ page }) => {
      await page.addInitScript(() => {
        delete (Navigator.prototype as { geolocation?: Geolocation }).geolocation;
      });
      await gotoHydrated(page, list);
      await page.getByRole("button", { name: t.useMyLocation }).click();
      await expect(page.getByRole("alert").filter({ hasText: t.unsupported })).toBeVisible();
    });

    test("searching works without JavaScript", async ({ openPage }) => {
      const page = await openPage({ javaScriptEnabled: false });
      await page.goto(list);
      await expect(page.getByRole("button", { name: t.useMyLocation })).toBeDisabled();
      // Said in <noscript>, which Playwright's "JavaScript off" still parses as script-enabled
      // browsers do (as text), so its content is checked rather than its visibility.
      expect(await page.locator("noscript").evaluate((element) => element.textContent)).toContain(
        t.needsJavaScript,
      );
      await page.getByRole("combobox", { name: t.search }).fill("tulp");
      await page.getByLabel(t.place, { exact: true }).fill("Utrecht");
      await page.getByRole("button", { name: t.searchButton }).click();
      await expect(page).toHaveURL(/[?&]q=tulp/);
      await expect(page.getByTestId("active-location")).toHaveText(t.nearUtrecht);
      const names = await resultNames(page);
      expect(names).toEqual(
        expect.arrayContaining(demoMatching("tulp").map((meadow) => meadow.name)),
      );
      // Distance works once the place is known.
      await page.getByLabel(t.sort, { exact: true }).selectOption("distance");
      await page.getByRole("button", { name: t.searchButton }).click();
      await expect(page).toHaveURL(/[?&]place=Utrecht/);
      expectAscending(await resultDistances(page));
    });

    test("a search's address can be shared, and back returns to the previous search", async ({
      page,
      openPage,
    }) => {
      await gotoHydrated(page, list);
      const search = page.getByRole("combobox", { name: t.search });
      await search.pressSequentially("appel", { delay: 40 });
      await expect(page).toHaveURL(/[?&]q=appel/);
      const appleNames = await resultNames(page);
      await page.getByLabel(t.country, { exact: true }).selectOption("NL");
      await expect(page).toHaveURL(/[?&]country=NL/);
      const dutchAppleNames = await resultNames(page);
      expect(dutchAppleNames.length).toBeLessThan(appleNames.length);

      // The same address elsewhere shows the same results.
      const shared = await openPage();
      await gotoHydrated(shared, page.url());
      expect(await resultNames(shared)).toEqual(dutchAppleNames);
      await expect(shared.getByRole("combobox", { name: t.search })).toHaveValue("appel");

      await page.goBack();
      await expect(page).toHaveURL(/[?&]q=appel/);
      await expect(page).not.toHaveURL(/[?&]country=/);
      await expect(page.getByLabel(t.country, { exact: true })).toHaveValue("");
      // Back changes the address at once and the results when they have loaded.
      await expect.poll(() => resultNames(page)).toEqual(appleNames);
      await page.goBack();
      await expect(page).toHaveURL(new RegExp(`${list}$`));
      await expect(search).toHaveValue("");
    });

    test("typing on while the first results load leaves one step back", async ({ page }) => {
      await gotoHydrated(page, list);
      // The results of the first words take a while, as on a slow connection: the visitor
      // types on. Every request before the last word is held, however fast the typing went.
      let heldBack = false;
      let release = () => {};
      const released = new Promise<void>((resolve) => (release = resolve));
      await page.route(/\.data\?/, async (route) => {
        if (new URL(route.request().url()).searchParams.get("q") !== "appel") {
          heldBack = true;
          await released;
        }
        await route.continue();
      });
      const search = page.getByRole("combobox", { name: t.search });
      await search.pressSequentially("appe");
      await expect.poll(() => heldBack).toBe(true);
      await search.press("l");
      await expect(page).toHaveURL(/[?&]q=appel/);
      release();
      await expect(search).toHaveValue("appel");
      await page.goBack();
      await expect(page).toHaveURL(new RegExp(`${list}$`));
      await expect(search).toHaveValue("");
    });

    test("pages of 20, numbered, with next and previous", async ({ page, openPage }) => {
      // Journeys in the other worker add meadows meanwhile: page 1 is compared with page 1 as
      // a fresh tab shows it at that moment, not as it was when this journey began.
      const fresh = await openPage();
      const pageOneNow = async () => {
        await gotoHydrated(fresh, list);
        return resultNames(fresh);
      };
      const showsPageOne = async () =>
        JSON.stringify(await resultNames(page)) === JSON.stringify(await pageOneNow());
      // Each look loads page 1 afresh, which takes seconds on a busy machine.
      const pollOptions = { timeout: 30_000 };

      await gotoHydrated(page, list);
      const first = await resultNames(page);
      expect(first).toHaveLength(20);
      const pages = page.getByRole("navigation", { name: lang === "en" ? "Pages" : "Pagina's" });
      // The address changes at once, the results when they have loaded.
      await pages.getByRole("link", { name: t.next }).click();
      await expect(page).toHaveURL(/[?&]page=2/);
      await expect
        .poll(async () => (await resultNames(page)).filter((name) => first.includes(name)).length)
        .toBeLessThanOrEqual(1);
      expect((await resultNames(page)).length).toBeGreaterThan(0);
      const current = pages.locator("[aria-current=page]");
      await expect(current).toHaveText("2");
      await expect(current).toHaveAccessibleName(new RegExp(`^${t.pageN(2)}( |$)`));
      await pages.getByRole("link", { name: t.previous }).click();
      await expect(page).not.toHaveURL(/[?&]page=/);
      await expect.poll(showsPageOne, pollOptions).toBe(true);
      await expect(current).toHaveText("1");

      // A page's number goes straight to it, and is then the current one.
      const pageOne = await resultNames(page);
      await pages.getByRole("link", { name: t.pageN(2), exact: true }).click();
      await expect(page).toHaveURL(/[?&]page=2/);
      await expect(current).toHaveText("2");
      await expect
        .poll(async () => (await resultNames(page)).filter((name) => pageOne.includes(name)).length)
        .toBeLessThanOrEqual(1);
      await pages.getByRole("link", { name: t.pageN(1), exact: true }).click();
      await expect(page).not.toHaveURL(/[?&]page=/);

      // Past the last page: nothing found, and a way back.
      await gotoHydrated(page, `${list}?page=99`);
      await expect(page.getByTestId("result-count")).toHaveText(t.noMeadows);
      await page.getByRole("link", { name: t.firstPage }).click();
      await expect(page).toHaveURL(new RegExp(`${list}$`));
      await expect.poll(showsPageOne, pollOptions).toBe(true);
    });

    test("says so when nothing matches", async ({ page }) => {
      await gotoHydrated(page, `${list}?q=zzqqxx`);
      await expect(page.getByTestId("result-count")).toHaveText(t.noMeadows);
      await expect(page.getByTestId("meadow-results")).toHaveCount(0);
    });

    test.describe("on a phone", () => {
      test.use({ viewport: { width: 360, height: 640 } });

      test("the results start on the first screen; the filters fold into a button that counts them", async ({
        page,
      }) => {
        await gotoHydrated(page, `${list}?place=Utrecht&crop=dahlia&km=50`);
        const toggle = page.getByTestId("filters-toggle");
        await expect(toggle).toHaveText(t.filters(3));
        const placeField = page.getByLabel(t.place, { exact: true });
        await expect(placeField).toBeHidden();
        const firstCard = results(page).first();
        await expect(firstCard).toBeVisible();
        expect((await firstCard.boundingBox())!.y).toBeLessThan(640);

        await toggle.click();
        await expect(placeField).toHaveValue("Utrecht");
        await expect(page.getByLabel(t.maxDistance, { exact: true })).toBeVisible();
        // One filter fewer: the count follows the results.
        await page.getByLabel(t.maxDistance, { exact: true }).selectOption("");
        await expect(page).not.toHaveURL(/[?&]km=/);
        await expect(toggle).toHaveText(t.filters(2));
      });

      test("the filters fold and open without JavaScript too", async ({ openPage }) => {
        const page = await openPage({
          javaScriptEnabled: false,
          viewport: { width: 360, height: 640 },
        });
        await page.goto(`${list}?country=BE`);
        const toggle = page.getByTestId("filters-toggle");
        await expect(toggle).toHaveText(t.filters(1));
        await expect(page.getByLabel(t.country, { exact: true })).toBeHidden();
        await toggle.click();
        await expect(page.getByLabel(t.country, { exact: true })).toHaveValue("BE");
        await page.getByLabel(t.country, { exact: true }).selectOption("");
        await page.getByRole("button", { name: t.searchButton }).click();
        await expect(page).not.toHaveURL(/country=BE/);
        await expect(page.getByTestId("filters-toggle")).toHaveText("Filters");
      });

      test("a place that cannot be found opens the filters to say so", async ({ page }) => {
        await gotoHydrated(page, `${list}?place=Xyzzyvlakte`);
        await expect(page.getByText(t.notFound)).toBeVisible();
        await expect(page.getByLabel(t.place, { exact: true })).toHaveValue("Xyzzyvlakte");
      });

      test("the page numbers have a line of their own above the buttons", async ({ page }) => {
        await gotoHydrated(page, `${list}?page=2`);
        const pages = page.getByRole("navigation", { name: lang === "en" ? "Pages" : "Pagina's" });
        const numbers = await pages.getByRole("list").boundingBox();
        const previous = await pages.getByRole("link", { name: t.previous }).boundingBox();
        if (!numbers || !previous) throw new Error("the pagination is not laid out");
        expect(numbers.y + numbers.height).toBeLessThanOrEqual(previous.y);
      });
    });
  });
}

test("keys typed while a slow phone renders the first words' results are kept", async ({
  page,
}) => {
  await gotoHydrated(page, "/meadows");
  // A phone's CPU: rendering the results of "t" takes long enough for the next keys to
  // arrive in the middle of it. Each pause lands them at another moment of that render.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: 12 });
  const search = page.getByRole("combobox", { name: texts.en.search });
  for (const pause of [250, 290, 330]) {
    await search.fill("");
    await search.press("t");
    await page.waitForTimeout(pause);
    await search.pressSequentially("ulp", { delay: 30 });
    await expect(page).toHaveURL(/[?&]q=tulp(&|$)/);
    await expect(search).toHaveValue("tulp");
  }
});

test("what is typed and ticked before the page's scripts arrive is kept, and searched", async ({
  page,
}) => {
  const release = await gotoWithScriptsHeld(page, "/meadows");
  await page.locator('input[name="q"]').fill("tulp");
  await page.getByLabel(texts.en.country, { exact: true }).selectOption("NL");
  await page.getByRole("checkbox", { name: "Open now" }).check();
  release();
  await waitForHydration(page);
  await expect(page.getByRole("combobox", { name: texts.en.search })).toHaveValue("tulp");
  await expect(page.getByLabel(texts.en.country, { exact: true })).toHaveValue("NL");
  await expect(page.getByRole("checkbox", { name: "Open now" })).toBeChecked();
  // The search then runs as the form says.
  await page.getByRole("button", { name: texts.en.searchButton }).click();
  await expect(page).toHaveURL(/[?&]q=tulp/);
  await expect(page).toHaveURL(/[?&]country=NL/);
  await expect(page).toHaveURL(/[?&]open=now/);
});

test("bad values in the address fall back to defaults", async ({ page }) => {
  const response = await page.goto(
    "/meadows?sort=distance&km=-3&lat=north&lng=999&country=XX&page=abc&q=",
  );
  expect(response?.status()).toBe(200);
  await waitForHydration(page);
  await expect(page.getByTestId("result-count")).toHaveText(texts.en.count);
  await expect(page.getByLabel(texts.en.sort, { exact: true })).toHaveValue("season");
  await expect(page.getByLabel(texts.en.country, { exact: true })).toHaveValue("");
});

test.describe("accessibility", () => {
  const states = [
    "/meadows",
    "/nl/meadows?place=Utrecht&sort=price&km=50",
    "/meadows?place=Xyzzyvlakte&country=BE",
    "/nl/meadows?q=zzqqxx",
  ];
  for (const path of states) {
    test(`axe finds no serious or critical violations on ${path}`, async ({ page, baseURL }) => {
      // Two colour modes at two widths: seconds each on a slow machine.
      test.slow();
      for (const mode of ["light", "dark"] as const) {
        await page.context().addCookies([preferenceCookie("theme", mode, baseURL!)]);
        for (const width of [360, 1280]) {
          await page.setViewportSize({ width, height: 800 });
          await gotoHydrated(page, path);
          // Phones fold the filters away; open them so they are checked too.
          const summary = page.getByTestId("filters-toggle");
          const folded = await summary.evaluate(
            (element) => !(element.parentElement as HTMLDetailsElement).open,
          );
          if ((await summary.isVisible()) && folded) await summary.click();
          const serious = (await seriousViolations(page)).map(
            (violation) =>
              `${violation.id}: ${violation.nodes.map((node) => node.target).join(", ")}`,
          );
          expect.soft(serious, `${path}, ${mode}, ${width} px`).toEqual([]);
        }
      }
    });
  }
});
