import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { derivedHours } from "./opening-hours";
import { editorState, editorSyntax, type HoursEditorState } from "./hours-editor";

const time = fc
  .tuple(fc.integer({ min: 0, max: 23 }), fc.constantFrom(0, 15, 30, 45))
  .map(([h, m]) => `${String(h).padStart(2, "0")}:${String(m).padStart(2, "0")}`);

const state: fc.Arbitrary<HoursEditorState> = fc.record({
  days: fc.array(fc.boolean(), { minLength: 7, maxLength: 7 }),
  times: fc.array(fc.record({ from: time, to: time }), { minLength: 1, maxLength: 3 }),
  season: fc.option(
    fc.record({ from: fc.integer({ min: 1, max: 12 }), to: fc.integer({ min: 1, max: 12 }) }),
    { nil: null },
  ),
  closedOnHolidays: fc.boolean(),
  byAppointment: fc.boolean(),
});

describe("the hours editor", () => {
  it("writes the syntax members know from OpenStreetMap", () => {
    expect(
      editorSyntax({
        days: [true, true, true, true, true, false, false],
        times: [
          { from: "13:00", to: "17:00" },
          { from: "09:00", to: "12:00" },
        ],
        season: { from: 4, to: 9 },
        closedOnHolidays: true,
        byAppointment: false,
      }),
    ).toBe("Apr-Sep Mo-Fr 09:00-12:00,13:00-17:00; PH off");
    expect(
      editorSyntax({
        days: [false, false, false, false, false, true, true],
        times: [{ from: "10:00", to: "00:00" }],
        season: { from: 12, to: 1 },
        closedOnHolidays: false,
        byAppointment: true,
      }),
    ).toBe('Dec-Jan Sa,Su 10:00-24:00 || "by appointment"');
    expect(
      editorSyntax({
        days: [false, false, false, false, false, false, false],
        times: [{ from: "10:00", to: "12:00" }],
        season: null,
        closedOnHolidays: false,
        byAppointment: true,
      }),
    ).toBe('"by appointment"');
  });

  it("reads back what it wrote: state → syntax → state → the same syntax", () => {
    fc.assert(
      fc.property(state, (chosen) => {
        const syntax = editorSyntax(chosen);
        const read = editorState(syntax);
        expect(read).not.toBeNull();
        expect(editorSyntax(read!)).toBe(syntax);
        if (syntax && !syntax.startsWith('"')) {
          expect(read!.days).toEqual(chosen.days);
          expect(read!.season).toEqual(chosen.season);
          expect(read!.closedOnHolidays).toBe(chosen.closedOnHolidays);
        }
      }),
    );
  });

  it("writes syntax the hours library accepts and the database can hold", () => {
    fc.assert(
      fc.property(state, (chosen) => {
        const syntax = editorSyntax(chosen);
        if (syntax) expect(derivedHours(syntax, "NL")).toHaveProperty("weekly");
      }),
      { numRuns: 40 },
    );
  });

  it("leaves syntax it cannot show to the member", () => {
    expect(editorState("Mo-Fr 10:00-18:00; Sa 10:00-12:00")).toBeNull();
    expect(editorState("Mo-Fr sunrise-sunset")).toBeNull();
    expect(editorState("Sa-Mo 10:00-12:00")?.days).toEqual([
      true,
      false,
      false,
      false,
      false,
      true,
      true,
    ]);
  });
});
