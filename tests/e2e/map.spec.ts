import sharp from "sharp";
import { seriousViolations } from "./axe";
import { fieldFit } from "./field-fit";
import { expect, focusIndicator, gotoHydrated, test, type Page } from "./fixtures";
import { signUpMember } from "./members";

/*
 * The map (DESIGN.md "Map"): MapLibre in headless Chromium (software WebGL), the demo meadows
 * the e2e server seeds on its first start (about 40 in the Netherlands and Belgium), clusters
 * and pins, popups, the view and filters in the address, and the built-in basemap: the e2e
 * server's MAP_STYLE_URL points at a closed port (playwright.config.ts), as when offline.
 */

/** Around Lisse, where four demo meadows lie a few kilometres apart. */
const LISSE = "/map?lat=52.27&lng=4.55&z=12";

/** The map, once its meadows for the current view have arrived. */
async function settledMap(page: Page) {
  const map = page.getByTestId("meadow-map");
  await expect(map).toHaveAttribute("data-map-status", "ready", { timeout: 20_000 });
  await expect(map).toHaveAttribute("data-map-pending", "false");
  return map;
}

const clusters = (page: Page) => page.getByRole("button", { name: /meadows? here: zoom in$/ });
const pins = (page: Page) => page.getByRole("button", { name: /: show details$/ });

function zoomOf(page: Page): number {
  return Number(new URL(page.url()).searchParams.get("z"));
}

/** How light the map's drawing is on average, 0 (black) to 255 (white), and how varied. */
async function canvasLooks(page: Page) {
  const png = await page.locator("canvas.maplibregl-canvas").screenshot();
  const { channels, entropy } = await sharp(png).stats();
  const mean = channels.slice(0, 3).reduce((sum, channel) => sum + channel.mean, 0) / 3;
  return { mean, entropy };
}

test("the map draws the meadows of the Netherlands and Belgium on the built-in basemap", async ({
  page,
}) => {
  const styleRequests: string[] = [];
  page.on("request", (request) => {
    if (request.url().startsWith("http://127.0.0.1:9/")) styleRequests.push(request.url());
  });
  await gotoHydrated(page, "/map");
  const map = await settledMap(page);

  // MapLibre drew with WebGL: a canvas with a context, and land, water and borders on it.
  const canvas = page.locator("canvas.maplibregl-canvas");
  await expect(canvas).toBeVisible();
  expect(
    await canvas.evaluate((element: HTMLCanvasElement) =>
      Boolean(element.getContext("webgl2") ?? element.getContext("webgl")),
    ),
  ).toBe(true);
  expect((await canvasLooks(page)).entropy).toBeGreaterThan(0.5);

  // The configured style was asked for, could not be had, and the built-in one took over.
  expect(styleRequests.length).toBeGreaterThan(0);
  await expect(map).toHaveAttribute("data-map-style", "fallback");
  await expect(page.locator(".maplibregl-ctrl-attrib")).toContainText("Natural Earth");

  // Zoomed out to two countries, close meadows share a badge; the status counts them all.
  await expect(clusters(page).first()).toBeVisible();
  await expect(page.getByRole("status")).toHaveText(/^\d+ meadows in view$/);
  const shown = Number((await page.getByRole("status").textContent())?.split(" ")[0]);
  expect(shown).toBeGreaterThanOrEqual(30);
});

/**
 * Stands in for the configured style server (its address is the e2e server's MAP_STYLE_URL):
 * a style whose one source is a tile server, which itself is reachable or not.
 */
async function serveStyle(page: Page, { tiles }: { tiles: "ok" | "unreachable" }) {
  await page.route("http://127.0.0.1:9/**", async (route) => {
    const url = new URL(route.request().url());
    if (url.pathname === "/styles/liberty") {
      return route.fulfill({
        headers: { "access-control-allow-origin": "*" },
        json: {
          version: 8,
          sources: {
            basemap: {
              type: "vector",
              tiles: ["http://127.0.0.1:9/tiles/{z}/{x}/{y}.pbf"],
              attribution: "Test tiles",
            },
          },
          layers: [
            { id: "paper", type: "background", paint: { "background-color": "#ffe4f0" } },
            {
              id: "water",
              type: "fill",
              source: "basemap",
              "source-layer": "water",
              paint: { "fill-color": "#0000ff" },
            },
          ],
        },
      });
    }
    // An empty tile is a valid one: the layer simply has nothing to draw.
    if (tiles === "ok") return route.fulfill({ body: Buffer.alloc(0) });
    return route.abort("connectionrefused");
  });
}

