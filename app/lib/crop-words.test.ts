import { describe, expect, it } from "vitest";
import en from "~/locales/en/translation";
import nl from "~/locales/nl/translation";
import { CROP_BY_WORDS, CROP_WORDS } from "./crop-words";
import { foldWords } from "./fold";
import { CROPS } from "./crops";

describe("the crops' words", () => {
  it("name every crop of the catalogue by its English and Dutch names", () => {
    const names = [en.crops.names, nl.crops.names] as Record<string, string>[];
    for (const crop of CROPS) {
      const words = CROP_WORDS[crop.id] ?? [];
      for (const catalogue of names) {
        expect(words, crop.id).toContain(foldWords(catalogue[crop.id] ?? ""));
      }
    }
    expect(Object.keys(CROP_WORDS).sort()).toEqual(CROPS.map((crop) => crop.id).sort());
  });

  it("are folded, and each names one crop only", () => {
    const seen = new Map<string, string>();
    for (const [id, words] of Object.entries(CROP_WORDS)) {
      for (const word of words) {
        expect(foldWords(word), word).toBe(word);
        expect(seen.get(word), `${word}: ${id} and ${seen.get(word)}`).toBeUndefined();
        seen.set(word, id);
      }
    }
    expect(CROP_BY_WORDS.get("aardbeien")).toBe("strawberry");
    expect(CROP_BY_WORDS.get("krieken")).toBe("sour-cherry");
    expect(CROP_BY_WORDS.get("zonnebloem")).toBe("sunflower");
  });
});

describe("foldWords", () => {
  it("writes text as the search compares it", () => {
    expect(foldWords("Dahlia's")).toBe("dahlias");
    expect(foldWords("Suikermaïs")).toBe("suikermais");
    expect(foldWords("  Noord-Holland,  ")).toBe("noord holland");
    expect(foldWords("'s-Hertogenbosch")).toBe("s hertogenbosch");
    expect(foldWords("Straße")).toBe("strasse");
    expect(foldWords("🌷")).toBe("");
  });
});
