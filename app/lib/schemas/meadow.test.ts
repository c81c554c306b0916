import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import { ALL_MONTHS_MASK, monthMask, monthRange, type MeadowCrop } from "~/lib/crops";
import {
  COUNTRIES,
  cropFormValues,
  cropsOutsideHours,
  hoursOpenMonths,
  meadowCrops,
  meadowSchema,
  normalizeWebsite,
  parseInstagram,
} from "./meadow";

const valid = {
  name: "Pluktuin De Hoeve",
  description: "Tulips and dahlias to pick yourself.",
  descriptionNl: "Tulpen en dahlia's om zelf te plukken.",
  priceText: "€ 0,50 per steel",
  openingHours: "dagelijks 9.00–18.00 uur",
  street: "Dorpsstraat",
  houseNumber: "12a",
  postalCode: "3981 AB",
  city: "Bunnik",
  country: "NL",
};

/** The message keys of the fields that fail, by field. */
function errors(values: Record<string, unknown>): Record<string, string[]> {
  const result = meadowSchema.safeParse(values);
  if (result.success) return {};
  const byField: Record<string, string[]> = {};
  for (const issue of result.error.issues) {
    const field = String(issue.path[0]);
    (byField[field] ??= []).push(issue.message);
  }
  return byField;
}

function parsed(values: Record<string, unknown>) {
  const result = meadowSchema.safeParse(values);
  if (!result.success) throw new Error(JSON.stringify(result.error.issues));
  return result.data;
}

