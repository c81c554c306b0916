import { expect, test } from "@playwright/test";

test.describe("home page", () => {
  test("renders on the server, without JavaScript", async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    const response = await page.goto("/");
    expect(response?.status()).toBe(200);
    await expect(
      page.getByRole("heading", { level: 1, name: "Pick your own flowers and fruit" }),
    ).toBeVisible();
    await expect(page).toHaveTitle(/Plukweide/);
    await context.close();
  });

  test("hydrates in the browser without errors", async ({ page }) => {
    const errors: string[] = [];
    page.on("console", (message) => {
      if (message.type() === "error") errors.push(message.text());
    });
    page.on("pageerror", (error) => errors.push(error.message));
    await page.goto("/");
    await expect(page.locator("html[data-hydrated]")).toBeAttached();
    expect(errors).toEqual([]);
  });

  test("an unknown path shows the 404 page", async ({ page }) => {
    const response = await page.goto("/no/such/meadow");
    expect(response?.status()).toBe(404);
    await expect(page.getByText("Page not found: /no/such/meadow")).toBeVisible();
  });
});
