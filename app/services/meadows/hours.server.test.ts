import { describe, expect, it } from "vitest";
import { catalogueTranslator } from "~/lib/catalogue-translator";
import { decodeTimeline, encodeTimeline, hoursText, segmentAt } from "~/lib/hours-text";
import type { Language } from "~/lib/i18n";
import {
  hoursColumns,
  hoursTimeline,
  openingWeek,
  openNowGroups,
  weekShownAt,
} from "./hours.server";

const DAY = 86_400_000;

/** What a page made at `now` says at `at` (default: `now`), in `lang`. */
function said(syntax: string, country: string, now: string, lang: Language, at?: string) {
  const timeline = hoursTimeline(syntax, country, new Date(now), 8 * DAY);
  if (!timeline) throw new Error("no timeline");
  const segment = segmentAt(timeline, Date.parse(at ?? now));
  if (!segment) return undefined;
  const t = catalogueTranslator(lang);
  return hoursText(segment, timeline.timeZone, lang, (key, options) =>
    String(t(key as never, options as never)),
  );
}

const WEEKDAYS = "Mo-Fr 10:00-18:00; PH off";

describe("what the hours say", () => {
  it("tells open and closed at chosen times, in English and Dutch", () => {
    // Wednesday 7 July 2027, 12:00 in Amsterdam.
    expect(said(WEEKDAYS, "NL", "2027-07-07T10:00:00Z", "en")).toBe("Open now · closes 18:00");
    expect(said(WEEKDAYS, "NL", "2027-07-07T10:00:00Z", "nl")).toBe("Nu open · sluit om 18:00 uur");
    // 08:00 the same day; 19:00 on Thursday; 19:00 on Friday.
    expect(said(WEEKDAYS, "NL", "2027-07-07T06:00:00Z", "en")).toBe("Closed · opens at 10:00");
    expect(said(WEEKDAYS, "NL", "2027-07-08T17:00:00Z", "en")).toBe(
      "Closed · opens tomorrow 10:00",
    );
    expect(said(WEEKDAYS, "NL", "2027-07-09T17:00:00Z", "en")).toBe("Opens Monday 10:00");
    expect(said(WEEKDAYS, "NL", "2027-07-09T17:00:00Z", "nl")).toBe("Opent maandag om 10:00 uur");
  });

  it("tells a season's closing and 'by appointment'", () => {
    const summer = "Apr-Sep Sa,Su 10:00-17:00";
    expect(said(summer, "BE", "2027-11-10T12:00:00Z", "en")).toBe(
      "Closed for the season until April",
    );
    expect(said(summer, "BE", "2027-11-10T12:00:00Z", "nl")).toBe(
      "Buiten het seizoen gesloten tot april",
    );
    // A season over the new year: open on a Saturday in January.
    expect(said("Dec-Jan Sa,Su 10:00-16:00", "NL", "2028-01-08T10:00:00Z", "en")).toBe(
      "Open now · closes 16:00",
    );
    expect(said('"by appointment"', "NL", "2027-07-07T10:00:00Z", "en")).toBe("By appointment");
    expect(said('"by appointment"', "NL", "2027-07-07T10:00:00Z", "nl")).toBe("Op afspraak");
    expect(said("24/7", "FR", "2027-07-07T10:00:00Z", "en")).toBe("Open day and night");
  });

  it("stays right as the clock passes a change and midnight", () => {
    const now = "2027-07-07T10:00:00Z";
    // 18:30, then 01:00 and 10:30 the next day, from the page made at noon.
    expect(said(WEEKDAYS, "NL", now, "en", "2027-07-07T16:30:00Z")).toBe(
      "Closed · opens tomorrow 10:00",
    );
    expect(said(WEEKDAYS, "NL", now, "en", "2027-07-07T23:00:00Z")).toBe("Closed · opens at 10:00");
    expect(said(WEEKDAYS, "NL", now, "en", "2027-07-08T08:30:00Z")).toBe("Open now · closes 18:00");
    // A text that stays the same is sent once: a closed season is one stretch for the week.
    const season = hoursTimeline(
      "Apr-Sep Sa,Su 10:00-17:00",
      "BE",
      new Date("2027-11-10T12:00:00Z"),
      8 * DAY,
    );
    expect(season?.segments).toHaveLength(1);
    // Past what the page was told: nothing rather than something stale.
    expect(said(WEEKDAYS, "NL", now, "en", "2027-07-20T08:30:00Z")).toBeUndefined();
  });

  it("tells times at the meadow's clock across daylight saving and public holidays", () => {
    // Saturday 27 March 2027, 20:00 in Amsterdam; the clocks go forward that night.
    const timeline = hoursTimeline(
      "Mo-Su 10:00-18:00",
      "NL",
      new Date("2027-03-27T19:00:00Z"),
      DAY,
    );
    expect(timeline?.segments[0]).toMatchObject({
      state: "closed",
      opens: Date.parse("2027-03-28T08:00:00Z"),
    });
    expect(timeline?.segments[1]?.from).toBe(Date.parse("2027-03-27T23:00:00Z"));
    // King's Day, Tuesday 27 April 2027, 11:00: closed for the holiday.
    expect(said(WEEKDAYS, "NL", "2027-04-27T09:00:00Z", "en")).toBe(
      "Closed · opens tomorrow 10:00",
    );
    // The same Tuesday in Belgium is no holiday.
    expect(said(WEEKDAYS, "BE", "2027-04-27T09:00:00Z", "en")).toBe("Open now · closes 18:00");
    // In London it is an hour earlier.
    expect(said(WEEKDAYS, "GB", "2027-07-07T16:30:00Z", "en")).toBe("Open now · closes 18:00");
  });
});

