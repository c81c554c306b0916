import {
  test as base,
  expect,
  type BrowserContextOptions,
  type Cookie,
  type Locator,
  type Page,
} from "@playwright/test";

export { expect };
export type { Page } from "@playwright/test";

/**
 * Collects what would otherwise pass unnoticed: console errors and uncaught exceptions on a page.
 * Lines matching `allowed` are ignored (say, the browser's own "failed to load resource" line for
 * a page that is meant to answer 404). A line reads "console.error on {page}: {text} ({source})".
 */
function watchForErrors(page: Page, allowedByTest: readonly RegExp[]): string[] {
  const allowed = [...allowedByTest, MAP_STYLE_UNREACHABLE, PHOTO_DELETED_MEANWHILE];
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() !== "error") return;
    const { url, lineNumber } = message.location();
    const line = `console.error on ${page.url()}: ${message.text()}${url ? ` (${url}:${lineNumber})` : ""}`;
    if (!allowed.some((pattern) => pattern.test(line))) errors.push(line);
  });
  page.on("pageerror", (error) => errors.push(`uncaught on ${page.url()}: ${error.stack}`));
  return errors;
}

interface Options {
  /** Console errors a test expects and tolerates; every other one fails it (STYLE.md). */
  allowedConsoleErrors: RegExp[];
}

interface Fixtures {
  /**
   * Opens a page in a browser context of its own (another locale, colour scheme, no JavaScript),
   * watched for errors like `page` and closed after the test.
   */
  openPage(options?: BrowserContextOptions): Promise<Page>;
}

export const test = base.extend<Options & Fixtures>({
  allowedConsoleErrors: [[], { option: true }],

  page: async ({ page, allowedConsoleErrors }, use) => {
    const errors = watchForErrors(page, allowedConsoleErrors);
    await use(page);
    expect(errors, "console errors and uncaught exceptions").toEqual([]);
  },

  openPage: async ({ browser, allowedConsoleErrors }, use) => {
    const opened: Array<{ close(): Promise<void>; errors: string[] }> = [];
    await use(async (options) => {
      const context = await browser.newContext(options);
      const page = await context.newPage();
      opened.push({
        close: () => context.close(),
        errors: watchForErrors(page, allowedConsoleErrors),
      });
      return page;
    });
    for (const { close } of opened) await close();
    const errors = opened.flatMap((entry) => entry.errors);
    expect(errors, "console errors and uncaught exceptions").toEqual([]);
  },
});

/** The browser's own console line for a document that answers 404, as the 404 pages do. */
/**
 * The test server's MAP_STYLE_URL points at a refused port (playwright.config.ts), as when the
 * tile server cannot be reached, so every map uses the built-in basemap and the browser reports
 * the refused request. Allowed on every page.
 */
