import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import en from "./en/translation";
import nl from "./nl/translation";
import { englishWords, wrongQuotes } from "../../tests/support/dutch-text";

type Tree = { readonly [key: string]: string | Tree };

function flatten(tree: Tree, prefix = ""): Map<string, string> {
  const entries = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const name = prefix ? `${prefix}.${key}` : key;
    if (typeof value === "string") entries.set(name, value);
    else for (const [k, v] of flatten(value, name)) entries.set(k, v);
  }
  return entries;
}

const english = flatten(en);
const dutch = flatten(nl);

/**
 * Every user-visible message of SPEC.md sections 5, 6 and 8, as the specification words it, but
 * the 404's two ("Page Not Found", "Page not found: {path}"): the page says it once, in the sentence
 * case of every other title (issue 67), and tells the path in a sentence of its own.
 */
const SPEC_MESSAGES = [
  "Name must be at least 3 characters",
  "Street is required",
  "House number is required",
  "Postal code is required",
  "City is required",
  "Country is required",
  "Price is required",
  "Opening hours are required",
  "Please enter a valid URL",
  "Please enter a valid address to continue",
  "Password must be at least 8 characters",
  "Passwords must match",
  "Please enter a valid email address",
  "Please sign in to view your favorites",
  "Log in to upload or delete photos",
  "Could not get your location",
  "Geolocation is not supported by your browser",
  "Could not find the location",
  "No meadows found",
  "Failed to upload photo",
  "Failed to delete photo",
  "Internal Server Error",
  "Meadow added successfully",
  "Password updated successfully",
  "Email updated successfully",
  "Verification email sent",
  "Password reset email sent",
];

/**
 * SPEC messages whose screens are not built yet: the accounts issue (#5) and the meadows issue
 * (#6) use them. Each key leaves this list when its screen lands; the test below fails if a key
 * here is used already, so the list cannot go stale.
 */
const AWAITING_SCREENS = new Set(["common.delete", "common.loading"]);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return name === "locales" ? [] : sourceFiles(full);
    return /\.(ts|tsx)$/.test(name) && !/\.test\.tsx?$/.test(name) ? [full] : [];
  });
}

// The server's own pages (server/standalone-pages.ts) use the catalogues too.
const appSource = [
  ...sourceFiles(path.resolve(import.meta.dirname, "..")),
  ...sourceFiles(path.resolve(import.meta.dirname, "../../server")),
].map((file) => readFileSync(file, "utf8"));

/**
 * A key counts as used when it appears as a literal, or under a template like `theme.${mode}`.
 * Plural forms (`count_one`, `count_other`) are used through their base key with a count.
 */
function isUsed(fullKey: string): boolean {
  const key = fullKey.replace(/_(zero|one|two|few|many|other)$/, "");
  return appSource.some((source) => {
    if (
      source.includes(`"${key}"`) ||
      source.includes(`'${key}'`) ||
      source.includes(`\`${key}\``)
    ) {
      return true;
    }
    const section = key.slice(0, key.lastIndexOf("."));
    return source.includes(`\`${section}.\${`);
  });
}

describe("catalogues", () => {
  it("have the same keys in English and Dutch, none empty", () => {
    expect([...dutch.keys()].sort()).toEqual([...english.keys()].sort());
    for (const [key, value] of dutch) expect(value.trim(), key).not.toBe("");
  });

  it("keep the same placeholders in both languages", () => {
    for (const [key, value] of english) {
      const placeholders = (text: string) =>
        [...text.matchAll(/{{\s*(\w+)\s*}}/g)].map((m) => m[1]).sort();
      expect(placeholders(dutch.get(key) ?? ""), key).toEqual(placeholders(value));
    }
  });

  it("are actually translated, not copied", () => {
    // Names and words that are the same in both languages.
    const sameInBoth = new Set([
      "nav.home",
      "nav.menu",
      "nav.privacy",
      "privacy.title",
      "about.contactTitle",
      "privacy.cookiesTitle",
      "auth.code",
      "settings.website",
      "meadow.contact",
      "meadowForm.website",
      "meadowForm.instagram",
      "crops.names.aster",
      "crops.names.statice",
      "crops.kinds.fruit",
      "home.winter",
      "nav.openData",
      "meadowList.filters",
      "meadowList.filtersCount",
      "about.openDataTitle",
      "apiPage.parameterColumn",
      "apiPage.downloadsTitle",
      "apiPage.openApiTitle",
      "apiPage.openApiLink",
      "crops.outsideHoursItem",
      "meadowList.otherPlace",
    ]);
    const copied = [...english].filter(
      ([key, value]) => dutch.get(key) === value && !sameInBoth.has(key),
    );
    expect(copied).toEqual([]);
  });

  it("quote with ‘…’ in Dutch, never with straight or double quotation marks", () => {
    expect(wrongQuotes("Velden met 'optioneel' mag je leeg laten.")).toEqual(["'", "'"]);
    expect(wrongQuotes('Typ "verwijderen"')).toEqual(['"', '"']);
    expect(wrongQuotes("Foto's en dahlia's, ’s avonds of 's ochtends: ‘{{word}}’")).toEqual([]);
    expect(wrongQuotes("Ga akkoord met onze <terms>voorwaarden</terms>.")).toEqual([]);
    const quoted = [...dutch].filter(([, value]) => wrongQuotes(value).length > 0);
    expect(quoted).toEqual([]);
  });

  it("hold none of the English words that slip into Dutch texts", () => {
    expect(englishWords("Check de openingstijden")).toEqual(["check (controleren)"]);
    expect(englishWords("Controleer je e-mailadres bij Instellingen")).toEqual([]);
    const english = [...dutch]
      .map(([key, value]) => [key, englishWords(value)] as const)
      .filter(([, words]) => words.length > 0);
    expect(english).toEqual([]);
  });

  it("hold every message of the specification", () => {
    const values = new Set(english.values());
    for (const message of SPEC_MESSAGES) expect(values, message).toContain(message);
  });

  it("have no keys that no code uses", () => {
    const unused = [...english.keys()].filter((key) => !AWAITING_SCREENS.has(key) && !isUsed(key));
    expect(unused).toEqual([]);
  });

  it("list no key as awaiting its screen once code uses it", () => {
    const usedAlready = [...AWAITING_SCREENS].filter(isUsed);
    expect(usedAlready).toEqual([]);
  });
});
