import { expect, gotoHydrated, NOT_FOUND_RESOURCE, test } from "./fixtures";

/** The shell's pages and their headings in both languages. */
const pages = [
  { path: "/", en: "Pick your own flowers and fruit", nl: "Pluk je eigen bloemen en fruit" },
  { path: "/about", en: "About Plukweide", nl: "Over Plukweide" },
  { path: "/privacy", en: "Privacy", nl: "Privacy" },
  { path: "/terms", en: "Terms of use", nl: "Gebruiksvoorwaarden" },
  { path: "/api", en: "Open data API", nl: "Open-data-API" },
];

/** Every page three times: unprefixed (English), /en (English) and /nl (Dutch). */
const variants = [
  { prefix: "", lang: "en" },
  { prefix: "/en", lang: "en" },
  { prefix: "/nl", lang: "nl" },
] as const;

function withPrefix(prefix: string, path: string) {
  return prefix && path === "/" ? prefix : `${prefix}${path}`;
}

test.describe("every page in all three variants", () => {
  for (const { path, ...headings } of pages) {
    test(`${path} answers 200 in each variant with canonical and hreflang links`, async ({
      page,
      baseURL,
    }) => {
      // English lives without prefix, Dutch under /nl; /en pages point their canonical there.
      const english = `${baseURL}${path}`;
      const dutch = `${baseURL}${withPrefix("/nl", path)}`;
      for (const { prefix, lang } of variants) {
        const url = withPrefix(prefix, path);
        await test.step(url, async () => {
          const response = await gotoHydrated(page, url);
          expect(response?.status()).toBe(200);
          await expect(page.locator("html")).toHaveAttribute("lang", lang);
          await expect(page.getByRole("heading", { level: 1 })).toHaveText(headings[lang]);
          const head = page.locator("head");
          await expect(head.locator('link[rel="canonical"]')).toHaveCount(1);
          await expect(head.locator('link[rel="canonical"]')).toHaveAttribute(
            "href",
            lang === "nl" ? dutch : english,
          );
          for (const [hreflang, href] of [
            ["en", english],
            ["nl", dutch],
            ["x-default", english],
          ]) {
            const link = head.locator(`link[rel="alternate"][hreflang="${hreflang}"]`);
            await expect(link).toHaveCount(1);
            await expect(link).toHaveAttribute("href", href!);
          }
        });
      }
    });
  }

  test("canonical and hreflang links keep the query string", async ({ page, baseURL }) => {
    await gotoHydrated(page, "/nl/about?season=spring");
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute(
      "href",
      `${baseURL}/nl/about?season=spring`,
    );
    await expect(page.locator('link[hreflang="en"]')).toHaveAttribute(
      "href",
      `${baseURL}/about?season=spring`,
    );
  });
});