export const MAP_STYLE_UNREACHABLE = /net::ERR_UNSAFE_PORT \(http:\/\/127\.0\.0\.1:9\//;

/**
 * Journeys run side by side on one site: a card on the home page or the list may show a photo
 * that another journey deletes before the browser has loaded it. The browser reports the 404;
 * the page itself is right. Allowed on every page.
 */
export const PHOTO_DELETED_MEANWHILE =
  /Failed to load resource: the server responded with a status of 404 \(Not Found\) \(http:\/\/[^/]+\/images\/photos\//;

/**
 * Tolerates these console errors in a test or describe block. A list of two or more goes in a
 * tuple: Playwright reads a bare array whose second element is an object (a RegExp is) as a
 * fixture's [value, options].
 */
export function allowConsoleErrors(...patterns: RegExp[]) {
  return { allowedConsoleErrors: [patterns, { scope: "test" }] as [RegExp[], { scope: "test" }] };
}

export const NOT_FOUND_RESOURCE =
  /Failed to load resource: the server responded with a status of 404/;

/**
 * The header links to /map, which a later issue builds, and prefetches its data when the link is
 * hovered or focused (`prefetch="intent"`); until then that prefetch answers 404.
 */
export const PAGES_NOT_BUILT_YET = /status of 404 .*\(http:\/\/[^/]+(?:\/en|\/nl)?\/map\.data[?:]/;

/**
 * Waits until React has hydrated the document, so its handlers are attached. Pages mark this on
 * <html> (root.tsx); error pages render without that component, so React's own mark on <body>
 * counts too.
 */
export async function waitForHydration(page: Page) {
  await page.waitForFunction(
    () =>
      document.documentElement.dataset.hydrated === "true" ||
      Object.keys(document.body).some((key) => key.startsWith("__reactFiber")),
  );
}

/**
 * Waits until the meadows list shows the results of the address the page is at. The address
 * changes when the results have loaded; React renders them a moment later, and a busy machine
 * may never paint the loading state in between.
 */
export async function waitForResults(page: Page) {
  await expect(page.locator("[data-results-for]")).toHaveAttribute(
    "data-results-for",
    new URL(page.url()).search,
  );
  await expect(page.locator("[aria-busy=true]")).toHaveCount(0);
}

/** Opens a path and waits for hydration; returns the document's response. */
/**
 * A slow connection: opens `path` with its scripts held back, so the page is there and React is
 * not. Resolves with the function that lets the scripts come.
 */
export async function gotoWithScriptsHeld(page: Page, path: string): Promise<() => void> {
  let release = () => {};
  const scriptsMayCome = new Promise<void>((resolve) => (release = resolve));
  await page.route("**/assets/*.js", async (route) => {
    await scriptsMayCome;
    await route.continue().catch(() => undefined);
  });
  await page.goto(path, { waitUntil: "commit" });
  return release;
}

export async function gotoHydrated(page: Page, path: string) {
  const response = await page.goto(path);
  await waitForHydration(page);
  return response;
}

/** React Router's cookie encoding (no secrets): the JSON value, base64, then URL-encoded. */
export function encodeCookieValue(value: unknown): string {
  return encodeURIComponent(Buffer.from(JSON.stringify(value), "utf8").toString("base64"));
}

export function decodeCookieValue(raw: string): unknown {
  return JSON.parse(Buffer.from(decodeURIComponent(raw), "base64").toString("utf8"));
}

/** A preference cookie as the server sets it, for contexts that start with a saved choice. */
export function preferenceCookie(name: "locale" | "theme", value: string, baseURL: string) {
  return {
    name,
    value: encodeCookieValue(value),
    url: baseURL,
    httpOnly: true,
    sameSite: "Lax" as const,
  };
}

export async function findCookie(page: Page, name: string): Promise<Cookie> {
  const cookie = (await page.context().cookies()).find((candidate) => candidate.name === name);
  expect(cookie, `cookie ${name}`).toBeDefined();
  return cookie!;
}

/** Days from now until a cookie expires. */
export function daysUntilExpiry(cookie: Cookie): number {
  return (cookie.expires - Date.now() / 1000) / (24 * 60 * 60);
}

/**
 * Whether an element shows a focus indicator: an outline, or a ring drawn with box-shadow, in a
 * colour that is not transparent (`outline-hidden` leaves a transparent outline, and Tailwind's
 * shadow stack has transparent zero-size layers).
 */
export async function focusIndicator(locator: Locator) {
  return locator.evaluate((element) => {
    const transparent = (color: string) =>
      color === "transparent" || /rgba\([^)]*,\s*0\)|\/\s*0\)/.test(color);
    const style = getComputedStyle(element);
    const outline =
      style.outlineStyle !== "none" &&
      Number.parseFloat(style.outlineWidth) > 0 &&
      !transparent(style.outlineColor)
        ? `${style.outlineStyle} ${style.outlineWidth} ${style.outlineColor}`
        : "";
    const ring = (style.boxShadow === "none" ? [] : style.boxShadow.split(/,(?![^(]*\))/))
      .map((layer) => layer.trim())
      .filter((layer) => !transparent(layer) && /\s[1-9][\d.]*px/.test(layer))
      .join(", ");
    return { outline, ring, visible: Boolean(outline || ring) };
  });
}

/** Relative luminance (0 black … 1 white) of the body's background, whatever colour syntax. */
export async function bodyBackgroundLuminance(page: Page): Promise<number> {
  return page.evaluate(() => {
    // A canvas turns any CSS colour (oklch, light-dark() resolved, …) into sRGB bytes.
    const canvas = document.createElement("canvas");
    canvas.width = canvas.height = 1;
    const context = canvas.getContext("2d")!;
    context.fillStyle = getComputedStyle(document.body).backgroundColor;
    context.fillRect(0, 0, 1, 1);
    const [r = 0, g = 0, b = 0] = context.getImageData(0, 0, 1, 1).data;
    const linear = (channel: number) => {
      const c = channel / 255;
      return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    };
    return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
  });
}
