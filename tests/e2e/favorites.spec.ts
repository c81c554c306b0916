import { DEMO_MEADOWS } from "../../db/seed/demo-meadows";
import { FAVORITE_ACTION } from "../../app/lib/favorites";
import { settledViolations } from "./axe";
import { allowConsoleErrors, expect, gotoHydrated, test, type Page } from "./fixtures";
import { registerTexts, signIn, signUpMember, visitorHeaders } from "./members";

/*
 * The heart: members keep meadows from cards and the meadow page, at once with JavaScript and by
 * a form post without; visitors sign in first and come back with the favorite set. Each test
 * keeps demo meadows of its own and compares counts with what it found, as other journeys run
 * beside it on the same server.
 */

const texts = {
  en: {
    prefix: "",
    favorite: "Favorite",
    keep: (name: string) => `Keep ${name} as a favorite`,
    count: (n: number) =>
      n === 0
        ? "Nobody has this meadow as a favorite yet"
        : n === 1
          ? "1 person has this meadow as a favorite"
          : `${n} people have this meadow as a favorite`,
    saved: "Saved to your favorites",
    empty: "No favorites yet. Tap the heart on a meadow to save it here.",
    search: "Search meadows",
    map: "Open the map",
    signInAgain: "Sign in again to keep favorites.",
    profileFavorites: "Favorite meadows",
    onlyYou: "Only you see this list; others see your profile without it.",
    everyone: "Everyone who opens your profile sees this list.",
    changeSetting: "Change this in your settings",
    showOnProfile: "Show my favorites on my profile",
    save: "Save",
    profileSaved: "Your profile is saved",
  },
  nl: {
    prefix: "/nl",
    favorite: "Favoriet",
    keep: (name: string) => `${name} toevoegen aan je favorieten`,
    count: (n: number) =>
      n === 0
        ? "Nog niemand heeft deze pluktuin als favoriet"
        : n === 1
          ? "1 persoon heeft deze pluktuin als favoriet"
          : `${n} mensen hebben deze pluktuin als favoriet`,
    saved: "Toegevoegd aan je favorieten",
    empty:
      "Nog geen favorieten. Gebruik het hartje bij een pluktuin om hem aan je favorieten toe te voegen.",
    search: "Pluktuinen zoeken",
    map: "Kaart openen",
    signInAgain: "Log opnieuw in om pluktuinen aan je favorieten toe te voegen.",
    profileFavorites: "Favoriete pluktuinen",
    onlyYou: "Alleen jij ziet deze lijst; anderen zien je profiel zonder.",
    everyone: "Iedereen die je profiel opent, ziet deze lijst.",
    changeSetting: "Wijzig dit bij je instellingen",
    showOnProfile: "Laat mijn favorieten op mijn profiel zien",
    save: "Opslaan",
    profileSaved: "Je profiel is opgeslagen",
  },
} as const;

function demo(id: string) {
  const meadow = DEMO_MEADOWS.find((candidate) => candidate.id === id);
  if (!meadow) throw new Error(`no demo meadow ${id}`);
  return meadow;
}

/**
 * Presses a member's heart and waits until the server has the change: the heart turns at once,
 * and a reload straight after the press could cancel the request it sent.
 */
async function pressHeart(page: Page, heart: ReturnType<Page["getByRole"]>) {
  const saved = page.waitForResponse(
    (response) =>
      response.request().method() === "POST" &&
      new URL(response.url()).pathname.startsWith(FAVORITE_ACTION),
  );
  await heart.click();
  await saved;
}

/** How many keep the meadow, as its page says. */
async function keptCount(page: Page): Promise<number> {
  return Number(await page.locator("[data-favorite-count]").getAttribute("data-favorite-count"));
}

