import { DEMO_MEADOWS, DEMO_MEMBER } from "../../db/seed/demo-meadows";
import { expect, gotoHydrated, test } from "./fixtures";

/*
 * A member's public profile (/profile/{id}): reached from a meadow's "Added by", it shows the
 * meadows the member added as the same cards as the meadows list, newest first, 24 to a page
 * (PROFILE_PAGE_SIZE), in the page's language. The demo member of a fresh embedded database owns
 * every demo meadow.
 */

const PAGE_SIZE = 24;

const texts = {
  en: {
    prefix: "",
    addedBy: "Meadows added",
    favorites: "Favorite meadows",
    country: "Netherlands",
    count: `${DEMO_MEADOWS.length} meadows`,
    next: "Next",
    previous: "Previous",
    pageOf: (page: number, pages: number) => `Page ${page} of ${pages}`,
  },
  nl: {
    prefix: "/nl",
    addedBy: "Toegevoegde pluktuinen",
    favorites: "Favoriete pluktuinen",
    country: "Nederland",
    count: `${DEMO_MEADOWS.length} pluktuinen`,
    next: "Volgende",
    previous: "Vorige",
    pageOf: (page: number, pages: number) => `Pagina ${page} van ${pages}`,
  },
} as const;

for (const [lang, t] of Object.entries(texts)) {
  test(`a meadow's "added by" leads to the member's meadows as cards (${lang})`, async ({
    page,
  }) => {
    await gotoHydrated(page, `${t.prefix}/meadows/demo-001`);
    await page.getByRole("link", { name: DEMO_MEMBER.name }).click();
    await expect(page).toHaveURL(new RegExp(`${t.prefix}/profile/${DEMO_MEMBER.id}$`));
    await expect(page.getByRole("heading", { level: 1, name: DEMO_MEMBER.name })).toBeVisible();

    const added = page.getByRole("region", { name: t.addedBy });
    await expect(added).toContainText(t.count);
    const cards = added.getByRole("article");
    const pages = Math.ceil(DEMO_MEADOWS.length / PAGE_SIZE);
    if (pages !== 2) throw new Error("the demo meadows fill two pages of a profile");
    await expect(cards).toHaveCount(PAGE_SIZE);
    const newest = [...DEMO_MEADOWS].sort((a, b) => b.createdAt.localeCompare(a.createdAt));
    await expect(cards.first()).toContainText(newest[0]!.name);
    const pagination = added.getByRole("navigation");
    await expect(pagination.locator("[aria-current=page]")).toHaveAccessibleName(
      t.pageOf(1, pages),
    );

    // The oldest demo meadow is on the second page; the link works without JavaScript too.
    await pagination.getByRole("link", { name: t.next }).click();
    await expect(page).toHaveURL(new RegExp(`${t.prefix}/profile/${DEMO_MEMBER.id}\\?page=2$`));
    await expect(pagination.locator("[aria-current=page]")).toHaveAccessibleName(
      t.pageOf(2, pages),
    );
    await expect(cards).toHaveCount(DEMO_MEADOWS.length - PAGE_SIZE);
    await expect(pagination.getByRole("link", { name: t.next })).toHaveCount(0);
    await expect(pagination.getByRole("link", { name: t.previous })).toBeVisible();
    const first = newest.at(-1);
    if (first?.id !== "demo-001" || first.country !== "NL") {
      throw new Error("demo-001 is the oldest demo meadow, a Dutch one");
    }
    const card = cards.filter({
      has: page.getByRole("heading", { level: 3, name: first.name, exact: true }),
    });
    // The country by name in the page's language, and the demo badge, as on the meadows list.
    await expect(card).toContainText(`${first.city}, ${t.country}`);
    await expect(card).toContainText(first.priceText);
    await expect(card).toContainText(lang === "nl" ? "Voorbeeld" : "Example");

    // The member keeps their favorites to themselves (the setting is off by default).
    await expect(page.getByRole("region", { name: t.favorites })).toHaveCount(0);

    await card.getByRole("link", { name: first.name, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`${t.prefix}/meadows/demo-001$`));
  });

  test(`on a phone the page numbers have a line of their own above the buttons (${lang})`, async ({
    page,
  }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await gotoHydrated(page, `${t.prefix}/profile/${DEMO_MEMBER.id}?page=2`);
    const pagination = page.getByRole("region", { name: t.addedBy }).getByRole("navigation");
    const number = await pagination.getByRole("list").boundingBox();
    const previous = await pagination.getByRole("link", { name: t.previous }).boundingBox();
    if (!number || !previous) throw new Error("the pagination is not laid out");
    // One line of numbers, above the buttons.
    expect(number.height).toBeLessThan(50);
    expect(number.y + number.height).toBeLessThanOrEqual(previous.y);
  });
}

test("a profile page past the member's last one goes to their last page", async ({ page }) => {
  await page.goto(`/profile/${DEMO_MEMBER.id}?page=9`);
  await expect(page).toHaveURL(new RegExp(`/profile/${DEMO_MEMBER.id}\\?page=2$`));
  await expect(
    page.getByRole("region", { name: "Meadows added" }).getByRole("article"),
  ).toHaveCount(DEMO_MEADOWS.length - PAGE_SIZE);
  // A page number that is not one shows the first page.
  await page.goto(`/profile/${DEMO_MEMBER.id}?page=abc`);
  await expect(
    page.getByRole("region", { name: "Meadows added" }).getByRole("article"),
  ).toHaveCount(PAGE_SIZE);
});