describe("the week the meadow page lists", () => {
  const weekend = (from: number, to: number) => [[], [], [], [], [], [[from, to]], [[from, to]]];

  it("is this month's, or the next month's the meadow opens in when it is closed all this one", () => {
    const summer = "Apr-Sep Sa,Su 10:00-17:00";
    expect(openingWeek(summer, "BE", 7)).toEqual({ month: 7, days: weekend(600, 1020) });
    // "Closed for the season until April": April's times, not seven days of "closed".
    expect(openingWeek(summer, "BE", 11)).toEqual({ month: 4, days: weekend(600, 1020) });
    expect(openingWeek(summer, "BE", 3)).toEqual({ month: 4, days: weekend(600, 1020) });
    // A season over the new year, asked in spring.
    expect(openingWeek("Dec-Jan Sa,Su 10:00-16:00", "NL", 3)?.month).toBe(12);
  });

  it("is the month's it opens again in once closed for the season within this month", () => {
    const autumn = "Sep-Nov Fr,Sa 10:00-17:00";
    const shown = (iso: string) => {
      const now = new Date(iso);
      return weekShownAt(autumn, "NL", now, hoursTimeline(autumn, "NL", now, 8 * DAY))?.month;
    };
    // Sunday 22 November 2026: open again on Friday. Sunday 29 November: not until September.
    expect(shown("2026-11-22T11:00:00Z")).toBe(11);
    expect(shown("2026-11-29T11:00:00Z")).toBe(9);
    expect(weekShownAt(autumn, "NL", new Date("2026-11-29T11:00:00Z"), undefined)?.month).toBe(11);
  });

  it("is none for hours that never open or have no weekly form", () => {
    expect(openingWeek("off", "NL", 5)).toBeUndefined();
    expect(openingWeek('"by appointment"', "NL", 5)).toBeUndefined();
    expect(openingWeek(null, "NL", 5)).toBeUndefined();
  });
});

describe("the timeline as pages carry it", () => {
  it("comes back as it was sent, comments and all", () => {
    for (const syntax of [
      WEEKDAYS,
      "Apr-Sep Sa,Su 10:00-17:00",
      'Mo 10:00-12:00 || "call first | ask for Anna"',
      "24/7",
    ]) {
      const timeline = hoursTimeline(syntax, "NL", new Date("2027-07-07T10:00:00Z"), 8 * DAY);
      if (!timeline) throw new Error(syntax);
      const decoded = decodeTimeline(encodeTimeline(timeline));
      expect(decoded).toEqual({
        ...timeline,
        // Whole minutes: the first stretch starts at the page's own minute.
        segments: timeline.segments.map((segment, index) =>
          index === 0 ? { ...segment, from: Math.floor(segment.from / 60_000) * 60_000 } : segment,
        ),
      });
    }
    // Cards leave the zone out: their country tells it.
    const card = hoursTimeline(WEEKDAYS, "GB", new Date("2027-07-07T10:00:00Z"), DAY);
    if (!card) throw new Error("no timeline");
    expect(decodeTimeline(encodeTimeline(card, { zone: false }), "Europe/London")).toEqual(card);
    expect(decodeTimeline("nonsense")).toBeUndefined();
  });
});

describe("the stored form of the hours", () => {
  it("reads free text as hours where the library can, and keeps the rest as text only", () => {
    expect(hoursColumns(null, "Mo-Sa 09:00-17:00", "NL")).toMatchObject({
      hoursSyntax: "Mo-Sa 09:00-17:00",
      closedOnHolidays: false,
    });
    expect(hoursColumns(null, "Dagelijks 9-18 uur", "NL")).toMatchObject({
      hoursSyntax: null,
      openMinutes: "{}",
    });
    expect(hoursColumns("Mo 10:00-12:00; PH off", "Ma 10-12", "DE")).toEqual({
      hoursSyntax: "Mo 10:00-12:00; PH off",
      openMinutes:
        "{[600,720),[10680,10800),[20760,20880),[30840,30960),[40920,41040),[51000,51120),[61080,61200),[71160,71280),[81240,81360),[91320,91440),[101400,101520),[111480,111600)}",
      closedOnHolidays: true,
      hoursForm: 1,
    });
  });

  it("asks the database once per clock and holiday: the continent, and Britain an hour behind", () => {
    const groups = openNowGroups(new Date("2027-07-07T10:00:00Z"));
    expect(groups.map((group) => group.countries)).toEqual([
      ["AT", "BE", "CH", "DE", "DK", "FR", "LU", "NL"],
      ["GB"],
    ]);
    // King's Day: the Netherlands apart.
    expect(openNowGroups(new Date("2027-04-27T09:00:00Z")).length).toBe(3);
  });
});
