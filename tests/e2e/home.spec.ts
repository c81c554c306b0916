import { fieldFit } from "./field-fit";
import {
  allowConsoleErrors,
  expect,
  gotoHydrated,
  NOT_FOUND_RESOURCE,
  test,
  type Page,
} from "./fixtures";

test.describe("home page", () => {
  test("renders on the server, without JavaScript", async ({ openPage }) => {
    const page = await openPage({ javaScriptEnabled: false });
    const response = await page.goto("/");
    expect(response?.status()).toBe(200);
    await expect(
      page.getByRole("heading", { level: 1, name: "Pick your own flowers and fruit" }),
    ).toBeVisible();
    await expect(page).toHaveTitle(/Plukweide/);
  });

  test("hydrates in the browser without errors", async ({ page }) => {
    const errors: string[] = [];
    page.on("console", (message) => {
      if (message.type() === "error") errors.push(message.text());
    });
    page.on("pageerror", (error) => errors.push(error.message));
    await page.goto("/");
    await expect(page.locator("html[data-hydrated]")).toBeAttached();
    expect(errors).toEqual([]);
  });

  test("a page prepares its number and date formats in a worker its policy allows", async ({
    page,
  }) => {
    // The worker takes the first formatter's cost off the page's own thread (ADR 51). A policy
    // that refused it would be a console error, which fails the test (fixtures.ts).
    const workers: string[] = [];
    page.on("worker", (worker) => workers.push(worker.url()));
    for (const [path, count] of [
      ["/meadows", /^[\d,]+ meadows?$/],
      ["/nl/meadows", /^[\d.]+ pluktuinen?$/],
    ] as const) {
      workers.length = 0;
      await gotoHydrated(page, path);
      await expect.poll(() => workers).toEqual([expect.stringMatching(/^blob:/)]);
      // The page's own formats, in its language, as the server wrote them.
      await expect(page.getByText(count)).toBeVisible();
    }
  });

  test("a page asks for its scripts once it has painted, and then answers", async ({ page }) => {
    for (const path of ["/", "/meadows", "/nl/login"]) {
      await gotoHydrated(page, path);
      const timing = await page.evaluate(() => ({
        // When the first frame was painted; startTime is when it was shown, which can come tens
        // of milliseconds later on a busy machine.
        paint: (performance.getEntriesByName("first-paint")[0] as { paintTime?: number })
          ?.paintTime,
        scripts: performance
          .getEntriesByType("resource")
          .filter((entry) => new URL(entry.name).pathname.startsWith("/assets/"))
          .filter((entry) => entry.name.endsWith(".js"))
          .map((entry) => entry.startTime),
      }));
      // Text, the stylesheet and photos come first (ADR 52).
      expect(timing.paint, path).toBeGreaterThan(0);
      expect(timing.scripts.length, path).toBeGreaterThan(3);
      for (const start of timing.scripts) expect(start, path).toBeGreaterThanOrEqual(timing.paint!);
    }
    // The page is the app's once they have run: a search goes on without a reload.
    await gotoHydrated(page, "/meadows");
    const search = page.getByRole("combobox", { name: "Crop, place or name" });
    await search.pressSequentially("tulp", { delay: 40 });
    await expect(page).toHaveURL(/[?&]q=tulp(&|$)/);
    await expect(search).toBeFocused();
  });

  test("the search field keeps its height on a phone and shows its whole hint at every width", async ({
    openPage,
  }) => {
    for (const width of [360, 640, 800, 1280]) {
      for (const path of ["/", "/nl"]) {
        const page = await openPage({ viewport: { width, height: 800 } });
        await page.goto(path);
        const field = await fieldFit(page.locator("#home-search"));
        const where = `${path} at ${width} px`;
        expect(field.height, where).toBeGreaterThanOrEqual(44);
        expect(field.text, where).toBeLessThanOrEqual(field.room);
      }
    }
  });

  test("beside the search a wide screen shows meadows drawn, a phone only the search", async ({
    page,
  }) => {
    const drawings = page.locator("main section").first().locator('svg[viewBox="0 0 400 300"]');
    await gotoHydrated(page, "/");
    await expect(drawings).toHaveCount(4);
    for (const drawing of await drawings.all()) await expect(drawing).toBeVisible();
    await page.setViewportSize({ width: 360, height: 800 });
    for (const drawing of await drawings.all()) await expect(drawing).toBeHidden();
  });

  test("the search sends the crops ticked, on a phone with the menu still open and without JavaScript", async ({
    openPage,
  }) => {
    for (const { width, javaScriptEnabled } of [
      { width: 1280, javaScriptEnabled: true },
      { width: 360, javaScriptEnabled: true },
      { width: 360, javaScriptEnabled: false },
    ]) {
      const page = await openPage({ viewport: { width, height: 800 }, javaScriptEnabled });
      await (javaScriptEnabled ? gotoHydrated(page, "/") : page.goto("/"));
      const form = page.getByRole("search");
      const menu = form.locator("summary");
      await expect(menu).toHaveText("Crops: All crops");
      await menu.click();
      await form.getByRole("checkbox", { name: "Tulips", exact: true }).check();
      await form.getByRole("checkbox", { name: "Strawberries", exact: true }).check();
      if (javaScriptEnabled) await expect(menu).toHaveText("Crops: 2 crops");
      await form.getByRole("button", { name: "Search" }).click();
      const where = `at ${width} px${javaScriptEnabled ? "" : " without JavaScript"}`;
      await expect(page, where).toHaveURL(/\/meadows\?.*crop=strawberry&crop=tulip/);
      // A phone folds the list's filters into a button that counts them.
      if (width < 1024)
        await expect(page.getByTestId("filters-toggle"), where).toHaveText("Filters (2)");
      else await expect(page.getByText("Crops: 2 chosen"), where).toBeVisible();
    }
  });

  test("each season leads to the meadows in season in one of its months, in both languages", async ({
    page,
  }) => {
    for (const { prefix, section, seasonLink, months } of [
      {
        prefix: "",
        section: "What to pick when",
        seasonLink: (month: string) => `Meadows in season in ${month}`,
        months: ["April", "July", "October", "December"],
      },
      {
        prefix: "/nl",
        section: "Wat pluk je wanneer?",
        seasonLink: (month: string) => `Wat er in ${month} te plukken is`,
        months: ["april", "juli", "oktober", "december"],
      },
    ]) {
      const october = months[2]!;
      await gotoHydrated(page, prefix || "/");
      const seasons = page.getByRole("region", { name: section });
      await expect(seasons.getByRole("heading", { level: 3 })).toHaveCount(4);
      await expect(seasons.getByRole("link")).toHaveText(months.map(seasonLink));
      await seasons.getByRole("link", { name: seasonLink(october) }).click();
      await expect(page).toHaveURL(`${prefix}/meadows?season=10`);
      // The list's own season filter says which month it shows.
      const season = page.getByRole("combobox", { name: prefix ? "In het seizoen" : "In season" });
      await expect(season).toHaveValue("10");
      await expect(season.locator("option:checked")).toContainText(october);
      await expect(page.getByTestId("meadow-results").getByRole("listitem").first()).toBeVisible();
    }
    // Every season has meadows to show, winter's too (the demo data has a winter garden).
    for (const month of [4, 7, 12]) {
      await page.goto(`/meadows?season=${month}`);
      await expect(page.getByTestId("meadow-results").getByRole("listitem").first()).toBeVisible();
    }
  });

  test.describe(() => {
    // Chromium reports a document that answers 404 on the console, as it should here.
    test.use(allowConsoleErrors(NOT_FOUND_RESOURCE));

    test("an unknown path shows the 404 page", async ({ page }) => {
      const response = await page.goto("/no/such/meadow");
      expect(response?.status()).toBe(404);
      await expect(page.getByText("There is no page at /no/such/meadow.")).toBeVisible();
    });
  });
});

