import type { Page } from "@playwright/test";
import { UTRECHT_MEADOW } from "../../db/factories/meadow-form";

/** A field of the page's main content by its exact label. */
export function field(page: Page, label: string) {
  return page.getByRole("main").getByLabel(label, { exact: true });
}

/**
 * Fills the English add form with UTRECHT_MEADOW's name `name`, price and address, and its
 * free-text hours unless `hoursAsText` is false (the test gives structured hours instead).
 */
export async function fillMeadowBasics(page: Page, name: string, { hoursAsText = true } = {}) {
  await field(page, "Name").fill(name);
  const fields = [
    ["priceText", "Price"],
    ...(hoursAsText ? ([["openingHours", "Opening hours as text"]] as const) : []),
    ["street", "Street"],
    ["houseNumber", "House number"],
    ["postalCode", "Postal code"],
    ["city", "City"],
  ] as const;
  for (const [key, label] of fields) await field(page, label).fill(UTRECHT_MEADOW[key]);
  await field(page, "Country").selectOption("NL");
}
