import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openPglite } from "../../app/adapters/db.server";
import { freshDataDir, spawnApp, type AppProcess } from "../support/app-process";
import { freePort, Visitor } from "../support/visitor";
import { startSmtpServer, type ReceivedMail, type TestSmtpServer } from "../support/smtp-server";

/**
 * The account pages of the production build, as a browser without JavaScript uses them: forms
 * posted as urlencoded bodies, redirects and cookies followed by hand, mails read from a real SMTP
 * server on loopback.
 */

const INVALID_CREDENTIALS =
  "That email address and password do not match. Check them and try again.";
const INVALID_CREDENTIALS_NL =
  "Het e-mailadres of het wachtwoord klopt niet. Controleer ze en probeer het opnieuw.";
const ACCOUNT_LOCKED =
  "Too many failed attempts to sign in to this account. Please wait a few minutes, or sign in on a device where you signed in before.";
const LINK_NO_LONGER_WORKS = "This link no longer works";

/** Whether the rendered page shows `text` as an element's whole text (not only in its data). */
function shows(html: string, text: string): boolean {
  return html.includes(`>${text}<`);
}

function sessionCookieOf(response: Response): string | undefined {
  return response.headers
    .getSetCookie()
    .find((cookie) => cookie.startsWith("plukweide.session_token="));
}