test.describe("meadows on the home page", () => {
  /** Lisse, in the bulb region: several demo meadows lie within a few kilometres. */
  const lisse = { latitude: 52.258, longitude: 4.557 };

  /** The distances of the nearest meadows' cards (not those of "In season near you"). */
  async function cardDistances(page: Page) {
    return page
      .getByRole("region", { name: /near you|bij jou in de buurt/ })
      .first()
      .locator("[data-distance-km]")
      .evaluateAll((nodes) => nodes.map((node) => Number(node.getAttribute("data-distance-km"))));
  }

  test("shows the newest meadows to a visitor who gave no location", async ({ page }) => {
    await page.goto("/");
    await expect(page.getByRole("heading", { level: 2, name: "Newest meadows" })).toBeVisible();
    const cards = page.getByRole("region", { name: "Newest meadows" }).getByRole("article");
    await expect(cards).toHaveCount(6);
    await expect(page.locator("[data-distance-km]")).toHaveCount(0);
  });

  test("shows the nearest meadows at once when the visitor allowed their location before", async ({
    openPage,
  }) => {
    const page = await openPage({
      geolocation: lisse,
      permissions: ["geolocation"],
      locale: "nl-NL",
    });
    await page.goto("/nl");
    await expect(
      page.getByRole("heading", { level: 2, name: "Pluktuinen bij jou in de buurt" }),
    ).toBeVisible();
    const distances = await cardDistances(page);
    expect(distances).toHaveLength(6);
    expect(distances).toEqual([...distances].sort((a, b) => a - b));
    expect(distances[0]).toBeLessThan(10);
    await expect(page.getByRole("link", { name: "Meer pluktuinen", exact: true })).toHaveAttribute(
      "href",
      "/nl/meadows?lat=52.258&lng=4.557",
    );
    // Below them, when something near is in season: those meadows, nearest first, each saying
    // what is in season, and the list of them all.
    const inSeason = page.getByTestId("home-in-season");
    if ((await inSeason.count()) > 0) {
      await expect(
        page.getByRole("heading", { level: 2, name: "Nu in het seizoen bij jou in de buurt" }),
      ).toBeVisible();
      for (const card of await inSeason.locator("article").all()) {
        await expect(card.getByTestId("card-in-season")).toContainText("In het seizoen:");
      }
      await expect(
        page.getByRole("link", {
          name: "Meer pluktuinen bij jou in de buurt met nu iets te plukken",
        }),
      ).toHaveAttribute("href", "/nl/meadows?lat=52.258&lng=4.557&season=now");
    }
  });

  test("asks for the location on request, and says so when the browser refuses", async ({
    openPage,
  }) => {
    const page = await openPage({ geolocation: lisse });
    await page.goto("/");
    await expect(page.locator("html[data-hydrated]")).toBeAttached();
    await page.getByRole("button", { name: "Show meadows near me" }).click();
    // Headless Chromium refuses a permission nobody granted.
    await expect(page.getByRole("alert")).toHaveText("Could not get your location");
    await expect(page.getByRole("heading", { level: 2, name: "Newest meadows" })).toBeVisible();

    await page.context().grantPermissions(["geolocation"]);
    await page.getByRole("button", { name: "Show meadows near me" }).click();
    await expect(page.getByRole("heading", { level: 2, name: "Meadows near you" })).toBeVisible();
    expect((await cardDistances(page))[0]).toBeLessThan(10);
  });
});
