import { DEMO_MEADOWS, DEMO_MEMBER } from "../../db/seed/demo-meadows";
import { expect, gotoHydrated, test } from "./fixtures";

/*
 * A member's public profile (/profile/{id}): reached from a meadow's "Added by", it shows the
 * meadows the member added as the same cards as the meadows list, in the page's language. The
 * demo member of a fresh embedded database owns every demo meadow.
 */

const texts = {
  en: {
    prefix: "",
    addedBy: "Meadows added",
    favorites: "Favorite meadows",
    country: "Netherlands",
  },
  nl: {
    prefix: "/nl",
    addedBy: "Toegevoegde pluktuinen",
    favorites: "Favoriete pluktuinen",
    country: "Nederland",
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
    const cards = added.getByRole("article");
    await expect(cards).toHaveCount(DEMO_MEADOWS.length);
    const first = DEMO_MEADOWS.find((meadow) => meadow.id === "demo-001");
    if (first?.country !== "NL") throw new Error("demo-001 is a Dutch demo meadow");
    const card = cards.filter({
      has: page.getByRole("heading", { level: 3, name: first.name, exact: true }),
    });
    // The country by name in the page's language, and the demo badge, as on the meadows list.
    await expect(card).toContainText(`${first.city}, ${t.country}`);
    await expect(card).toContainText(first.priceText);
    await expect(card).toContainText(lang === "nl" ? "Voorbeeld" : "Example");

    await expect(page.getByRole("region", { name: t.favorites })).toBeVisible();

    await card.getByRole("link", { name: first.name, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`${t.prefix}/meadows/demo-001$`));
  });
}
