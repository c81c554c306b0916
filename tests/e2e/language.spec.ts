import {
  daysUntilExpiry,
  decodeCookieValue,
  expect,
  findCookie,
  gotoHydrated,
  preferenceCookie,
  test,
  type Page,
} from "./fixtures";

/** Checks the locale cookie the switch set: the language, for a year, not readable by scripts. */
async function expectLocaleCookie(page: Page, language: "en" | "nl") {
  const cookie = await findCookie(page, "locale");
  expect(decodeCookieValue(cookie.value)).toBe(language);
  expect(daysUntilExpiry(cookie)).toBeGreaterThan(364);
  expect(daysUntilExpiry(cookie)).toBeLessThanOrEqual(365.01);
  expect(cookie).toMatchObject({ path: "/", httpOnly: true, sameSite: "Lax" });
}

/** Switches to Dutch and back on /about?x=1, checking the page, the query and the cookie. */
async function switchThereAndBack(page: Page) {
  await page.getByRole("button", { name: "Nederlands" }).click();
  await expect(page).toHaveURL("/nl/about?x=1");
  await expect(page.locator("html")).toHaveAttribute("lang", "nl");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Over Plukweide");
  await expectLocaleCookie(page, "nl");

  // English lives without a prefix, so the way back leads to /about, not /en/about.
  await page.getByRole("button", { name: "English" }).click();
  await expect(page).toHaveURL("/about?x=1");
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("About Plukweide");
  await expectLocaleCookie(page, "en");
}

test.describe("language switch", () => {
  test("keeps the page and query string, with JavaScript", async ({ page }) => {
    await gotoHydrated(page, "/about?x=1");
    await switchThereAndBack(page);
  });

  test("keeps the page and query string, without JavaScript", async ({ openPage }) => {
    const page = await openPage({ javaScriptEnabled: false });
    await page.goto("/about?x=1");
    await switchThereAndBack(page);
  });

  test("from /en pages too, and offers its target in the other language", async ({ page }) => {
    await gotoHydrated(page, "/en/terms");
    const toDutch = page.getByRole("button", { name: "Nederlands" });
    await expect(toDutch).toHaveAttribute("lang", "nl");
    await toDutch.click();
    await expect(page).toHaveURL("/nl/terms");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Gebruiksvoorwaarden");
  });

  test("is in the small-screen menu, without JavaScript", async ({ openPage }) => {
    const page = await openPage({
      javaScriptEnabled: false,
      viewport: { width: 360, height: 740 },
    });
    await page.goto("/privacy");
    await page.getByRole("banner").getByLabel("Menu", { exact: true }).click();
    await page.getByRole("button", { name: "Nederlands" }).click();
    await expect(page).toHaveURL("/nl/privacy");
    await expect(page.locator("html")).toHaveAttribute("lang", "nl");
  });
});

test.describe("which language / shows", () => {
  test("a visitor whose cookie says nl lands on /nl", async ({ openPage, baseURL }) => {
    const page = await openPage({ locale: "en-US" });
    await page.context().addCookies([preferenceCookie("locale", "nl", baseURL!)]);
    const response = await page.goto("/");
    expect(response?.request().redirectedFrom()?.url()).toBe(`${baseURL}/`);
    expect((await response?.request().redirectedFrom()?.response())?.status()).toBe(302);
    await expect(page).toHaveURL("/nl");
    await expect(page.locator("html")).toHaveAttribute("lang", "nl");
  });

  test("a first visitor whose browser prefers Dutch lands on /nl", async ({ openPage }) => {
    const page = await openPage({ locale: "nl-NL" });
    const response = await page.goto("/?from=search");
    expect((await response?.request().redirectedFrom()?.response())?.status()).toBe(302);
    await expect(page).toHaveURL("/nl?from=search");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(
      "Pluk je eigen bloemen en fruit",
    );
  });

  test("a browser that prefers English stays on /", async ({ openPage }) => {
    const page = await openPage({ locale: "en-GB" });
    const response = await page.goto("/");
    expect(response?.status()).toBe(200);
    expect(response?.request().redirectedFrom()).toBeNull();
    await expect(page).toHaveURL("/");
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
  });

  test("a Dutch browser that chose English stays on / after switching", async ({ openPage }) => {
    const page = await openPage({ locale: "nl-NL" });
    await gotoHydrated(page, "/");
    await expect(page).toHaveURL("/nl");
    await page.getByRole("button", { name: "English" }).click();
    await expect(page).toHaveURL("/");
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
    await expectLocaleCookie(page, "en");
    // The saved choice wins over the browser's preference from now on.
    await page.goto("/");
    await expect(page).toHaveURL("/");
  });

  test("other pages keep the language of their address, whatever the cookie", async ({
    openPage,
    baseURL,
  }) => {
    const page = await openPage({ locale: "nl-NL" });
    await page.context().addCookies([preferenceCookie("locale", "nl", baseURL!)]);
    const response = await page.goto("/about");
    expect(response?.status()).toBe(200);
    await expect(page).toHaveURL("/about");
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
  });
});