test("a reachable style is used, with OpenStreetMap's credit", async ({ page }) => {
  await serveStyle(page, { tiles: "ok" });
  await gotoHydrated(page, "/map");
  const map = await settledMap(page);
  await expect(map).toHaveAttribute("data-map-style", "remote");
  await expect(page.locator(".maplibregl-ctrl-attrib")).toContainText(
    "© OpenStreetMap contributors",
  );
  await expect(clusters(page).first()).toBeVisible();
  // The style's own colour, not the built-in basemap's.
  const png = await page.locator("canvas.maplibregl-canvas").screenshot();
  const { dominant } = await sharp(png).stats();
  expect(dominant.r).toBeGreaterThan(dominant.g);
});

test("when the style's tiles cannot be had, the built-in basemap takes over", async ({ page }) => {
  await serveStyle(page, { tiles: "unreachable" });
  await gotoHydrated(page, "/map");
  const map = await settledMap(page);
  await expect(map).toHaveAttribute("data-map-style", "fallback");
  const attribution = page.locator(".maplibregl-ctrl-attrib");
  await expect(attribution).toContainText("Natural Earth");
  await expect(attribution).not.toContainText("OpenStreetMap");
  await expect(clusters(page).first()).toBeVisible();
});

test("a cluster zooms in; zoomed in, each meadow is a pin whose popup links to its page", async ({
  page,
}) => {
  await gotoHydrated(page, "/map");
  await settledMap(page);
  const before = await page.evaluate(() => location.search);
  await clusters(page).first().click();
  await expect.poll(() => new URL(page.url()).searchParams.get("z")).not.toBeNull();
  expect(before).toBe("");
  expect(zoomOf(page)).toBeGreaterThan(6);

  await gotoHydrated(page, LISSE);
  await settledMap(page);
  await expect(clusters(page)).toHaveCount(0);
  expect(await pins(page).count()).toBeGreaterThanOrEqual(3);

  const pin = pins(page).first();
  const name = (await pin.getAttribute("aria-label"))!.split(", ")[0]!;
  await pin.click();
  const popup = page.getByTestId("meadow-popup");
  await expect(popup).toBeVisible();
  await expect(popup).toContainText(name);
  const link = popup.getByRole("link", { name: "View meadow" });
  await expect(link).toHaveAttribute("href", /^\/meadows\/[\w-]+$/);
  await link.click();
  await expect(page).toHaveURL(/\/meadows\/[\w-]+$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(name);
});

test("pins and popups work from the keyboard", async ({ page }) => {
  await gotoHydrated(page, LISSE);
  await settledMap(page);

  // Arrow keys on the focused map pan it (MapLibre's keyboard handler).
  const lngBefore = new URL(page.url()).searchParams.get("lng");
  await page.locator("canvas.maplibregl-canvas").focus();
  await page.keyboard.press("ArrowRight");
  await expect.poll(() => new URL(page.url()).searchParams.get("lng")).not.toBe(lngBefore);
  await settledMap(page);

  // Tab reaches the pins after the map; Enter opens the popup with its link focused.
  await page.keyboard.press("Tab");
  const focused = page.locator(":focus");
  await expect(focused).toHaveAttribute("aria-label", /: show details$/);
  await page.keyboard.press("Enter");
  await expect(page.getByTestId("meadow-popup")).toBeVisible();
  await expect(page.getByRole("link", { name: "View meadow" })).toBeFocused();
  // Escape closes it and returns to the pin.
  await page.keyboard.press("Escape");
  await expect(page.getByTestId("meadow-popup")).toBeHidden();
  await expect(focused).toHaveAttribute("aria-label", /: show details$/);
});

test("on a phone every popup stays on the screen", async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await gotoHydrated(page, LISSE);
  await settledMap(page);
  const labels = await pins(page).evaluateAll((buttons) =>
    buttons.map((button) => button.getAttribute("aria-label")!),
  );
  expect(labels.length).toBeGreaterThanOrEqual(2);
  for (const [index, label] of labels.entries()) {
    // Each from the same view: opening a popup may move the map, and the moved view's answer
    // may leave out a pin that was at its edge.
    if (index > 0) {
      await gotoHydrated(page, LISSE);
      await settledMap(page);
    }
    await page.getByRole("button", { name: label, exact: true }).focus();
    await page.keyboard.press("Enter");
    const popup = page.locator(".maplibregl-popup");
    await expect(popup).toBeVisible();
    const box = (await popup.boundingBox())!;
    expect(box.x, label).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width, label).toBeLessThanOrEqual(360);
  }
});

