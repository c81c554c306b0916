import { expect, gotoHydrated, test } from "./fixtures";

test.describe("the open data API's reference", () => {
  test.use({ permissions: ["clipboard-read", "clipboard-write"] });

  for (const { path, heading, copy, copied, licence } of [
    { path: "/api", heading: "Open data API", copy: "Copy", copied: "Copied", licence: "Licence" },
    {
      path: "/nl/api",
      heading: "Open-data-API",
      copy: "Kopiëren",
      copied: "Gekopieerd",
      licence: "Licentie",
    },
  ]) {
    test(`${path} shows examples to copy that answer`, async ({ page, request }) => {
      await gotoHydrated(page, path);
      await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
      await expect(page.getByRole("heading", { name: licence })).toBeVisible();
      await expect(page.getByRole("link", { name: /ODbL 1\.0/ })).toHaveAttribute(
        "href",
        "https://opendatacommons.org/licenses/odbl/1-0/",
      );

      // The first example, copied as a visitor would, and run as curl would.
      const example = page.locator("pre").first();
      const command = (await example.textContent()) ?? "";
      expect(command).toMatch(/^curl '.+\/api\/v1\/meadows\?near=/);
      const button = example.locator("..").getByRole("button");
      await expect(button).toHaveText(copy);
      await button.click();
      await expect(button).toHaveText(copied);
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(command);
      const url = /'(http[^']+)'/.exec(command)?.[1] ?? "";
      const answer = await request.get(url);
      expect(answer.status()).toBe(200);
      expect(answer.headers()["access-control-allow-origin"]).toBe("*");
      const body = (await answer.json()) as { kind: string; meadows: { url: string }[] };
      expect(body.kind).toBe("nearest");
      expect(body.meadows.length).toBeGreaterThan(0);

      // The downloads and the OpenAPI document are a link away.
      const csv = await request.get(
        (await page.getByRole("link", { name: /CSV/ }).getAttribute("href")) ?? "",
      );
      expect(csv.headers()["content-type"]).toContain("text/csv");
      const openapi = await request.get(
        (await page.getByRole("link", { name: "openapi.json" }).getAttribute("href")) ?? "",
      );
      expect(((await openapi.json()) as { openapi: string }).openapi).toBe("3.1.0");
    });
  }

  test("the About page and the footer lead to it", async ({ page }) => {
    await gotoHydrated(page, "/nl/about");
    await page.getByRole("main").getByRole("link", { name: "De API en de downloads" }).click();
    await expect(page).toHaveURL("/nl/api");
    await expect(page.getByRole("heading", { level: 1, name: "Open-data-API" })).toBeVisible();
    await page.getByRole("contentinfo").getByRole("link", { name: "Voorwaarden" }).click();
    await expect(
      page.getByRole("heading", { name: "Licentie van de gegevens over pluktuinen" }),
    ).toBeVisible();
  });
});