describe("meadowSchema", () => {
  it("accepts a complete meadow and trims what was typed", () => {
    expect(parsed({ ...valid, name: "  Pluktuin De Hoeve  " })).toEqual({
      ...valid,
      addressExtra: null,
      website: null,
      phone: null,
      instagram: null,
      hoursSyntax: null,
      crops: [],
      cropMonths: [],
      lat: undefined,
      lng: undefined,
    });
  });

  it("takes hours in OpenStreetMap's syntax, with or without free text beside them", () => {
    expect(parsed({ ...valid, hoursSyntax: " Mo-Fr 10:00-18:00 " })).toMatchObject({
      hoursSyntax: "Mo-Fr 10:00-18:00",
    });
    expect(parsed({ ...valid, openingHours: "", hoursSyntax: "Sa 10:00-12:00" })).toMatchObject({
      openingHours: "",
      hoursSyntax: "Sa 10:00-12:00",
    });
    expect(errors({ ...valid, openingHours: "", hoursSyntax: "" })).toEqual({
      openingHours: ["validation.openingHoursRequired"],
    });
  });

  it("refuses hours the library cannot read or the search cannot answer, saying why", () => {
    expect(errors({ ...valid, hoursSyntax: "when the sun shines" })).toEqual({
      hoursSyntax: ["validation.hoursSyntax"],
    });
    expect(errors({ ...valid, hoursSyntax: "2027 Mo-Fr 10:00-18:00" })).toEqual({
      hoursSyntax: ["validation.hoursYears"],
    });
    expect(errors({ ...valid, hoursSyntax: "Apr 15-Sep 15 Mo-Fr 10:00-18:00" })).toEqual({
      hoursSyntax: ["validation.hoursDates"],
    });
    expect(errors({ ...valid, hoursSyntax: "Mo-Fr 10:00-18:00; PH 10:00-12:00" })).toEqual({
      hoursSyntax: ["validation.hoursHolidays"],
    });
    // Read for the meadow's own country: a British meadow's holidays are England's.
    expect(
      parsed({ ...valid, country: "GB", hoursSyntax: "Mo-Fr 10:00-18:00; PH off" }),
    ).toMatchObject({ hoursSyntax: "Mo-Fr 10:00-18:00; PH off" });
  });

  it.each([
    ["name", "validation.nameMin"],
    ["priceText", "validation.priceRequired"],
    ["openingHours", "validation.openingHoursRequired"],
    ["street", "validation.streetRequired"],
    ["houseNumber", "validation.houseNumberRequired"],
    ["postalCode", "validation.postalCodeRequired"],
    ["city", "validation.cityRequired"],
    ["country", "validation.countryRequired"],
  ])("requires %s (%s)", (field, key) => {
    expect(errors({ ...valid, [field]: undefined })).toEqual({ [field]: [key] });
    expect(errors({ ...valid, [field]: "" })[field]).toEqual([key]);
    expect(errors({ ...valid, [field]: "   " })[field]).toEqual([key]);
  });

  it("needs a name of at least 3 characters, at most 100", () => {
    expect(errors({ ...valid, name: "Ab" })).toEqual({ name: ["validation.nameMin"] });
    expect(errors({ ...valid, name: " Ab " })).toEqual({ name: ["validation.nameMin"] });
    expect(parsed({ ...valid, name: "Abc" }).name).toBe("Abc");
    expect(errors({ ...valid, name: "x".repeat(101) })).toEqual({
      name: ["validation.nameTooLong"],
    });
  });

  it("limits the length of free text", () => {
    expect(parsed({ ...valid, description: "x".repeat(5000) }).description).toHaveLength(5000);
    expect(errors({ ...valid, description: "x".repeat(5001) })).toEqual({
      description: ["validation.textTooLong?max=5000"],
    });
    expect(errors({ ...valid, descriptionNl: "x".repeat(5001) })).toEqual({
      descriptionNl: ["validation.textTooLong?max=5000"],
    });
    expect(errors({ ...valid, priceText: "x".repeat(201) })).toEqual({
      priceText: ["validation.textTooLong?max=200"],
    });
    expect(errors({ ...valid, openingHours: "x".repeat(501) })).toEqual({
      openingHours: ["validation.textTooLong?max=500"],
    });
    expect(errors({ ...valid, addressExtra: "x".repeat(201) })).toEqual({
      addressExtra: ["validation.textTooLong?max=200"],
    });
  });

  it("takes either description, both or neither, and the address extra as optional", () => {
    const values = parsed({ ...valid, description: undefined, addressExtra: " Achter de kas " });
    expect(values.description).toBe("");
    expect(values.descriptionNl).toBe(valid.descriptionNl);
    expect(parsed({ ...valid, descriptionNl: "  " }).descriptionNl).toBe("");
    const neither = parsed({ ...valid, description: "", descriptionNl: undefined });
    expect([neither.description, neither.descriptionNl]).toEqual(["", ""]);
    expect(values.addressExtra).toBe("Achter de kas");
  });

  it("takes a country from the list only", () => {
    for (const country of COUNTRIES) expect(parsed({ ...valid, country }).country).toBe(country);
    expect(parsed({ ...valid, country: "be" }).country).toBe("BE");
    expect(COUNTRIES).toEqual(
      expect.arrayContaining(["NL", "BE", "DE", "FR", "GB", "LU", "AT", "CH", "DK"]),
    );
    for (const country of ["XX", "Nederland", "US"]) {
      expect(errors({ ...valid, country })).toEqual({ country: ["validation.countryRequired"] });
    }
  });

  it("takes a website with or without scheme", () => {
    expect(parsed({ ...valid, website: "dehoeve.nl" }).website).toBe("https://dehoeve.nl");
    expect(parsed({ ...valid, website: " http://dehoeve.nl/pluk " }).website).toBe(
      "http://dehoeve.nl/pluk",
    );
    expect(parsed({ ...valid, website: "" }).website).toBeNull();
    for (const website of ["not a url", "javascript:alert(1)", "ftp://dehoeve.nl", "dehoeve"]) {
      expect(errors({ ...valid, website })).toEqual({ website: ["validation.urlInvalid"] });
    }
  });

  it("keeps a phone number as typed", () => {
    for (const phone of ["+31 6 1234 5678", "030-123 45 67", "(030) 123 4567", "01.23.45.67.89"]) {
      expect(parsed({ ...valid, phone: ` ${phone} ` }).phone).toBe(phone);
    }
    expect(parsed({ ...valid, phone: "" }).phone).toBeNull();
    for (const phone of ["call me", "06-1234x5678", "12345", "+".repeat(3), "1".repeat(41)]) {
      expect(errors({ ...valid, phone })).toEqual({ phone: ["validation.phoneInvalid"] });
    }
  });

  it("takes an Instagram handle, @handle or profile link and keeps the handle", () => {
    for (const instagram of [
      "dehoeve.pluktuin",
      "@dehoeve.pluktuin",
      "@DeHoeve.Pluktuin",
      "instagram.com/dehoeve.pluktuin",
      "https://www.instagram.com/dehoeve.pluktuin/",
      "http://instagram.com/dehoeve.pluktuin?igsh=abc123",
    ]) {
      expect(parsed({ ...valid, instagram }).instagram).toBe("dehoeve.pluktuin");
    }
    expect(parsed({ ...valid, instagram: "" }).instagram).toBeNull();
    for (const instagram of [
      "de hoeve",
      "@",
      "https://www.instagram.com/p/Cx1abc/",
      "https://example.com/dehoeve",
      "x".repeat(31),
    ]) {
      expect(errors({ ...valid, instagram })).toEqual({
        instagram: ["validation.instagramInvalid"],
      });
    }
  });

  it("takes the confirmed pin position within range", () => {
    expect(parsed({ ...valid, lat: "52.0907", lng: "5.1214" })).toMatchObject({
      lat: 52.0907,
      lng: 5.1214,
    });
    expect(parsed({ ...valid, lat: -90, lng: 180 })).toMatchObject({ lat: -90, lng: 180 });
    expect(parsed({ ...valid, lat: "", lng: "" })).toMatchObject({
      lat: undefined,
      lng: undefined,
    });
    expect(errors({ ...valid, lat: "91", lng: "-181" })).toEqual({
      lat: ["validation.addressInvalid"],
      lng: ["validation.addressInvalid"],
    });
    expect(errors({ ...valid, lat: "north" })).toEqual({ lat: ["validation.addressInvalid"] });
  });

  it("reads a submitted form as Conform does, in the browser and in the action", () => {
    const form = new FormData();
    for (const [field, value] of Object.entries(valid)) form.set(field, value);
    form.set("website", "");
    form.set("instagram", "@dehoeve");
    form.set("lat", "52.1");
    form.set("lng", "5.2");
    const submission = parseWithZod(form, { schema: meadowSchema });
    expect(submission.status).toBe("success");
    if (submission.status === "success") {
      expect(submission.value).toMatchObject({
        website: null,
        instagram: "dehoeve",
        lat: 52.1,
        lng: 5.2,
      });
    }

    const empty = parseWithZod(new FormData(), { schema: meadowSchema });
    expect(empty.status).toBe("error");
    expect(empty.reply().error).toEqual({
      name: ["validation.nameMin"],
      priceText: ["validation.priceRequired"],
      openingHours: ["validation.openingHoursRequired"],
      street: ["validation.streetRequired"],
      houseNumber: ["validation.houseNumberRequired"],
      postalCode: ["validation.postalCodeRequired"],
      city: ["validation.cityRequired"],
      country: ["validation.countryRequired"],
    });
  });
});