test("an answer that is not the map API's shape shows that loading failed, and a retry asks again", async ({
  page,
}) => {
  let broken = true;
  await page.route("**/api/meadows?**", async (route) => {
    if (!broken) return route.continue();
    // A pin without its place: drawn, it would be nowhere.
    await route.fulfill({ json: { kind: "points", points: [{ id: "demo-001", name: "Kapot" }] } });
  });
  await gotoHydrated(page, LISSE);
  const map = page.getByTestId("meadow-map");
  await expect(map).toHaveAttribute("data-map-status", "failed", { timeout: 20_000 });
  await expect(page.getByRole("status")).toHaveText("Could not load the meadows.");
  await expect(pins(page)).toHaveCount(0);

  broken = false;
  await page.getByRole("button", { name: "Try again" }).click();
  await settledMap(page);
  await expect(pins(page).first()).toBeVisible();
});

test("the address holds the view and the filters, a reload restores them, and moving asks the server nothing but /api/meadows", async ({
  page,
}) => {
  const pageRequests: string[] = [];
  page.on("request", (request) => {
    const url = new URL(request.url());
    if (url.pathname.endsWith(".data") || url.pathname.endsWith("/map")) {
      pageRequests.push(url.pathname);
    }
  });
  await gotoHydrated(page, "/map?lat=51.5&lng=4.8&z=7");
  await settledMap(page);
  const loadsAfterStart = pageRequests.length;
  const historyAfterStart = await page.evaluate(() => history.length);

  await page.getByRole("button", { name: "Zoom in", exact: true }).click();
  await expect.poll(() => zoomOf(page)).toBeGreaterThan(7.5);
  await settledMap(page);
  const url = new URL(page.url());
  expect(url.pathname).toBe("/map");
  expect(Number(url.searchParams.get("lat"))).toBeCloseTo(51.5, 1);
  expect(Number(url.searchParams.get("lng"))).toBeCloseTo(4.8, 1);
  // Moving replaced the history entry rather than adding one per pan.
  expect(await page.evaluate(() => history.length)).toBe(historyAfterStart);
  expect(pageRequests.length).toBe(loadsAfterStart);

  // Filters go into the address too; the map shows only what matches. The map is settled once
  // the filtered answer has come: until the new filter's request starts, it still says it is
  // settled with the answer before.
  const filtered = page.waitForResponse((response) => {
    const url = new URL(response.url());
    return url.pathname === "/api/meadows" && url.searchParams.get("country") === "BE";
  });
  await page.getByLabel("Country").selectOption("BE");
  await expect(page).toHaveURL(/country=BE/);
  await filtered;
  await settledMap(page);
  await expect(page.getByRole("link", { name: "Show as a list" })).toHaveAttribute(
    "href",
    "/meadows?country=BE",
  );
  const labels = async () =>
    (await page
      .locator("[data-map-pin], [data-map-cluster]")
      .evaluateAll((elements) =>
        elements.map((element) => element.getAttribute("aria-label")).sort(),
      )) as string[];
  const shown = await labels();
  expect(shown.length).toBeGreaterThan(0);
  const status = await page.getByRole("status").textContent();

  // A reload (or a shared link) opens the same view with the same filters.
  const address = page.url();
  await page.reload();
  await settledMap(page);
  await expect(page.getByLabel("Country")).toHaveValue("BE");
  expect(page.url()).toBe(address);
  expect(await labels()).toEqual(shown);
  await expect(page.getByRole("status")).toHaveText(status!);
});

