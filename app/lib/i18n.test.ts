import { describe, expect, it } from "vitest";
import { languageOfPath, pathInLanguage, preferredLanguage, splitPrefix, withPrefix } from "./i18n";

describe("prefixes", () => {
  it.each([
    ["/", "", "/"],
    ["/about", "", "/about"],
    ["/en", "en", "/"],
    ["/en/about", "en", "/about"],
    ["/nl/meadows/abc", "nl", "/meadows/abc"],
    ["/nlx/about", "", "/nlx/about"],
    ["/fr/about", "", "/fr/about"],
  ])("splits %s", (path, prefix, rest) => {
    expect(splitPrefix(path)).toEqual({ prefix, rest });
  });

  it("knows the language of a path", () => {
    expect(languageOfPath("/")).toBe("en");
    expect(languageOfPath("/en/terms")).toBe("en");
    expect(languageOfPath("/nl/terms")).toBe("nl");
  });

  it("builds paths under a prefix", () => {
    expect(withPrefix("", "/about")).toBe("/about");
    expect(withPrefix("nl", "/")).toBe("/nl");
    expect(withPrefix("nl", "/about")).toBe("/nl/about");
  });

  it("finds the same page in the other language", () => {
    expect(pathInLanguage("/about", "nl")).toBe("/nl/about");
    expect(pathInLanguage("/en/about", "nl")).toBe("/nl/about");
    expect(pathInLanguage("/nl/about", "en")).toBe("/about");
    expect(pathInLanguage("/nl", "en")).toBe("/");
    expect(pathInLanguage("/", "nl")).toBe("/nl");
  });
});

describe("preferredLanguage", () => {
  it.each([
    ["nl-NL,nl;q=0.9,en;q=0.8", "nl"],
    ["nl-BE", "nl"],
    ["en-US,en;q=0.9,nl;q=0.8", "en"],
    ["de-DE,de;q=0.9,nl;q=0.7,en;q=0.5", "nl"],
    ["en;q=0.5,nl;q=0.6", "nl"],
    ["nl;q=0,en", "en"],
    ["de,fr", undefined],
    ["", undefined],
    [null, undefined],
  ])("reads %j as %j", (header, expected) => {
    expect(preferredLanguage(header)).toBe(expected);
  });
});
