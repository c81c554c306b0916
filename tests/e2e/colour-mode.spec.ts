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
import { signUpMember } from "./members";

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

test("in dark mode the darkest crops' dots stand out from the page", async ({ page, baseURL }) => {
  await signUpMember(page, { baseURL });
  await page.emulateMedia({ colorScheme: "dark" });
  await gotoHydrated(page, "/meadows/add");
  for (const crop of ["Blackcurrants", "Blackberries"]) {
    const dot = page.locator("label.crop-check", { hasText: crop }).locator("span[aria-hidden]");
    await dot.scrollIntoViewIfNeeded();
    const box = await dot.boundingBox();
    if (!box) throw new Error(`no dot for ${crop}`);
    const png = await page.screenshot({
      clip: { x: box.x - 3, y: box.y - 3, width: box.width + 6, height: box.height + 6 },
    });
    // The strongest contrast of any pixel of the dot against the page beside it (the corner).
    const [corner = 0, ...pixels] = await luminances(page, png);
    const contrast = Math.max(...pixels.map((pixel) => contrastRatio(pixel, corner)));
    // WCAG's 3:1 for graphics that help the eye.
    expect(contrast, crop).toBeGreaterThanOrEqual(3);
  }
});

test("in dark mode berry bushes stand out from the hill they grow on", async ({ openPage }) => {
  const page = await openPage({ colorScheme: "dark" });
  await page.goto("/meadows?crop=blueberry&crop=raspberry");
  // A card drawn with bushes (the drawing's parts b0 and b1), not one with a photo.
  const picture = page.locator('.meadow-card-picture:has(use[href$="b0"])').first();
  const box = await picture.boundingBox();
  if (!box) throw new Error("no card picture");
  // The drawing's lowest quarter: the near hill, and the bushes along it.
  const png = await page.screenshot({
    clip: { x: box.x, y: box.y + box.height * 0.75, width: box.width, height: box.height * 0.25 },
  });
  const pixels = await luminances(page, png);
  const counts = new Map<number, number>();
  for (const pixel of pixels) {
    const level = Math.round(pixel * 1000);
    counts.set(level, (counts.get(level) ?? 0) + 1);
  }
  const [[hill = 0] = []] = [...counts].sort((a, b) => b[1] - a[1]);
  // Bushes and berries cover a twelfth of it or more (the berries alone, about a twenty-fifth)
  // in shades at 1.3:1 or more from the hill's.
  const apart = pixels.filter((pixel) => contrastRatio(pixel, hill / 1000) >= 1.3);
  expect(apart.length / pixels.length).toBeGreaterThan(0.08);
});

/** The relative luminance (WCAG) of each pixel of a PNG, row by row, read by the browser. */
async function luminances(page: Page, png: Buffer): Promise<number[]> {
  return page.evaluate(async (base64) => {
    const bytes = Uint8Array.from(atob(base64), (char) => char.charCodeAt(0));
    const image = await createImageBitmap(new Blob([bytes], { type: "image/png" }));
    const canvas = new OffscreenCanvas(image.width, image.height);
    const context = canvas.getContext("2d") as OffscreenCanvasRenderingContext2D;
    context.drawImage(image, 0, 0);
    const { data } = context.getImageData(0, 0, image.width, image.height);
    const channel = (value: number) => {
      const c = value / 255;
      return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    };
    const found: number[] = [];
    for (let at = 0; at < data.length; at += 4)
      found.push(
        0.2126 * channel(data[at] ?? 0) +
          0.7152 * channel(data[at + 1] ?? 0) +
          0.0722 * channel(data[at + 2] ?? 0),
      );
    return found;
  }, png.toString("base64"));
}

function contrastRatio(a: number, b: number): number {
  return (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
}
