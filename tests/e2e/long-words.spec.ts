import { expect, gotoHydrated, test, type Page } from "./fixtures";
import { field, fillMeadowBasics } from "./meadow-fields";
import { signUpMember } from "./members";

/*
 * What members type is not always made of short words: a Dutch compound as a meadow's name, a
 * web address in its description, a long name of their own. On a phone none of them may make a
 * page wider than the window.
 */

/** The page is no wider than the window, once a toast has slid in from the side. */
async function expectWithinWindow(page: Page, where: string) {
  await expect
    .poll(
      () =>
        page.evaluate(
          () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
        ),
      { message: `${where} is wider than the window by` },
    )
    .toBe(0);
}

test("a meadow and a member named in one long word keep their pages within a phone's width", async ({
  page,
  baseURL,
}) => {
  test.slow();
  await signUpMember(page, { name: "Aardbeienplukkersverenigingsvoorzitster", baseURL });
  await page.setViewportSize({ width: 360, height: 740 });
  await gotoHydrated(page, "/meadows/add");
  const name = `Aardbeienplukboerderijverenigingzuidwestnederland${Date.now().toString(36)}`;
  await fillMeadowBasics(page, name);
  await field(page, "Description in English (optional)").fill(
    "Book a row at https://www.example.com/reserveren/aardbeienplukken/seizoen-2027/zaterdagochtend",
  );
  // The facts beside the description: a price and hours given as one long word each.
  await field(page, "Price").fill("€4,50perliterbakjeaardbeienofframbozenzelfgeplukt");
  await field(page, "Opening hours as text").fill(
    "https://www.example.com/openingstijden/zomerseizoen-2027/weekenden-en-feestdagen",
  );
  await page.getByRole("button", { name: "Find on the map" }).click();
  await expect(page.getByRole("group", { name: "Check the location" })).toBeVisible();
  await page.getByRole("button", { name: "Add meadow" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(name);
  await expectWithinWindow(page, "the meadow's page");

  await page.goto(`/meadows?q=${name}`);
  await expect(page.getByRole("article").getByRole("heading", { name })).toBeVisible();
  await expectWithinWindow(page, "the list with its card");

  await page.goto("/favorites");
  await page
    .getByRole("banner")
    .getByLabel(/^Menu$/)
    .click();
  await page.getByRole("banner").getByRole("link", { name: "Profile" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(
    "Aardbeienplukkersverenigingsvoorzitster",
  );
  await expectWithinWindow(page, "the member's profile");
});