test("typing filters the map by name and description", async ({ page }) => {
  await gotoHydrated(page, "/map");
  await settledMap(page);
  const all = await page.getByRole("status").textContent();
  await page.getByLabel("Crop, place or name").fill("tulp");
  await expect(page).toHaveURL(/[?&]q=tulp(&|$)/);
  await settledMap(page);
  await expect(page.getByRole("status")).not.toHaveText(all!);
  await expect(page.getByRole("link", { name: "Show as a list" })).toHaveAttribute(
    "href",
    "/meadows?q=tulp",
  );
  // Something that nowhere occurs: the map says so.
  await page.getByLabel("Crop, place or name").fill("xylofoonzzz");
  await expect(page.getByRole("status")).toHaveText("No meadows in this part of the map");
});

test("a slip in the box's words that leaves the map empty is read as the closest word, and the map says so", async ({
  page,
}) => {
  await gotoHydrated(page, "/map");
  await settledMap(page);
  await page.getByLabel("Crop, place or name").fill("Corsovelt");
  await expect(page).toHaveURL(/[?&]q=Corsovelt(&|$)/);
  await settledMap(page);
  await expect(page.getByRole("status")).toHaveText("1 meadow in view");
  await expect(page.getByTestId("map-closest-note")).toHaveText(
    "Nothing matched “Corsovelt” as typed: the map shows what it comes closest to.",
  );
  // Typed as the meadow spells it, the note goes.
  await page.getByLabel("Crop, place or name").fill("Corsoveld");
  await settledMap(page);
  await expect(page.getByTestId("map-closest-note")).toHaveCount(0);
  await expect(page.getByRole("status")).toHaveText("1 meadow in view");

  await gotoHydrated(page, "/nl/map?q=Corsovelt");
  await settledMap(page);
  await expect(page.getByTestId("map-closest-note")).toHaveText(
    "Niets paste op ‘Corsovelt’ zoals het getypt is: de kaart toont wat er het dichtst bij komt.",
  );
});

test("the box's crops filter the map and its place moves the map there", async ({ page }) => {
  await gotoHydrated(page, "/map");
  await settledMap(page);
  await page.getByLabel("Crop, place or name").fill("tulips Lisse");
  // The view moves to Lisse and shows its tulip meadows: Lisse, Hillegom and Noordwijkerhout.
  await expect
    .poll(() => Number(new URL(page.url()).searchParams.get("lat")), { timeout: 15_000 })
    .toBeCloseTo(52.26, 1);
  expect(Number(new URL(page.url()).searchParams.get("lng"))).toBeCloseTo(4.56, 1);
  await settledMap(page);
  await expect(page.getByRole("status")).toHaveText("3 meadows in view");
  // Zooming out stays out: the map went there once for these words.
  const zoom = () => Number(new URL(page.url()).searchParams.get("z"));
  const placed = zoom();
  await page.getByRole("button", { name: "Zoom out", exact: true }).click();
  await expect.poll(zoom).toBeLessThan(placed - 0.5);
  await settledMap(page);
  expect(zoom()).toBeLessThan(placed - 0.5);
});

test("Dutch: the map speaks Dutch and links stay under /nl", async ({ page }) => {
  await gotoHydrated(page, `/nl${LISSE}`);
  await settledMap(page);
  await expect(page.getByRole("status")).toHaveText(/^\d+ pluktuinen in beeld$/);
  await expect(page.getByRole("button", { name: "Inzoomen", exact: true })).toBeVisible();
  await page
    .getByRole("button", { name: /: details tonen$/ })
    .first()
    .click();
  await expect(page.getByRole("link", { name: "Pluktuin bekijken" })).toHaveAttribute(
    "href",
    /^\/nl\/meadows\/[\w-]+$/,
  );
  await expect(page.getByRole("link", { name: "Als lijst tonen" })).toHaveAttribute(
    "href",
    "/nl/meadows",
  );
});

