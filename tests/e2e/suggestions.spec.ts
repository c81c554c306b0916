import { seriousViolations } from "./axe";
import {
  allowConsoleErrors,
  expect,
  gotoHydrated,
  test,
  waitForHydration,
  type Page,
} from "./fixtures";

/*
 * The search boxes' suggestions as the visitor types (places, crops, meadows), on the demo
 * meadows: chosen with the keyboard or the pointer, read out, and never in the way of a plain
 * search when they fail or the scripts have not run yet.
 */

const suggestions = (page: Page) => page.getByRole("listbox", { name: "Suggestions" });

test.describe("suggestions", () => {
  test("the list's box completes a place with the keyboard, in Dutch", async ({ page }) => {
    await gotoHydrated(page, "/nl/meadows");
    const box = page.getByRole("combobox", { name: "Gewas, plaats of naam" });
    await box.pressSequentially("tulpen lis", { delay: 30 });
    const suggestions = page.getByRole("listbox", { name: "Suggesties" });
    const lisse = suggestions.getByRole("option", { name: /^Lisse ?, plaats, Nederland$/ });
    await expect(lisse).toBeVisible();
    await expect(box).toHaveAttribute("aria-expanded", "true");
    await expect(page.getByTestId("suggestions-count")).toContainText("suggesties");
    const options = await suggestions.getByRole("option").allTextContents();
    await box.press("ArrowDown");
    const first = await box.getAttribute("aria-activedescendant");
    expect(first).toBe(await suggestions.getByRole("option").first().getAttribute("id"));
    expect(options[0]).toContain("Lisse");
    await box.press("Enter");
    await expect(box).toHaveValue("tulpen Lisse");
    await expect(box).toHaveAttribute("aria-expanded", "false");
    await expect(page).toHaveURL(/[?&]q=tulpen\+Lisse(&|$)/);
    await expect(page.getByTestId("search-chips").getByRole("link")).toHaveText([
      "In de buurt van Lisse, Nederland",
      "Tulpen",
    ]);
  });

  test("a crop completes the words in the page's language, on the map", async ({ page }) => {
    await gotoHydrated(page, "/map");
    const box = page.getByRole("combobox", { name: "Crop, place or name" });
    await box.pressSequentially("aardb", { delay: 30 });
    await page.getByRole("option", { name: /^Strawberries ?, crop$/ }).click();
    await expect(box).toHaveValue("strawberries");
    await expect(page).toHaveURL(/[?&]q=strawberries(&|$)/);
  });

  test("a meadow's name opens its page from the home page", async ({ page }) => {
    await gotoHydrated(page, "/");
    const box = page.getByRole("combobox", { name: "Search meadows" });
    await box.pressSequentially("kersenboom", { delay: 30 });
    const option = page.getByRole("option", {
      name: /^Kersenboomgaard De Linge ?, meadow, ?Geldermalsen$/,
    });
    await expect(option).toBeVisible();
    const serious = (await seriousViolations(page)).map((violation) => violation.id);
    expect(serious).toEqual([]);
    await option.click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Kersenboomgaard De Linge");
  });

  test("Escape closes the suggestions and Enter then searches the words as typed", async ({
    page,
  }) => {
    await gotoHydrated(page, "/");
    const box = page.getByRole("combobox", { name: "Search meadows" });
    await box.pressSequentially("kersen", { delay: 30 });
    await expect(suggestions(page).getByRole("option").first()).toBeVisible();
    await box.press("Escape");
    await expect(suggestions(page).getByRole("option")).toHaveCount(0);
    await expect(box).toHaveValue("kersen");
    await box.press("Enter");
    await expect(page).toHaveURL(/\/meadows\?q=kersen(&|$)/);
  });

  test.describe("when the server does not answer", () => {
    test.use(allowConsoleErrors(/resources\/suggestions/));

    test("without an answer the box is a plain search box", async ({ page }) => {
      await page.route("**/resources/suggestions?**", (route) => route.abort());
      await gotoHydrated(page, "/");
      const box = page.getByRole("combobox", { name: "Search meadows" });
      await box.pressSequentially("kersen", { delay: 30 });
      await box.press("Enter");
      await expect(page).toHaveURL(/\/meadows\?q=kersen(&|$)/);
      await expect(suggestions(page).getByRole("option")).toHaveCount(0);
    });
  });

  test("words typed before the scripts run are kept and searched", async ({ page }) => {
    // The page's scripts wait until the words are in; then the box suggests for them.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route("**/assets/**/*.js", async (route) => {
      await held;
      await route.continue();
    });
    await page.goto("/", { waitUntil: "commit" });
    const box = page.getByRole("combobox", { name: "Search meadows" });
    await box.fill("kersen");
    release();
    await waitForHydration(page);
    await expect(box).toHaveValue("kersen");
    await box.press("Enter");
    await expect(page).toHaveURL(/\/meadows\?q=kersen(&|$)/);
  });
});
