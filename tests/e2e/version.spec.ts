import { expect, gotoHydrated, test, type Page } from "./fixtures";

/** Answers /version.json with another build id, as the server would after a deploy. */
async function deployNewBuild(page: Page) {
  let asked = 0;
  await page.route("/version.json", async (route) => {
    asked += 1;
    await route.fulfill({ json: { buildId: "a-newer-build" } });
  });
  return { asked: () => asked };
}

/** The toast itself, not Radix's screen reader announcement of it. */
const toasts = (page: Page) =>
  page.getByRole("region", { name: /^(Notifications|Meldingen) \(F8\)$/ }).getByRole("listitem");
const toastSaying = (page: Page, text: string) => toasts(page).filter({ hasText: text });

const becomeVisible = (page: Page) =>
  page.evaluate(() => document.dispatchEvent(new Event("visibilitychange")));

test.describe("new version", () => {
  test("the server tells its build id, uncached", async ({ request }) => {
    const response = await request.get("/version.json");
    expect(response.status()).toBe(200);
    expect(response.headers()["cache-control"]).toBe("no-store");
    expect(await response.json()).toEqual({ buildId: expect.any(String) });
  });

  test("the same build shows nothing when the tab becomes visible", async ({ page }) => {
    await gotoHydrated(page, "/");
    const checked = page.waitForResponse("/version.json");
    await becomeVisible(page);
    await checked;
    await expect(toasts(page)).toHaveCount(0);
    // A tab that offered a reload never asks again. This one does, and only the new build's
    // answer brings the toast: so the same build's answer offered nothing, however long it took.
    const server = await deployNewBuild(page);
    await becomeVisible(page);
    await expect(toastSaying(page, "A new version of Plukweide is available.")).toBeVisible();
    expect(server.asked()).toBe(1);
    await expect(toasts(page)).toHaveCount(1);
  });

  test("a new build offers a reload in a toast; F8 reaches it; Reload reloads", async ({
    page,
  }) => {
    await gotoHydrated(page, "/about?x=1");
    const server = await deployNewBuild(page);
    await becomeVisible(page);

    const region = page.getByRole("region", { name: "Notifications (F8)" });
    const toast = toastSaying(page, "A new version of Plukweide is available.");
    await expect(toast).toBeVisible();
    expect(server.asked()).toBe(1);

    // Once offered, it does not ask again nor stack up more toasts.
    await becomeVisible(page);
    await expect(toast).toHaveCount(1);
    expect(server.asked()).toBe(1);

    await page.keyboard.press("F8");
    await expect(region.locator("ol")).toBeFocused();

    await page.evaluate(() => Object.assign(window, { beforeReload: true }));
    const reloaded = page.waitForEvent("load");
    await toast.getByRole("button", { name: "Reload" }).click();
    await reloaded;
    await expect(page).toHaveURL("/about?x=1");
    expect(await page.evaluate(() => "beforeReload" in window)).toBe(false);
  });

  test("is translated", async ({ page }) => {
    await gotoHydrated(page, "/nl");
    await deployNewBuild(page);
    await becomeVisible(page);
    await expect(page.getByRole("region", { name: "Meldingen (F8)" })).toBeAttached();
    const toast = toastSaying(page, "Er is een nieuwe versie van Plukweide beschikbaar.");
    await expect(toast).toBeVisible();
    await expect(toast.getByRole("button", { name: "Vernieuwen" })).toBeVisible();
  });

  test("checks by itself every five minutes", async ({ page }) => {
    await page.clock.install();
    await gotoHydrated(page, "/terms");
    const server = await deployNewBuild(page);
    await page.clock.runFor("04:59");
    expect(server.asked()).toBe(0);
    await page.clock.runFor("00:02");
    await expect(toastSaying(page, "A new version of Plukweide is available.")).toBeVisible();
    expect(server.asked()).toBe(1);
  });

  test("after a new build, the next page comes fresh from the server", async ({ page }) => {
    await gotoHydrated(page, "/about");
    await deployNewBuild(page);
    await becomeVisible(page);
    await expect(toastSaying(page, "A new version of Plukweide is available.")).toBeVisible();
    await page.evaluate(() => Object.assign(window, { beforeReload: true }));
    const reloaded = page.waitForEvent("load");
    await page.getByRole("banner").getByRole("link", { name: "Plukweide" }).click();
    await reloaded;
    await expect(page).toHaveURL("/");
    expect(await page.evaluate(() => "beforeReload" in window)).toBe(false);
  });
});
