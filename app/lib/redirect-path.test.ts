import { fc, test } from "@fast-check/vitest";
import { describe, expect, it } from "vitest";
import { expectSameSitePath, hostileReturnAddress } from "../../tests/support/return-address";
import { LANGUAGES } from "./i18n";
import { safeRedirectInLanguage, safeRedirectPath } from "./redirect-path";

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
    "/%2F%2Fevil.example",
    "/%2f/evil.example",
    "/%5Cevil.example",
    "/%5c%5cevil.example",
    "/meadows%0A",
    "/meadows?q=%E0%A4%A",
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

  test.prop([hostileReturnAddress()], { numRuns: 5000 })(
    "answers a path on this site for any input",
    (input) => {
      const path = safeRedirectPath(input);
      expectSameSitePath(path, SITE);
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
    },
  );
});

describe("safeRedirectInLanguage", () => {
  it.each([
    ["/about", "nl", "/nl/about"],
    ["/nl/about?x=1", "en", "/about?x=1"],
    ["/nl", "en", "/"],
    ["/", "nl", "/nl"],
    ["/en/map", "nl", "/nl/map"],
  ] as const)("moves %j to %s as %j", (input, language, expected) => {
    expect(safeRedirectInLanguage(input, language)).toBe(expected);
  });

  it.each([
    ["/nl//evil.example", "en", "/"],
    ["/en//evil.example", "en", "/"],
    ["/nl//evil.example", "nl", "/nl//evil.example"],
    ["/nl/%2F/evil.example", "en", "/"],
    ["//evil.example", "nl", "/nl"],
    ["/nl/.//evil.example", "en", "/"],
  ] as const)("keeps %j on the site in %s, at %j", (input, language, expected) => {
    expect(safeRedirectInLanguage(input, language)).toBe(expected);
  });

  test.prop([hostileReturnAddress(), fc.constantFrom(...LANGUAGES)], {
    numRuns: 5000,
  })("answers a path on this site in that language for any input", (input, language) => {
    const path = safeRedirectInLanguage(input, language);
    expectSameSitePath(path, SITE);
    if (language === "nl") expect(path).toMatch(/^\/nl(\/|\?|#|$)/);
  });
});