describe("normalizeWebsite", () => {
  it.each<[string, string | null]>([
    ["dehoeve.nl", "https://dehoeve.nl"],
    ["www.dehoeve.nl/pluk?dag=za", "https://www.dehoeve.nl/pluk?dag=za"],
    ["dehoeve.nl:8080", "https://dehoeve.nl:8080"],
    ["HTTPS://DeHoeve.nl", "HTTPS://DeHoeve.nl"],
    ["http://xn--bloemenweide-bjb.nl", "http://xn--bloemenweide-bjb.nl"],
    ["mailto:info@dehoeve.nl", null],
    ["javascript:alert(1)", null],
    ["https://user:secret@dehoeve.nl", null],
    ["https://dehoeve", null],
    ["dehoeve.n1", null],
    ["de hoeve.nl", null],
    ["", null],
  ])("%j is %j", (input, expected) => {
    expect(normalizeWebsite(input)).toBe(expected);
  });
});

describe("parseInstagram", () => {
  it.each<[string, string | null]>([
    ["dehoeve", "dehoeve"],
    ["@de_hoeve.2", "de_hoeve.2"],
    ["instagr.am/dehoeve", "dehoeve"],
    ["m.instagram.com/dehoeve/", "dehoeve"],
    ["https://www.instagram.com/dehoeve#top", "dehoeve"],
    ["x".repeat(30), "x".repeat(30)],
    [".dehoeve", null],
    ["dehoeve.", null],
    ["de..hoeve", null],
    ["@@dehoeve", null],
    ["https://www.instagram.com/reel/abc/", null],
    ["https://www.instagram.com/", null],
    ["instagram.com/explore", null],
    ["dehoeve!", null],
  ])("%j is %j", (input, expected) => {
    expect(parseInstagram(input)).toBe(expected);
  });
});

