import {
  allowConsoleErrors,
  expect,
  gotoHydrated,
  NOT_FOUND_RESOURCE,
  test,
  waitForHydration,
  type Page,
} from "./fixtures";
import { UTRECHT_MEADOW, type MeadowValues } from "../../db/factories/meadow-form";
import { registerTexts, signIn, signUpMember } from "./members";

/*
 * Adding, editing and deleting a meadow as a member sees it in the browser: the form checks
 * itself before sending, the server finds the address (the embedded gazetteer places towns), the
 * map's pin can be dragged to the entrance, and the meadow's page shows what was saved.
 * tests/server/meadow-form.test.ts covers the same rules at the HTTP level.
 */

const texts = {
  en: {
    prefix: "",
    addMeadowNav: "Add a meadow",
    addTitle: "Add a meadow",
    name: "Name",
    description: "Description in English (optional)",
    descriptionNl: "Description in Dutch (optional)",
    price: "Price",
    openingHours: "Opening hours as text",
    street: "Street",
    houseNumber: "House number",
    postalCode: "Postal code",
    city: "City",
    country: "Country",
    website: "Website",
    phone: "Phone number",
    instagram: "Instagram",
    findAddress: "Find on the map",
    locationTitle: "Check the location",
    pinLabel: "Meadow location: drag the pin or use the arrow keys",
    addButton: "Add meadow",
    saveButton: "Save changes",
    added: "Meadow added successfully",
    saved: "Changes saved",
    edit: "Edit meadow",
    deleteButton: "Delete meadow",
    deleteQuestion: (name: string) => `Delete ${name}?`,
    deleteConfirm: "Yes, delete",
    deleted: "Meadow deleted",
    cancel: "Cancel",
    forbiddenTitle: "Not allowed",
    notYours: "Only the member who added this meadow can change it.",
    notFoundTitle: "Page not found",
    pinPosition: /^Pin at (-?\d+\.\d{5}), (-?\d+\.\d{5})$/,
    messages: {
      nameMin: "Name must be at least 3 characters",
      price: "Price is required",
      openingHours: "Opening hours are required",
      street: "Street is required",
      houseNumber: "House number is required",
      postalCode: "Postal code is required",
      city: "City is required",
      country: "Country is required",
      website: "Please enter a valid URL",
      phone: "Enter a phone number of at least 6 digits, using only digits, spaces and + - ( ) / .",
      instagram: "Enter an Instagram name like @pluktuin or a link to the profile",
      address: "Please enter a valid address to continue",
    },
  },
  nl: {
    prefix: "/nl",
    addMeadowNav: "Pluktuin toevoegen",
    addTitle: "Pluktuin toevoegen",
    name: "Naam",
    description: "Beschrijving in het Engels (optioneel)",
    descriptionNl: "Beschrijving in het Nederlands (optioneel)",
    price: "Prijs",
    openingHours: "Openingstijden als tekst",
    street: "Straat",
    houseNumber: "Huisnummer",
    postalCode: "Postcode",
    city: "Plaats",
    country: "Land",
    website: "Website",
    phone: "Telefoonnummer",
    instagram: "Instagram",
    findAddress: "Op de kaart zoeken",
    locationTitle: "Controleer de locatie",
    pinLabel: "Locatie van de pluktuin: sleep de speld of gebruik de pijltjestoetsen",
    addButton: "Pluktuin toevoegen",
    saveButton: "Wijzigingen opslaan",
    added: "Pluktuin toegevoegd",
    saved: "Wijzigingen opgeslagen",
    edit: "Pluktuin bewerken",
    deleteButton: "Pluktuin verwijderen",
    deleteQuestion: (name: string) => `${name} verwijderen?`,
    deleteConfirm: "Ja, verwijderen",
    deleted: "Pluktuin verwijderd",
    cancel: "Annuleren",
    forbiddenTitle: "Niet toegestaan",
    notYours: "Alleen wie deze pluktuin heeft toegevoegd, kan hem wijzigen.",
    notFoundTitle: "Pagina niet gevonden",
    pinPosition: /^Speld op (-?\d+\.\d{5}), (-?\d+\.\d{5})$/,
    messages: {
      nameMin: "De naam moet minstens 3 tekens lang zijn",
      price: "Vul een prijs in",
      openingHours: "Vul de openingstijden in",
      street: "Vul een straat in",
      houseNumber: "Vul een huisnummer in",
      postalCode: "Vul een postcode in",
      city: "Vul een plaats in",
      country: "Kies een land",
      website: "Vul een geldig webadres in",
      phone:
        "Een telefoonnummer heeft minstens 6 cijfers en bevat alleen cijfers, spaties en + - ( ) /",
      instagram: "Vul een Instagram-naam in, zoals @pluktuin, of een link naar het profiel",
      address: "Vul een geldig adres in om verder te gaan",
    },
  },
} as const;

