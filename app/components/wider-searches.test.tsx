import { describe, expect, it } from "vitest";
import { parseMeadowSearch } from "~/lib/schemas/meadow-search";
import { renderWithCatalogues } from "../../tests/support/render-with-catalogues";
import { WiderSearchLinks } from "./wider-searches";

/** The text a search that found nothing shows under "No meadows found", in `lang`. */
async function emptyText(lang: "en" | "nl", query: string) {
  const search = parseMeadowSearch(new URLSearchParams(query));
  const html = await renderWithCatalogues(lang, () => (
    <WiderSearchLinks search={search} pathname="/meadows" />
  ));
  return html
    .replace(/<[^>]+>/g, " ")
    .replace(/&#x27;/g, "'")
    .replace(/\s+/g, " ")
    .trim();
}

describe("WiderSearchLinks for a search of one filter", () => {
  it("says what that filter asked that no meadow has", async () => {
    expect(await emptyText("en", "open=now")).toBe(
      "Nothing is open right now. Search without “Open now” to see when each meadow opens next.",
    );
    expect(await emptyText("en", "season=now")).toBe("No meadow has anything in season right now.");
    expect(await emptyText("en", "season=2")).toBe("No meadow has anything in season in February.");
    expect(await emptyText("en", "crop=sweet-pea")).toBe("No meadow grows sweet peas yet.");
    expect(await emptyText("en", "country=LU")).toBe(
      "No one has added a meadow in this country yet.",
    );
    expect(await emptyText("en", "q=zzqx")).toBe(
      "No meadow's name or description has these words. Try other words, or fewer.",
    );
    // The sort and a distance without a place are not filters: nothing was listed at all.
    expect(await emptyText("en", "sort=name&km=25")).toBe("No one has added a meadow yet.");
  });

  it("says it in Dutch on the Dutch list", async () => {
    expect(await emptyText("nl", "open=now")).toBe(
      "Er is nu geen pluktuin open. Zoek zonder ‘Nu open’ om te zien wanneer elke pluktuin weer opengaat.",
    );
    expect(await emptyText("nl", "season=2")).toBe(
      "Bij geen enkele pluktuin is in februari iets in het seizoen.",
    );
    expect(await emptyText("nl", "crop=sweet-pea")).toBe(
      "Nog geen enkele pluktuin heeft lathyrus.",
    );
  });

  it("offers the wider searches instead once there are two filters", async () => {
    const text = await emptyText("en", "open=now&crop=tulip");
    expect(text).toBe("Search without one of these filters: Open now Tulips");
  });
});
