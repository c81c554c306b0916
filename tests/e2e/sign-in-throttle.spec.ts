import {
  allowConsoleErrors,
  daysUntilExpiry,
  expect,
  findCookie,
  gotoHydrated,
  test,
  type Page,
} from "./fixtures";
import { waitForMail } from "./mail";
import { expectSignedIn, registerTexts, signIn, signUpMember, visitorHeaders } from "./members";

/*
 * Someone guesses a member's password (ADR 17): browsers that never signed in to the account are
 * refused, in the page's language, while the member signs in on their own browser.
 */

const texts = {
  en: {
    ...registerTexts.en,
    wrong: "That email address and password do not match. Check them and try again.",
    locked:
      "Too many failed attempts to sign in to this account. Please wait a few minutes, or sign in on a device where you signed in before.",
    alertSubject: "Someone is trying to sign in to your Plukweide account",
  },
  nl: {
    ...registerTexts.nl,
    wrong: "Het e-mailadres of het wachtwoord klopt niet. Controleer ze en probeer het opnieuw.",
    locked:
      "Te veel mislukte pogingen om op dit account in te loggen. Wacht een paar minuten, of log in op een apparaat waarop je al eerder hebt ingelogd.",
    alertSubject: "Iemand probeert in te loggen op je Plukweide-account",
  },
} as const;

// Wrong passwords answer 401 and refused ones 429, which the browser reports on the console.
test.use(allowConsoleErrors(/the server responded with a status of (401|429)/));

for (const [lang, t] of Object.entries(texts)) {
  test(`${lang}: an attack locks out new browsers, not the member's own`, async ({
    page,
    openPage,
    baseURL,
  }) => {
    // Ten password checks and three browsers.
    test.slow();
    const member = await signUpMember(page, { lang: lang as "en" | "nl", baseURL });
    const signInOn = async (on: Page, password: string) => {
      await gotoHydrated(on, `${t.prefix}/login`);
      await signIn(on, t, member.email, password);
    };

    // The member signs in with their password once on this browser, and out again.
    await page.getByRole("button", { name: t.signOut }).first().click();
    // Signed out once the header says so: /login sends a signed-in member straight on.
    await expect(page.getByRole("link", { name: t.signIn })).toBeVisible();
    await signInOn(page, member.password);
    await expectSignedIn(page, t);
    const device = await findCookie(page, "device");
    expect(device).toMatchObject({ path: "/", httpOnly: true, sameSite: "Lax" });
    expect(daysUntilExpiry(device)).toBeGreaterThan(364);
    await page.getByRole("button", { name: t.signOut }).first().click();
    await expect(page.getByRole("link", { name: t.signIn })).toBeVisible();

    // Someone else guesses from a browser and address of their own.
    const attacker = await openPage({ extraHTTPHeaders: visitorHeaders() });
    for (let attempt = 1; attempt <= 5; attempt++) {
      await signInOn(attacker, `geraden-${attempt}`);
      await expect(attacker.getByText(t.wrong, { exact: true })).toBeVisible();
    }
    await signInOn(attacker, "nog-een-gok");
    await expect(attacker.getByText(t.locked, { exact: true })).toBeVisible();
    await waitForMail(member.email, t.alertSubject);

    // The member signs in on their own browser as usual.
    await signInOn(page, member.password);
    await expectSignedIn(page, t);

    // A browser new to the account is refused even with the right password, in either language.
    for (const language of ["en", "nl"] as const) {
      const stranger = await openPage({ extraHTTPHeaders: visitorHeaders() });
      await gotoHydrated(stranger, `${texts[language].prefix}/login`);
      await signIn(stranger, texts[language], member.email, member.password);
      await expect(stranger.getByText(texts[language].locked, { exact: true })).toBeVisible();
      await expect(stranger.getByRole("button", { name: texts[language].signOut })).toHaveCount(0);
    }
  });
}
