import { describe, expect, it } from "vitest";
import { countryName } from "./country-names";

describe("countryName", () => {
  it("names countries in the page's language", () => {
    expect(countryName("NL", "en")).toBe("Netherlands");
    expect(countryName("NL", "nl")).toBe("Nederland");
    expect(countryName("BE", "nl")).toBe("België");
    expect(countryName("not a code", "en")).toBe("not a code");
  });
});