/** An address the geocoder cannot place is answered 422, which the browser reports. */
const ADDRESS_NOT_FOUND = /status of 422 .*\/meadows\/add\.data:/;

test.use(allowConsoleErrors(ADDRESS_NOT_FOUND));

type Lang = keyof typeof texts;
type Texts = (typeof texts)[Lang];

const UTRECHT_CENTRE = { lat: 52.09, lng: 5.12 };
const AMERSFOORT_CENTRE = { lat: 52.16, lng: 5.39 };

function field(page: Page, label: string) {
  return page.getByRole("main").getByLabel(label, { exact: true });
}

function escapeRegExp(text: string) {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/** The field is marked invalid, and the message is shown and read out with it. */
async function expectFieldError(page: Page, label: string, message: string) {
  const control = field(page, label);
  await expect(control).toHaveAttribute("aria-invalid", "true");
  await expect(control).toHaveAccessibleDescription(new RegExp(escapeRegExp(message)));
  // Scoped to the messages: the country list's first option may say the same ("Kies een land").
  await expect(page.getByRole("alert").getByText(message, { exact: true })).toBeVisible();
}

/** The form's label for each value, in the page's language. */
function formLabels(t: Texts): Record<keyof MeadowValues, string> {
  return {
    name: t.name,
    description: t.description,
    descriptionNl: t.descriptionNl,
    priceText: t.price,
    openingHours: t.openingHours,
    street: t.street,
    houseNumber: t.houseNumber,
    postalCode: t.postalCode,
    city: t.city,
    country: t.country,
    website: t.website,
    phone: t.phone,
    instagram: t.instagram,
  };
}

async function fillMeadowForm(page: Page, t: Texts, values: Partial<MeadowValues>) {
  const labels = formLabels(t);
  for (const [key, value] of Object.entries(values) as Array<[keyof MeadowValues, string]>) {
    if (key === "country") await field(page, labels.country).selectOption(value);
    else await field(page, labels[key]).fill(value);
  }
}

async function expectFormValues(page: Page, t: Texts, values: MeadowValues) {
  for (const [key, label] of Object.entries(formLabels(t)) as Array<[keyof MeadowValues, string]>) {
    await expect(field(page, label)).toHaveValue(values[key]);
  }
}

function locationSection(page: Page, t: Texts) {
  return page.getByRole("group", { name: t.locationTitle });
}

/** The position the "Pin at …" line shows. */
async function pinPosition(page: Page, t: Texts) {
  const line = page.getByTestId("pin-position");
  await expect(line).toHaveText(t.pinPosition);
  const [, lat, lng] = t.pinPosition.exec((await line.textContent()) ?? "")!;
  return { lat: Number(lat), lng: Number(lng) };
}

/** The meadow's position as its page tells link previews (schema.org JSON-LD). */
async function savedPosition(page: Page) {
  const json = await page.locator('script[type="application/ld+json"]').textContent();
  const { geo } = JSON.parse(json ?? "{}") as { geo: { latitude: number; longitude: number } };
  return { lat: geo.latitude, lng: geo.longitude };
}

const detailPath = (t: Texts) => new RegExp(`^[^?#]*${t.prefix}/meadows/[0-9A-Za-z]{10}$`);

/** Adds a meadow through the form, without moving the pin; returns the meadow's path. */
async function addMeadow(page: Page, t: Texts, values: MeadowValues = UTRECHT_MEADOW) {
  await gotoHydrated(page, `${t.prefix}/meadows/add`);
  await fillMeadowForm(page, t, values);
  await page.getByRole("button", { name: t.findAddress }).click();
  await expect(locationSection(page, t)).toBeVisible();
  await page.getByRole("button", { name: t.addButton }).click();
  await expect(page).toHaveURL(detailPath(t));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(values.name);
  return new URL(page.url()).pathname;
}

test.describe("adding a meadow", () => {
  test("a visitor following Add Meadow signs in first and lands on the form", async ({
    page,
    baseURL,
  }) => {
    const member = await signUpMember(page, { baseURL });
    const t = registerTexts.en;
    await page.getByRole("button", { name: t.signOut }).first().click();
    await expect(page.getByRole("banner").getByRole("link", { name: t.signIn })).toBeVisible();

    await page.getByRole("banner").getByRole("link", { name: texts.en.addMeadowNav }).click();
    await expect(page).toHaveURL(`/login?redirectTo=${encodeURIComponent("/meadows/add")}`);
    await waitForHydration(page);
    await signIn(page, t, member.email, member.password);
    await expect(page).toHaveURL("/meadows/add");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(texts.en.addTitle);
    // Fields side by side stand level, whichever of them has a hint below it.
    const top = async (label: string) => (await page.getByLabel(label).boundingBox())?.y;
    expect(await top("Phone number")).toBe(await top("Instagram"));
  });

  for (const [lang, t] of Object.entries(texts) as Array<[Lang, Texts]>) {
    test(`${lang}: the form checks itself, finds the address, takes the dragged pin and saves`, async ({
      page,
      baseURL,
    }) => {
      // A sign-up, two address lookups, a map and the saved meadow's page.
      test.slow();
      await signUpMember(page, { lang, baseURL });
      await gotoHydrated(page, `${t.prefix}/meadows/add`);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(t.addTitle);
      const posts: string[] = [];
      page.on("request", (request) => {
        if (request.method() === "POST") posts.push(request.url());
      });

      // Leaving a field checks it.
      await field(page, t.name).fill("ab");
      await field(page, t.name).blur();
      await expectFieldError(page, t.name, t.messages.nameMin);
      await field(page, t.website).fill("not a web address");
      await field(page, t.website).blur();
      await expectFieldError(page, t.website, t.messages.website);
      await field(page, t.phone).fill("12");
      await field(page, t.phone).blur();
      await expectFieldError(page, t.phone, t.messages.phone);
      await field(page, t.instagram).fill("https://www.instagram.com/p/abc/");
      await field(page, t.instagram).blur();
      await expectFieldError(page, t.instagram, t.messages.instagram);

      // Asking to find the address checks every field, and sends nothing while any is wrong.
      await page.getByRole("button", { name: t.findAddress }).click();
      await expectFieldError(page, t.price, t.messages.price);
      await expectFieldError(page, t.openingHours, t.messages.openingHours);
      await expectFieldError(page, t.street, t.messages.street);
      await expectFieldError(page, t.houseNumber, t.messages.houseNumber);
      await expectFieldError(page, t.postalCode, t.messages.postalCode);
      await expectFieldError(page, t.city, t.messages.city);
      await expectFieldError(page, t.country, t.messages.country);
      await expectFieldError(page, t.name, t.messages.nameMin);
      expect(posts).toEqual([]);

      // Fixing a field clears its message as one types.
      await field(page, t.name).fill(UTRECHT_MEADOW.name);
      await expect(page.getByText(t.messages.nameMin)).toHaveCount(0);
      await expect(field(page, t.name)).not.toHaveAttribute("aria-invalid", "true");

      // An address the geocoder cannot place: a message, and everything typed is still there.
      const nowhere = {
        ...UTRECHT_MEADOW,
        postalCode: "9999 ZZ",
        city: "Nergenshuizen aan de Nooit",
      };
      await fillMeadowForm(page, t, nowhere);
      await page.getByRole("button", { name: t.findAddress }).click();
      await expect(page.getByText(t.messages.address, { exact: true })).toBeVisible();
      await expectFormValues(page, t, nowhere);
      await expect(locationSection(page, t)).toHaveCount(0);
      await expect(page.getByRole("button", { name: t.addButton })).toHaveCount(0);

      // A real address: the map shows where it was found, with a pin to drag.
      await fillMeadowForm(page, t, {
        postalCode: UTRECHT_MEADOW.postalCode,
        city: UTRECHT_MEADOW.city,
      });
      await page.getByRole("button", { name: t.findAddress }).click();
      await expect(locationSection(page, t)).toBeVisible();
      await expect(page.getByText(t.messages.address, { exact: true })).toHaveCount(0);
      const found = await pinPosition(page, t);
      expect(found.lat).toBeCloseTo(UTRECHT_CENTRE.lat, 1);
      expect(found.lng).toBeCloseTo(UTRECHT_CENTRE.lng, 1);
      const foundLine = (await page.getByTestId("pin-position").textContent())!;

      const pin = page.getByTestId("location-picker").getByLabel(t.pinLabel);
      await pin.scrollIntoViewIfNeeded();
      await expect(pin).toBeVisible({ timeout: 15_000 });
      const box = (await pin.boundingBox())!;
      const start = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
      await page.mouse.move(start.x, start.y);
      await page.mouse.down();
      await page.mouse.move(start.x + 80, start.y + 50, { steps: 12 });
      await page.mouse.up();
      // Right is east, down is south.
      await expect(page.getByTestId("pin-position")).not.toHaveText(foundLine);
      const dragged = await pinPosition(page, t);
      expect(dragged.lng).toBeGreaterThan(found.lng);
      expect(dragged.lat).toBeLessThan(found.lat);

      await page.getByRole("button", { name: t.addButton }).click();
      await expect(page).toHaveURL(detailPath(t));
      await expect(page.getByText(t.added, { exact: true })).toBeVisible();
      expect(posts.length).toBeGreaterThanOrEqual(3);

      // The meadow's page shows what was typed, and the pin where it was dragged.
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(UTRECHT_MEADOW.name);
      const main = page.getByRole("main");
      // The description in the page's language, marked with it; not the other one.
      const [shown, other] =
        lang === "nl"
          ? [UTRECHT_MEADOW.descriptionNl, UTRECHT_MEADOW.description]
          : [UTRECHT_MEADOW.description, UTRECHT_MEADOW.descriptionNl];
      const description = main.locator(`p[lang="${lang}"]`);
      await expect(description).toHaveText(shown, { useInnerText: true });
      await expect(main.getByText(other.split("\n")[0]!)).toHaveCount(0);
      await expect(main.getByText(UTRECHT_MEADOW.priceText, { exact: true })).toBeVisible();
      await expect(main.locator("address")).toContainText(
        `${UTRECHT_MEADOW.street} ${UTRECHT_MEADOW.houseNumber}`,
      );
      await expect(main.locator("address")).toContainText(
        `${UTRECHT_MEADOW.postalCode} ${UTRECHT_MEADOW.city}`,
      );
      await expect(main.getByRole("link", { name: "@dewei.pluk", exact: true })).toHaveAttribute(
        "href",
        "https://www.instagram.com/dewei.pluk/",
      );
      await expect(
        main.getByRole("link", { name: UTRECHT_MEADOW.phone, exact: true }),
      ).toHaveAttribute("href", "tel:+31301234567");
      await expect(
        main.getByRole("link", { name: UTRECHT_MEADOW.website, exact: true }),
      ).toHaveAttribute("href", `https://${UTRECHT_MEADOW.website}`);
      const saved = await savedPosition(page);
      // The line shows five decimals; the form sends six.
      expect(saved.lat).toBeCloseTo(dragged.lat, 4);
      expect(saved.lng).toBeCloseTo(dragged.lng, 4);
    });
  }
});

test.describe("editing a meadow", () => {
  // Another member's request for the edit page is answered 403, which the browser reports.
  test.use(allowConsoleErrors(/the server responded with a status of 403/));

  test("the owner changes the text and the address; another member may not", async ({
    page,
    openPage,
    baseURL,
  }) => {
    test.slow();
    const t = texts.en;
    await signUpMember(page, { baseURL });
    const path = await addMeadow(page, t);

    await page.getByRole("link", { name: t.edit }).click();
    await expect(page).toHaveURL(`${path}/edit`);
    await waitForHydration(page);
    // What was saved, as it was saved (the website with its scheme, the bare Instagram name).
    await expectFormValues(page, t, {
      ...UTRECHT_MEADOW,
      website: `https://${UTRECHT_MEADOW.website}`,
      instagram: "dewei.pluk",
    });
    // The saved pin belongs to the saved address: saving does not need the map again.
    await expect(locationSection(page, t)).toBeVisible();
    await fillMeadowForm(page, t, { name: "Pluktuin De Wei", priceText: "€ 1 per steel" });
    await page.getByRole("button", { name: t.saveButton }).click();
    await expect(page).toHaveURL(path);
    await expect(page.getByText(t.saved, { exact: true })).toBeVisible();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Pluktuin De Wei");
    await expect(page.getByRole("main").getByText("€ 1 per steel", { exact: true })).toBeVisible();
    const before = await savedPosition(page);
    expect(before.lat).toBeCloseTo(UTRECHT_CENTRE.lat, 1);

    // Another town: the old pin no longer applies, so the address is found again before saving.
    await page.getByRole("link", { name: t.edit }).click();
    await expect(page).toHaveURL(`${path}/edit`);
    await expect(locationSection(page, t)).toBeVisible();
    await fillMeadowForm(page, t, { city: "Amersfoort" });
    await expect(locationSection(page, t)).toHaveCount(0);
    await expect(page.getByRole("button", { name: t.saveButton })).toHaveCount(0);
    await page.getByRole("button", { name: t.findAddress }).click();
    await expect(locationSection(page, t)).toBeVisible();
    const moved = await pinPosition(page, t);
    expect(moved.lat).toBeCloseTo(AMERSFOORT_CENTRE.lat, 1);
    expect(moved.lng).toBeCloseTo(AMERSFOORT_CENTRE.lng, 1);
    await page.getByRole("button", { name: t.saveButton }).click();
    await expect(page).toHaveURL(path);
    await expect(page.getByRole("main").locator("address")).toContainText("Amersfoort");
    const after = await savedPosition(page);
    expect(after.lat).toBeCloseTo(moved.lat, 4);
    expect(after.lng).toBeCloseTo(moved.lng, 4);

    // Another member sees the meadow without an edit link, and is refused the edit page.
    const other = await openPage();
    await signUpMember(other, { baseURL, name: "Joris Visser" });
    await gotoHydrated(other, path);
    await expect(other.getByRole("heading", { level: 1 })).toHaveText("Pluktuin De Wei");
    await expect(other.getByRole("link", { name: t.edit })).toHaveCount(0);
    const refused = await other.goto(`${path}/edit`);
    expect(refused?.status()).toBe(403);
    await expect(other.getByRole("heading", { level: 1 })).toHaveText(t.forbiddenTitle);
    await expect(other.getByText(t.notYours, { exact: true })).toBeVisible();
    await expect(other.getByRole("main").getByLabel(t.name, { exact: true })).toHaveCount(0);
  });
});

test.describe("deleting a meadow", () => {
  // The deleted meadow's page answers 404, which the browser reports.
  test.use(allowConsoleErrors(NOT_FOUND_RESOURCE));

  test("the dialog asks first; cancelling keeps the meadow, confirming deletes it", async ({
    page,
    baseURL,
  }) => {
    const t = texts.en;
    await signUpMember(page, { baseURL });
    const path = await addMeadow(page, t, { ...UTRECHT_MEADOW, name: "Tulpenveld Oost" });
    await gotoHydrated(page, `${path}/edit`);

    const dialog = page.getByRole("alertdialog");
    await page.getByRole("button", { name: t.deleteButton }).click();
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole("heading")).toHaveText(t.deleteQuestion("Tulpenveld Oost"));
    await dialog.getByRole("button", { name: t.cancel }).click();
    await expect(dialog).toHaveCount(0);
    await expect(page).toHaveURL(`${path}/edit`);

    await page.getByRole("button", { name: t.deleteButton }).click();
    await dialog.getByRole("button", { name: t.deleteConfirm }).click();
    await expect(page).toHaveURL("/meadows");
    await expect(page.getByText(t.deleted, { exact: true })).toBeVisible();

    const gone = await page.goto(path);
    expect(gone?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(t.notFoundTitle);
  });
});

test.describe("without JavaScript", () => {
  // The deleted meadow's page answers 404, which the browser reports.
  test.use(allowConsoleErrors(NOT_FOUND_RESOURCE));

  for (const [lang, t] of Object.entries(texts) as Array<[Lang, Texts]>) {
    test(`${lang}: a meadow is added in two steps and deleted after a question on the page`, async ({
      openPage,
      baseURL,
    }) => {
      test.slow();
      const page = await openPage({ javaScriptEnabled: false });
      await signUpMember(page, { lang, baseURL, javaScript: false });

      await page.goto(`${t.prefix}/meadows/add`);
      // No editor without JavaScript: the hours' hint does not point to one.
      await expect(
        page.getByText(/^(Days, times and months|Dagen, tijden en maanden) /),
      ).toBeVisible();
      await expect(page.getByText(/(editor above|editor hierboven)/)).toHaveCount(0);
      const name = `Dahliaveld ${lang.toUpperCase()}`;
      await fillMeadowForm(page, t, { ...UTRECHT_MEADOW, name });
      await page.getByRole("button", { name: t.findAddress }).click();
      // The server answers with the found position; without a map it is kept as it was found.
      await expect(locationSection(page, t)).toBeVisible();
      const found = await pinPosition(page, t);
      expect(found.lat).toBeCloseTo(UTRECHT_CENTRE.lat, 1);
      await expectFormValues(page, t, { ...UTRECHT_MEADOW, name });
      await page.getByRole("button", { name: t.addButton }).click();
      await expect(page).toHaveURL(detailPath(t));
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(name);
      // No toast without JavaScript: the flash message shows as a plain notice.
      await expect(page.getByRole("status").filter({ hasText: t.added })).toBeVisible();
      const path = new URL(page.url()).pathname;
      const saved = await savedPosition(page);
      expect(saved.lat).toBeCloseTo(found.lat, 4);
      expect(saved.lng).toBeCloseTo(found.lng, 4);

      await page.getByRole("link", { name: t.edit }).click();
      await expect(page).toHaveURL(`${path}/edit`);
      await page.getByRole("button", { name: t.deleteButton }).click();
      const question = page.getByRole("alert").filter({ hasText: t.deleteQuestion(name) });
      await expect(question).toBeVisible();
      // Asking deleted nothing yet.
      expect((await page.request.get(path)).status()).toBe(200);
      await question.getByRole("button", { name: t.deleteConfirm }).click();
      await expect(page).toHaveURL(`${t.prefix}/meadows`);
      await expect(page.getByRole("status").filter({ hasText: t.deleted })).toBeVisible();

      const gone = await page.goto(path);
      expect(gone?.status()).toBe(404);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(t.notFoundTitle);
    });
  }
});
