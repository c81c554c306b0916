import type { MailMessage } from "../adapters/mail.server";
import { escapeMarkup } from "../lib/escape-markup";

/**
 * The mails of the account flows, in English and Dutch. Each has a plain-text part and a simple
 * HTML part with inline styles only, as mail clients ignore style sheets.
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

/** `{name}` in a text stands for the member's name. */
const en = {
  greeting: "Hi {name},",
  greetingWithoutName: "Hi there,",
  linkFallback: "Button not working? Copy this link into your browser:",
  signOff: ["Happy picking!", "The Plukweide team"],
  footer: "Plukweide · Find and share picking meadows",
  verifyEmail: {
    subject: "Please confirm your email address",
    heading: "Welcome to Plukweide!",
    intro: [
      "Thanks for signing up. Please confirm your email address so we know it's really yours. Then you're all set to save your favorite meadows and share the ones you love.",
    ],
    button: "Confirm my email address",
    outro: ["Didn't sign up for Plukweide? Then you can safely ignore this email."],
  },
  resetPassword: {
    subject: "Reset your Plukweide password",
    heading: "Choose a new password",
    intro: [
      "We received a request to reset the password of your Plukweide account. Follow the link below to choose a new one.",
    ],
    button: "Choose a new password",
    outro: [
      "This link works only once and expires in one hour.",
      "Didn't ask for a new password? Then you can ignore this email: your password stays as it is.",
    ],
  },
  changeEmail: {
    subject: "Confirm your new email address",
    heading: "Is this your new address?",
    intro: [
      "You asked to use this email address for your Plukweide account. Please confirm the change, and from now on we'll send our emails here.",
    ],
    button: "Confirm my new address",
    outro: [
      "Until you confirm, your account keeps using your current address.",
      "Didn't ask for this? Then you can ignore this email and nothing will change.",
    ],
  },
  emailInUse: {
    subject: "Someone tried to sign up with your email address",
    heading: "You already have an account",
    intro: [
      "Someone just tried to create a Plukweide account with this email address. Since you already have one, we didn't create another.",
      "Was that you? Then simply sign in with your existing account. Forgot your password? You can choose a new one here:",
    ],
    button: "Reset my password",
    outro: [
      "If it wasn't you, there's nothing you need to do: your account is safe and nothing has changed.",
    ],
  },
  signInAlert: {
    subject: "Someone is trying to sign in to your Plukweide account",
    heading: "Someone is trying to get into your account",
    intro: [
      "Someone has just typed a wrong password for your Plukweide account several times. To protect your account, we are refusing sign-ins to it for a while from devices it was never used on.",
      "You can still sign in as usual on a device (a browser) where you signed in before. If someone may know your password, choose a new one here:",
    ],
    button: "Choose a new password",
    outro: ["Was it you, mistyping your password? Then there's nothing you need to do."],
  },
};

type MailTexts = typeof en;
type MailKind = "verifyEmail" | "resetPassword" | "changeEmail" | "emailInUse" | "signInAlert";

