import { describe, expect, it } from "vitest";
import {
  changeEmailMail,
  emailChangedMail,
  emailInUseMail,
  emailTakenMail,
  resetPasswordMail,
  signInAlertMail,
  verifyEmailMail,
  type MailInput,
  type MailLanguage,
} from "./mail-templates";

const templates = {
  verifyEmailMail,
  resetPasswordMail,
  changeEmailMail,
  emailInUseMail,
  emailTakenMail,
  emailChangedMail: (input: MailInput) =>
    emailChangedMail({ ...input, newEmail: "nieuw@example.org" }),
  signInAlertMail,
};
const languages: MailLanguage[] = ["en", "nl"];
const url = "https://plukweide.example/auth/callback?token=abc123&type=verify";

function input(lang: MailLanguage, name = "Anna de Vries"): MailInput {
  return { lang, to: "anna@example.com", name, url };
}

describe.each(Object.entries(templates))("%s", (_, template) => {
  it.each(languages)("links to the URL in both parts (%s)", (lang) => {
    const mail = template(input(lang));
    expect(mail.to).toBe("anna@example.com");
    expect(mail.subject).not.toBe("");
    expect(mail.text).toContain(url);
    expect(mail.text).toContain("Anna de Vries");
    expect(mail.html).toContain(`href="${url.replaceAll("&", "&amp;")}"`);
    expect(mail.html).toContain(`<html lang="${lang}">`);
    expect(mail.html).toContain("#1d7d3e");
  });

  it.each(languages)("escapes a hostile name in the HTML part (%s)", (lang) => {
    const mail = template(input(lang, `<script>alert("x")</script> & O'Brien`));
    expect(mail.html).not.toContain("<script>");
    expect(mail.html).toContain(
      "&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; O&#39;Brien",
    );
    expect(mail.text).toContain(`<script>alert("x")</script> & O'Brien`);
  });

  it("greets without a name when there is none", () => {
    expect(template(input("en", "  ")).text.startsWith("Hi there,\n")).toBe(true);
    expect(template(input("nl", "")).text.startsWith("Hallo,\n")).toBe(true);
  });

  it("takes a name with replacement patterns literally", () => {
    expect(template(input("en", "$& $1")).text.startsWith("Hi $& $1,\n")).toBe(true);
  });

  it("says it in Dutch, not in English", () => {
    const english = template(input("en"));
    const dutch = template(input("nl"));
    expect(dutch.subject).not.toBe(english.subject);
    expect(dutch.text).not.toBe(english.text);
    expect(english.text).toContain("Plukweide · Find and share picking meadows");
    expect(dutch.text).toContain("Plukweide · Vind en deel pluktuinen");
    expect(dutch.html).toContain("Plukweide · Vind en deel pluktuinen");
    const englishLines = new Set(english.text.split("\n"));
    const sharedLines = dutch.text
      .split("\n")
      .filter((line) => line.trim() !== "" && line !== url && line !== "-- ");
    expect(sharedLines.filter((line) => englishLines.has(line))).toEqual([]);
  });

  it("refuses links that are not http(s)", () => {
    expect(() => template({ ...input("en"), url: "javascript:alert(1)" })).toThrow(/http/);
  });
});

describe("account mail texts", () => {
  it("say that a reset link works once and expires in one hour", () => {
    expect(resetPasswordMail(input("en")).text).toContain(
      "This link works only once and expires in one hour.",
    );
    expect(resetPasswordMail(input("nl")).text).toContain(
      "De link is een uur geldig en werkt maar één keer.",
    );
  });

  it("offer the owner of an address in use to sign in or reset their password", () => {
    const english = emailInUseMail(input("en")).text;
    expect(english).toMatch(/sign in/i);
    expect(english).toMatch(/password/i);
    const dutch = emailInUseMail(input("nl")).text;
    expect(dutch).toMatch(/log .*in/i);
    expect(dutch).toMatch(/wachtwoord/i);
  });
});

describe("the sign-in alert", () => {
  it("tells the member their own devices still work, in either language", () => {
    const english = signInAlertMail(input("en"));
    expect(english.subject).toBe("Someone is trying to sign in to your Plukweide account");
    expect(english.text).toContain("where you signed in before");
    const dutch = signInAlertMail(input("nl"));
    expect(dutch.subject).toBe("Iemand probeert in te loggen op je Plukweide-account");
    expect(dutch.text).toContain("waarop je al eerder hebt ingelogd");
  });
});

describe("the mails about a change of address", () => {
  it("tell the old address the new one and that the link undoes the change, in either language", () => {
    const english = emailChangedMail({ ...input("en"), newEmail: "<nieuw>@example.org" });
    expect(english.subject).toBe("The email address of your Plukweide account was changed");
    expect(english.text).toContain("changed to <nieuw>@example.org");
    expect(english.text).toContain("Undo this change:\n" + url);
    expect(english.text).toContain("within seven days");
    expect(english.html).toContain("&lt;nieuw&gt;@example.org");
    expect(english.html).not.toContain("<nieuw>");
    const dutch = emailChangedMail({ ...input("nl"), newEmail: "nieuw@example.org" });
    expect(dutch.subject).toBe("Het e-mailadres van je Plukweide-account is gewijzigd");
    expect(dutch.text).toContain("gewijzigd in nieuw@example.org");
    expect(dutch.text).toContain("binnen zeven dagen");
  });

  it("tell the owner of a taken address that nothing changed, naming nobody else", () => {
    const english = emailTakenMail(input("en")).text;
    expect(english).toContain("nothing has changed");
    expect(english).toMatch(/password/i);
    const dutch = emailTakenMail(input("nl")).text;
    expect(dutch).toContain("er is niets veranderd");
    expect(dutch).toMatch(/wachtwoord/i);
  });
});
