import { createServer, type Socket } from "node:net";
import { setTimeout as sleep } from "node:timers/promises";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startAppWithMail } from "../support/app-with-mail";
import { freshDataDir, spawnApp, type AppProcess } from "../support/app-process";
import { startSmtpServer, type TestSmtpServer } from "../support/smtp-server";
import { totpCode } from "../support/totp";
import { freePort, Visitor } from "../support/visitor";

/**
 * Failed sign-ins against the production build (ADR 17): someone guessing a member's password
 * from their own address is stopped, browsers that never signed in to the account are refused
 * with it, and the member signs in on a browser where they signed in before.
 */

const LOCKED =
  "Too many failed attempts to sign in to this account. Please wait a few minutes, or sign in on a device where you signed in before.";
const LOCKED_NL =
  "Te veel mislukte pogingen om op dit account in te loggen. Wacht een paar minuten, of log in op een apparaat waarop je al eerder hebt ingelogd.";
const TOO_MANY_ATTEMPTS = "Too many attempts. Please wait a few minutes and try again.";
const INVALID_CREDENTIALS =
  "That email address and password do not match. Check them and try again.";
const ALERT_SUBJECT = "Someone is trying to sign in to your Plukweide account";
const PASSWORD = "tulpen-in-april";

/** Whether the rendered page shows `text` as an element's whole text (not only in its data). */
function shows(html: string, text: string): boolean {
  return html.includes(`>${text}<`);
}

function setCookieNamed(response: Response, name: string): string | undefined {
  return response.headers.getSetCookie().find((cookie) => cookie.startsWith(`${name}=`));
}

