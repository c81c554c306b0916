import { describe, expect, it } from "vitest";
import en from "~/locales/en/translation";
import nl from "~/locales/nl/translation";
import { splitAtTag } from "./tagged-text";

describe("splitAtTag", () => {
  it("cuts a sentence around its marked part", () => {
    expect(splitAtTag("Ga akkoord met onze <terms>voorwaarden</terms>.", "terms")).toEqual([
      "Ga akkoord met onze ",
      "voorwaarden",
      ".",
    ]);
  });

  it("gives a text without the tag back whole", () => {
    expect(splitAtTag("Geen link hier.", "terms")).toEqual(["Geen link hier.", "", ""]);
  });

  it("finds the terms link in the sign-up sentence of both languages", () => {
    expect(splitAtTag(en.auth.agreeTerms, "terms")[1]).toBe("terms of use");
    expect(splitAtTag(nl.auth.agreeTerms, "terms")[1]).toBe("gebruiksvoorwaarden");
  });
});
