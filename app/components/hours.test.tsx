import { describe, expect, it } from "vitest";
import { encodeTimeline, type HoursTimeline } from "~/lib/hours-text";
import { renderWithCatalogues } from "../../tests/support/render-with-catalogues";
import { HoursStatus } from "./hours";

const render = (lang: "en" | "nl", timeline: string, country: string) =>
  renderWithCatalogues(lang, () => <HoursStatus timeline={timeline} country={country} />);

// Wednesday 2026-07-15, 10:00 in Amsterdam; open until 18:00, then closed until 10:00 tomorrow.
const from = Date.UTC(2026, 6, 15, 8);
const closes = Date.UTC(2026, 6, 15, 16);
const opens = Date.UTC(2026, 6, 16, 8);
const timeline: HoursTimeline = {
  timeZone: "Europe/Amsterdam",
  segments: [
    { from, state: "open", closes },
    { from: closes, state: "closed", opens },
  ],
  until: opens,
};

describe("HoursStatus on the server", () => {
  it("tells the first stretch in the page's language, again and again", async () => {
    const encoded = encodeTimeline(timeline, { zone: false });
    for (let round = 0; round < 2; round++) {
      expect(await render("en", encoded, "NL")).toContain("Open now · closes 18:00");
      expect(await render("nl", encoded, "NL")).toContain("Nu open · sluit om 18:00 uur");
    }
  });

  it("tells the same string in the clock of the meadow's country", async () => {
    const encoded = encodeTimeline(timeline, { zone: false });
    expect(await render("en", encoded, "GB")).toContain("Open now · closes 17:00");
    expect(await render("en", encoded, "NL")).toContain("Open now · closes 18:00");
  });
});