for (const lang of ["en", "nl"] as const) {
  const t = texts[lang];

  test(`a member keeps a meadow at once and lets it go from the favorites (${lang})`, async ({
    page,
    baseURL,
  }) => {
    const meadow = demo(lang === "en" ? "demo-010" : "demo-011");
    await signUpMember(page, { lang, baseURL });
    await gotoHydrated(page, `${t.prefix}/meadows/${meadow.id}`);
    const heart = page.getByRole("button", { name: t.favorite, exact: true });
    await expect(heart).toHaveAttribute("aria-pressed", "false");
    const before = await keptCount(page);
    await expect(page.getByText(t.count(before))).toBeVisible();

    await pressHeart(page, heart);
    await expect(heart).toHaveAttribute("aria-pressed", "true");
    await expect(page.getByText(t.count(before + 1))).toBeVisible();
    await page.reload();
    await expect(heart).toHaveAttribute("aria-pressed", "true");

    // The list's card for it, whose season and hours line the favorites' card repeats.
    await gotoHydrated(page, `${t.prefix}/meadows?q=${encodeURIComponent(meadow.name)}`);
    const listCard = page.getByRole("article").filter({ hasText: meadow.name }).first();
    const listLines = await listCard
      .locator("[data-hours], [data-testid=card-in-season]")
      .allTextContents();
    expect(listLines.length).toBeGreaterThan(0);

    await gotoHydrated(page, `${t.prefix}/favorites`);
    const card = page.getByRole("article").filter({ hasText: meadow.name });
    await expect(page.getByRole("article")).toHaveCount(1);
    expect(
      await card.locator("[data-hours], [data-testid=card-in-season]").allTextContents(),
    ).toEqual(listLines);
    const cardHeart = card.getByRole("button", { name: t.keep(meadow.name) });
    await expect(cardHeart).toHaveAttribute("aria-pressed", "true");
    await pressHeart(page, cardHeart);
    await expect(cardHeart).toHaveAttribute("aria-pressed", "false");
    // The card stays until the page is opened again, so a slip of the finger can be undone.
    await expect(card).toBeVisible();

    await page.reload();
    await expect(page.getByText(t.empty)).toBeVisible();
    await page.getByRole("link", { name: t.search }).click();
    await expect(page).toHaveURL(new RegExp(`${t.prefix}/meadows$`));
  });

  test(`a member's favorites stay off the profile others see until the member shows them (${lang})`, async ({
    page,
    baseURL,
    openPage,
  }) => {
    const meadow = demo(lang === "en" ? "demo-012" : "demo-013");
    await signUpMember(page, { lang, baseURL });
    await gotoHydrated(page, `${t.prefix}/meadows/${meadow.id}`);
    await pressHeart(page, page.getByRole("button", { name: t.favorite, exact: true }));
    await gotoHydrated(page, `${t.prefix}/settings`);
    const profilePath = await page.locator('a[href*="/profile/"]').first().getAttribute("href");
    if (!profilePath) throw new Error("the settings page links to the member's profile");

    await gotoHydrated(page, profilePath);
    const own = page.getByRole("region", { name: t.profileFavorites });
    await expect(own.getByRole("article").filter({ hasText: meadow.name })).toBeVisible();
    await expect(own.getByText(t.onlyYou)).toBeVisible();

    const visitor = await openPage();
    await gotoHydrated(visitor, profilePath);
    await expect(visitor.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(visitor.getByRole("region", { name: t.profileFavorites })).toHaveCount(0);
    await expect(visitor.getByText(meadow.name)).toHaveCount(0);

    // The note leads to the setting, explained where it is set.
    await own.getByRole("link", { name: t.changeSetting }).click();
    const setting = page.getByRole("checkbox", { name: t.showOnProfile });
    await expect(setting).not.toBeChecked();
    await setting.check();
    await page.locator("form#profile").getByRole("button", { name: t.save, exact: true }).click();
    await expect(page.getByText(t.profileSaved, { exact: true })).toBeVisible();
    await expect(setting).toBeChecked();

    await gotoHydrated(visitor, profilePath);
    const shown = visitor.getByRole("region", { name: t.profileFavorites });
    await expect(shown.getByRole("article").filter({ hasText: meadow.name })).toBeVisible();
    await gotoHydrated(page, profilePath);
    await expect(own.getByText(t.everyone)).toBeVisible();
  });

  test(`without JavaScript the heart is a form that returns to its place (${lang})`, async ({
    openPage,
    baseURL,
  }) => {
    const meadow = demo(lang === "en" ? "demo-012" : "demo-013");
    const page = await openPage({ javaScriptEnabled: false, extraHTTPHeaders: visitorHeaders() });
    await signUpMember(page, { lang, baseURL, javaScript: false });
    const words = meadow.name.split(" ").at(-1)!;
    const list = `${t.prefix}/meadows?q=${encodeURIComponent(words)}`;
    await page.goto(list);
    const heart = page.getByRole("button", { name: t.keep(meadow.name) });
    await expect(heart).toHaveAttribute("aria-pressed", "false");
    await heart.click();
    await expect(page).toHaveURL(`${list}#favorite-${meadow.id}`);
    await expect(heart).toHaveAttribute("aria-pressed", "true");
    await expect(page.getByRole("status").filter({ hasText: t.saved })).toBeVisible();

    await page.goto(`${t.prefix}/meadows/${meadow.id}`);
    const detailHeart = page.getByRole("button", { name: t.favorite, exact: true });
    await expect(detailHeart).toHaveAttribute("aria-pressed", "true");
    const count = await keptCount(page);
    await detailHeart.click();
    await expect(detailHeart).toHaveAttribute("aria-pressed", "false");
    expect(await keptCount(page)).toBe(count - 1);
  });
}

test("a visitor's heart leads through sign-in and back with the favorite set", async ({
  page,
  openPage,
  baseURL,
}) => {
  const meadow = demo("demo-014");
  const member = await signUpMember(page, { baseURL });
  const visitor = await openPage({ extraHTTPHeaders: visitorHeaders() });
  await gotoHydrated(visitor, `/nl/meadows/${meadow.id}`);
  const heart = visitor.getByRole("button", { name: texts.nl.favorite, exact: true });
  await expect(heart).toHaveAttribute("aria-pressed", "false");
  await heart.click();
  await expect(visitor).toHaveURL(/\/nl\/login\?redirectTo=/);
  await signIn(visitor, registerTexts.nl, member.email, member.password);
  await expect(visitor).toHaveURL(`/nl/meadows/${meadow.id}#favorite-${meadow.id}`);
  await expect(heart).toHaveAttribute("aria-pressed", "true");
  await expect(visitor.getByText(texts.nl.saved, { exact: true })).toBeVisible();
});

test("without JavaScript too, a visitor's heart comes back kept after sign-in", async ({
  page,
  openPage,
  baseURL,
}) => {
  const meadow = demo("demo-019");
  const member = await signUpMember(page, { baseURL });
  const visitor = await openPage({ javaScriptEnabled: false, extraHTTPHeaders: visitorHeaders() });
  await visitor.goto(`/meadows/${meadow.id}`);
  await visitor.getByRole("button", { name: texts.en.favorite, exact: true }).click();
  await expect(visitor).toHaveURL(/\/login\?redirectTo=/);
  await signIn(visitor, registerTexts.en, member.email, member.password);
  await expect(visitor).toHaveURL(`/meadows/${meadow.id}#favorite-${meadow.id}`);
  await expect(
    visitor.getByRole("button", { name: texts.en.favorite, exact: true }),
  ).toHaveAttribute("aria-pressed", "true");
});

test.describe("a refused favorite", () => {
  test.use(allowConsoleErrors(/status of 401/));

  test("goes back as it was and says why", async ({ page, baseURL }) => {
    const meadow = demo("demo-015");
    await signUpMember(page, { baseURL });
    await gotoHydrated(page, `/meadows/${meadow.id}`);
    const heart = page.getByRole("button", { name: texts.en.favorite, exact: true });
    // Signed out behind the page's back: the server now sees a visitor.
    await page.context().clearCookies();
    await heart.click();
    await expect(page.getByText(texts.en.signInAgain, { exact: true })).toBeVisible();
    await expect(heart).toHaveAttribute("aria-pressed", "false");
  });
});

test("axe finds nothing serious on the heart, kept or not, in both languages", async ({
  page,
  baseURL,
}) => {
  // axe checks every state in both colour modes: seconds each on a slow machine.
  test.slow();
  const meadow = demo("demo-016");
  await signUpMember(page, { baseURL });
  for (const t of Object.values(texts)) {
    for (const path of [`/meadows/${meadow.id}`, `/meadows?q=${encodeURIComponent(meadow.name)}`]) {
      await gotoHydrated(page, `${t.prefix}${path}`);
      const form = page.locator(`#favorite-${meadow.id}`);
      for (const pressed of ["false", "true", "false"]) {
        if (pressed !== (await form.getByRole("button").getAttribute("aria-pressed"))) {
          await form.getByRole("button").click();
        }
        await expect(form.getByRole("button")).toHaveAttribute("aria-pressed", pressed);
        const violations = await settledViolations(page, { include: `#favorite-${meadow.id}` });
        expect(
          violations.map(
            (violation) =>
              `${violation.id}: ${violation.nodes.map((node) => node.failureSummary).join("; ")}`,
          ),
          `${t.prefix}${path} pressed=${pressed}`,
        ).toEqual([]);
      }
    }
  }
});

test("the map's popup has the heart, which knows what the member keeps", async ({
  page,
  baseURL,
}) => {
  const meadow = demo("demo-001");
  await signUpMember(page, { baseURL });
  await gotoHydrated(page, `/map?lat=${meadow.lat}&lng=${meadow.lng}&z=14`);
  const map = page.getByTestId("meadow-map");
  await expect(map).toHaveAttribute("data-map-status", "ready", { timeout: 20_000 });
  const pin = page.getByRole("button", { name: new RegExp(`^${meadow.name}, .*: show details$`) });
  const popup = page.getByTestId("meadow-popup");
  const heart = popup.getByRole("button", { name: texts.en.favorite, exact: true });

  await pin.click();
  await expect(heart).toHaveAttribute("aria-pressed", "false");
  await pressHeart(page, heart);
  await expect(heart).toHaveAttribute("aria-pressed", "true");
  await page.keyboard.press("Escape");
  await expect(popup).toBeHidden();

  // Opened again on a fresh page, the popup asks and shows the meadow kept.
  await page.reload();
  await expect(map).toHaveAttribute("data-map-status", "ready", { timeout: 20_000 });
  await pin.click();
  await expect(heart).toHaveAttribute("aria-pressed", "true");
});

test("the favorites come nearest first when the member gives their location", async ({
  openPage,
  baseURL,
}) => {
  const [far, near] = [demo("demo-017"), demo("demo-018")];
  expect(Math.abs(far.lat - near.lat) + Math.abs(far.lng - near.lng)).toBeGreaterThan(0.1);
  const page = await openPage({
    geolocation: { latitude: near.lat, longitude: near.lng },
    permissions: ["geolocation"],
  });
  await signUpMember(page, { baseURL });
  for (const meadow of [near, far]) {
    await gotoHydrated(page, `/meadows/${meadow.id}`);
    const heart = page.getByRole("button", { name: texts.en.favorite, exact: true });
    await pressHeart(page, heart);
    await expect(heart).toHaveAttribute("aria-pressed", "true");
  }
  await gotoHydrated(page, "/favorites");
  const names = page.getByRole("article").getByRole("heading");
  await expect(names).toHaveText([far.name, near.name]);
  await page.getByRole("button", { name: "Nearest first" }).click();
  await expect(page).toHaveURL(/\/favorites\?lat=[\d.-]+&lng=[\d.-]+$/);
  await expect(page.getByText("Nearest to you first")).toBeVisible();
  await expect(names).toHaveText([near.name, far.name]);
  await expect(page.getByRole("article").first()).toContainText(/\d km away/);
  await page.getByRole("link", { name: "Newest first" }).click();
  await expect(names).toHaveText([far.name, near.name]);
});
