import { png, webp } from "../fixtures/images/generate";
import { allowConsoleErrors, expect, gotoHydrated, test, type Page } from "./fixtures";
import { registerTexts, signIn, signUpMember } from "./members";

/** A demo meadow no other journey adds photos to. */
const MEADOW = "/meadows/demo-027";
const tiles = (page: Page) => page.locator("[data-photo-id]");

// Signing in after the account is gone answers 401, which the browser reports on its console.
test.use(allowConsoleErrors(/the server responded with a status of 401/));

test("deleting an account signs the member out for good and takes their photos with it", async ({
  page,
  baseURL,
}) => {
  test.slow();
  const member = await signUpMember(page, { name: "Wim Weg", baseURL });

  // Something to take along: a photo on a meadow and a profile picture.
  await gotoHydrated(page, MEADOW);
  await page
    .locator('input[type="file"]')
    .setInputFiles([{ name: "zonnebloem.webp", mimeType: "image/webp", buffer: await webp() }]);
  await expect(page.getByTestId("upload-queue")).toContainText("Added");
  await expect(tiles(page)).toHaveCount(1);
  await expect(tiles(page).first()).toContainText("Wim Weg");
  const photo = await tiles(page).first().locator("img").first().getAttribute("src");
  expect(photo).toMatch(/^\/images\/photos\//);

  await gotoHydrated(page, "/settings");
  await page
    .getByLabel("Choose a picture")
    .setInputFiles([{ name: "ik.png", mimeType: "image/png", buffer: await png(200, 200) }]);
  await page.getByRole("button", { name: "Upload", exact: true }).click();
  await expect(page.getByText("Your profile picture is saved", { exact: true })).toBeVisible();

  // The confirmation word is asked for first.
  const danger = page.getByRole("region", { name: "Danger zone" });
  await danger.getByLabel("Type “delete” to confirm").fill("yes");
  await danger.getByLabel("Password", { exact: true }).fill(member.password);
  await danger.getByRole("button", { name: "Delete my account" }).click();
  await expect(danger.getByText("Type the confirmation word exactly as shown")).toBeVisible();

  await danger.getByLabel("Type “delete” to confirm").fill("delete");
  await danger.getByLabel("Password", { exact: true }).fill(member.password);
  await danger.getByRole("button", { name: "Delete my account" }).click();
  await expect(page).toHaveURL("/");
  await expect(
    page.getByText("Your account is deleted. Thank you for picking with us.", { exact: true }),
  ).toBeVisible();
  await expect(page.getByRole("link", { name: "Sign in" })).toBeVisible();

  // The photo is gone from the meadow and from storage; the meadow stays.
  await gotoHydrated(page, MEADOW);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(tiles(page)).toHaveCount(0);
  expect((await page.request.get(photo!)).status()).toBe(404);

  // The address and password open nothing any more.
  await gotoHydrated(page, "/login");
  await signIn(page, registerTexts.en, member.email, member.password);
  await expect(
    page.getByText("That email address and password do not match. Check them and try again.", {
      exact: true,
    }),
  ).toBeVisible();
  await expect(page.getByRole("link", { name: "Sign in" })).toBeVisible();
});