test("the built-in basemap follows the dark colour scheme", async ({ openPage }) => {
  const looks: Record<string, number> = {};
  for (const colorScheme of ["light", "dark"] as const) {
    const page = await openPage({ colorScheme });
    await gotoHydrated(page, "/map");
    await settledMap(page);
    looks[colorScheme] = (await canvasLooks(page)).mean;
  }
  expect(looks.light).toBeGreaterThan(180);
  expect(looks.dark).toBeLessThan(80);
});

test("on a phone the filter bar's menus show what they are set to", async ({ openPage }) => {
  for (const width of [360, 412]) {
    for (const path of ["/map", "/nl/map"]) {
      const page = await openPage({ viewport: { width, height: 740 } });
      await page.goto(path);
      const bar = page.getByRole("search");
      for (const menu of await bar.getByRole("combobox").all()) {
        const field = await fieldFit(menu);
        const where = `${path} at ${width} px, ${await menu.getAttribute("name")}`;
        expect(field.text, where).toBeLessThanOrEqual(field.room);
      }
      const crops = bar.locator("summary > span");
      const cropsFit = await crops.evaluate((span) => span.scrollWidth <= span.clientWidth);
      expect(cropsFit, `${path} at ${width} px, the crops: "${await crops.textContent()}"`).toBe(
        true,
      );
    }
  }
});

/**
 * The map's answer for a view with exactly these crops. Wait for it after ticking a crop: until
 * the map has asked again, its last answer still shows and it says it is settled.
 */
function answerWithCrops(page: Page, crops: string[]) {
  return page.waitForResponse((response) => {
    const url = new URL(response.url());
    return (
      url.pathname === "/api/meadows" &&
      url.searchParams.getAll("crop").sort().join() === [...crops].sort().join()
    );
  });
}

/** How many meadows the map says are in view. */
async function meadowsInView(page: Page) {
  await expect(page.getByRole("status")).toHaveText(/^\d+ meadows in view$/);
  return Number((await page.getByRole("status").textContent())?.split(" ")[0]);
}

test("several crops show the meadows growing any of them, and other filters keep them", async ({
  page,
}) => {
  await gotoHydrated(page, "/map");
  await settledMap(page);
  const everything = await meadowsInView(page);
  const bar = page.getByRole("search");
  const menu = bar.locator("summary");
  await expect(menu).toHaveText("Crops: All crops");
  await menu.click();
  const tulipsAnswered = answerWithCrops(page, ["tulip"]);
  await bar.getByRole("checkbox", { name: "Tulips", exact: true }).check();
  await expect(page).toHaveURL(/[?&]crop=tulip(&|$)/);
  await tulipsAnswered;
  await settledMap(page);
  const tulips = await meadowsInView(page);
  await expect(menu).toHaveText("Crops: Tulips");

  const eitherAnswered = answerWithCrops(page, ["tulip", "strawberry"]);
  await bar.getByRole("checkbox", { name: "Strawberries", exact: true }).check();
  await expect(page).toHaveURL(/[?&]crop=tulip&crop=strawberry(&|$)/);
  await eitherAnswered;
  await settledMap(page);
  const either = await meadowsInView(page);
  await expect(menu).toHaveText("Crops: 2 crops");
  expect(tulips).toBeGreaterThan(0);
  expect(either).toBeGreaterThan(tulips);
  expect(everything).toBeGreaterThan(either);

  // Escape closes the menu; another filter keeps both crops.
  await page.keyboard.press("Escape");
  await expect(bar.getByRole("checkbox", { name: "Tulips", exact: true })).toBeHidden();
  await bar.getByRole("checkbox", { name: "Open now" }).check();
  await expect(page).toHaveURL(
    /[?&]crop=tulip&crop=strawberry&open=now|open=now.*crop=tulip&crop=strawberry/,
  );
  await expect(page.getByRole("link", { name: "Show as a list" })).toHaveAttribute(
    "href",
    /crop=tulip&crop=strawberry/,
  );
  await bar.getByRole("checkbox", { name: "Open now" }).uncheck();
  await settledMap(page);

  // A shared link opens with the same crops ticked.
  await page.reload();
  await settledMap(page);
  expect(await meadowsInView(page)).toBe(either);
  await expect(menu).toHaveText("Crops: 2 crops");
  await menu.click();
  await expect(bar.getByRole("checkbox", { name: "Strawberries", exact: true })).toBeChecked();
});