describe("the crops of the form", () => {
  it("takes ticked crops with the months ticked for each, or their usual season", () => {
    const values = parsed({
      ...valid,
      crops: ["holly", "dahlia"],
      // Months of a crop not ticked (tulip) are ignored.
      cropMonths: ["dahlia:8", "dahlia:9", "tulip:4"],
    });
    expect(meadowCrops(values)).toEqual([
      { id: "dahlia", months: monthRange(8, 9) },
      { id: "holly", months: monthRange(11, 1) },
    ]);
    expect(meadowCrops(parsed({ ...valid, crops: "dahlia" }))).toEqual([
      { id: "dahlia", months: monthRange(7, 10) },
    ]);
    expect(meadowCrops(parsed(valid))).toEqual([]);
  });

  it("gives the edit form back what it stored", () => {
    const crops = [{ id: "kale", months: monthRange(12, 1) }];
    const form = cropFormValues(crops);
    expect(form).toEqual({ crops: ["kale"], cropMonths: ["kale:1", "kale:12"] });
    expect(meadowCrops(parsed({ ...valid, ...form }))).toEqual(crops);
  });

  it("refuses unknown crops, months outside the year and too many crops", () => {
    expect(errors({ ...valid, crops: ["dahlia", "triffid"] })).toEqual({
      crops: ["validation.cropUnknown"],
    });
    expect(errors({ ...valid, crops: ["dahlia"], cropMonths: ["dahlia:13"] })).toEqual({
      cropMonths: ["validation.cropMonthInvalid"],
    });
    expect(errors({ ...valid, crops: ["dahlia"], cropMonths: ["dahlia:0"] })).toEqual({
      cropMonths: ["validation.cropMonthInvalid"],
    });
    expect(errors({ ...valid, crops: Array.from({ length: 200 }, () => "dahlia") })).toEqual({
      crops: ["validation.tooManyCrops"],
    });
  });
});

describe("crops in season while the hours keep the meadow closed", () => {
  const dahlias = { id: "dahlia", months: monthRange(7, 11) };
  const tulips = { id: "tulip", months: monthRange(4, 5) };
  const outside = (crops: MeadowCrop[], syntax: string, country = "NL") =>
    cropsOutsideHours(crops, hoursOpenMonths(syntax, country));

  it("are each crop's months in which the hours keep the meadow closed", () => {
    expect(hoursOpenMonths("Aug-Oct Th-Sa 13:00-18:00", "NL")).toBe(monthRange(8, 10));
    expect(outside([tulips, dahlias], "Aug-Oct Th-Sa 13:00-18:00")).toEqual([
      { id: "tulip", months: monthRange(4, 5) },
      { id: "dahlia", months: monthMask([7, 11]) },
    ]);
    // A season over the new year, and two seasons in one syntax.
    const kale = { id: "kale", months: monthRange(11, 2) };
    expect(outside([kale], "Nov-Feb Fr,Sa 10:00-16:00")).toEqual([]);
    expect(outside([kale], "Sep-Nov Mo-Su 10:00-18:00; Dec-Jan Sa,Su 11:00-15:00", "BE")).toEqual([
      { id: "kale", months: monthMask([2]) },
    ]);
  });

  it("are none for hours open all year, unread, empty or never surely open", () => {
    expect(hoursOpenMonths("Mo-Su 09:00-18:00", "NL")).toBe(ALL_MONTHS_MASK);
    for (const syntax of ["", "not hours", '"by appointment"', "off"])
      expect(hoursOpenMonths(syntax, "NL"), syntax).toBe(0);
    for (const syntax of ["Mo-Su 09:00-18:00", "", '"by appointment"'])
      expect(outside([tulips, dahlias], syntax), syntax).toEqual([]);
  });
});
