import type { TFunction } from "i18next";
import type { MailMessage } from "~/adapters/mail.server";
import { escapeMarkup } from "~/lib/escape-markup";
import { catalogueTranslator } from "~/lib/catalogue-translator";

/**
 * The mails of the account flows, in English and Dutch, worded in the catalogues (`mail.*`). Each
 * has a plain-text part and a simple HTML part with inline styles only, as mail clients ignore
 * style sheets.
 */

export type MailLanguage = "en" | "nl";

export interface MailInput {
  lang: MailLanguage;
  to: string;
  /** The member's name as they typed it; may be empty. */
  name: string;
  /** Absolute http(s) link, built by the caller from APP_URL. */
  url: string;
}

// Mails are sent outside any page request, so they get an i18next of their own.

type MailPart = "subject" | "heading" | "intro" | "button" | "outro";
/** One mail's texts: the part asked for, from the catalogue of the language given. */
type MailTexts = (t: TFunction, part: MailPart) => string;

/** The link that confirms the address a new member registered with. */
export function verifyEmailMail(input: MailInput): MailMessage {
  return render(input, (t, part) => t(`mail.verifyEmail.${part}`));
}

/** The single-use, one-hour link to choose a new password. */
export function resetPasswordMail(input: MailInput): MailMessage {
  return render(input, (t, part) => t(`mail.resetPassword.${part}`));
}

/** Sent to the NEW address: the change takes effect once its owner follows the link. */
export function changeEmailMail(input: MailInput): MailMessage {
  return render(input, (t, part) => t(`mail.changeEmail.${part}`));
}

/**
 * Sent to the owner of an address someone tried to register again, instead of revealing on the
 * page that it is taken. `url` is the reset-password page.
 */
export function emailInUseMail(input: MailInput): MailMessage {
  return render(input, (t, part) => t(`mail.emailInUse.${part}`));
}

/**
 * Sent to an address that already has an account when another member asks to change their address
 * to it. The page answers the same as for a free address; the owner learns why no confirmation
 * link came. Names nobody. `url` is the reset-password page.
 */
export function emailTakenMail(input: MailInput): MailMessage {
  return render(input, (t, part) => t(`mail.emailTaken.${part}`));
}

/**
 * Sent to the OLD address once a change of address is made, naming the new one. `url` undoes the
 * change (the old address back, every session ended) for some days.
 */
export function emailChangedMail(input: MailInput & { newEmail: string }): MailMessage {
  return render(input, (t, part) => t(`mail.emailChanged.${part}`, { newEmail: input.newEmail }));
}

/**
 * Sent when failed sign-ins put the account under the lockout for unknown devices: the member
 * hears of it, and that their own devices still work. `url` is the reset-password page.
 */
export function signInAlertMail(input: MailInput): MailMessage {
  return render(input, (t, part) => t(`mail.signInAlert.${part}`));
}

const BRAND_GREEN = "#1d7d3e";
const FONT = "-apple-system, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif";

function render({ lang, to, name, url }: MailInput, texts: MailTexts): MailMessage {
  const t = catalogueTranslator(lang);
  const mail = {
    subject: texts(t, "subject"),
    heading: texts(t, "heading"),
    intro: texts(t, "intro").split("\n\n"),
    button: texts(t, "button"),
    outro: texts(t, "outro").split("\n\n"),
  };
  const common = {
    linkFallback: t("mail.linkFallback"),
    signOff: t("mail.signOff").split("\n"),
    footer: t("mail.footer"),
  };
  const link = checkedLink(url);
  const cleanName = name.replace(/\s+/g, " ").trim();
  const greeting =
    cleanName === "" ? t("mail.greetingWithoutName") : t("mail.greeting", { name: cleanName });

  const text = [
    greeting,
    ...mail.intro,
    `${mail.button}:\n${link}`,
    ...mail.outro,
    common.signOff.join("\n"),
    `-- \n${common.footer}`,
  ].join("\n\n");

  const paragraph = (content: string) =>
    `<p style="margin:0 0 16px;font-size:16px;line-height:1.5;">${escapeMarkup(content)}</p>`;
  const href = escapeMarkup(link);
  const html = `<!doctype html>
<html lang="${lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeMarkup(mail.subject)}</title>
</head>
<body style="margin:0;padding:24px 12px;background-color:#f4f3ee;color:#1f2a22;font-family:${FONT};">
<div role="article" aria-roledescription="email" aria-label="${escapeMarkup(mail.subject)}" lang="${lang}" style="max-width:560px;margin:0 auto;padding:32px 24px;background-color:#ffffff;border-radius:8px;">
<h1 style="margin:0 0 24px;font-size:24px;line-height:1.3;color:${BRAND_GREEN};">${escapeMarkup(mail.heading)}</h1>
${[greeting, ...mail.intro].map(paragraph).join("\n")}
<p style="margin:28px 0;"><a href="${href}" style="display:inline-block;padding:12px 24px;background-color:${BRAND_GREEN};color:#ffffff;font-size:16px;font-weight:bold;text-decoration:none;border-radius:6px;">${escapeMarkup(mail.button)}</a></p>
<p style="margin:0 0 24px;font-size:14px;line-height:1.5;color:#4b5a4f;">${escapeMarkup(common.linkFallback)}<br><a href="${href}" style="color:${BRAND_GREEN};word-break:break-all;">${href}</a></p>
${mail.outro.map(paragraph).join("\n")}
<p style="margin:24px 0 0;font-size:16px;line-height:1.5;">${common.signOff.map(escapeMarkup).join("<br>")}</p>
</div>
<p style="margin:16px 0 0;text-align:center;font-size:13px;color:#5b675e;">${escapeMarkup(common.footer)}</p>
</body>
</html>
`;

  return { to, subject: mail.subject, text, html };
}

/** Refuses anything but an absolute http(s) URL, so a `javascript:` link can never be mailed. */
function checkedLink(url: string): string {
  const parsed = new URL(url);
  if (parsed.protocol !== "http:" && parsed.protocol !== "https:") {
    throw new Error(`Mail links must be http(s) URLs, not ${parsed.protocol}`);
  }
  return url;
}