test("the map takes up to four crops: its menu stops there, and a link asking more shows the first four and says so", async ({
  page,
}) => {
  const asked = ["tulip", "daffodil", "hyacinth"];
  const crops = [...asked, "peony", "larkspur", "lavender"];
  await gotoHydrated(page, `/map?${crops.map((id) => `crop=${id}`).join("&")}`);
  await settledMap(page);
  const leftOut = page.getByText(
    "The map shows up to 4 crops at a time: these are the first 4 of the 6 asked for.",
  );
  await expect(leftOut).toBeVisible();
  // Counted exactly: no "+".
  await meadowsInView(page);
  const bar = page.getByRole("search");
  const menu = bar.locator("summary");
  await expect(menu).toHaveText("Crops: 4 crops");
  await menu.click();
  const limit = bar.getByText("The map shows up to 4 crops at a time.", { exact: true });
  await expect(limit).toBeVisible();
  const box = (name: string) => bar.getByRole("checkbox", { name, exact: true });
  await expect(box("Peonies")).toBeChecked();
  await expect(box("Larkspur")).not.toBeChecked();
  await expect(box("Larkspur")).toBeDisabled();
  await expect(box("Roses")).toBeDisabled();

  // One fewer: the rest can be ticked again, and the address holds the three.
  await box("Peonies").uncheck();
  await expect(page).toHaveURL(new RegExp(`[?&]${asked.map((id) => `crop=${id}`).join("&")}$`));
  await expect(leftOut).toBeHidden();
  await expect(limit).toBeHidden();
  await expect(box("Larkspur")).toBeEnabled();
  await box("Roses").check();
  await expect(menu).toHaveText("Crops: 4 crops");
  await expect(limit).toBeVisible();
  await expect(box("Larkspur")).toBeDisabled();
  await expect(page.getByRole("link", { name: "Show as a list" })).toHaveAttribute(
    "href",
    /crop=rose/,
  );
});

test("the crop menu works from the keyboard", async ({ page }) => {
  await gotoHydrated(page, "/map");
  await settledMap(page);
  const bar = page.getByRole("search");
  const menu = bar.locator("summary");
  await menu.focus();
  expect((await focusIndicator(menu)).visible).toBe(true);
  await page.keyboard.press("Enter");
  // The first crop by name; hidden once the menu closes.
  const first = bar.getByRole("checkbox", { name: "Alliums", exact: true });
  await expect(first).toBeVisible();
  await page.keyboard.press("Tab");
  await expect(first).toBeFocused();
  await page.keyboard.press("Space");
  await expect(page).toHaveURL(/[?&]crop=allium(&|$)/);
  await page.keyboard.press("Escape");
  await expect(first).toBeHidden();
  await expect(menu).toBeFocused();
  await expect(menu).toHaveText("Crops: Alliums");
});

test("without JavaScript the map's bar sends the crops ticked", async ({ openPage }) => {
  const page = await openPage({ javaScriptEnabled: false });
  await page.goto("/map");
  const bar = page.getByRole("search");
  await bar.locator("summary").click();
  await bar.getByRole("checkbox", { name: "Tulips", exact: true }).check();
  await bar.getByRole("checkbox", { name: "Dahlias", exact: true }).check();
  await bar.getByRole("button", { name: "Filter" }).click();
  // The form sends its checkboxes in their order on the page: by name.
  await expect(page).toHaveURL(/[?&]crop=dahlia&crop=tulip(&|$)/);
  await expect(page.getByRole("link", { name: "Show as a list" }).first()).toHaveAttribute(
    "href",
    "/meadows?crop=dahlia&crop=tulip",
  );
});

