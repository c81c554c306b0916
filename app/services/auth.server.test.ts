import { sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import {
  startSmtpServer,
  type ReceivedMail,
  type TestSmtpServer,
} from "../../tests/support/smtp-server";
import { migratedDatabase, testEngines } from "../../tests/support/databases";
import { queryRows } from "~/adapters/db.server";
import { createLogger } from "~/adapters/logger.server";
import { createSmtpMailer } from "~/adapters/mail.server";
import { parseConfig } from "~/env.server";
import { createAuth, type Auth } from "./auth.server";
import { authErrorCode } from "./auth-errors";

const APP_URL = "https://plukweide.example";
const SECRET = "an-auth-secret-for-the-tests-that-is-long-enough";

/** The code of the Better Auth error `promise` rejects with (fails when it resolves). */
async function errorCode(promise: Promise<unknown>): Promise<string | undefined> {
  try {
    await promise;
  } catch (error) {
    return authErrorCode(error) ?? `not an auth error: ${String(error)}`;
  }
  throw new Error("expected the call to fail");
}

/** The emailed link: the first APP_URL address in the plain-text part. */
function linkIn(mail: ReceivedMail): URL {
  const link = /https?:\/\/\S+/.exec(mail.text)?.[0];
  expect(link, `a link in "${mail.subject}"`).toBeDefined();
  return new URL(link!);
}

/** The Cookie header a browser would send back after these Set-Cookie headers. */
function cookieFrom(headers: Headers): Headers {
  const pairs = headers.getSetCookie().map((cookie) => cookie.split(";")[0]!);
  return new Headers({ cookie: pairs.join("; ") });
}

let counter = 0;
/** An address no other test uses, on either engine. */
function uniqueEmail(engine: string, name = "anna"): string {
  return `${name}+${engine}-${Date.now()}-${++counter}@example.org`;
}

describe.each(testEngines)("accounts on $name", (engine) => {
  const database = migratedDatabase(engine);
  let smtp: TestSmtpServer;
  let auth: Auth;
  let logText = "";
  /** Passwords and tokens used by the running test; none may appear in the log. */
  const secrets = new Set<string>();
  const secret = (value: string) => (secrets.add(value), value);

  beforeAll(async () => {
    smtp = await startSmtpServer();
    const config = parseConfig({ APP_URL, SMTP_URL: smtp.url }, process.cwd(), () => SECRET);
    const logger = createLogger("trace", { write: (line: string) => void (logText += line) });
    auth = createAuth({
      config,
      db: database.db,
      mailer: createSmtpMailer(config.smtpUrl!, config.mailFrom),
      logger,
    });
  });
  afterAll(async () => {
    await smtp?.close();
  });
  afterEach(() => {
    for (const value of secrets) expect(logText, "the log").not.toContain(value);
    secrets.clear();
  });

  const mailTo = (email: string, subject?: string) =>
    smtp.waitForMail(
      (mail) => mail.to.includes(email) && (subject === undefined || mail.subject === subject),
    );

  async function signUp(email: string, password: string, locale: "en" | "nl" = "en") {
    return auth.api.signUpEmail({
      body: { name: "Anna de Vries", email, password: secret(password), locale },
      headers: new Headers(),
    });
  }

  async function verificationToken(email: string): Promise<string> {
    const token = linkIn(await mailTo(email)).searchParams.get("token");
    expect(token).toBeTruthy();
    return secret(token!);
  }

  /** Registers and verifies an account; returns the cookie of the session verifying started. */
  async function verifiedMember(email: string, password: string, locale: "en" | "nl" = "en") {
    await signUp(email, password, locale);
    const { headers } = await auth.api.verifyEmail({
      query: { token: await verificationToken(email) },
      returnHeaders: true,
    });
    return cookieFrom(headers);
  }

  async function signIn(email: string, password: string): Promise<Headers> {
    const { headers } = await auth.api.signInEmail({
      body: { email, password: secret(password) },
      headers: new Headers(),
      returnHeaders: true,
    });
    return cookieFrom(headers);
  }

  const sessionUser = async (cookie: Headers) =>
    (await auth.api.getSession({ headers: cookie }))?.user ?? null;

  async function resetToken(email: string): Promise<string> {
    await auth.api.requestPasswordReset({ body: { email } });
    const link = linkIn(await mailTo(email, "Reset your Plukweide password"));
    return secret(link.searchParams.get("token")!);
  }

  it.each([
    ["en", "", "Please confirm your email address", "Hi Anna de Vries,"],
    ["nl", "/nl", "Bevestig je e-mailadres", "Hallo Anna de Vries,"],
  ] as const)(
    "sign-up mails a verification link in the member's language (%s)",
    async (locale, prefix, subject, greeting) => {
      const email = uniqueEmail(engine.name);
      const result = await signUp(email, "tulpen-in-april", locale);
      expect(result.token).toBeNull();

      const mail = await mailTo(email);
      expect(mail.subject).toBe(subject);
      expect(mail.text).toContain(greeting);
      const link = linkIn(mail);
      expect(`${link.origin}${link.pathname}`).toBe(`${APP_URL}${prefix}/auth/callback`);
      expect([...link.searchParams.keys()]).toEqual(["type", "token"]);
      expect(link.searchParams.get("type")).toBe("verify-email");
      const token = secret(link.searchParams.get("token")!);
      expect(mail.html).toContain(`href="${link.href.replaceAll("&", "&amp;")}"`);

      // Following it confirms the address and signs the member in.
      const { headers, response } = await auth.api.verifyEmail({
        query: { token },
        returnHeaders: true,
      });
      expect(response).toMatchObject({ status: true });
      const user = await sessionUser(cookieFrom(headers));
      expect(user).toMatchObject({ email, emailVerified: true, locale });
    },
  );

  it("refuses to sign in before the address is verified, and mails a fresh link", async () => {
    const email = uniqueEmail(engine.name);
    await signUp(email, "dahlias-in-augustus", "nl");
    await verificationToken(email);

    expect(await errorCode(signIn(email, "dahlias-in-augustus"))).toBe("EMAIL_NOT_VERIFIED");
    const again = await mailTo(email);
    expect(again.subject).toBe("Bevestig je e-mailadres");
    const fresh = linkIn(again);
    expect(fresh.pathname).toBe("/nl/auth/callback");
    expect(fresh.searchParams.get("type")).toBe("verify-email");
    // (Tokens are signed and carry their issue time in seconds: within one second the fresh link
    // may equal the first. Either works.)
    const token = secret(fresh.searchParams.get("token")!);

    await auth.api.verifyEmail({ query: { token } });
    expect(await sessionUser(await signIn(email, "dahlias-in-augustus"))).toMatchObject({ email });
  });

  it("answers a used address like a new one, mails its owner and keeps the password", async () => {
    const email = uniqueEmail(engine.name);
    await verifiedMember(email, "zonnebloemen-1", "nl");
    const before = smtp.mails().length;

    const fresh = await signUp(uniqueEmail(engine.name, "bram"), "andere-wachtwoord");
    const taken = await auth.api.signUpEmail({
      body: {
        name: "Someone Else",
        email: email.toUpperCase(),
        password: secret("overgenomen-wachtwoord"),
        locale: "en",
      },
      headers: new Headers(),
    });
    expect(taken.token).toBe(fresh.token);
    expect(Object.keys(taken.user).sort()).toEqual(Object.keys(fresh.user).sort());
    expect(taken.user).toMatchObject({ email, name: "Someone Else", emailVerified: false });

    // The owner hears about it, in their own language, with the way to a new password.
    const warning = await mailTo(email);
    expect(warning.subject).toBe(
      "Iemand heeft geprobeerd met je e-mailadres een account aan te maken",
    );
    expect(warning.text).toContain("Hallo Anna de Vries,");
    expect(linkIn(warning).href).toBe(`${APP_URL}/nl/forgot-password`);
    // Two mails went out: the new member's verification and the owner's warning; nothing else.
    expect(
      smtp
        .mails()
        .slice(before)
        .map((mail) => mail.subject),
    ).toHaveLength(2);

    expect(await errorCode(signIn(email, "overgenomen-wachtwoord"))).toBe(
      "INVALID_EMAIL_OR_PASSWORD",
    );
    expect(await sessionUser(await signIn(email, "zonnebloemen-1"))).toMatchObject({
      email,
      name: "Anna de Vries",
    });
  });

  it("gives the same error for a wrong password and an unknown address", async () => {
    const email = uniqueEmail(engine.name);
    await verifiedMember(email, "appels-en-peren");
    const wrongPassword = await errorCode(signIn(email, "appels-en-pruimen"));
    const unknownEmail = await errorCode(signIn(uniqueEmail(engine.name), "appels-en-peren"));
    expect(wrongPassword).toBe("INVALID_EMAIL_OR_PASSWORD");
    expect(unknownEmail).toBe(wrongPassword);
    // Something was logged (Better Auth warns about both), so the afterEach check means something.
    expect(logText).toContain("Invalid password");
  });

  it("enforces 8 to 128 characters on the server, whatever the form checked", async () => {
    const email = uniqueEmail(engine.name);
    expect(await errorCode(signUp(email, "1234567"))).toBe("PASSWORD_TOO_SHORT");
    expect(await errorCode(signUp(email, "x".repeat(129)))).toBe("PASSWORD_TOO_LONG");
    expect(smtp.mails().some((mail) => mail.to.includes(email))).toBe(false);

    const cookie = await verifiedMember(email, "12345678");
    const token = await resetToken(email);
    expect(
      await errorCode(auth.api.resetPassword({ body: { token, newPassword: secret("k0rt-7x") } })),
    ).toBe("PASSWORD_TOO_SHORT");
    expect(
      await errorCode(
        auth.api.changePassword({
          body: { currentPassword: "12345678", newPassword: secret("k0rt-8y") },
          headers: cookie,
        }),
      ),
    ).toBe("PASSWORD_TOO_SHORT");
    // The refused reset did not use up the link.
    await auth.api.resetPassword({ body: { token, newPassword: secret("lang-genoeg") } });
    await signIn(email, "lang-genoeg");
  });

  it("changes the password only with the current one", async () => {
    const email = uniqueEmail(engine.name);
    const cookie = await verifiedMember(email, "oude-wachtwoord");
    const other = await signIn(email, "oude-wachtwoord");
    expect(
      await errorCode(
        auth.api.changePassword({
          body: { currentPassword: secret("geraden-wachtwoord"), newPassword: "nieuw-wachtwoord" },
          headers: cookie,
        }),
      ),
    ).toBe("INVALID_PASSWORD");
    await auth.api.changePassword({
      body: {
        currentPassword: "oude-wachtwoord",
        newPassword: secret("nieuw-wachtwoord"),
        revokeOtherSessions: true,
      },
      headers: cookie,
    });
    expect(await errorCode(signIn(email, "oude-wachtwoord"))).toBe("INVALID_EMAIL_OR_PASSWORD");
    await signIn(email, "nieuw-wachtwoord");
    expect(await sessionUser(other)).toBeNull();
  });

  it("mails a reset link that works once and signs the member out everywhere", async () => {
    const email = uniqueEmail(engine.name);
    const fromVerifying = await verifiedMember(email, "eerste-wachtwoord", "nl");
    const laptop = await signIn(email, "eerste-wachtwoord");
    expect(await sessionUser(laptop)).not.toBeNull();

    await auth.api.requestPasswordReset({ body: { email } });
    const mail = await mailTo(email, "Stel een nieuw wachtwoord in voor Plukweide");
    const link = linkIn(mail);
    expect(`${link.origin}${link.pathname}`).toBe(`${APP_URL}/nl/auth/callback`);
    expect(link.searchParams.get("type")).toBe("reset-password");
    const token = secret(link.searchParams.get("token")!);

    await auth.api.resetPassword({ body: { token, newPassword: secret("tweede-wachtwoord") } });
    expect(await sessionUser(fromVerifying)).toBeNull();
    expect(await sessionUser(laptop)).toBeNull();
    expect(await errorCode(signIn(email, "eerste-wachtwoord"))).toBe("INVALID_EMAIL_OR_PASSWORD");
    await signIn(email, "tweede-wachtwoord");

    // Used once: the same link cannot set a password again.
    expect(
      await errorCode(
        auth.api.resetPassword({ body: { token, newPassword: secret("derde-wachtwoord") } }),
      ),
    ).toBe("INVALID_TOKEN");
    await signIn(email, "tweede-wachtwoord");
  });

  it("lets a reset link expire after one hour", async () => {
    const email = uniqueEmail(engine.name);
    await verifiedMember(email, "voor-de-reset");
    const requestedAt = Date.now();
    const token = await resetToken(email);
    const identifier = `reset-password:${token}`;
    const [row] = await queryRows<{ expires_at: string | Date }>(
      database.db,
      sql`select expires_at from verifications where identifier = ${identifier}`,
    );
    const lifetime = new Date(row!.expires_at).getTime() - requestedAt;
    expect(lifetime).toBeGreaterThan(59 * 60_000);
    expect(lifetime).toBeLessThanOrEqual(60 * 60_000 + 1_000);

    // An hour later:
    await database.db.execute(
      sql`update verifications set expires_at = now() - interval '1 second'
          where identifier = ${identifier}`,
    );
    expect(
      await errorCode(
        auth.api.resetPassword({ body: { token, newPassword: secret("te-laat-1") } }),
      ),
    ).toBe("INVALID_TOKEN");
    await signIn(email, "voor-de-reset");
  });

  it("answers a reset request for an unknown address the same, without a mail", async () => {
    const known = uniqueEmail(engine.name);
    const unknown = uniqueEmail(engine.name, "nobody");
    await verifiedMember(known, "bekend-wachtwoord");
    const forKnown = await auth.api.requestPasswordReset({ body: { email: known } });
    const forUnknown = await auth.api.requestPasswordReset({ body: { email: unknown } });
    expect(forUnknown).toEqual(forKnown);
    await mailTo(known, "Reset your Plukweide password");
    expect(smtp.mails().some((mail) => mail.to.includes(unknown))).toBe(false);
  });

  it("refuses a forged or tampered verification token", async () => {
    const email = uniqueEmail(engine.name);
    await signUp(email, "echte-wachtwoord");
    const token = await verificationToken(email);
    const tampered = `${token.slice(0, -4)}AAAA`;
    expect(await errorCode(auth.api.verifyEmail({ query: { token: tampered } }))).toBe(
      "INVALID_TOKEN",
    );
    expect(await errorCode(auth.api.verifyEmail({ query: { token: "not-a-token" } }))).toBe(
      "INVALID_TOKEN",
    );
    expect(await errorCode(signIn(email, "echte-wachtwoord"))).toBe("EMAIL_NOT_VERIFIED");
  });

  it("never writes passwords or tokens to the log, even when things go wrong", async () => {
    const email = uniqueEmail(engine.name);
    const cookie = await verifiedMember(email, "geheim-wachtwoord-42");
    await errorCode(signIn(email, "fout-wachtwoord-43"));
    await errorCode(signIn(uniqueEmail(engine.name), "onbekend-wachtwoord-44"));
    await auth.api.requestPasswordReset({ body: { email: uniqueEmail(engine.name) } });
    const token = await resetToken(email);
    await errorCode(auth.api.resetPassword({ body: { token: `${token}x`, newPassword: "x" } }));
    secret(cookie.get("cookie")!.split("=")[1]!.split(".")[0]!);
    // Better Auth did log warnings (unknown user, wrong password): the log is not simply empty.
    expect(logText).toContain('"component":"auth"');
    expect(logText).toMatch(/User not found/);
  });
});