describe("sign-in throttling on the production build", () => {
  let smtp: TestSmtpServer;
  let app: AppProcess;
  const baseUrl = () => app.url;
  const visitor = () => new Visitor(baseUrl);
  let addresses = 0;
  const uniqueEmail = (name = "anna") => `${name}+${Date.now()}-${++addresses}@example.org`;

  beforeAll(async () => {
    ({ app, smtp } = await startAppWithMail());
  });
  afterAll(async () => {
    await app?.stop();
    await smtp?.close();
  });

  const signIn = (browser: Visitor, email: string, password: string, prefix = "") =>
    browser.post(`${prefix}/login`, { email, password });

  async function signedIn(browser: Visitor): Promise<boolean> {
    return shows(await (await browser.get("/about")).text(), "Sign out");
  }

  /** A verified member who has signed in with their password once, on `device`, and out again. */
  async function member() {
    const device = visitor();
    const email = uniqueEmail();
    const registered = await device.post("/register", {
      name: "Anna de Vries",
      email,
      password: PASSWORD,
      confirmPassword: PASSWORD,
    });
    expect(registered.status).toBe(302);
    const mail = await smtp.waitForMail((received) => received.to.includes(email));
    expect((await device.get(/https?:\/\/\S+/.exec(mail.text)![0])).status).toBe(302);
    await device.post("/resources/logout", { redirectTo: "/" });
    const first = await signIn(device, email, PASSWORD);
    expect(first.status).toBe(302);
    await device.post("/resources/logout", { redirectTo: "/" });
    expect(await signedIn(device)).toBe(false);
    return { device, email };
  }

  /** Five wrong passwords from one address: the account is then locked for unknown browsers. */
  async function attack(email: string, attacker = visitor()) {
    for (let attempt = 1; attempt <= 5; attempt++) {
      expect((await signIn(attacker, email, `geraden-${attempt}`)).status).toBe(401);
    }
    return attacker;
  }

  it("marks the browser of a sign-in with a signed device cookie for a year", async () => {
    const { email } = await member();
    const response = await signIn(visitor(), email, PASSWORD);
    expect(response.status).toBe(302);
    const device = setCookieNamed(response, "device");
    expect(device).toBeDefined();
    expect(device).toMatch(/;\s*Max-Age=31536000/i);
    expect(device).toMatch(/;\s*HttpOnly/i);
    expect(device).toMatch(/;\s*SameSite=Lax/i);
    expect(device).toMatch(/;\s*Path=\/(;|$)/i);
    expect(device).not.toMatch(/;\s*Secure/i);
    // A wrong password sets none.
    expect(setCookieNamed(await signIn(visitor(), email, "verkeerd-1"), "device")).toBeUndefined();
  });

  it("refuses the attacker, and anyone new, even with the right password", async () => {
    const { email } = await member();
    const attacker = await attack(email);
    for (const [browser, prefix, message] of [
      [attacker, "", LOCKED],
      [visitor(), "", LOCKED],
      [visitor(), "/nl", LOCKED_NL],
    ] as const) {
      const refused = await signIn(browser, email, PASSWORD, prefix);
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
      expect(setCookieNamed(refused, "plukweide.session_token")).toBeUndefined();
      expect(shows(await refused.text(), message)).toBe(true);
    }
  });

  it("stops one address after twenty wrong passwords, whatever the accounts", async () => {
    const { email } = await member();
    const sprayer = visitor();
    for (let attempt = 1; attempt <= 20; attempt++) {
      expect((await signIn(sprayer, uniqueEmail("someone"), "zomer-2026")).status).toBe(401);
    }
    const refused = await signIn(sprayer, email, PASSWORD);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(shows(await refused.text(), TOO_MANY_ATTEMPTS)).toBe(true);
    // The accounts it tried are not locked for others.
    expect((await signIn(visitor(), email, PASSWORD)).status).toBe(302);
  });

  it("lets the owner sign in during the attack on a browser where they signed in before", async () => {
    const { device, email } = await member();
    await attack(email);
    expect((await signIn(visitor(), email, PASSWORD)).status).toBe(429);
    const owner = await signIn(device, email, PASSWORD);
    expect(owner.status).toBe(302);
    expect(setCookieNamed(owner, "plukweide.session_token")).toBeDefined();
    expect(await signedIn(device)).toBe(true);
    // Still locked for everyone else.
    expect((await signIn(visitor(), email, PASSWORD)).status).toBe(429);
  });

  it("gives a device cookie copied to another account's sign-in nothing", async () => {
    const anna = await member();
    const bram = await member();
    await attack(bram.email);
    const refused = await signIn(anna.device, bram.email, PASSWORD);
    expect(refused.status).toBe(429);
    expect(shows(await refused.text(), LOCKED)).toBe(true);
  });

  it("limits wrong passwords on the owner's device too, without locking the account", async () => {
    const { device, email } = await member();
    for (let attempt = 1; attempt <= 5; attempt++) {
      const wrong = await signIn(device, email, `vergeten-${attempt}`);
      expect(wrong.status).toBe(401);
      expect(shows(await wrong.text(), INVALID_CREDENTIALS)).toBe(true);
    }
    const limited = await signIn(device, email, PASSWORD);
    expect(limited.status).toBe(429);
    expect(shows(await limited.text(), TOO_MANY_ATTEMPTS)).toBe(true);
    // A device's failures are its own: the account is not locked, and its owner gets no mail.
    expect((await signIn(visitor(), email, PASSWORD)).status).toBe(302);
    await sleep(300);
    expect(
      smtp.mails().filter((mail) => mail.to.includes(email) && mail.subject === ALERT_SUBJECT),
    ).toEqual([]);
  });

  it("counts wrong current passwords in Settings like sign-ins: on the owner's device against it alone", async () => {
    const { device, email } = await member();
    expect((await signIn(device, email, PASSWORD)).status).toBe(302);
    // Under attack from elsewhere, the owner still changes the password on their own device.
    await attack(email);
    const changePassword = (currentPassword: string, password = "rozen-in-mei") =>
      device.post("/settings/password", { currentPassword, password, confirmPassword: password });
    expect((await changePassword(PASSWORD)).status).toBe(302);
    // Their own wrong ones count against that device: five, then even the right one waits.
    for (let guess = 1; guess <= 5; guess++) {
      expect((await changePassword(`geraden-${guess}`)).status).toBe(400);
    }
    const refused = await changePassword("rozen-in-mei", "tulpen-in-mei");
    expect(refused.status).toBe(429);
    expect(shows(await refused.text(), TOO_MANY_ATTEMPTS)).toBe(true);
  });

  it("mails the owner once when their account is locked, with the way to a new password", async () => {
    const { email } = await member();
    const attacker = await attack(email);
    const alert = await smtp.waitForMail(
      (mail) => mail.to.includes(email) && mail.subject === ALERT_SUBJECT,
    );
    const link = new URL(/https?:\/\/\S+/.exec(alert.text)![0]);
    expect(link.href).toBe(`${app.url}/forgot-password`);
    expect(alert.text).toContain("where you signed in before");

    for (const browser of [attacker, visitor(), visitor()]) {
      expect((await signIn(browser, email, "nog-een-gok")).status).toBe(429);
    }
    await sleep(300);
    expect(
      smtp.mails().filter((mail) => mail.to.includes(email) && mail.subject === ALERT_SUBJECT),
    ).toHaveLength(1);
  });

  it("answers an address without an account exactly like one with an account", async () => {
    const { email } = await member();
    const unknown = uniqueEmail("nobody");
    const answers: Array<Array<{ status: number; retryAfter: boolean; page: string }>> = [];
    for (const address of [email, unknown]) {
      const attacker = visitor();
      const seen = [];
      for (let attempt = 1; attempt <= 7; attempt++) {
        const browser = attempt <= 5 ? attacker : visitor();
        const response = await signIn(browser, address, attempt === 7 ? PASSWORD : "geraden-1");
        seen.push({
          status: response.status,
          retryAfter: response.headers.has("retry-after"),
          // Without the per-response nonce and the address itself, the pages are the same.
          page: (await response.text())
            .replace(/nonce="[^"]*"|'nonce-[^']*'/g, "")
            .replaceAll(address, ""),
        });
      }
      answers.push(seen);
    }
    expect(answers[0]!.map((answer) => answer.status)).toEqual([401, 401, 401, 401, 401, 429, 429]);
    expect(answers[1]).toEqual(answers[0]);
    await sleep(300);
    expect(smtp.mails().some((mail) => mail.to.includes(unknown))).toBe(false);
  });

  it("marks the browser once the second step of a two-step sign-in is done", async () => {
    const { device, email } = await member();
    expect((await signIn(device, email, PASSWORD)).status).toBe(302);
    const setup = await device.post("/settings/two-factor", {
      intent: "two-factor-enable",
      password: PASSWORD,
    });
    expect(setup.status).toBe(200);
    const uri = /otpauth:\/\/totp\/[^<"\s]+/.exec(await setup.text())![0].replaceAll("&amp;", "&");
    const turnedOn = await device.post("/settings/two-factor", {
      intent: "two-factor-verify",
      code: totpCode(uri),
    });
    expect(turnedOn.status).toBe(302);
    await device.post("/resources/logout", { redirectTo: "/" });

    const browser = visitor();
    const firstStep = await signIn(browser, email, PASSWORD);
    expect(firstStep.status).toBe(302);
    expect(firstStep.headers.get("location")).toMatch(/^\/two-factor\?/);
    expect(setCookieNamed(firstStep, "device")).toBeUndefined();
    // The next code: the one just used to turn it on is not accepted twice.
    const secondStep = await browser.post(firstStep.headers.get("location")!, {
      code: totpCode(uri, Date.now() + 30_000),
    });
    expect(secondStep.status).toBe(302);
    expect(setCookieNamed(secondStep, "device")).toBeDefined();

    // That browser now signs in while the account is locked for others.
    await browser.post("/resources/logout", { redirectTo: "/" });
    await attack(email);
    const during = await signIn(browser, email, PASSWORD);
    expect(during.status).toBe(302);
    expect(during.headers.get("location")).toMatch(/^\/two-factor\?/);
  });
});

describe("the alert mail on a mail server that does not answer", () => {
  it("does not hold up the answer to the attempt that locks the account", async () => {
    const smtp = await startSmtpServer();
    const port = await freePort();
    const dataDir = freshDataDir();
    const env = {
      PORT: String(port),
      APP_URL: `http://127.0.0.1:${port}`,
      DATA_DIR: dataDir,
    };
    let app = await spawnApp({ ...env, SMTP_URL: smtp.url }).ready;
    const email = `anna+${Date.now()}@example.org`;
    const browser = new Visitor(() => app.url);
    await browser.post("/register", {
      name: "Anna de Vries",
      email,
      password: PASSWORD,
      confirmPassword: PASSWORD,
    });
    const mail = await smtp.waitForMail((received) => received.to.includes(email));
    expect((await browser.get(/https?:\/\/\S+/.exec(mail.text)![0])).status).toBe(302);
    await app.stop();
    await smtp.close();

    // Accepts connections and never greets; the app is told to wait two minutes for a greeting.
    const connections: Socket[] = [];
    const silent = createServer((socket) => void connections.push(socket));
    await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", resolve));
    const silentPort = (silent.address() as { port: number }).port;
    const patience = "connectionTimeout=120000&greetingTimeout=120000&socketTimeout=120000";
    app = await spawnApp({
      ...env,
      SMTP_URL: `smtp://user:pass@127.0.0.1:${silentPort}/?${patience}`,
    }).ready;
    try {
      const attempt = (password: string) =>
        fetch(`${app.url}/login`, {
          method: "POST",
          headers: { "x-forwarded-for": "198.51.100.250", origin: app.url },
          body: new URLSearchParams({ email, password }),
          redirect: "manual",
          // Far less than the app would wait for the mail server, were it waiting.
          signal: AbortSignal.timeout(20_000),
        });
      for (let count = 1; count <= 5; count++) {
        const answer = await attempt(`gok-${count}`);
        // Read to the end, so the connection is free and the app stops without waiting for it.
        await answer.text();
        expect(answer.status).toBe(401);
      }
      // The fifth locked the account, and its answer came while the mail still waits.
      for (let wait = 0; connections.length === 0 && wait < 50; wait++) await sleep(100);
      expect(connections).toHaveLength(1);
      expect(connections[0]!.closed).toBe(false);
      expect(connections[0]!.bytesRead).toBe(0);
    } finally {
      // Hung up first: a stopping app waits for the mail it still sends (ADR 58), here for the
      // silent server, which would hold the stop up for the whole of the mail's drain time.
      for (const socket of connections) socket.destroy();
      await app.stop();
      await new Promise((resolve) => silent.close(resolve));
    }
  });
});
