import { describe, expect, it } from "vitest";
import { shownDescription } from "./meadow-description";

describe("shownDescription", () => {
  const both = { description: "Tulips to pick.", descriptionNl: "Tulpen om te plukken." };

  it("gives the visitor's language when the meadow has a text in it", () => {
    expect(shownDescription(both, "en")).toEqual({ text: "Tulips to pick.", lang: "en" });
    expect(shownDescription(both, "nl")).toEqual({ text: "Tulpen om te plukken.", lang: "nl" });
  });

  it("gives the other language, marked as such, when the visitor's is missing", () => {
    const dutchOnly = { description: "", descriptionNl: "Tulpen om te plukken." };
    expect(shownDescription(dutchOnly, "en")).toEqual({
      text: "Tulpen om te plukken.",
      lang: "nl",
    });
    const englishOnly = { description: "Tulips to pick.", descriptionNl: "" };
    expect(shownDescription(englishOnly, "nl")).toEqual({ text: "Tulips to pick.", lang: "en" });
  });

  it("gives nothing for a meadow without a description", () => {
    expect(shownDescription({ description: "", descriptionNl: "" }, "nl")).toBeNull();
  });
});