test("axe finds nothing serious on a drawn map with an open popup, nor on the small map", async ({
  openPage,
}) => {
  // axe checks every state in both colour modes: seconds each on a slow machine.
  test.slow();
  for (const colorScheme of ["light", "dark"] as const) {
    const page = await openPage({ colorScheme, viewport: { width: 360, height: 740 } });
    const scan = async (where: string) => {
      const serious = await seriousViolations(page);
      expect(
        serious.map(({ id, nodes }) => `${id}: ${nodes.map((node) => node.target).join(" ")}`),
        `${where} (${colorScheme})`,
      ).toEqual([]);
    };
    await gotoHydrated(page, `/nl${LISSE}`);
    await settledMap(page);
    await page
      .getByRole("button", { name: /: details tonen$/ })
      .first()
      .click();
    await expect(page.getByTestId("meadow-popup")).toBeVisible();
    await scan("map with popup");
    await gotoHydrated(page, "/map");
    await settledMap(page);
    await scan("map with clusters");
    await gotoHydrated(page, "/meadows/demo-001");
    // The small map starts when its place comes into view.
    await page
      .locator('[data-testid="map-placeholder"], [data-testid="meadow-pin-map"]')
      .first()
      .scrollIntoViewIfNeeded();
    await expect(page.getByTestId("meadow-pin-map")).toHaveAttribute("data-map-style", "fallback");
    await scan("meadow page");
  }
});

test("without JavaScript the map page says so and links to the list", async ({ openPage }) => {
  const page = await openPage({ javaScriptEnabled: false });
  await page.goto("/map?q=tulp&country=NL");
  await expect(page.getByText("The map needs JavaScript.")).toBeVisible();
  const links = page.getByRole("link", { name: "Show as a list" });
  await expect(links.first()).toHaveAttribute("href", "/meadows?q=tulp&country=NL");
  await expect(page.locator("canvas")).toHaveCount(0);
});

test("pages without a map load no map code", async ({ page }) => {
  const scripts: string[] = [];
  const reads: Promise<void>[] = [];
  page.on("response", (response) => {
    // The map's code would come from the app's own files. The formatters' worker (ADR 51) runs
    // from a blob and has ended before its source could be read back.
    if (response.request().resourceType() !== "script" || response.url().startsWith("blob:")) {
      return;
    }
    reads.push(response.text().then((source) => void scripts.push(source)));
  });
  for (const path of ["/", "/meadows", "/about"]) {
    await gotoHydrated(page, path);
    // A page's scripts are read before the next page is asked for: the browser drops the
    // bodies of a page it has left.
    await page.waitForLoadState("networkidle");
    await Promise.all(reads);
  }
  expect(scripts.length).toBeGreaterThan(0);
  expect(scripts.filter((source) => source.includes("maplibregl-canvas"))).toEqual([]);
});

