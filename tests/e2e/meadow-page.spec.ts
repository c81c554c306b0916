import { expect, gotoHydrated, test, type Page } from "./fixtures";
import { signUpMember } from "./members";

/*
 * A meadow's page as a visitor reads it on a phone: the name, whether it is open, the photos,
 * then the facts; the photo upload waits behind its button.
 */

const top = async (page: Page, locator: ReturnType<Page["locator"]>) =>
  (await locator.boundingBox())?.y ?? Number.NaN;

for (const lang of ["en", "nl"] as const) {
  const t = {
    en: {
      prefix: "",
      price: "Price",
      addPhotos: "Add photos",
      choose: "Choose photos",
      directions: "Directions",
      ourMap: "Show on the meadow map",
      noPhotos: "No photos yet. Be the first to share one.",
    },
    nl: {
      prefix: "/nl",
      price: "Prijs",
      addPhotos: "Foto's toevoegen",
      choose: "Foto's kiezen",
      directions: "Routebeschrijving",
      ourMap: "Op de pluktuinkaart bekijken",
      noPhotos: "Nog geen foto's. Deel jij de eerste?",
    },
  }[lang];

  test(`the facts come first and the upload waits behind its button (${lang})`, async ({
    page,
    baseURL,
  }) => {
    await signUpMember(page, { lang, baseURL });
    await page.setViewportSize({ width: 360, height: 800 });
    await gotoHydrated(page, `${t.prefix}/meadows/demo-007`);
    const main = page.locator("main");
    const heading = main.getByRole("heading", { level: 1 });
    const status = main.locator("[data-hours]");
    const gallery = main.locator(".gallery-empty");
    const price = main.getByText(t.price, { exact: true });
    const upload = main.locator("summary", { hasText: t.addPhotos });

    // Open or closed under the name, once; then the photos, the price, and only then the upload.
    await expect(status).toHaveCount(1);
    expect(await top(page, heading)).toBeLessThan(await top(page, status));
    expect(await top(page, status)).toBeLessThan(await top(page, gallery));
    expect(await top(page, gallery)).toBeLessThan(await top(page, price));
    expect(await top(page, price)).toBeLessThan(await top(page, upload));
    expect(await top(page, price)).toBeLessThan(800);

    // Without photos, a low banner with its note on it, not half a screen of placeholder.
    await expect(gallery).toContainText(t.noPhotos);
    const banner = (await gallery.boundingBox())!;
    expect(banner.height).toBeLessThan(banner.width / 2);

    // One way to the site's map, one to a route planner.
    await expect(main.getByRole("link", { name: t.ourMap })).toHaveCount(1);
    await expect(main.getByRole("link", { name: t.directions })).toHaveCount(1);
    await expect(main.locator('a[href*="openstreetmap.org/?mlat"]')).toHaveCount(0);

    const choose = main.getByRole("button", { name: t.choose }).first();
    await expect(choose).toBeHidden();
    await upload.click();
    await expect(choose).toBeVisible();
  });
}
