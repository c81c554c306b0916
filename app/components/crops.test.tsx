import { describe, expect, it } from "vitest";
import { useTranslation } from "~/hooks/use-translation";
import { renderWithCatalogues } from "../../tests/support/render-with-catalogues";
import { cropList, inSeasonShortText } from "./crops";

/** The crops' names as a card's in-season line and as a sentence's list say them, in `lang`. */
async function namesInText(lang: "en" | "nl", ids: string[]) {
  function Names() {
    const { t } = useTranslation();
    return (
      <>
        <p>{inSeasonShortText(t, lang, ids)}</p>
        <p>{cropList(t, lang, ids)}</p>
      </>
    );
  }
  const html = await renderWithCatalogues(lang, () => <Names />);
  return [...html.matchAll(/<p>(.*?)<\/p>/g)].map((match) => match[1]!.replace(/&#x27;/g, "'"));
}

describe("crop names inside a sentence", () => {
  it("are in lower case, except a proper noun's capital", async () => {
    expect(await namesInText("en", ["holly", "kale", "brussels-sprouts"])).toEqual([
      "In season: holly, kale, Brussels sprouts",
      "holly, kale, and Brussels sprouts",
    ]);
    expect(await namesInText("en", ["hellebore", "dahlia"])).toEqual([
      "In season: Christmas roses, dahlias",
      "Christmas roses and dahlias",
    ]);
  });

  it("are in lower case in Dutch, where those names are not proper nouns", async () => {
    expect(await namesInText("nl", ["hellebore", "brussels-sprouts", "dahlia"])).toEqual([
      "In het seizoen: kerstrozen, spruitjes, dahlia's",
      "kerstrozen, spruitjes en dahlia's",
    ]);
  });
});
