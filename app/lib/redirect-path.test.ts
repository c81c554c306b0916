import { fc, test } from "@fast-check/vitest";
import { describe, expect, it } from "vitest";
import { safeRedirectPath } from "./redirect-path";

const SITE = "https://plukweide.example";

/** Where a browser on this site goes when a response says `Location: <path>`. */
function followedFrom(path: string): URL {
  return new URL(path, `${SITE}/meadows/abc/edit`);
}

describe("safeRedirectPath", () => {
  it.each([
    ["/meadows/add", "/meadows/add"],
    ["/meadows?q=tulp#top", "/meadows?q=tulp#top"],
    ["/nl/about", "/nl/about"],
    ["/meadows/./add", "/meadows/add"],
    ["/nl/meadows/../map", "/nl/map"],
    ["/meadows?q=bloemen tuin", "/meadows?q=bloemen%20tuin"],
    ["/%2F%2Fevil.example", "/%2F%2Fevil.example"],
    ["/／evil.example", "/%EF%BC%8Fevil.example"],
  ])("keeps the local path %j as %j", (input, expected) => {
    expect(safeRedirectPath(input)).toBe(expected);
  });

  it.each([
    "https://evil.example/",
    "//evil.example/",
    "/\\evil.example",
    "\\\\evil.example",
    "/\t/evil.example",
    "/\n/evil.example",
    "/\r/evil.example",
    "/\u2028/evil.example",
    "/.//evil.example/phish",
    "/./\\evil.example",
    "/a/..//evil.example",
    "/a/%2e%2e//evil.example",
    "/a/%2E%2E//evil.example",
    "/%2e//evil.example",
    "/.%2e//evil.example",
    "javascript:alert(1)",
    "meadows",
    "",
    undefined,
    42,
    "/" + "a".repeat(3000),
  ])("refuses %j", (input) => {
    expect(safeRedirectPath(input)).toBe("/");
  });

  it("answers the fallback it is given", () => {
    expect(safeRedirectPath("/.//evil.example", "/nl")).toBe("/nl");
  });

  /** Pieces attackers combine: dot segments, slashes of every spelling, hosts and look-alikes. */
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
  );
  const hostile = fc.oneof(
    fc.string({ unit: "binary", maxLength: 60 }),
    fc.array(tricky, { maxLength: 12 }).map((parts) => parts.join("")),
    fc.array(tricky, { maxLength: 12 }).map((parts) => `/${parts.join("")}`),
    fc.webUrl({ withQueryParameters: true, withFragments: true }),
  );

  test.prop([hostile], { numRuns: 5000 })("answers a path on this site for any input", (input) => {
    const path = safeRedirectPath(input);
    expect(path.startsWith("/")).toBe(true);
    expect(path.startsWith("//")).toBe(false);
    // Printable ASCII only: no control character, space or look-alike, no backslash.
    expect(path).toMatch(/^[!-~]+$/);
    expect(path).not.toContain("\\");
    const followed = followedFrom(path);
    expect(followed.origin).toBe(SITE);
    // The browser goes exactly where the path says: no dot segment or slash is left to resolve.
    expect(followed.pathname + followed.search + followed.hash).toBe(path);
    expect(safeRedirectPath(path)).toBe(path);
  });
});
