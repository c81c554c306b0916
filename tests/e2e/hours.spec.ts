import { expect, gotoHydrated, test, waitForHydration, waitForResults } from "./fixtures";
import { field, fillMeadowBasics } from "./meadow-fields";
import { signUpMember } from "./members";

/*
 * Opening hours as a member and a visitor meet them in the browser: the hours editor writing
 * OpenStreetMap's syntax on the add form, a pasted syntax the library refuses, the meadow's page
 * saying whether it is open, and the list's "open now" filter finding it.
 */

/** The hour it is now in Amsterdam, 0–23. */
function amsterdamHour(): number {
  return Number(
    new Intl.DateTimeFormat("en-GB", {
      timeZone: "Europe/Amsterdam",
      hour: "2-digit",
      hourCycle: "h23",
    }).format(new Date()),
  );
}

const pad = (hour: number) => `${String(hour % 24).padStart(2, "0")}:00`;

test("a member gives a meadow hours in the editor and a visitor finds it open now", async ({
  page,
  baseURL,
}) => {
  test.slow();
  // The hours run from the hour before this one to two hours on: open now, and long enough for
  // the test, at any time of day (past 22:00 they run to midnight).
  const hour = amsterdamHour();
  const from = pad(Math.max(hour - 1, 0));
  const until = hour >= 22 ? "00:00" : pad(hour + 2);
  const untilSyntax = until === "00:00" ? "24:00" : until;

  await signUpMember(page, { baseURL });
  await gotoHydrated(page, "/meadows/add");
  const name = `Urenweide ${Date.now().toString(36)}`;
  await fillMeadowBasics(page, name, { hoursAsText: false });

  const hours = page.getByRole("group", { name: "Opening hours" });
  const syntax = hours.getByLabel("Opening hours in OpenStreetMap's syntax (optional)");
  // The syntax waits under "Advanced" while the editor does the work.
  await expect(syntax).toBeHidden();
  await hours.getByText("Advanced: the hours in OpenStreetMap's syntax").click();
  // Pasted syntax the library cannot read is refused with a message.
  await syntax.fill("when the sun shines");
  await syntax.blur();
  await expect(hours.getByRole("alert")).toHaveText(
    "These hours are not in OpenStreetMap's opening_hours syntax",
  );
  // The editor writes the syntax again.
  const editor = hours.getByTestId("hours-editor");
  for (const day of ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"])
    await editor.getByRole("checkbox", { name: day, exact: true }).check();
  await editor.getByLabel("From", { exact: true }).fill(from);
  await editor.getByLabel("Until", { exact: true }).fill(until);
  await editor.getByRole("checkbox", { name: "Other times by appointment" }).check();
  await expect(syntax).toHaveValue(`Mo-Su ${from}-${untilSyntax} || "by appointment"`);
  await expect(hours.getByRole("alert")).toHaveCount(0);
  await field(page, "Opening hours as text").fill("In winter by appointment");

  await page.getByRole("button", { name: "Find on the map" }).click();
  await expect(page.getByRole("group", { name: "Check the location" })).toBeVisible();
  await page.getByRole("button", { name: "Add meadow" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(name);
  const path = new URL(page.url()).pathname;

  const status = page.locator("main [data-hours]").first();
  await expect(status).toHaveText(/^Open now · closes /);
  await expect(page.getByTestId("week-hours")).toContainText(`${from}–${untilSyntax}`);
  await expect(page.getByText("In winter by appointment")).toBeVisible();

  await page.goto(`/nl${path}`);
  await waitForHydration(page);
  await expect(status).toHaveText(/^Nu open · sluit /);

  // The edit form opens with the editor showing the stored hours.
  await gotoHydrated(page, `${path}/edit`);
  const editHours = page.getByRole("group", { name: "Opening hours" });
  await expect(
    editHours.getByTestId("hours-editor").getByRole("checkbox", { name: "Sunday", exact: true }),
  ).toBeChecked();
  await expect(
    editHours.getByTestId("hours-editor").getByLabel("From", { exact: true }),
  ).toHaveValue(from);

  // The list finds it with "open now", and its card says so.
  await gotoHydrated(page, `/meadows?q=${encodeURIComponent(name)}`);
  const filters = page.getByRole("search", { name: "Find a meadow" });
  await filters.getByRole("checkbox", { name: "Open now" }).check();
  await expect(page).toHaveURL(/open=now/);
  await waitForResults(page);
  const results = page.getByTestId("meadow-results");
  await expect(results.getByRole("heading", { name })).toBeVisible();
  await expect(results.locator("[data-hours]")).toHaveText(/^Open now · closes /);
});

test("the open-now filter works without JavaScript", async ({ openPage }) => {
  const page = await openPage({ javaScriptEnabled: false });
  await page.goto("/meadows");
  const filters = page.getByRole("search", { name: "Find a meadow" });
  await filters.getByRole("checkbox", { name: "Open now" }).check();
  await filters.getByRole("button", { name: "Search" }).click();
  await expect(page).toHaveURL(/open=now/);
  await expect(filters.getByRole("checkbox", { name: "Open now" })).toBeChecked();
});

test("on a phone the editor's times and months show whole, in both languages", async ({
  page,
  baseURL,
}) => {
  await signUpMember(page, { baseURL });
  await page.setViewportSize({ width: 360, height: 740 });
  for (const prefix of ["", "/nl"]) {
    await gotoHydrated(page, `${prefix}/meadows/add`);
    const editor = page.getByTestId("hours-editor");
    await editor.locator("select").first().selectOption("9");
    // Each field's widest value, in the field's own font, fits inside it beside its icon or arrow
    // (Chromium here writes times with AM and PM, the widest way).
    const cut = await editor.evaluate((root) => {
      const context = document.createElement("canvas").getContext("2d") as CanvasRenderingContext2D;
      const shortBy: string[] = [];
      for (const field of root.querySelectorAll<HTMLInputElement | HTMLSelectElement>(
        "input[type=time], select",
      )) {
        const style = getComputedStyle(field);
        context.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
        const texts =
          field instanceof HTMLSelectElement
            ? [...field.options].map((option) => option.text)
            : ["10:00 AM"];
        const widest = Math.max(...texts.map((text) => context.measureText(text).width));
        const room =
          field.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight) - 24;
        if (widest > room) shortBy.push(`${field.id}: ${Math.ceil(widest - room)} px`);
      }
      return shortBy;
    });
    expect(cut, `${prefix || "/"}meadows/add`).toEqual([]);
  }
});
