import { describe, expect, it } from "vitest";
import { encodeTimeline, hoursText } from "~/lib/hours-text";
import { monthMask } from "~/lib/crops";
import { pickableInSeason, toMeadowCard } from "~/lib/meadow-card";
import { CARD_HOURS_MS } from "~/services/meadows/search.server";
import { hoursTimeline } from "~/services/meadows/hours.server";

// A pumpkin patch open on Fridays and Saturdays from September to November, as the demo's.
const HOURS = "Sep-Nov Fr,Sa 10:00-17:00";
const crops = [{ id: "pumpkin", months: monthMask([9, 10, 11]) }];
const meadow = {
  id: "m1",
  name: "Pompoenpluk",
  city: "Raalte",
  country: "NL",
  priceText: "€ 1,50",
  crops,
};

/** The card of the meadow at `iso` (UTC), with its hours as the list's search sends them. */
function cardAt(iso: string, syntax = HOURS) {
  const now = new Date(iso);
  const timeline = hoursTimeline(syntax, "NL", now, CARD_HOURS_MS);
  return toMeadowCard(
    { ...meadow, ...(timeline ? { hours: encodeTimeline(timeline, { zone: false }) } : {}) },
    now,
  );
}

describe("what a card says is in season", () => {
  it("names the crops in season this month while the meadow opens within the week", () => {
    // Saturday 21 November, open; Sunday 22 November, open again on Friday.
    expect(cardAt("2026-11-21T11:00:00Z").inSeason).toEqual(["pumpkin"]);
    expect(cardAt("2026-11-22T11:00:00Z").inSeason).toEqual(["pumpkin"]);
  });

  it("names none once the month's last open day has passed and the hours wait for next season", () => {
    // Sunday 29 November: still November, but closed until September.
    const card = cardAt("2026-11-29T11:00:00Z");
    expect(card.inSeason).toBeUndefined();
    const now = new Date("2026-11-29T11:00:00Z");
    const timeline = hoursTimeline(HOURS, "NL", now, CARD_HOURS_MS);
    const first = timeline?.segments[0];
    // The card's hours say so.
    expect(first && timeline && hoursText(first, timeline.timeZone, "en", (key) => key)).toBe(
      "hours.closedSeason",
    );
    expect(pickableInSeason(crops, "NL", now, timeline)).toEqual([]);
  });

  it("keeps the crops of hours by appointment, which are closed between appointments", () => {
    const card = cardAt("2026-11-29T20:00:00Z", 'Mo-Su 10:00-17:00 unknown "by appointment"');
    expect(card.inSeason).toEqual(["pumpkin"]);
  });

  it("names the crops of a meadow without structured hours by the month alone", () => {
    expect(toMeadowCard(meadow, new Date("2026-11-29T11:00:00Z")).inSeason).toEqual(["pumpkin"]);
    expect(toMeadowCard(meadow, new Date("2026-12-01T11:00:00Z")).inSeason).toBeUndefined();
  });
});
