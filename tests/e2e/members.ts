import type { BrowserContext } from "@playwright/test";
import { expect, gotoHydrated, type Page } from "./fixtures";
import { linkIn, waitForMail } from "./mail";

/*
 * Members for the journeys: registering through the form, confirming through the mailed link,
 * signing in. Each helper works with JavaScript on or off.
 */

/** What the register form and its mail say, per language. */
export interface RegisterTexts {
  prefix: "" | "/nl";
  fullName: string;
  email: string;
  password: string;
  confirmPassword: string;
  createAccount: string;
  checkEmail: string;
  verifySubject: string;
  signIn: string;
  signOut: string;
}

export const registerTexts = {
  en: {
    prefix: "",
    fullName: "Full name",
    email: "Email address",
    password: "Password",
    confirmPassword: "Confirm password",
    createAccount: "Create account",
    checkEmail: "Check your email",
    verifySubject: "Please confirm your email address",
    signIn: "Sign in",
    signOut: "Sign out",
  },
  nl: {
    prefix: "/nl",
    fullName: "Naam",
    email: "E-mailadres",
    password: "Wachtwoord",
    confirmPassword: "Herhaal je wachtwoord",
    createAccount: "Account aanmaken",
    checkEmail: "Kijk in je mailbox",
    verifySubject: "Bevestig je e-mailadres",
    signIn: "Inloggen",
    signOut: "Uitloggen",
  },
} as const satisfies Record<"en" | "nl", RegisterTexts>;

let visitors = 0;
/**
 * Each journey is a visitor of its own. The test server trusts X-Forwarded-For from loopback
 * (TRUSTED_PROXIES, as behind a reverse proxy), so the per-address limits on registering and mailing (a handful an hour) count
 * each journey apart instead of adding up over the whole run. The worker's index keeps a worker
 * that restarts after a failure from reusing the addresses of the one before it.
 */
export function visitorHeaders() {
  const worker = Number(process.env.TEST_WORKER_INDEX ?? 0) % 256;
  visitors = (visitors % 254) + 1;
  return { "x-forwarded-for": `198.18.${worker}.${visitors}` };
}

export async function ownAddress(context: BrowserContext) {
  await context.setExtraHTTPHeaders(visitorHeaders());
}

let emails = 0;
export function uniqueEmail(name = "anna") {
  return `${name}+${Date.now()}-${++emails}@example.org`;
}

export async function fillRegistration(
  page: Page,
  t: RegisterTexts,
  fields: { name?: string; email: string; password: string; confirmPassword?: string },
) {
  await page.getByLabel(t.fullName, { exact: true }).fill(fields.name ?? "Anna de Vries");
  await page.getByLabel(t.email, { exact: true }).fill(fields.email);
  await page.getByLabel(t.password, { exact: true }).fill(fields.password);
  await page
    .getByLabel(t.confirmPassword, { exact: true })
    .fill(fields.confirmPassword ?? fields.password);
}

/** Registers through the form; leaves the page on the check-your-email screen. */
export async function register(
  page: Page,
  t: RegisterTexts,
  email: string,
  password: string,
  { name, javaScript = true }: { name?: string; javaScript?: boolean } = {},
) {
  // Without JavaScript there is nothing to hydrate.
  if (javaScript) await gotoHydrated(page, `${t.prefix}/register`);
  else await page.goto(`${t.prefix}/register`);
  await fillRegistration(page, t, { name, email, password });
  await page.getByRole("button", { name: t.createAccount }).click();
  await expect(page).toHaveURL(new RegExp(`^[^?]*${t.prefix}/verify-email\\?`));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(t.checkEmail);
}

/** Opens the link of the next mail with `subject` to `email`, checking it points at this site. */
export async function followMailedLink(
  page: Page,
  email: string,
  subject: string,
  baseURL?: string,
) {
  const link = linkIn(await waitForMail(email, subject));
  expect(link.origin).toBe(baseURL);
  expect(link.pathname).toMatch(/^(\/nl)?\/auth\/callback$/);
  await page.goto(link.href);
}

export async function signIn(page: Page, t: RegisterTexts, email: string, password: string) {
  await page.getByLabel(t.email, { exact: true }).fill(email);
  await page.getByLabel(t.password, { exact: true }).fill(password);
  await page.getByRole("button", { name: t.signIn }).click();
}

export async function expectSignedIn(page: Page, t: RegisterTexts) {
  await expect(page.getByRole("button", { name: t.signOut })).toBeVisible();
  await expect(page.getByRole("link", { name: t.signIn })).toHaveCount(0);
}

export interface Member {
  name: string;
  email: string;
  password: string;
}

/**
 * A verified member, signed in on `page`: registers through the form (from an address of its
 * own), follows the mailed link and waits for the signed-in header. The page is left on the home
 * page of the language.
 */
export async function signUpMember(
  page: Page,
  {
    lang = "en",
    name = "Mila Bakker",
    baseURL,
    javaScript = true,
  }: {
    lang?: keyof typeof registerTexts;
    name?: string;
    baseURL: string | undefined;
    /** False for a page opened with `javaScriptEnabled: false`. */
    javaScript?: boolean;
  },
): Promise<Member> {
  const t = registerTexts[lang];
  await ownAddress(page.context());
  const member = {
    name,
    email: uniqueEmail(name.split(" ")[0]!.toLowerCase()),
    password: "dahlia-zomer-2026",
  };
  await register(page, t, member.email, member.password, { name, javaScript });
  await followMailedLink(page, member.email, t.verifySubject, baseURL);
  await expect(page.getByRole("button", { name: t.signOut }).first()).toBeVisible();
  return member;
}
