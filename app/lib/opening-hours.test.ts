import { describe, expect, it } from "vitest";
import {
  derivedHours,
  instantOf,
  isPublicHoliday,
  wallClock,
  WEEK_MINUTES,
  weekKey,
  weeklyOpen,
} from "./opening-hours";

const AMSTERDAM = "Europe/Amsterdam";

function weekly(syntax: string, country = "NL") {
  const derived = derivedHours(syntax, country);
  if (!("weekly" in derived)) throw new Error(`${syntax}: ${derived.problem}`);
  return derived.weekly;
}

/** The key of a wall-clock time: month 1–12, weekday Monday 0, "HH:MM". */
function key(month: number, weekday: number, time: string) {
  const [h = 0, m = 0] = time.split(":").map(Number);
  return (month - 1) * WEEK_MINUTES + weekday * 1440 + h * 60 + m;
}

describe("wall clocks", () => {
  it("reads an instant at the meadow's clock, summer and winter", () => {
    expect(wallClock(new Date("2027-07-01T10:00:00Z"), AMSTERDAM).getHours()).toBe(12);
    expect(wallClock(new Date("2027-01-01T10:00:00Z"), AMSTERDAM).getHours()).toBe(11);
    expect(wallClock(new Date("2027-07-01T10:00:00Z"), "Europe/London").getHours()).toBe(11);
  });

  it("turns a wall-clock time back into its instant across both daylight saving changes", () => {
    // 28 March 2027: 02:00 becomes 03:00. 31 October 2027: 03:00 becomes 02:00.
    const at = (wall: Date) => instantOf(wall, AMSTERDAM).toISOString();
    expect(at(new Date(2027, 2, 28, 1, 30))).toBe("2027-03-28T00:30:00.000Z");
    expect(at(new Date(2027, 2, 28, 3, 30))).toBe("2027-03-28T01:30:00.000Z");
    expect(at(new Date(2027, 9, 31, 1, 30))).toBe("2027-10-30T23:30:00.000Z");
    // Passed twice: the first.
    expect(at(new Date(2027, 9, 31, 2, 30))).toBe("2027-10-31T00:30:00.000Z");
    expect(at(new Date(2027, 9, 31, 3, 30))).toBe("2027-10-31T02:30:00.000Z");
    for (const iso of ["2027-03-28T00:59:00Z", "2027-03-28T01:00:00Z", "2027-10-31T01:30:00Z"]) {
      const instant = new Date(iso);
      const back = instantOf(wallClock(instant, AMSTERDAM), AMSTERDAM);
      expect(wallClock(back, AMSTERDAM)).toEqual(wallClock(instant, AMSTERDAM));
    }
  });

  it("keys a time by month, weekday and minute", () => {
    // Monday 4 January 2027, 10:30.
    expect(weekKey(new Date(2027, 0, 4, 10, 30))).toBe(630);
    // Sunday 26 December 2027, 23:59.
    expect(weekKey(new Date(2027, 11, 26, 23, 59))).toBe(key(12, 6, "23:59"));
  });
});

describe("the weekly form of opening hours", () => {
  it("holds weekdays, split days and months", () => {
    const hours = weekly("Apr-Sep Mo-Fr 09:00-12:00,13:00-17:00; Apr-Sep Sa 10:00-16:00");
    expect(weeklyOpen(hours, key(4, 0, "09:00"), false)).toBe(true);
    expect(weeklyOpen(hours, key(4, 0, "12:30"), false)).toBe(false);
    expect(weeklyOpen(hours, key(9, 5, "15:59"), false)).toBe(true);
    expect(weeklyOpen(hours, key(9, 6, "12:00"), false)).toBe(false);
    expect(weeklyOpen(hours, key(10, 0, "10:00"), false)).toBe(false);
  });

  it("holds a season from December into January", () => {
    const hours = weekly("Dec-Jan Sa,Su 10:00-15:00");
    expect(weeklyOpen(hours, key(12, 5, "10:00"), false)).toBe(true);
    expect(weeklyOpen(hours, key(1, 6, "14:59"), false)).toBe(true);
    expect(weeklyOpen(hours, key(2, 5, "10:00"), false)).toBe(false);
    expect(weeklyOpen(hours, key(11, 5, "10:00"), false)).toBe(false);
  });

  it("holds hours past midnight on the next day", () => {
    const hours = weekly("Fr 22:00-02:00");
    expect(weeklyOpen(hours, key(6, 4, "23:00"), false)).toBe(true);
    expect(weeklyOpen(hours, key(6, 5, "01:59"), false)).toBe(true);
    expect(weeklyOpen(hours, key(6, 5, "02:00"), false)).toBe(false);
  });

  it("is open always for 24/7 and never for hours by appointment", () => {
    expect(weekly("24/7").ranges).toEqual([[0, 12 * WEEK_MINUTES]]);
    expect(weekly('"by appointment"').ranges).toEqual([]);
    const outside = weekly('Mo-Fr 10:00-18:00 || "by appointment"');
    expect(weeklyOpen(outside, key(5, 0, "09:00"), false)).toBe(false);
    expect(weeklyOpen(outside, key(5, 0, "10:00"), false)).toBe(true);
  });

  it("closes on public holidays for 'PH off', in the meadow's country", () => {
    const hours = weekly("Mo-Sa 10:00-17:00; PH off");
    expect(hours.closedOnHolidays).toBe(true);
    expect(weeklyOpen(hours, key(4, 0, "11:00"), true)).toBe(false);
    expect(weeklyOpen(hours, key(4, 0, "11:00"), false)).toBe(true);
    expect(weekly("Mo-Sa 10:00-17:00; PH off", "GB").closedOnHolidays).toBe(true);
    expect(weekly("Mo-Sa 10:00-17:00").closedOnHolidays).toBe(false);
  });

  it("knows each country's public holidays", () => {
    // King's Day in the Netherlands, not in Belgium; German Unity Day; Whit Monday in both.
    expect(isPublicHoliday(new Date(2027, 3, 27, 12), "NL")).toBe(true);
    expect(isPublicHoliday(new Date(2027, 3, 27, 12), "BE")).toBe(false);
    expect(isPublicHoliday(new Date(2027, 9, 3, 12), "DE")).toBe(true);
    expect(isPublicHoliday(new Date(2027, 4, 17, 12), "NL")).toBe(true);
    expect(isPublicHoliday(new Date(2027, 4, 18, 12), "NL")).toBe(false);
  });

  it("refuses hours the weekly form cannot hold exactly, saying why", () => {
    expect(derivedHours("Mo-Fr 10:00-18:00; foo", "NL")).toEqual({
      problem: "validation.hoursSyntax",
    });
    expect(derivedHours("2027 Mo-Fr 10:00-18:00", "NL")).toEqual({
      problem: "validation.hoursYears",
    });
    for (const syntax of [
      "Apr 15-Sep 30 Mo-Fr 10:00-18:00",
      "week 01-53/2 Mo 10:00-12:00",
      "Mo-Su sunrise-sunset",
      "easter 10:00-12:00",
    ])
      expect(derivedHours(syntax, "NL")).toEqual({ problem: "validation.hoursDates" });
    expect(derivedHours("Mo-Fr 10:00-18:00; PH 12:00-14:00", "NL")).toEqual({
      problem: "validation.hoursHolidays",
    });
    // "PH off" first is overridden by the weekday rule after it: not closed on holidays.
    expect(derivedHours("PH off; Mo-Fr 10:00-18:00", "NL")).toEqual({
      problem: "validation.hoursHolidays",
    });
  });
});