test("a meadow's page shows its pin on a small map that leaves the page's scrolling alone", async ({
  page,
}) => {
  const answer = await page.request.get("/api/meadows?bbox=4.4,52.2,4.7,52.35&zoom=12");
  const { points } = (await answer.json()) as { points: { id: string; name: string }[] };
  const meadow = points[0]!;
  await page.setViewportSize({ width: 1280, height: 700 });
  await gotoHydrated(page, `/meadows/${meadow.id}`);
  // The map loads once its place comes within reach of the screen (LazyPinMap).
  await page.getByRole("heading", { name: "Address" }).scrollIntoViewIfNeeded();
  const map = page.getByTestId("meadow-pin-map");
  await expect(map).toHaveAttribute("data-map-style", "fallback", { timeout: 20_000 });
  await expect(map.getByRole("img", { name: meadow.name })).toBeVisible();
  await expect(map.locator("canvas")).toBeVisible();

  // The wheel over the map scrolls the page, as it does everywhere else on it.
  await map.scrollIntoViewIfNeeded();
  const box = (await map.boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  const scrolled = await page.evaluate(() => scrollY);
  await page.mouse.wheel(0, 200);
  await expect.poll(() => page.evaluate(() => scrollY)).toBeGreaterThan(scrolled);

  // The page's own links stay, and one more opens the big map at the meadow.
  await expect(page.getByRole("link", { name: "Directions" })).toBeVisible();
  await page.getByRole("link", { name: "Show on the meadow map" }).click();
  await expect(page).toHaveURL(/\/map\?lat=[\d.]+&lng=[\d.]+&z=13$/);
  await settledMap(page);
  const escaped = meadow.name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  await expect(page.getByRole("button", { name: new RegExp(`^${escaped}, `) })).toBeVisible();
});

test("GET /api/meadows answers the viewport as JSON, and bad input with 400", async ({
  request,
}) => {
  const ok = await request.get("/api/meadows?bbox=2.5,49.4,7.3,53.6&zoom=7&country=be");
  expect(ok.status()).toBe(200);
  expect(ok.headers()["content-type"]).toContain("application/json");
  expect(ok.headers()["cache-control"]).toBe("public, max-age=30");
  const body = (await ok.json()) as { kind: string; points?: { id: string }[] };
  expect(body.kind).toBe("points");
  expect(body.points!.length).toBeGreaterThan(5);

  for (const query of [
    "",
    "bbox=1,2,3&zoom=4",
    "bbox=1,2,3,4&zoom=99",
    "bbox=1,2,3,4&zoom=4&country=XX",
  ]) {
    const bad = await request.get(`/api/meadows?${query}`);
    expect(bad.status(), query).toBe(400);
    expect(((await bad.json()) as { error: string }).error, query).toMatch(/\w/);
  }
});

test("the add form's map places its pin by keyboard and by a click on the map", async ({
  page,
  baseURL,
}) => {
  test.slow();
  await signUpMember(page, { baseURL });
  await gotoHydrated(page, "/meadows/add");
  const main = page.getByRole("main");
  for (const [label, value] of [
    ["Name", "Pluktuin Kaarttest"],
    ["Price", "€1 per bos"],
    ["Opening hours as text", "Daily 9:00–18:00"],
    ["Street", "Oudegracht"],
    ["House number", "12"],
    ["Postal code", "3511 AB"],
    ["City", "Utrecht"],
  ]) {
    await main.getByLabel(label!, { exact: true }).fill(value!);
  }
  await main.getByLabel("Country", { exact: true }).selectOption("NL");
  await page.getByRole("button", { name: "Find on the map" }).click();

  const picker = page.getByTestId("location-picker");
  await expect(picker).toHaveAttribute("data-map-style", "fallback", { timeout: 20_000 });
  const position = page.getByTestId("pin-position");
  const read = async () => {
    const [, lat, lng] = /(-?\d+\.\d+), (-?\d+\.\d+)/.exec((await position.textContent()) ?? "")!;
    return { lat: Number(lat), lng: Number(lng) };
  };
  const found = await read();

  // Focused, the pin moves with the arrow keys: east, then south.
  const pin = picker.getByRole("button", { name: /^Meadow location/ });
  await pin.focus();
  await page.keyboard.press("ArrowRight");
  await page.keyboard.press("ArrowRight");
  await expect.poll(async () => (await read()).lng).toBeGreaterThan(found.lng);
  await page.keyboard.press("Shift+ArrowDown");
  await expect.poll(async () => (await read()).lat).toBeLessThan(found.lat);
  await expect(pin).toHaveAccessibleDescription(/arrow keys/);

  // A click on the map puts the pin there: the top left of the map is north-west of it.
  const before = await read();
  const box = (await picker.boundingBox())!;
  await page.mouse.click(box.x + 40, box.y + 40);
  await expect.poll(async () => (await read()).lat).toBeGreaterThan(before.lat);
  expect((await read()).lng).toBeLessThan(before.lng);
});
