import { writeFile } from "node:fs/promises";
import { orientedJpegWithGps, png, TEXT_NAMED_JPG, webp } from "../fixtures/images/generate";
import { seriousViolations } from "./axe";
import {
  allowConsoleErrors,
  expect,
  gotoHydrated,
  gotoWithScriptsHeld,
  test,
  type Page,
} from "./fixtures";
import { signUpMember } from "./members";

/*
 * Photos on a meadow's page, as members and visitors use them: with JavaScript (several files
 * by picker or drop, progress, cancel, no page load; the full-size view) and without (a plain
 * multipart form; deleting asks on the page), in English and Dutch.
 */

test.use({ trace: "off" });

/** Demo meadows no other journey uses, one per test, so the galleries start empty. */
const JS_MEADOW = "/meadows/demo-040";
const PLAIN_MEADOW = "/nl/meadows/demo-041";

async function expectNoSeriousViolations(page: Page, where: string) {
  const serious = (await seriousViolations(page)).map(
    (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target).join(", ")}`,
  );
  expect(serious, where).toEqual([]);
}

const tiles = (page: Page) => page.locator("[data-photo-id]");

/** Opens the upload, folded behind its button ("Add photos"), with or without JavaScript. */
async function openUpload(page: Page, name = "Add photos") {
  await page.locator("summary", { hasText: name }).click();
}

test.describe("with JavaScript", () => {
  // The refused file's request answers 415, which the browser reports on its console.
  test.use(allowConsoleErrors(/status of 415 .*\/api\/meadows\/demo-040\/photos/));

  test("with JavaScript: upload several files, watch them arrive, view them full size, delete one", async ({
    page,
    baseURL,
  }) => {
    await signUpMember(page, { name: "Anna Fotograaf", baseURL });
    await gotoHydrated(page, JS_MEADOW);
    await expect(page.getByText("No photos yet. Be the first to share one.")).toBeVisible();
    // A marker that a page load would wipe out.
    await page.evaluate(() => ((window as unknown as { stayed: boolean }).stayed = true));

    // Held back for a moment, so progress and cancel can be seen.
    let holdUploads = true;
    await page.route("**/api/meadows/*/photos", async (route) => {
      while (holdUploads) await new Promise((resolve) => setTimeout(resolve, 100));
      await route.continue().catch(() => undefined);
    });
    await openUpload(page);
    await page.locator('input[type="file"]').setInputFiles([
      { name: "tulpen.jpg", mimeType: "image/jpeg", buffer: await orientedJpegWithGps() },
      { name: "dahlias.png", mimeType: "image/png", buffer: await png(900, 600) },
      { name: TEXT_NAMED_JPG.name, mimeType: "image/jpeg", buffer: TEXT_NAMED_JPG.bytes },
    ]);
    const queue = page.getByTestId("upload-queue");
    await expect(
      queue.getByRole("progressbar", { name: "Upload progress of tulpen.jpg" }),
    ).toBeVisible();
    await expect(queue.locator("li img").first()).toBeVisible();
    // The third waits its turn: cancelled before it starts.
    await page.getByRole("button", { name: "Cancel uploading holiday.jpg" }).click();
    await expect(queue.locator('li[data-status="cancelled"]')).toContainText("Cancelled");
    holdUploads = false;
    await expect(tiles(page)).toHaveCount(2);
    expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(
      true,
    );

    // A refused file says why, and the others still go.
    await page.getByTestId("photo-dropzone").evaluate(
      async (zone, bytes) => {
        const transfer = new DataTransfer();
        transfer.items.add(new File([new Uint8Array(bytes)], "notes.jpg", { type: "image/jpeg" }));
        transfer.items.add(
          new File(
            [
              await (
                await fetch(document.querySelector("[data-photo-id] img")!.getAttribute("src")!)
              ).blob(),
            ],
            "again.webp",
            {
              type: "image/webp",
            },
          ),
        );
        zone.dispatchEvent(new DragEvent("drop", { dataTransfer: transfer, bubbles: true }));
      },
      [...TEXT_NAMED_JPG.bytes],
    );
    await expect(queue.locator('li[data-status="refused"]')).toContainText(
      "not a JPEG, PNG, WebP or AVIF image",
    );
    await expect(tiles(page)).toHaveCount(3);
    await expect(tiles(page).first()).toContainText("Anna Fotograaf");
    // Two uploads run at once, so which is stored first is a race (and "again.webp" copies the
    // first): the turned photo, taken 100 wide with an orientation tag, shows 50 wide somewhere.
    await expect(tiles(page).locator('img[width="50"][height="100"]').first()).toBeVisible();
    await expect(tiles(page).first().locator("img").first()).toHaveAttribute("sizes", /vw/);
    await expectNoSeriousViolations(page, "gallery");
    await page.emulateMedia({ colorScheme: "dark" });
    await expectNoSeriousViolations(page, "gallery, dark");
    await page.emulateMedia({ colorScheme: "light" });

    // The full-size view: arrows and swipes move, Escape closes, focus goes back to the tile.
    const opener = tiles(page).first().getByRole("link").first();
    await opener.click();
    const viewer = page.getByRole("dialog");
    await expect(viewer.getByText("Photo 1 of 3")).toBeVisible();
    await page.keyboard.press("ArrowRight");
    await expect(viewer.getByText("Photo 2 of 3")).toBeVisible();
    await page.keyboard.press("ArrowLeft");
    await page.keyboard.press("ArrowLeft");
    await expect(viewer.getByText("Photo 3 of 3")).toBeVisible();
    await viewer.dispatchEvent("pointerdown", { pointerType: "touch", clientX: 300, clientY: 300 });
    await viewer.dispatchEvent("pointerup", { pointerType: "touch", clientX: 120, clientY: 300 });
    await expect(viewer.getByText("Photo 1 of 3")).toBeVisible();
    await expectNoSeriousViolations(page, "full-size view");
    await page.keyboard.press("Escape");
    await expect(viewer).toHaveCount(0);
    await expect(opener).toBeFocused();

    // Deleting asks first, then the photo goes without a page load.
    await tiles(page).nth(1).getByRole("button", { name: "Delete photo" }).click();
    const confirm = page.getByRole("alertdialog");
    await expect(confirm).toContainText("Delete this photo?");
    await confirm.getByRole("button", { name: "Yes, delete" }).click();
    await expect(tiles(page)).toHaveCount(2);
    await expect(page.getByText("Photo deleted", { exact: true })).toBeVisible();

    // The first photo is the meadow's picture in link previews.
    await expect(page.locator('meta[property="og:image"]')).toHaveAttribute(
      "content",
      /\/images\/photos\/[0-9a-f]{32}\/1280w-1x\.webp$/,
    );
  });
});

test("a photo chosen before the page's scripts arrive is uploaded all the same, with its caption", async ({
  page,
  baseURL,
}) => {
  await signUpMember(page, { name: "Lotte Laat", baseURL });
  const release = await gotoWithScriptsHeld(page, "/meadows/demo-038");
  await openUpload(page);
  const plainInput = page.locator("#photo-files");
  await plainInput.setInputFiles([
    { name: "vroeg.png", mimeType: "image/png", buffer: await png(800, 600) },
  ]);
  await page.locator("#photo-caption").fill("Vroeg in de ochtend");
  const hydrated = () =>
    page.evaluate(() => Object.keys(document.body).some((key) => key.startsWith("__reactFiber")));
  expect(await hydrated()).toBe(false);

  release();
  await expect(page.getByTestId("upload-queue")).toContainText("Added");
  await expect(tiles(page)).toHaveCount(1);
  await expect(tiles(page).first()).toContainText("Vroeg in de ochtend");
  await expect(page.getByLabel("Caption (optional)", { exact: true })).toHaveValue(
    "Vroeg in de ochtend",
  );
});

test("with JavaScript, in Dutch: the upload and the full-size view speak Dutch", async ({
  page,
  baseURL,
}) => {
  await signUpMember(page, { lang: "nl", name: "Fenna Foto", baseURL });
  await gotoHydrated(page, "/nl/meadows/demo-042");
  await openUpload(page, "Foto's toevoegen");
  await page
    .locator('input[type="file"]')
    .setInputFiles([{ name: "rozen.webp", mimeType: "image/webp", buffer: await webp(640, 480) }]);
  await expect(page.getByTestId("upload-queue")).toContainText("Toegevoegd");
  await expect(tiles(page)).toHaveCount(1);
  // Too large to send: refused at once, in the page's language.
  await page
    .locator('input[type="file"]')
    .setInputFiles([
      { name: "enorm.jpg", mimeType: "image/jpeg", buffer: Buffer.alloc(15 * 1024 * 1024 + 1) },
    ]);
  await expect(
    page.locator('[data-testid="upload-queue"] li[data-status="refused"]'),
  ).toContainText("groter dan 15 MB");
  await tiles(page).first().getByRole("link").first().click();
  const viewer = page.getByRole("dialog");
  await expect(viewer).toContainText("Foto 1 van 1");
  await expect(viewer).toContainText("Foto: Fenna Foto");
  await expectNoSeriousViolations(page, "full-size view, Dutch");
  await page.keyboard.press("Escape");
  await tiles(page).first().getByRole("button", { name: "Foto verwijderen" }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Ja, verwijderen" }).click();
  await expect(tiles(page)).toHaveCount(0);
});

test("without JavaScript, in English: visitors are asked to sign in, members get the form", async ({
  openPage,
  baseURL,
}) => {
  const visitor = await openPage({ javaScriptEnabled: false });
  await visitor.goto("/meadows/demo-039");
  await visitor.getByRole("link", { name: "Log in to upload or delete photos" }).click();
  await expect(visitor).toHaveURL(/\/login\?redirectTo=%2Fmeadows%2Fdemo-039$/);

  const page = await openPage({ javaScriptEnabled: false });
  await signUpMember(page, { name: "Tom Tuin", baseURL, javaScript: false });
  await page.goto("/meadows/demo-039");
  await openUpload(page);
  await page
    .getByLabel("Choose photos")
    .setInputFiles([{ name: "appels.png", mimeType: "image/png", buffer: await png(700, 500) }]);
  await page.getByRole("button", { name: "Upload photos" }).click();
  await expect(page.getByText("Photos added", { exact: true })).toBeVisible();
  await expect(tiles(page)).toHaveCount(1);
  await expect(tiles(page).first()).toContainText("Tom Tuin");
});

test.describe(() => {
  // The form that sends too much is answered 413, which the browser reports on its console.
  test.use(allowConsoleErrors(/status of 413 .*\/nl\/meadows\/demo-041/));

  test("without JavaScript, in Dutch: a plain form uploads, refuses with reasons, deletes after asking, and says how much fits at once", async ({
    openPage,
    baseURL,
  }) => {
    const visitor = await openPage({ javaScriptEnabled: false });
    await visitor.goto(PLAIN_MEADOW);
    const signInLink = visitor.getByRole("link", {
      name: "Log in om foto's te uploaden of te verwijderen",
    });
    await expect(signInLink).toHaveAttribute(
      "href",
      `/nl/login?redirectTo=${encodeURIComponent(PLAIN_MEADOW)}`,
    );

    const page = await openPage({ javaScriptEnabled: false });
    await signUpMember(page, { lang: "nl", name: "Bram Plukker", baseURL, javaScript: false });
    await page.goto(PLAIN_MEADOW);
    await openUpload(page, "Foto's toevoegen");
    await page.getByLabel("Foto's kiezen").setInputFiles([
      { name: "zonnebloemen.webp", mimeType: "image/webp", buffer: await webp(800, 600) },
      { name: TEXT_NAMED_JPG.name, mimeType: "image/jpeg", buffer: TEXT_NAMED_JPG.bytes },
    ]);
    await page.getByLabel("Bijschrift (optioneel)").fill("Zonnebloemen in juli");
    await page.getByRole("button", { name: "Foto's uploaden" }).click();
    await expect(page.getByText("1 van 2 foto's toegevoegd.")).toBeVisible();
    await expect(page.getByRole("alert").filter({ hasText: "holiday.jpg" })).toContainText(
      "geen JPEG-, PNG-, WebP- of AVIF-afbeelding",
    );
    await expect(tiles(page)).toHaveCount(1);
    await expect(tiles(page).first()).toContainText("Bram Plukker");
    await expect(tiles(page).first()).toContainText("Zonnebloemen in juli");

    // A tile links to the full-size file.
    const file = await tiles(page).first().getByRole("link").first().getAttribute("href");
    expect(file).toMatch(/^\/images\/photos\/[0-9a-f]{32}\/1280w-1x\.webp$/);

    await tiles(page).first().getByRole("button", { name: "Foto verwijderen" }).click();
    await expect(page.getByText("Deze foto verwijderen?")).toBeVisible();
    await page.getByRole("button", { name: "Ja, verwijderen" }).click();
    await expect(tiles(page)).toHaveCount(0);
    await expect(page.getByText("Nog geen foto's. Deel jij de eerste?")).toBeVisible();

    // More than one form takes at once: the page says how much fits, and nothing is stored.
    // Playwright hands a page at most 50 MB of files from memory: these are written to disk.
    const fourteenMegabytes = Buffer.alloc(14 * 1024 * 1024, 0xff);
    const files = ["a", "b", "c", "d", "e"].map((letter) =>
      test.info().outputPath(`veld-${letter}.jpg`),
    );
    await Promise.all(files.map((file) => writeFile(file, fourteenMegabytes)));
    await openUpload(page, "Foto's toevoegen");
    await page.getByLabel("Foto's kiezen").setInputFiles(files);
    const [refused] = await Promise.all([
      page.waitForResponse((response) => response.request().method() === "POST"),
      page.getByRole("button", { name: "Foto's uploaden" }).click(),
    ]);
    expect(refused.status()).toBe(413);
    await expect(page.getByRole("heading", { name: "Te veel tegelijk" })).toBeVisible();
    await expect(page.getByText("maximaal 64 MB")).toBeVisible();
    await page.goto(PLAIN_MEADOW);
    await expect(tiles(page)).toHaveCount(0);
  });
});
