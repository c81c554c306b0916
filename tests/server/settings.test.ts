import { setTimeout as sleep } from "node:timers/promises";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import en from "../../app/locales/en/translation";
import nl from "../../app/locales/nl/translation";
import { png, sixtyMegapixelPng, TEXT_NAMED_JPG, webp } from "../fixtures/images/generate";
import { type AppProcess } from "../support/app-process";
import { startAppWithMail } from "../support/app-with-mail";
import { appDatabase, appEngines } from "../support/databases";
import { addMeadow, signedInMember, uniqueEmail } from "../support/members";
import { type TestSmtpServer } from "../support/smtp-server";
import { totpCode } from "../support/totp";
import { Visitor } from "../support/visitor";

/**
 * The settings page's forms on the production build, as a browser without JavaScript sends them:
 * each section posts to its own address below /settings, and a form that did its work lands back
 * on /settings in the page's language. Bad input answers with the form's message and a 4xx. On
 * the embedded database and, when TEST_DATABASE_URL is set, on PostgreSQL.
 */

/** Whether the rendered page shows `text` as an element's whole text. */
function shows(html: string, text: string): boolean {
  return html.includes(`>${text}<`);
}

/** The addresses of the avatar images a page shows. */
function avatarImages(html: string): string[] {
  return [...html.matchAll(/\/images\/avatars\/[0-9a-f]+\/[^" ,]+\.webp/g)].map((m) => m[0]);
}

function avatarForm(file?: { bytes: Buffer; name: string; type?: string }) {
  const body = new FormData();
  body.set("intent", "avatar-upload");
  body.set(
    "avatar",
    file
      ? new Blob([new Uint8Array(file.bytes)], { type: file.type ?? "image/png" })
      : new Blob([], { type: "application/octet-stream" }),
    file?.name ?? "",
  );
  return body;
}

describe.each(appEngines)("settings on the production build, on $name", (engine) => {
  const database = appDatabase(engine);
  let smtp: TestSmtpServer;
  let app: AppProcess;
  const visitor = () => new Visitor(() => app.url);

  beforeAll(async () => {
    ({ app, smtp } = await startAppWithMail(database.env));
  });
  afterAll(async () => {
    await app?.stop();
    await smtp?.close();
  });

  async function member(name = "Mila Bakker") {
    const browser = visitor();
    const registered = await signedInMember(browser, smtp, { name });
    const settings = await (await browser.get("/settings")).text();
    const id = /href="\/profile\/([^"]+)"/.exec(settings)![1]!;
    return { browser, id, ...registered };
  }

  it("sends visitors who post a section's form to sign in first", async () => {
    for (const section of ["avatar", "profile", "password", "email", "delete-account"]) {
      const response = await visitor().post(`/settings/${section}`, { name: "x" });
      expect(response.status).toBe(302);
      expect(response.headers.get("location")).toMatch(/^\/login\?redirectTo=/);
    }
  });

  it("shows the whole settings page at a section's address", async () => {
    const { browser } = await member();
    // The page itself takes no form: each section has its own address.
    expect((await browser.post("/settings", { intent: "profile", name: "x" })).status).toBe(405);
    const page = await browser.get("/settings/profile");
    expect(page.status).toBe(200);
    expect(page.headers.get("cache-control")).toBe("private, no-store");
    const html = await page.text();
    expect(html).toContain(`<title>${en.nav.settings} · Plukweide</title>`);
    for (const title of [en.settings.avatarTitle, en.settings.passwordTitle]) {
      expect(shows(html, title)).toBe(true);
    }
    expect(shows(html, en.settings.dangerTitle)).toBe(true);
  });

  it("saves the profile and shows it on the public profile", async () => {
    const { browser, id } = await member();
    const saved = await browser.post("/settings/profile", {
      name: "Mila de Plukker",
      bio: "Dahlia's in de zomer",
      website: "plukweide.example.org",
      location: "Utrecht",
    });
    expect(saved.status).toBe(302);
    expect(saved.headers.get("location")).toBe("/settings");
    const profile = await (await visitor().get(`/profile/${id}`)).text();
    expect(profile).toContain("Mila de Plukker");
    expect(profile).toContain("Dahlia&#x27;s in de zomer");
    expect(profile).toContain("https://plukweide.example.org");
    expect(profile).toContain("Utrecht");

    // From the Dutch page, back to the Dutch page.
    const dutch = await browser.post("/nl/settings/profile", { name: "Mila", location: "" });
    expect(dutch.headers.get("location")).toBe("/nl/settings");
  });

  it("refuses a bad profile with the form's messages in the page's language", async () => {
    const { browser, id } = await member("Sanne Vos");
    const english = await browser.post("/settings/profile", {
      name: " ",
      website: "not a website",
      bio: "b".repeat(1001),
    });
    expect(english.status).toBe(400);
    expect(english.headers.get("cache-control")).toBe("private, no-store");
    const html = await english.text();
    expect(shows(html, en.validation.nameRequired)).toBe(true);
    expect(shows(html, en.validation.urlInvalid)).toBe(true);
    expect(shows(html, "This text can be at most 1,000 characters")).toBe(true);

    const dutch = await browser.post("/nl/settings/profile", { name: "", bio: "b".repeat(1001) });
    expect(dutch.status).toBe(400);
    const dutchHtml = await dutch.text();
    expect(shows(dutchHtml, nl.validation.nameRequired)).toBe(true);
    expect(shows(dutchHtml, "Deze tekst mag maximaal 1.000 tekens lang zijn")).toBe(true);
    // Nothing was saved.
    expect(await (await visitor().get(`/profile/${id}`)).text()).toContain("Sanne Vos");
  });

  it("uploads a profile picture, shows it, and removes it", async () => {
    const { browser, id } = await member();
    const uploaded = await browser.postMultipart(
      "/settings/avatar",
      avatarForm({ bytes: await png(400, 300), name: "ik.png" }),
    );
    expect(uploaded.status).toBe(302);
    expect(uploaded.headers.get("location")).toBe("/settings");
    const images = avatarImages(await (await visitor().get(`/profile/${id}`)).text());
    expect(images.length).toBeGreaterThan(0);
    for (const image of images) expect((await visitor().get(image)).status).toBe(200);

    const removed = await browser.post("/settings/avatar", { intent: "avatar-remove" });
    expect(removed.status).toBe(302);
    expect(avatarImages(await (await visitor().get(`/profile/${id}`)).text())).toEqual([]);
    for (const image of images) expect((await visitor().get(image)).status).toBe(404);
  });

  it("refuses a missing, unreadable or oversized profile picture with its reason", async () => {
    const { browser, id } = await member();
    const missing = await browser.postMultipart("/settings/avatar", avatarForm());
    expect(missing.status).toBe(400);
    expect(shows(await missing.text(), en.settings.avatarMissing)).toBe(true);

    const text = await browser.postMultipart(
      "/nl/settings/avatar",
      avatarForm({ ...TEXT_NAMED_JPG, type: "image/jpeg" }),
    );
    expect(text.status).toBe(415);
    expect(shows(await text.text(), nl.settings.avatarUnsupported)).toBe(true);

    const huge = await browser.postMultipart(
      "/settings/avatar",
      avatarForm({ bytes: sixtyMegapixelPng(), name: "groot.png" }),
    );
    expect(huge.status).toBe(413);
    expect(shows(await huge.text(), en.settings.avatarTooLarge)).toBe(true);

    const unknown = await browser.post("/settings/avatar", { intent: "something-else" });
    expect(unknown.status).toBe(400);
    expect(avatarImages(await (await visitor().get(`/profile/${id}`)).text())).toEqual([]);
  });

  /** The first link in a mail. */
  const linkOf = (mail: { text: string }) => /https?:\/\/\S+/.exec(mail.text)![0]!;
  const mailTo = (address: string, subject?: string) =>
    smtp.waitForMail(
      (received) =>
        received.to.includes(address) && (subject === undefined || received.subject === subject),
    );

  it("mails a link to a new address and changes the address when it is followed", async () => {
    const { browser, email, password } = await member();
    const before = await (await browser.get("/nl/settings")).text();
    expect(before).toContain(nl.settings.emailNotice);
    const newEmail = uniqueEmail("nieuw");
    const asked = await browser.post("/settings/email", {
      email: newEmail.toUpperCase(),
      currentPassword: password,
    });
    expect(asked.status).toBe(200);
    const page = await asked.text();
    expect(page).toContain(newEmail);
    expect(page).not.toContain(password);
    const mail = await mailTo(newEmail);
    expect((await browser.get(linkOf(mail))).status).toBe(302);
    const settings = await (await browser.get("/settings")).text();
    expect(settings).toContain(newEmail);
    expect(settings).not.toContain(email);
  });

  it("asks for the current password to change the address, and counts wrong ones like sign-ins", async () => {
    const { browser, password } = await member();
    const newEmail = uniqueEmail("nieuw");
    const without = await browser.post("/settings/email", { email: newEmail });
    expect(without.status).toBe(400);
    expect(shows(await without.text(), en.validation.passwordRequired)).toBe(true);
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const wrong = await browser.post("/settings/email", {
        email: newEmail,
        currentPassword: `niet-mijn-wachtwoord-${attempt}`,
      });
      expect(wrong.status).toBe(400);
      const html = await wrong.text();
      expect(shows(html, en.settings.currentPasswordWrong)).toBe(true);
      expect(html).not.toContain("niet-mijn-wachtwoord");
    }
    // Five wrong guesses lock the account as five failed sign-ins would: the right one is refused.
    const locked = await browser.post("/settings/email", {
      email: newEmail,
      currentPassword: password,
    });
    expect(locked.status).toBe(429);
    expect(Number(locked.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(shows(await locked.text(), en.auth.tooManyAttempts)).toBe(true);
    expect(smtp.mails().some((mail) => mail.to.includes(newEmail))).toBe(false);
  });

  it("answers a taken address like a free one, and tells its owner instead of sending a link", async () => {
    const { browser, password } = await member();
    const taken = (await member("Tom Bezet")).email;
    const free = uniqueEmail("vrij");
    const answers = [];
    for (const address of [free, taken]) {
      const response = await browser.post("/settings/email", {
        email: address,
        currentPassword: password,
      });
      expect(response.status).toBe(200);
      answers.push(
        (await response.text())
          .replace(/nonce="[^"]*"|'nonce-[^']*'/g, "")
          .replaceAll(address, "ADDRESS"),
      );
    }
    expect(answers[1]).toBe(answers[0]);
    expect(linkOf(await mailTo(free, "Confirm your new email address"))).toContain(
      "type=change-email",
    );
    const note = await mailTo(taken, "Someone tried to move an account to your email address");
    expect(note.text).toContain("Hi Tom Bezet,");
    expect(note.text).not.toContain("Mila Bakker");
    expect(linkOf(note)).toMatch(/\/forgot-password$/);
    await sleep(200);
    expect(
      smtp
        .mails()
        .some(
          (mail) => mail.to.includes(taken) && mail.subject === "Confirm your new email address",
        ),
    ).toBe(false);
  });

  it("limits the mails a member can have sent to a new address, as forgot password does", async () => {
    const { browser, password } = await member();
    const target = uniqueEmail("doelwit");
    for (let request = 0; request < 3; request += 1) {
      const asked = await browser.post("/settings/email", {
        email: target,
        currentPassword: password,
      });
      expect(asked.status).toBe(200);
    }
    const refusedAnswer = await browser.post("/settings/email", {
      email: target,
      currentPassword: password,
    });
    expect(refusedAnswer.status).toBe(429);
    expect(Number(refusedAnswer.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(shows(await refusedAnswer.text(), en.auth.tooManyAttempts)).toBe(true);
    await sleep(200);
    expect(smtp.mails().filter((mail) => mail.to.includes(target))).toHaveLength(3);
  });

  it("tells the old address of a change, with a link that puts it back and ends every session", async () => {
    const { browser, email, password } = await member("Mila Bakker");
    const newEmail = uniqueEmail("nieuw");
    await browser.post("/settings/email", { email: newEmail, currentPassword: password });
    const changeLink = linkOf(await mailTo(newEmail));
    expect((await browser.get(changeLink)).status).toBe(302);
    const notice = await mailTo(email, "The email address of your Plukweide account was changed");
    expect(notice.text).toContain(newEmail);
    const undo = linkOf(notice);
    expect(new URL(undo).searchParams.get("type")).toBe("undo-email-change");

    // Opening the link (as a mail scanner would) changes nothing: it asks first.
    const reader = visitor();
    const asks = await reader.get(undo);
    expect(asks.status).toBe(200);
    expect(asks.headers.get("referrer-policy")).toBe("no-referrer");
    const confirmPage = await asks.text();
    expect(shows(confirmPage, en.auth.undoEmailButton)).toBe(true);
    // The page's form posts back to the link itself.
    const form = /<form[^>]*>/.exec(confirmPage.slice(confirmPage.indexOf("<main")))?.[0] ?? "";
    const action = /action="([^"]*)"/.exec(form)?.[1];
    expect(action?.replaceAll("&amp;", "&")).toBe(new URL(undo).pathname + new URL(undo).search);
    expect(await (await browser.get("/settings")).text()).toContain(newEmail);

    const undone = await reader.post(undo, {});
    expect(undone.status).toBe(302);
    expect(undone.headers.get("location")).toBe("/forgot-password");
    // Every session ended; the old address signs in again, the new one no longer.
    const settings = await browser.get("/settings");
    expect(settings.status).toBe(302);
    expect((await visitor().post("/login", { email: newEmail, password })).status).toBe(401);
    expect((await visitor().post("/login", { email, password })).status).toBe(302);
    // The undo link works once, and the change link cannot make the change again.
    expect((await visitor().post(undo, {})).status).toBe(410);
    const again = await visitor().get(changeLink);
    expect(again.status).toBe(410);
    expect(shows(await again.text(), en.auth.linkExpiredTitle)).toBe(true);
  });

  it("refuses to undo a change once another account has taken the old address", async () => {
    const { browser, email, password } = await member();
    const newEmail = uniqueEmail("nieuw");
    await browser.post("/settings/email", { email: newEmail, currentPassword: password });
    expect((await browser.get(linkOf(await mailTo(newEmail)))).status).toBe(302);
    const undo = linkOf(
      await mailTo(email, "The email address of your Plukweide account was changed"),
    );
    const registered = await visitor().post("/register", {
      name: "Nieuwe Eigenaar",
      email,
      password: "een-ander-wachtwoord",
      confirmPassword: "een-ander-wachtwoord",
    });
    expect(registered.status).toBe(302);
    const refusedUndo = await visitor().post(undo, {});
    expect(refusedUndo.status).toBe(410);
    expect(shows(await refusedUndo.text(), en.auth.linkExpiredTitle)).toBe(true);
    // The member keeps the new address and their session.
    expect(await (await browser.get("/settings")).text()).toContain(newEmail);
  });

  it("shows the expired-link page for a change-email link opened by another member", async () => {
    const { browser, password } = await member();
    const other = (await member("Ander Lid")).browser;
    const newEmail = uniqueEmail("nieuw");
    await browser.post("/settings/email", { email: newEmail, currentPassword: password });
    const link = linkOf(await mailTo(newEmail));
    const opened = await other.get(link);
    expect(opened.status).toBe(410);
    expect(shows(await opened.text(), en.auth.linkExpiredTitle)).toBe(true);
    // The link still works for its own member.
    expect((await browser.get(link)).status).toBe(302);
    expect(await (await browser.get("/settings")).text()).toContain(newEmail);
  });

  it("shows the expired-link page for a change-email link whose address was registered meanwhile", async () => {
    const { browser, email, password } = await member();
    const newEmail = uniqueEmail("nieuw");
    await browser.post("/settings/email", { email: newEmail, currentPassword: password });
    const link = linkOf(await mailTo(newEmail));
    const registered = await visitor().post("/register", {
      name: "Snelle Registreerder",
      email: newEmail,
      password: "een-ander-wachtwoord",
      confirmPassword: "een-ander-wachtwoord",
    });
    expect(registered.status).toBe(302);
    const opened = await browser.get(link);
    expect(opened.status).toBe(410);
    expect(shows(await opened.text(), en.auth.linkExpiredTitle)).toBe(true);
    expect(await (await browser.get("/settings")).text()).toContain(email);
  });

  it("refuses the same or a malformed address with the form's message", async () => {
    const { browser, email } = await member();
    const same = await browser.post("/settings/email", { email, currentPassword: "x" });
    expect(same.status).toBe(400);
    expect(shows(await same.text(), en.settings.emailSame)).toBe(true);
    const malformed = await browser.post("/nl/settings/email", {
      email: "geen-adres",
      currentPassword: "x",
    });
    expect(malformed.status).toBe(400);
    expect(shows(await malformed.text(), nl.validation.emailInvalid)).toBe(true);
  });

  it("answers a wrong current password the same way on every form that asks for it", async () => {
    const { browser } = await member();
    const forms: [string, Record<string, string>][] = [
      [
        "/settings/password",
        {
          currentPassword: "niet-mijn-wachtwoord",
          password: "nieuw-wachtwoord",
          confirmPassword: "nieuw-wachtwoord",
        },
      ],
      ["/settings/two-factor", { intent: "two-factor-enable", password: "niet-mijn-wachtwoord" }],
      ["/settings/delete-account", { confirm: "delete", password: "niet-mijn-wachtwoord" }],
    ];
    for (const [target, form] of forms) {
      const response = await browser.post(target, form);
      expect(response.status).toBe(400);
      const html = await response.text();
      expect(shows(html, en.settings.currentPasswordWrong)).toBe(true);
      // The password typed is not sent back.
      expect(html).not.toContain("niet-mijn-wachtwoord");
    }
    // The account is still there.
    expect((await browser.get("/settings")).status).toBe(200);
  });

  /** The three forms that ask for the current password, filled in with `password`. */
  const currentPasswordForms = (password: string): [string, Record<string, string>][] => [
    [
      "/settings/password",
      {
        currentPassword: password,
        password: "nieuw-wachtwoord",
        confirmPassword: "nieuw-wachtwoord",
      },
    ],
    ["/settings/two-factor", { intent: "two-factor-enable", password }],
    ["/settings/delete-account", { confirm: "delete", password }],
  ];

  it("counts wrong current passwords like failed sign-ins, then refuses even the right one", async () => {
    for (const [index, [target]] of currentPasswordForms("").entries()) {
      const { browser, email, password } = await member();
      const form = (guess: string) => currentPasswordForms(guess)[index]![1];
      for (let guess = 1; guess <= 5; guess++) {
        const wrong = await browser.post(target, form(`geraden-${guess}`));
        expect(wrong.status).toBe(400);
        expect(shows(await wrong.text(), en.settings.currentPasswordWrong)).toBe(true);
      }
      const refused = await browser.post(target, form(password));
      expect(refused.status, target).toBe(429);
      expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
      expect(refused.headers.get("cache-control")).toBe("private, no-store");
      expect((await browser.get(target)).headers.get("cache-control")).toBe("private, no-store");
      const html = await refused.text();
      expect(shows(html, en.auth.tooManyAttempts)).toBe(true);
      expect(html).not.toContain(password);
      // Nothing was done: no authenticator setup, the account and this session are still there.
      expect(html).not.toContain("otpauth://");
      expect((await browser.get("/settings")).status).toBe(200);
      // The same count locks sign-in from browsers the account never used (ADR 17).
      expect((await visitor().post("/login", { email, password })).status).toBe(429);
      const dutch = await browser.post(`/nl${target}`, {
        ...form(password),
        confirm: nl.settings.deleteConfirmWord,
      });
      expect(dutch.status).toBe(429);
      expect(shows(await dutch.text(), nl.auth.tooManyAttempts)).toBe(true);
    }
  });

  it("takes the right current password after fewer wrong ones than the limit", async () => {
    for (const [index, [target]] of currentPasswordForms("").entries()) {
      const { browser, password } = await member();
      const form = (guess: string) => currentPasswordForms(guess)[index]![1];
      for (let guess = 1; guess <= 4; guess++) {
        expect((await browser.post(target, form(`geraden-${guess}`))).status).toBe(400);
      }
      const done = await browser.post(target, form(password));
      if (target === "/settings/two-factor") {
        expect(done.status).toBe(200);
        expect(await done.text()).toContain("otpauth://");
      } else {
        expect(done.status, target).toBe(302);
      }
    }
  });

  it("takes an authenticator code once: the same or an earlier step is refused, a later one works", async () => {
    const { browser, email, password } = await member();
    const setup = await browser.post("/settings/two-factor", {
      intent: "two-factor-enable",
      password,
    });
    const uri = /otpauth:\/\/totp\/[^"&<\s]+(?:&amp;[^"&<\s]+)*/
      .exec(await setup.text())![0]
      .replaceAll("&amp;", "&");
    // Codes of the step before, this one and the next are all accepted once: start early enough
    // in a step that the three stay the same for the whole test.
    const period = 30_000;
    const left = period - (Date.now() % period);
    if (left < 15_000) await sleep(left + 100);
    const now = Date.now();
    const [previous, current, next] = [-1, 0, 1].map((step) => totpCode(uri, now + step * period));

    const verify = (code: string) =>
      browser.post("/settings/two-factor", { intent: "two-factor-verify", code });
    expect((await verify(previous!)).status).toBe(302);
    const again = await verify(previous!);
    expect(again.status).toBe(400);
    expect(shows(await again.text(), en.auth.codeWrong)).toBe(true);

    const secondStep = async (code: string) => {
      const stranger = visitor();
      const first = await stranger.post("/login", { email, password });
      expect(first.headers.get("location")).toMatch(/^\/two-factor/);
      return stranger.post(first.headers.get("location")!, { code });
    };
    // The code that turned two-step on does not sign in; the next step's does, once.
    expect((await secondStep(previous!)).status).toBe(401);
    expect((await secondStep(current!)).status).toBe(302);
    const replayed = await secondStep(current!);
    expect(replayed.status).toBe(401);
    expect(shows(await replayed.text(), en.auth.codeWrong)).toBe(true);
    expect((await secondStep(previous!)).status).toBe(401);
    expect((await secondStep(next!)).status).toBe(302);
  });

  it("refuses to delete the account without the confirmation word of the page's language", async () => {
    const { browser, password } = await member();
    const english = await browser.post("/settings/delete-account", { confirm: "yes", password });
    expect(english.status).toBe(400);
    expect(shows(await english.text(), en.validation.confirmWord)).toBe(true);
    // The English word on the Dutch page is not the Dutch word.
    const dutch = await browser.post("/nl/settings/delete-account", {
      confirm: en.settings.deleteConfirmWord,
      password,
    });
    expect(dutch.status).toBe(400);
    expect(shows(await dutch.text(), nl.validation.confirmWord)).toBe(true);
    const empty = await browser.post("/settings/delete-account", {});
    expect(empty.status).toBe(400);
    expect(shows(await empty.text(), en.validation.passwordRequired)).toBe(true);
    expect((await browser.get("/settings")).status).toBe(200);
  });

  it("deletes the account: signed out, no sign-in, photos and picture gone, meadows kept", async () => {
    const { browser, email, password, id } = await member("Wim Weg");
    const meadowPath = await addMeadow(browser);
    const photoForm = new FormData();
    photoForm.set("intent", "upload-photos");
    photoForm.append(
      "photos",
      new Blob([new Uint8Array(await webp())], { type: "image/webp" }),
      "a.webp",
    );
    expect((await browser.postMultipart(meadowPath, photoForm)).status).toBe(302);
    const avatar = avatarForm({ bytes: await png(200, 200), name: "ik.png" });
    expect((await browser.postMultipart("/settings/avatar", avatar)).status).toBe(302);
    const photos = [
      ...(await (await visitor().get(meadowPath)).text()).matchAll(
        /\/images\/photos\/[0-9a-f]{32}\/[^" ,]+\.webp/g,
      ),
    ].map((match) => match[0]);
    const avatars = avatarImages(await (await visitor().get(`/profile/${id}`)).text());
    expect(photos.length).toBeGreaterThan(0);
    expect(avatars.length).toBeGreaterThan(0);

    const deleted = await browser.post("/nl/settings/delete-account", {
      confirm: nl.settings.deleteConfirmWord.toUpperCase(),
      password,
    });
    expect(deleted.status).toBe(302);
    expect(deleted.headers.get("location")).toBe("/nl");
    expect(browser.jar.has("plukweide.session_token")).toBe(false);

    expect((await browser.get("/settings")).headers.get("location")).toMatch(/^\/login/);
    expect((await visitor().post("/login", { email, password })).status).toBe(401);
    expect((await visitor().get(`/profile/${id}`)).status).toBe(404);
    for (const image of [...photos, ...avatars]) {
      expect((await visitor().get(image)).status).toBe(404);
    }
    const meadow = await visitor().get(meadowPath);
    expect(meadow.status).toBe(200);
    const html = await meadow.text();
    expect(html).toContain(en.meadow.deletedMember);
    expect(html).not.toContain("Wim Weg");
  });
});
