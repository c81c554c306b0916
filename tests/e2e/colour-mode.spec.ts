import {
  bodyBackgroundLuminance,
  daysUntilExpiry,
  decodeCookieValue,
  expect,
  findCookie,
  gotoHydrated,
  preferenceCookie,
  test,
  type Page,
} from "./fixtures";

const html = (page: Page) => page.locator("html");

async function expectThemeCookie(page: Page, mode: "light" | "dark" | "system") {
  const cookie = await findCookie(page, "theme");
  expect(decodeCookieValue(cookie.value)).toBe(mode);
  expect(daysUntilExpiry(cookie)).toBeGreaterThan(364);
  expect(daysUntilExpiry(cookie)).toBeLessThanOrEqual(365.01);
  expect(cookie).toMatchObject({ path: "/", sameSite: "Lax" });
}

test.describe("colour mode switch", () => {
  test("cycles light, dark, system and changes the page before the server answers", async ({
    page,
  }) => {
    await gotoHydrated(page, "/about");
    await expect(html(page)).toHaveClass("system");

    // Hold each request, so what changes can only come from the page itself.
    const held: Array<() => void> = [];
    await page.route("**/resources/colour-mode*", async (route) => {
      await new Promise<void>((resolve) => held.push(resolve));
      await route.continue();
    });

    for (const [label, mode] of [
      ["Light", "light"],
      ["Dark", "dark"],
      ["System", "system"],
    ] as const) {
      const answered = page.waitForResponse("**/resources/colour-mode*");
      await page.getByRole("button", { name: /^Colour mode: / }).click();
      await expect.poll(() => held.length).toBe(1);
      await expect(html(page)).toHaveClass(mode);
      await expect(page.getByRole("button", { name: `Colour mode: ${label}` })).toBeVisible();
      held.shift()!();
      await answered;
      await expectThemeCookie(page, mode);
      await expect(html(page)).toHaveClass(mode);
    }
    await expect(page).toHaveURL("/about");
  });

  test("persists across reloads, and the first HTML already carries it", async ({ page }) => {
    await gotoHydrated(page, "/");
    for (const [label, next] of [
      ["System", "light"],
      ["Light", "dark"],
    ] as const) {
      const saved = page.waitForResponse("**/resources/colour-mode*");
      await page.getByRole("button", { name: `Colour mode: ${label}` }).click();
      await expect(html(page)).toHaveClass(next);
      await saved;
    }
    await expectThemeCookie(page, "dark");

    // No flash: the server's document has the class and colour scheme before any script runs.
    const response = await page.reload();
    const document = await response!.text();
    expect(document).toMatch(/<html lang="en" class="dark"/);
    expect(document).toContain('<meta name="color-scheme" content="dark"/>');
    await expect(html(page)).toHaveClass("dark");
    await expect(page.getByRole("button", { name: "Colour mode: Dark" })).toBeVisible();
    expect(await bodyBackgroundLuminance(page)).toBeLessThan(0.1);

    await page.goto("/nl/privacy");
    await expect(html(page)).toHaveClass("dark");
    await expect(page.getByRole("button", { name: "Weergave: Donker" })).toBeVisible();
  });

  test("works without JavaScript", async ({ openPage }) => {
    const page = await openPage({ javaScriptEnabled: false });
    await page.goto("/terms?x=1");
    await expect(html(page)).toHaveClass("system");
    await page.getByRole("button", { name: "Colour mode: System" }).click();
    await expect(page).toHaveURL("/terms?x=1");
    await expect(html(page)).toHaveClass("light");
    await page.getByRole("button", { name: "Colour mode: Light" }).click();
    await expect(html(page)).toHaveClass("dark");
    await expectThemeCookie(page, "dark");
  });

  test("is translated", async ({ page }) => {
    await gotoHydrated(page, "/nl");
    await page.getByRole("button", { name: "Weergave: Systeem" }).click();
    await expect(page.getByRole("button", { name: "Weergave: Licht" })).toBeVisible();
    await expect(page).toHaveURL("/nl");
  });
});

test.describe("system colour mode", () => {
  for (const [colorScheme, dark] of [
    ["dark", true],
    ["light", false],
  ] as const) {
    test(`follows a ${colorScheme} operating system`, async ({ openPage }) => {
      const page = await openPage({ colorScheme });
      const response = await page.goto("/");
      expect(await response!.text()).toMatch(/<html lang="en" class="system"/);
      const luminance = await bodyBackgroundLuminance(page);
      if (dark) expect(luminance).toBeLessThan(0.1);
      else expect(luminance).toBeGreaterThan(0.8);
    });
  }

  test("an explicit choice wins over the operating system", async ({ openPage, baseURL }) => {
    const page = await openPage({ colorScheme: "dark" });
    await page.context().addCookies([preferenceCookie("theme", "light", baseURL!)]);
    const response = await page.goto("/about");
    expect(await response!.text()).toMatch(/<html lang="en" class="light"/);
    expect(await bodyBackgroundLuminance(page)).toBeGreaterThan(0.8);
  });
});