test.describe("the 404 page", () => {
  test.use({ allowedConsoleErrors: [NOT_FOUND_RESOURCE] });

  const cases = [
    { url: "/fr/about", lang: "en" },
    { url: "/no/such/meadow", lang: "en" },
    { url: "/en/no-such-page", lang: "en" },
    { url: "/nl/geen-pagina", lang: "nl" },
    { url: "/nl/about/extra", lang: "nl" },
  ] as const;
  const texts = {
    en: {
      title: "Page not found",
      text: "There is no page at ",
      search: "Look for a meadow",
      meadows: "All meadows",
      map: "The map",
      home: "Home",
      about: "About",
    },
    nl: {
      title: "Pagina niet gevonden",
      text: "Er is geen pagina op ",
      search: "Zoek een pluktuin",
      meadows: "Alle pluktuinen",
      map: "De kaart",
      home: "Home",
      about: "Over ons",
    },
  };

  for (const { url, lang } of cases) {
    test(`${url} answers 404 in ${lang}`, async ({ page }) => {
      const response = await gotoHydrated(page, url);
      expect(response?.status()).toBe(404);
      await expect(page.locator("html")).toHaveAttribute("lang", lang);
      await expect(page).toHaveTitle(`${texts[lang].title} · Plukweide`);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(texts[lang].title);
      const main = page.getByRole("main");
      await expect(main.getByText(`${texts[lang].text}${url}.`)).toBeVisible();
      // Said once: the heading, not the heading again with the path.
      await expect(main.getByText(texts[lang].title)).toHaveCount(1);
      const prefix = url.startsWith("/en/") ? "/en" : lang === "nl" ? "/nl" : "";
      await expect(main.getByRole("link", { name: texts[lang].meadows })).toHaveAttribute(
        "href",
        `${prefix}/meadows`,
      );
      await expect(main.getByRole("link", { name: texts[lang].map })).toHaveAttribute(
        "href",
        `${prefix}/map`,
      );
      await expect(main.getByRole("searchbox", { name: texts[lang].search })).toBeVisible();
    });
  }

  test("its search box finds meadows, with the scripts and without", async ({ page, openPage }) => {
    await gotoHydrated(page, "/no-such-page");
    await page.getByRole("searchbox", { name: "Look for a meadow" }).fill("tulips Lisse");
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL("/meadows?q=tulips+Lisse");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();

    const plain = await openPage({ javaScriptEnabled: false });
    await plain.goto("/nl/geen-pagina");
    await plain.getByRole("searchbox", { name: "Zoek een pluktuin" }).fill("aardbeien");
    await plain.getByRole("button", { name: "Zoeken" }).click();
    await expect(plain).toHaveURL("/nl/meadows?q=aardbeien");
  });

  test("keeps the header and footer, so the visitor can navigate on", async ({ page }) => {
    await gotoHydrated(page, "/nl/geen-pagina");
    const header = page.getByRole("banner");
    await expect(header.getByRole("link", { name: "Plukweide" })).toHaveAttribute("href", "/nl");
    await expect(
      header.getByRole("navigation", { name: "Hoofdmenu" }).getByRole("link", { name: "Home" }),
    ).toBeVisible();
    const footer = page.getByRole("contentinfo");
    for (const [name, href] of [
      ["Over ons", "/nl/about"],
      ["Privacy", "/nl/privacy"],
      ["Voorwaarden", "/nl/terms"],
      ["Open data", "/nl/api"],
    ]) {
      await expect(footer.getByRole("link", { name })).toHaveAttribute("href", href!);
    }
  });

  test("navigating away from it and to it keeps the page styled", async ({ page }) => {
    // Styled, and by the stylesheet the document came with: the layout is mounted anew between
    // the 404 page and the app, and a `<link>` put in place of the inline styles then would leave
    // the page unstyled until it loaded.
    const styled = () =>
      page.evaluate(
        () =>
          getComputedStyle(document.body).display === "flex" &&
          document.querySelectorAll("head > style").length === 1 &&
          document.querySelectorAll('head > link[rel="stylesheet"]').length === 0,
      );
    await gotoHydrated(page, "/nl/geen-pagina");
    expect(await styled()).toBe(true);
    await page.getByRole("contentinfo").getByRole("link", { name: "Over ons" }).click();
    await expect(page).toHaveURL("/nl/about");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Over Plukweide");
    expect(await styled()).toBe(true);

    // Back to the missing page, rendered by the client this time.
    await page.goBack();
    await expect(page).toHaveURL("/nl/geen-pagina");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Pagina niet gevonden");
    expect(await styled()).toBe(true);
  });

  test("is served as HTML by the server, without JavaScript", async ({ openPage }) => {
    const page = await openPage({ javaScriptEnabled: false });
    const response = await page.goto("/fr/about");
    expect(response?.status()).toBe(404);
    const html = await response!.text();
    expect(html).toContain('<html lang="en"');
    expect(html).toContain("There is no page at /fr/about.");
    await expect(page.getByRole("contentinfo").getByRole("link", { name: "About" })).toBeVisible();
  });
});
