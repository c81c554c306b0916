import {
  expect,
  focusIndicator,
  gotoHydrated,
  PAGES_NOT_BUILT_YET,
  test,
  type Page,
} from "./fixtures";
import { signUpMember } from "./members";

test.use({ allowedConsoleErrors: [PAGES_NOT_BUILT_YET] });

const focused = (page: Page) => page.locator(":focus");

/** Presses Tab and checks that focus landed on `name`, with a visible focus indicator. */
async function tabTo(page: Page, name: string | RegExp) {
  await page.keyboard.press("Tab");
  await expect(focused(page)).toHaveAccessibleName(name);
  await expect(focused(page)).toBeVisible();
  const indicator = await focusIndicator(focused(page));
  expect(indicator.visible, `focus ring on ${String(name)}: ${JSON.stringify(indicator)}`).toBe(
    true,
  );
}

test.describe("keyboard navigation on a wide screen", () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test("the skip link comes first, then the logo and the header, all with focus rings", async ({
    page,
  }) => {
    await gotoHydrated(page, "/");
    const skip = page.getByRole("link", { name: "Skip to content" });
    await expect(skip).not.toBeInViewport();

    await page.keyboard.press("Tab");
    await expect(skip).toBeFocused();
    // Shown while focused (it is visually hidden otherwise).
    await expect(skip).toBeInViewport();
    const box = (await skip.boundingBox())!;
    expect(box.width).toBeGreaterThan(40);
    expect(box.height).toBeGreaterThan(20);

    await tabTo(page, "Plukweide");
    for (const name of [
      "Home",
      "Meadows",
      "Map",
      "Add a meadow",
      "Nederlands",
      "Colour mode: System",
    ]) {
      await tabTo(page, name);
    }
    await tabTo(page, "Sign in");
    await expect(focused(page)).toHaveAttribute("href", "/login?redirectTo=%2F");
  });

  test("the skip link moves the keyboard past the header", async ({ page }) => {
    await gotoHydrated(page, "/");
    await page.keyboard.press("Tab");
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL("/#main");
    await page.keyboard.press("Tab");
    // The first control inside <main>: the home page's search box.
    await expect(focused(page)).toHaveAccessibleName("Search meadows");
    expect(await focused(page).evaluate((element) => Boolean(element.closest("main")))).toBe(true);
  });

  test("the footer links are reachable and lead to their pages", async ({ page }) => {
    await gotoHydrated(page, "/nl");
    const footer = page.getByRole("contentinfo");
    const privacy = footer.getByRole("link", { name: "Privacy" });
    for (let presses = 0; presses < 60; presses++) {
      await page.keyboard.press("Tab");
      if (await privacy.evaluate((element) => element === document.activeElement)) break;
    }
    await expect(privacy).toBeFocused();
    expect((await focusIndicator(privacy)).visible).toBe(true);
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL("/nl/privacy");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Privacy");
  });
});

test.describe("keyboard navigation on a small screen", () => {
  test.use({ viewport: { width: 360, height: 740 } });

  /** Tabs from the top of the page to the menu's summary. */
  async function tabToMenu(page: Page) {
    const menu = page.getByRole("banner").getByLabel("Menu", { exact: true });
    await expect(menu).toBeVisible();
    for (const name of ["Skip to content", "Plukweide", /^Colour mode: /]) {
      await page.keyboard.press("Tab");
      await expect(focused(page)).toHaveAccessibleName(name);
    }
    await tabTo(page, "Menu");
    await expect(menu).toBeFocused();
    return menu;
  }

  const details = (page: Page) => page.getByRole("banner").locator("details");

  test("the menu opens with Enter, its links take Tab, and Escape closes it", async ({ page }) => {
    await gotoHydrated(page, "/about");
    // The wide-screen navigation is hidden here.
    await expect(page.getByRole("banner").getByRole("link", { name: "Map" })).toBeHidden();

    const menu = await tabToMenu(page);
    await expect(details(page)).not.toHaveAttribute("open");
    await page.keyboard.press("Enter");
    await expect(details(page)).toHaveAttribute("open");

    for (const name of ["Home", "Meadows", "Map", "Add a meadow", "Sign in", "Nederlands"]) {
      await tabTo(page, name);
      expect(await focused(page).evaluate((element) => Boolean(element.closest("details")))).toBe(
        true,
      );
    }

    await page.keyboard.press("Escape");
    await expect(details(page)).not.toHaveAttribute("open");
    await expect(menu).toBeFocused();
    await expect(page.getByRole("banner").getByRole("link", { name: "Map" })).toBeHidden();
  });

  test("Escape on the summary itself closes the menu", async ({ page }) => {
    await gotoHydrated(page, "/about");
    const menu = await tabToMenu(page);
    await page.keyboard.press("Enter");
    await expect(details(page)).toHaveAttribute("open");
    await page.keyboard.press("Escape");
    await expect(details(page)).not.toHaveAttribute("open");
    await expect(menu).toBeFocused();
  });

  test("activating a link in the menu navigates and closes the menu", async ({ page }) => {
    await gotoHydrated(page, "/about");
    await tabToMenu(page);
    await page.keyboard.press("Enter");
    await tabTo(page, "Home");
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL("/");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(
      "Pick your own flowers and fruit",
    );
    await expect(details(page)).not.toHaveAttribute("open");
  });
});

