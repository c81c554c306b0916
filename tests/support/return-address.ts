import { fc } from "@fast-check/vitest";
import { expect } from "vitest";

/**
 * Fails unless `location` (a redirect's Location) keeps a browser on `site`: one leading slash,
 * never `//` or `/\`, no scheme, no backslash or control character, and the same once its escapes
 * are decoded, which some proxies and routers do before reading it.
 */
export function expectSameSitePath(location: string | null, site: string): URL {
  expect(location).not.toBeNull();
  const path = location!;
  let decoded = "";
  try {
    decoded = decodeURIComponent(path);
  } catch {
    // Escapes a decoder would choke on are refused as well.
  }
  for (const form of [path, decoded]) {
    expect(form, `${JSON.stringify(path)} read as ${JSON.stringify(form)}`).toMatch(/^\/(?![/\\])/);
    expect(form).not.toContain("\\");
    // eslint-disable-next-line no-control-regex -- finding control characters is the point
    expect(form).not.toMatch(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]/);
    expect(new URL(form, `${site}/somewhere/deep`).origin).toBe(new URL(site).origin);
  }
  return new URL(path, `${site}/somewhere/deep`);
}

/** Pieces attackers combine: dot segments, slashes of every spelling, hosts and look-alikes. */
function hostileParts() {
  const tricky = fc.constantFrom(
    "/",
    "//",
    "\\",
    ".",
    "..",
    "%2e",
    "%2E",
    "%2f",
    "%2F",
    "%5c",
    "\t",
    "\r",
    "\n",
    "\u2028",
    "\u2029",
    "\u0000",
    "\u0085",
    " ",
    "@",
    ":",
    "?",
    "#",
    "evil.example",
    "http:",
    "https:",
    "javascript:",
    "／",
    "∕",
    "⁄",
    "＼",
    "。",
    "．",
    "%EF%BC%8F",
    "%00",
    "meadows",
    "/nl",
    "en",
  );
  return fc.oneof(
    fc.string({ unit: "binary", maxLength: 60 }),
    fc.array(tricky, { maxLength: 12 }).map((parts) => parts.join("")),
    fc.array(tricky, { maxLength: 12 }).map((parts) => `/${parts.join("")}`),
    fc.webUrl({ withQueryParameters: true, withFragments: true }),
  );
}

/** Return addresses an attacker would send, with and without a language prefix in front. */
export function hostileReturnAddress() {
  const prefixed = fc
    .tuple(fc.constantFrom("/en", "/nl", "/nl/", "/en/"), hostileParts())
    .map(([prefix, rest]) => prefix + rest);
  return fc.oneof(hostileParts(), prefixed);
}