describe("accounts on the production build", () => {
  let smtp: TestSmtpServer;
  let app: AppProcess;
  const apps: AppProcess[] = [];
  const dataDir = freshDataDir();
  let env: Record<string, string>;
  /** Every password and emailed token the tests used; none may reach the app's output. */
  const secrets = new Set<string>();

  const baseUrl = () => app.url;
  const visitor = () => new Visitor(baseUrl);
  let addresses = 0;
  const uniqueEmail = (name = "anna") => `${name}+${Date.now()}-${++addresses}@example.org`;

  beforeAll(async () => {
    smtp = await startSmtpServer();
    const port = await freePort();
    env = {
      PORT: String(port),
      APP_URL: `http://127.0.0.1:${port}`,
      SMTP_URL: smtp.url,
      DATA_DIR: dataDir,
    };
    app = await spawnApp(env).ready;
    apps.push(app);
  });
  afterAll(async () => {
    await app?.stop();
    await smtp?.close();
  });

  const mailTo = (email: string, subject?: string) =>
    smtp.waitForMail(
      (mail) => mail.to.includes(email) && (subject === undefined || mail.subject === subject),
    );

  /** The emailed link, checked to point at this app. */
  function linkIn(mail: ReceivedMail): URL {
    const link = new URL(/https?:\/\/\S+/.exec(mail.text)![0]);
    expect(link.origin).toBe(env.APP_URL);
    const token = link.searchParams.get("token");
    if (token) secrets.add(token);
    return link;
  }

  async function register(browser: Visitor, email: string, password: string, prefix = "") {
    secrets.add(password);
    return browser.post(`${prefix}/register`, {
      name: "Anna de Vries",
      email,
      password,
      confirmPassword: password,
    });
  }

  /** Registers through the form and follows the emailed link: a signed-in visitor. */
  async function member(password = "tulpen-in-april") {
    const browser = visitor();
    const email = uniqueEmail();
    expect((await register(browser, email, password)).status).toBe(302);
    const response = await browser.get(linkIn(await mailTo(email)).href);
    expect(response.status).toBe(302);
    return { browser, email, password };
  }

  async function signIn(browser: Visitor, email: string, password: string, query = "") {
    secrets.add(password);
    return browser.post(`/login${query}`, { email, password });
  }

  async function signedIn(browser: Visitor, cookie?: string): Promise<boolean> {
    const html = await (await browser.get("/about", { cookie })).text();
    return shows(html, "Sign out");
  }

  it("says in one sentence of each language that signing up accepts the terms, linked", async () => {
    for (const [path, sentence] of [
      [
        "/register",
        'By creating an account, you agree to our <a class="underline underline-offset-4" href="/terms" data-discover="true">terms of use</a>.',
      ],
      [
        "/nl/register",
        'Door een account aan te maken, ga je akkoord met onze <a class="underline underline-offset-4" href="/nl/terms" data-discover="true">gebruiksvoorwaarden</a>.',
      ],
    ]) {
      expect(await (await visitor().get(path!)).text()).toContain(sentence);
    }
  });

  it("registers, mails a link to /auth/callback, and signs in by that link", async () => {
    const browser = visitor();
    const email = uniqueEmail();
    expect((await browser.get("/register")).status).toBe(200);
    const registered = await register(browser, email, "dahlias-in-augustus");
    expect(registered.status).toBe(302);
    const notice = new URL(registered.headers.get("location")!, env.APP_URL);
    expect(notice.pathname).toBe("/verify-email");
    expect(notice.searchParams.get("email")).toBe(email);
    expect(await (await browser.get(notice.pathname + notice.search)).text()).toContain(
      "Check your email",
    );

    const mail = await mailTo(email);
    expect(mail.subject).toBe("Please confirm your email address");
    const link = linkIn(mail);
    expect(link.pathname).toBe("/auth/callback");
    expect(link.searchParams.get("type")).toBe("verify-email");

    expect(await signedIn(browser)).toBe(false);
    const callback = await browser.get(link.href);
    expect(callback.status).toBe(302);
    expect(callback.headers.get("location")).toBe("/");
    const session = sessionCookieOf(callback);
    expect(session).toBeDefined();
    expect(session).toMatch(/;\s*HttpOnly/i);
    expect(session).toMatch(/;\s*SameSite=Lax/i);
    expect(session).toMatch(/;\s*Path=\/(;|$)/i);
    expect(session).not.toMatch(/;\s*Secure/i);
    expect(shows(await (await browser.get("/")).text(), "Sign out")).toBe(true);
  });

  it("answers an address already in use like a new one and mails its owner", async () => {
    const owner = await member("zonnebloemen-1");
    const stranger = visitor();
    const fresh = await register(stranger, uniqueEmail("bram"), "andere-wachtwoord");
    const taken = await register(stranger, owner.email, "overgenomen-wachtwoord");
    expect(taken.status).toBe(fresh.status);
    const location = (response: Response) =>
      new URL(response.headers.get("location")!, env.APP_URL);
    expect(location(taken).pathname).toBe(location(fresh).pathname);
    expect(location(taken).searchParams.get("email")).toBe(owner.email);

    const warning = await mailTo(owner.email);
    expect(warning.subject).toBe("Someone tried to sign up with your email address");
    expect(linkIn(warning).pathname).toBe("/forgot-password");
    expect((await signIn(visitor(), owner.email, "overgenomen-wachtwoord")).status).toBe(401);
    expect((await signIn(visitor(), owner.email, "zonnebloemen-1")).status).toBe(302);
  });

  it("checks the registration form on the server with the form's messages", async () => {
    const response = await visitor().post("/register", {
      name: "Anna",
      email: "not-an-address",
      password: "kort",
      confirmPassword: "anders",
    });
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(shows(html, "Please enter a valid email address")).toBe(true);
    expect(shows(html, "Password must be at least 8 characters")).toBe(true);
    expect(shows(html, "Passwords must match")).toBe(true);
    // The password never comes back in the page.
    expect(html).not.toContain('value="kort"');
  });

  it("sends a fresh link and the notice when signing in before verifying", async () => {
    const browser = visitor();
    const email = uniqueEmail();
    await register(browser, email, "nog-niet-bevestigd");
    const first = linkIn(await mailTo(email));
    const response = await signIn(browser, email, "nog-niet-bevestigd");
    expect(response.status).toBe(302);
    const notice = new URL(response.headers.get("location")!, env.APP_URL);
    expect(notice.pathname).toBe("/verify-email");
    expect(sessionCookieOf(response)).toBeUndefined();
    const again = linkIn(await mailTo(email));
    expect(again.searchParams.get("type")).toBe("verify-email");
    expect(again.pathname).toBe(first.pathname);
  });

  it("ends the session on the server when signing out", async () => {
    const { browser } = await member();
    const oldCookie = browser.cookie;
    expect(await signedIn(browser)).toBe(true);

    const response = await browser.post("/resources/logout", { redirectTo: "/about" });
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/about");
    expect(await signedIn(browser)).toBe(false);
    // The cookie from before signing out is worthless now: the session is gone on the server.
    expect(await signedIn(browser, oldCookie)).toBe(false);
  });

  it("answers wrong credentials with 401 and one message for both wrong parts", async () => {
    const { email } = await member("appels-en-peren");
    const wrongPassword = await signIn(visitor(), email, "appels-en-pruimen");
    const unknownEmail = await signIn(visitor(), uniqueEmail("nobody"), "appels-en-peren");
    for (const response of [wrongPassword, unknownEmail]) {
      expect(response.status).toBe(401);
      expect(sessionCookieOf(response)).toBeUndefined();
      const html = await response.text();
      expect(shows(html, INVALID_CREDENTIALS)).toBe(true);
      expect(html).not.toContain("appels-en-p");
    }
  });

  it("answers a new browser's attempt after 5 failures on one account with 429, even when right", async () => {
    const { email, password } = await member("de-juiste-sleutel");
    // From five addresses: the limit is on the account, not only on the address.
    for (let attempt = 1; attempt <= 5; attempt++) {
      expect((await signIn(visitor(), email, `verkeerd-${attempt}`)).status).toBe(401);
    }
    const blocked = await signIn(visitor(), email, password);
    expect(blocked.status).toBe(429);
    expect(sessionCookieOf(blocked)).toBeUndefined();
    expect(shows(await blocked.text(), ACCOUNT_LOCKED)).toBe(true);

    // Another account from the same addresses is not affected.
    const other = await member("een-ander-account");
    expect((await signIn(visitor(), other.email, other.password)).status).toBe(302);
  });

  it("says when to try again on the 429 (Retry-After)", async () => {
    const { email, password } = await member("de-juiste-sleutel");
    for (let attempt = 1; attempt <= 5; attempt++)
      await signIn(visitor(), email, `fout-${attempt}`);
    const blocked = await signIn(visitor(), email, password);
    expect(blocked.status).toBe(429);
    const retryAfter = Number(blocked.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(15 * 60);
  });

  it.each([
    ["https://evil.example", "/"],
    ["//evil.example", "/"],
    ["/\\evil.example", "/"],
    ["/about", "/about"],
    ["/meadows?country=NL", "/meadows?country=NL"],
  ])("after signing in with redirectTo=%s lands on %s", async (redirectTo, expected) => {
    const { email, password } = await member();
    const response = await visitor().post("/login", { email, password, redirectTo });
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe(expected);
  });

  it("says the same for known and unknown addresses on forgot-password, mailing only the known", async () => {
    const { email } = await member();
    const unknown = uniqueEmail("nobody");
    const pages = [];
    for (const address of [email, unknown]) {
      const response = await visitor().post("/forgot-password", { email: address });
      expect(response.status).toBe(200);
      const html = await response.text();
      expect(shows(html, "Password reset email sent")).toBe(true);
      // Without the per-response nonce, both pages are the same.
      pages.push(html.replace(/nonce="[^"]*"|'nonce-[^']*'/g, "").replaceAll(address, ""));
    }
    expect(pages[1]).toBe(pages[0]);
    const mail = await mailTo(email, "Reset your Plukweide password");
    expect(linkIn(mail).searchParams.get("type")).toBe("reset-password");
    await sleep(200);
    expect(smtp.mails().some((received) => received.to.includes(unknown))).toBe(false);
  });

  it("resets the password once by the emailed link; a used link answers 410", async () => {
    const { browser, email } = await member("eerste-wachtwoord");
    const elsewhere = browser.cookie;
    await visitor().post("/forgot-password", { email });
    const link = linkIn(await mailTo(email, "Reset your Plukweide password"));
    const token = link.searchParams.get("token")!;

    const reader = visitor();
    const opened = await reader.get(link.href);
    expect(opened.status).toBe(302);
    const form = opened.headers.get("location")!;
    expect(form).toBe(`/reset-password?${new URLSearchParams({ token })}`);
    expect((await reader.get(form)).status).toBe(200);

    secrets.add("tweede-wachtwoord");
    const reset = await reader.post(form, {
      token,
      password: "tweede-wachtwoord",
      confirmPassword: "tweede-wachtwoord",
    });
    expect(reset.status).toBe(302);
    expect(reset.headers.get("location")).toBe("/login");
    // Signed out everywhere else.
    expect(await signedIn(browser, elsewhere)).toBe(false);
    expect((await signIn(visitor(), email, "eerste-wachtwoord")).status).toBe(401);
    expect((await signIn(visitor(), email, "tweede-wachtwoord")).status).toBe(302);

    for (const again of [link.href, form]) {
      const response = await reader.get(again);
      expect(response.status).toBe(410);
      expect(shows(await response.text(), LINK_NO_LONGER_WORKS)).toBe(true);
    }
    const twice = await reader.post(form, {
      token,
      password: "derde-wachtwoord",
      confirmPassword: "derde-wachtwoord",
    });
    expect(twice.status).toBe(410);
    expect((await signIn(visitor(), email, "tweede-wachtwoord")).status).toBe(302);
  });

  it("keeps the reset page, whose address holds the token, out of caches and Referer", async () => {
    const { email } = await member();
    await visitor().post("/forgot-password", { email });
    const link = linkIn(await mailTo(email, "Reset your Plukweide password"));
    const form = (await visitor().get(link.href)).headers.get("location")!;
    const page = await visitor().get(form);
    expect(page.status).toBe(200);
    expect(page.headers.get("cache-control")).toBe("no-store");
    expect(page.headers.get("referrer-policy")).toBe("no-referrer");
  });

  it("answers a link with an unknown token with 410 and the way to a new one", async () => {
    const response = await visitor().get(
      "/auth/callback?type=reset-password&token=abcdefghijklmnopqrstuvwx",
    );
    expect(response.status).toBe(410);
    const html = await response.text();
    expect(shows(html, LINK_NO_LONGER_WORKS)).toBe(true);
    expect(html).toContain('href="/forgot-password"');
    expect((await visitor().get("/auth/callback?type=nonsense&token=x")).status).toBe(404);
  });

  it("speaks Dutch on the Dutch pages, mails included", async () => {
    const browser = visitor();
    const email = uniqueEmail();
    const page = await browser.get("/nl/login");
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<html lang="nl"');

    const registered = await register(browser, email, "tulpen-plukken", "/nl");
    expect(registered.status).toBe(302);
    expect(registered.headers.get("location")).toMatch(/^\/nl\/verify-email\?/);
    const mail = await mailTo(email);
    expect(mail.subject).toBe("Bevestig je e-mailadres");
    const link = linkIn(mail);
    expect(link.pathname).toBe("/nl/auth/callback");
    const callback = await browser.get(link.href);
    expect(callback.headers.get("location")).toBe("/nl");

    secrets.add("tulpen-gestolen");
    const dutch = await visitor().post("/nl/login", { email, password: "tulpen-gestolen" });
    expect(dutch.status).toBe(401);
    expect(shows(await dutch.text(), INVALID_CREDENTIALS_NL)).toBe(true);

    const forgot = await visitor().post("/nl/forgot-password", { email });
    expect(
      shows(
        await forgot.text(),
        "We hebben je een e-mail gestuurd om je wachtwoord opnieuw in te stellen",
      ),
    ).toBe(true);
    const reset = await mailTo(email, "Stel een nieuw wachtwoord in voor Plukweide");
    expect(linkIn(reset).pathname).toBe("/nl/auth/callback");
  });

  it("sends visitors of /settings to sign in first", async () => {
    const response = await visitor().get("/settings");
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/login?redirectTo=%2Fsettings");
  });

  it("never writes passwords or emailed tokens to its output", async () => {
    await sleep(200);
    expect(secrets.size).toBeGreaterThan(10);
    const output = apps.map((each) => each.stdout() + each.stderr()).join("\n");
    for (const value of secrets) expect(output).not.toContain(value);
  });

  it("lets a reset link expire after one hour", async () => {
    const { email } = await member("voor-het-uur-om-is");
    await visitor().post("/forgot-password", { email });
    const link = linkIn(await mailTo(email, "Reset your Plukweide password"));
    const token = link.searchParams.get("token")!;
    expect((await visitor().get(link.href)).status).toBe(302);

    // An hour passes: with the app stopped, its embedded database says so.
    await app.stop();
    const database = await openPglite(path.join(dataDir, "db"));
    await database.db.execute(
      sql`update verifications set expires_at = now() - interval '1 second'
          where identifier = ${`reset-password:${token}`}`,
    );
    await database.close();
    app = await spawnApp(env).ready;
    apps.push(app);

    const opened = await visitor().get(link.href);
    expect(opened.status).toBe(410);
    expect(shows(await opened.text(), LINK_NO_LONGER_WORKS)).toBe(true);
    const form = await visitor().get(`/reset-password?${new URLSearchParams({ token })}`);
    expect(form.status).toBe(410);
    expect((await signIn(visitor(), email, "voor-het-uur-om-is")).status).toBe(302);
  });
});