test.describe("the header at every width", () => {
  const widths = [320, 360, 412, 640, 768, 800, 900, 1000, 1024, 1040, 1100, 1280];

  /** Where the header breaks at `width`: the page scrolls sideways, or a link takes two lines. */
  async function headerFaults(page: Page, width: number) {
    await page.setViewportSize({ width, height: 700 });
    return page.evaluate(() => {
      const faults: string[] = [];
      const page = document.documentElement;
      if (page.scrollWidth > page.clientWidth)
        faults.push(`${page.scrollWidth - page.clientWidth} px too wide`);
      const header = document.querySelector("header") as HTMLElement;
      for (const control of header.querySelectorAll<HTMLElement>("a, button, summary")) {
        const lines = control.getClientRects().length;
        if (control.offsetParent && (lines > 1 || control.getBoundingClientRect().height > 44)) {
          faults.push(`"${control.textContent?.trim()}" wraps`);
        }
      }
      return faults;
    });
  }

  async function expectOneLine(page: Page, who: string) {
    for (const path of ["/about", "/nl/about"]) {
      await page.goto(path);
      for (const width of widths) {
        expect(await headerFaults(page, width), `${who} on ${path} at ${width} px`).toEqual([]);
      }
    }
  }

  test("stays on one line for a visitor, in both languages", async ({ page }) => {
    await expectOneLine(page, "a visitor");
  });

  test("stays on one line for a member, whose menu has three more links", async ({
    page,
    baseURL,
  }) => {
    await signUpMember(page, { baseURL });
    await expectOneLine(page, "a member");
  });
});

test.describe("the header's current page", () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test("marks the page shown, and not a visitor's Add meadow on the sign-in page", async ({
    page,
  }) => {
    const nav = page.getByRole("banner").getByRole("navigation");
    const current = nav.locator('[aria-current="page"]');
    await page.goto("/map");
    await expect(current).toHaveText(["Map"]);
    // The list and a meadow's page are Meadows, which leads to the list.
    await page.goto("/meadows?q=tulpen");
    await expect(current).toHaveText(["Meadows"]);
    await expect(nav.getByRole("link", { name: "Meadows" })).toHaveAttribute("href", "/meadows");
    await page.goto("/meadows/demo-007");
    await expect(current).toHaveText(["Meadows"]);
    await page.goto("/nl/meadows/demo-007");
    await expect(current).toHaveText(["Pluktuinen"]);
    await expect(nav.getByRole("link", { name: "Pluktuinen" })).toHaveAttribute(
      "href",
      "/nl/meadows",
    );
    // A visitor's Add meadow goes to sign in first; the sign-in page is not that page.
    await page.goto("/login?redirectTo=%2Fmeadows%2Fadd");
    await expect(nav.getByRole("link", { name: "Add a meadow" })).toBeVisible();
    await expect(current).toHaveCount(0);
    await page.goto("/nl/login");
    await expect(nav.getByRole("link", { name: "Pluktuin toevoegen" })).toBeVisible();
    await expect(current).toHaveCount(0);
  });
});