const nl = {
  greeting: "Hoi {name},",
  greetingWithoutName: "Hoi,",
  linkFallback: "Werkt de knop niet? Kopieer deze link en plak hem in je browser:",
  signOff: ["Veel plukplezier!", "Het Plukweide-team"],
  footer: "Plukweide · Vind en deel pluktuinen",
  verifyEmail: {
    subject: "Bevestig je e-mailadres",
    heading: "Welkom bij Plukweide!",
    intro: [
      "Leuk dat je je hebt aangemeld! Bevestig even je e-mailadres, dan weten we zeker dat het van jou is. Daarna kun je meteen je favoriete pluktuinen bewaren en je eigen ontdekkingen delen.",
    ],
    button: "Bevestig mijn e-mailadres",
    outro: ["Heb je je niet aangemeld bij Plukweide? Dan kun je deze e-mail gewoon negeren."],
  },
  resetPassword: {
    subject: "Stel een nieuw wachtwoord in voor Plukweide",
    heading: "Kies een nieuw wachtwoord",
    intro: [
      "We kregen een verzoek om het wachtwoord van je Plukweide-account opnieuw in te stellen. Via de link hieronder kies je een nieuw wachtwoord.",
    ],
    button: "Kies een nieuw wachtwoord",
    outro: [
      "Deze link werkt maar één keer en verloopt na een uur.",
      "Heb je geen nieuw wachtwoord aangevraagd? Dan kun je deze e-mail negeren; je wachtwoord blijft gewoon hetzelfde.",
    ],
  },
  changeEmail: {
    subject: "Bevestig je nieuwe e-mailadres",
    heading: "Is dit je nieuwe adres?",
    intro: [
      "Je wilt dit e-mailadres gebruiken voor je Plukweide-account. Bevestig de wijziging even, dan sturen we onze e-mails voortaan naar dit adres.",
    ],
    button: "Bevestig mijn nieuwe adres",
    outro: [
      "Zolang je niet bevestigt, blijft je huidige adres in gebruik.",
      "Heb je dit niet zelf aangevraagd? Dan kun je deze e-mail negeren en verandert er niets.",
    ],
  },
  emailInUse: {
    subject: "Iemand probeerde een account aan te maken met je e-mailadres",
    heading: "Je hebt al een account",
    intro: [
      "Iemand probeerde zojuist een Plukweide-account aan te maken met dit e-mailadres. Omdat je al een account hebt, hebben we geen tweede aangemaakt.",
      "Was jij dat? Log dan gewoon in met je bestaande account. Wachtwoord vergeten? Hier kies je een nieuw wachtwoord:",
    ],
    button: "Nieuw wachtwoord instellen",
    outro: [
      "Was jij het niet? Dan hoef je niets te doen: je account is veilig en er is niets veranderd.",
    ],
  },
  signInAlert: {
    subject: "Iemand probeert in te loggen op je Plukweide-account",
    heading: "Iemand probeert in je account te komen",
    intro: [
      "Iemand heeft zojuist een paar keer een verkeerd wachtwoord ingevuld voor je Plukweide-account. Om je account te beschermen, weigeren we een tijdje inlogpogingen vanaf apparaten waarop je account nog nooit is gebruikt.",
      "Op een apparaat (een browser) waarop je al eerder hebt ingelogd, kun je gewoon inloggen. Kan iemand je wachtwoord kennen? Kies dan hier een nieuw wachtwoord:",
    ],
    button: "Kies een nieuw wachtwoord",
    outro: ["Was jij het zelf en typte je je wachtwoord verkeerd? Dan hoef je niets te doen."],
  },
} satisfies MailTexts;

const texts: Record<MailLanguage, MailTexts> = { en, nl };

/** The link that confirms the address a new member registered with. */
export function verifyEmailMail(input: MailInput): MailMessage {
  return render("verifyEmail", input);
}

/** The single-use, one-hour link to choose a new password. */
export function resetPasswordMail(input: MailInput): MailMessage {
  return render("resetPassword", input);
}

/** Sent to the NEW address: the change takes effect once its owner follows the link. */
export function changeEmailMail(input: MailInput): MailMessage {
  return render("changeEmail", input);
}

/**
 * Sent to the owner of an address someone tried to register again, instead of revealing on the
 * page that it is taken. `url` is the reset-password page.
 */
export function emailInUseMail(input: MailInput): MailMessage {
  return render("emailInUse", input);
}

/**
 * Sent when failed sign-ins put the account under the lockout for unknown devices: the member
 * hears of it, and that their own devices still work. `url` is the reset-password page.
 */
export function signInAlertMail(input: MailInput): MailMessage {
  return render("signInAlert", input);
}

const BRAND_GREEN = "#1d7d3e";
const FONT = "-apple-system, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif";

function render(kind: MailKind, { lang, to, name, url }: MailInput): MailMessage {
  const common = texts[lang];
  const mail = common[kind];
  const link = checkedLink(url);
  const cleanName = name.replace(/\s+/g, " ").trim();
  const greeting =
    cleanName === ""
      ? common.greetingWithoutName
      : common.greeting.replace("{name}", () => cleanName);

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
