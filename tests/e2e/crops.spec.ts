import { expect, gotoHydrated, test, waitForHydration, waitForResults } from "./fixtures";
import { fillMeadowBasics } from "./meadow-fields";
import { signUpMember } from "./members";

/*
 * The crops of a meadow as a member and a visitor meet them in the browser: ticking crops and
 * changing a crop's months on the add form, the meadow's calendar and what is in season now,
 * and finding the meadow again by its crops and by season on the list.
 */

test("a member adds crops to a meadow and a visitor finds it by them", async ({
  page,
  baseURL,
}) => {
  test.slow();
  await signUpMember(page, { baseURL });
  await gotoHydrated(page, "/meadows/add");
  const name = `Seizoensweide ${Date.now().toString(36)}`;
  await fillMeadowBasics(page, name);

  const crops = page.getByRole("group", { name: "What grows there (optional)" });
  await crops.getByRole("checkbox", { name: "Dahlias", exact: true }).check();
  await crops.getByRole("checkbox", { name: "Holly", exact: true }).check();
  // Dahlias all year at this meadow, so "in season now" has them whatever the date.
  const dahlia = crops.locator('[data-crop="dahlia"]');
  await dahlia.getByText("Months: Jul–Oct").click();
  const dahliaMonths = dahlia.getByRole("group", { name: "Months for Dahlias" });
  for (const month of ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Nov", "Dec"]) {
    await dahliaMonths.getByRole("checkbox", { name: month, exact: true }).check();
  }

  await page.getByRole("button", { name: "Find on the map" }).click();
  await expect(page.getByRole("group", { name: "Check the location" })).toBeVisible();
  // The crops stay ticked while the address is found.
  await expect(crops.getByRole("checkbox", { name: "Dahlias", exact: true })).toBeChecked();
  await page.getByRole("button", { name: "Add meadow" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(name);
  const path = new URL(page.url()).pathname;

  // The calendar: a row per crop, a column per month, in words for screen readers.
  const calendar = page.getByRole("table", {
    name: "The months each crop is picked at this meadow",
  });
  await expect(calendar.getByRole("rowheader")).toHaveText(["Dahlias", "Holly"]);
  await expect(
    calendar.getByRole("row", { name: /Holly/ }).getByText("picked", { exact: true }),
  ).toHaveCount(3);
  await expect(page.getByTestId("in-season-now")).toContainText("In season now: dahlias");

  await page.goto(`/nl${path}`);
  await waitForHydration(page);
  await expect(page.getByTestId("in-season-now")).toContainText("Nu in het seizoen: dahlia's");
  await expect(page.getByRole("table").getByRole("rowheader")).toHaveText(["Dahlia's", "Hulst"]);

  // The list finds it by crop and by season, and its card says what is in season.
  await gotoHydrated(page, `/meadows?q=${encodeURIComponent(name)}`);
  const filters = page.getByRole("search", { name: "Find a meadow" });
  await filters.getByRole("checkbox", { name: "Holly", exact: true }).check();
  await expect(page).toHaveURL(/crop=holly/);
  const results = page.getByTestId("meadow-results");
  await expect(results.getByRole("heading", { name })).toBeVisible();
  await expect(results.getByTestId("card-in-season")).toContainText("dahlias");
  await filters.getByLabel("In season", { exact: true }).selectOption("now");
  await expect(page).toHaveURL(/season=now/);
  await waitForResults(page);
  await expect(results.getByRole("heading", { name })).toBeVisible();
  await filters.getByRole("checkbox", { name: "Holly", exact: true }).uncheck();
  await filters.getByRole("checkbox", { name: "Pumpkins", exact: true }).check();
  await expect(page).toHaveURL(/crop=pumpkin/);
  await expect(page.getByTestId("result-count")).toHaveText("No meadows found");

  // Nothing found: each filter is a link to the same search without it.
  const wider = page.getByTestId("wider-searches");
  await expect(wider.getByRole("link")).toHaveText([`“${name}”`, "In season now", "Pumpkins"]);
  await wider.getByRole("link", { name: "Search without Pumpkins" }).click();
  await expect(page).not.toHaveURL(/crop=pumpkin/);
  await expect(page).toHaveURL(/season=now/);
  await expect(results.getByRole("heading", { name })).toBeVisible();
  await expect(filters.getByRole("checkbox", { name: "Pumpkins", exact: true })).not.toBeChecked();
});

test("on a phone the calendar shows all twelve months, this one marked, in both languages", async ({
  page,
}) => {
  await page.setViewportSize({ width: 360, height: 740 });
  for (const [prefix, caption, january] of [
    ["", "The months each crop is picked at this meadow", "Jan"],
    ["/nl", "De maanden waarin elk gewas in deze pluktuin geplukt wordt", "jan"],
  ] as const) {
    await page.goto(`${prefix}/meadows/demo-003`);
    const calendar = page.getByRole("region", { name: caption });
    expect(await calendar.evaluate((region) => region.scrollWidth - region.clientWidth)).toBe(0);
    await calendar.scrollIntoViewIfNeeded();
    const months = calendar.getByRole("columnheader");
    await expect(months).toHaveCount(13);
    for (const month of await months.all()) await expect(month).toBeInViewport({ ratio: 1 });
    await expect(calendar.locator('th[aria-current="date"]')).toHaveCount(1);
    // A letter a month on the screen; screen readers still hear the short name.
    await expect(months.nth(1).locator("[aria-hidden=true]")).toBeVisible();
    await expect(months.nth(1).locator("[aria-hidden=true]")).toHaveText("J");
    await expect(months.nth(1)).toHaveAccessibleName(january);
  }
});

test("the form says which crops are marked in season while the hours keep the meadow closed", async ({
  page,
  baseURL,
}) => {
  await signUpMember(page, { baseURL });
  await gotoHydrated(page, "/meadows/add");
  await fillMeadowBasics(page, `Dichte weide ${Date.now().toString(36)}`, { hoursAsText: false });
  const hours = page.getByRole("group", { name: "Opening hours" });
  const syntax = hours.getByLabel("Opening hours in OpenStreetMap's syntax (optional)");
  await hours.getByText("Advanced: the hours in OpenStreetMap's syntax").click();
  await syntax.fill("Aug-Oct Th-Sa 13:00-18:00");
  const crops = page.getByRole("group", { name: "What grows there (optional)" });
  await crops.getByRole("checkbox", { name: "Tulips", exact: true }).check();
  await crops.getByRole("checkbox", { name: "Dahlias", exact: true }).check();
  const notice = page.getByRole("status").filter({ hasText: "Marked in season" });
  await expect(notice).toHaveText(
    "Marked in season while your opening hours keep the meadow closed: tulips in April and May; dahlias in July. Visitors would see them in season at a closed meadow; change the months or the hours.",
  );
  // Hours from July on leave the tulips alone in it; without the tulips, nothing is said.
  await syntax.fill("Jul-Oct Th-Sa 13:00-18:00");
  await expect(notice).toContainText("closed: tulips in April and May. Visitors");
  await crops.getByRole("checkbox", { name: "Tulips", exact: true }).uncheck();
  await expect(notice).toHaveCount(0);
  // It refuses nothing: the meadow is added with its crops and hours as given.
  await syntax.fill("Aug-Oct Th-Sa 13:00-18:00");
  await expect(notice).toContainText("dahlias in July");
  await page.getByRole("button", { name: "Find on the map" }).click();
  await expect(page.getByRole("group", { name: "Check the location" })).toBeVisible();
  await page.getByRole("button", { name: "Add meadow" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(/^Dichte weide/);
});
