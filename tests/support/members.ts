import { expect } from "vitest";
import { UTRECHT_MEADOW } from "../../db/factories/meadow-form";
import type { TestSmtpServer } from "./smtp-server";
import type { Visitor } from "./visitor";

let addresses = 0;

/** An address no other test in this process has used. */
export function uniqueEmail(name = "member"): string {
  return `${name}+${Date.now()}-${++addresses}@example.org`;
}

/** Registers through the form: the address, the password and the emailed link, not yet followed. */
export async function register(
  browser: Visitor,
  smtp: TestSmtpServer,
  { name = "Mila Bakker", password = "dahlia-zomer-2026" } = {},
) {
  const email = uniqueEmail();
  const response = await browser.post("/register", {
    name,
    email,
    password,
    confirmPassword: password,
  });
  expect(response.status).toBe(302);
  const mail = await smtp.waitForMail((received) => received.to.includes(email));
  return { email, password, link: /https?:\/\/\S+/.exec(mail.text)![0]! };
}

/** A signed-in member: registered, and confirmed through the mailed link in `browser`. */
export async function signedInMember(
  browser: Visitor,
  smtp: TestSmtpServer,
  options: { name?: string; password?: string } = {},
) {
  const registered = await register(browser, smtp, options);
  expect((await browser.get(registered.link)).status).toBe(302);
  return registered;
}

/** A hidden input's value in a rendered form. */
export function hiddenValue(html: string, name: string): string | undefined {
  return new RegExp(`<input type="hidden" name="${name}" value="([^"]*)"`).exec(html)?.[1];
}

/** Locates Utrecht, then saves with the pin moved a little, as the form does: the meadow's path. */
export async function addMeadow(
  browser: Visitor,
  values: Record<string, string | string[]> = { ...UTRECHT_MEADOW, addressExtra: "" },
): Promise<string> {
  const located = await browser.post("/meadows/add", { ...values, intent: "locate" });
  expect(located.status).toBe(200);
  const fingerprint = hiddenValue(await located.text(), "locatedAddress");
  expect(fingerprint).toBeDefined();
  const saved = await browser.post("/meadows/add", {
    ...values,
    lat: "52.0931",
    lng: "5.1187",
    locatedAddress: fingerprint!.replaceAll("&amp;", "&"),
    intent: "save",
  });
  expect(saved.status).toBe(302);
  return saved.headers.get("location")!;
}
