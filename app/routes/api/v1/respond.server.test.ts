import { describe, expect, it } from "vitest";
import { matchesIfNoneMatch } from "~/lib/if-none-match";
import { entityTag, negotiatedFormat } from "./respond.server";

const withAccept = (accept: string) =>
  new Request("http://localhost/api/v1/meadows", { headers: { Accept: accept } });

describe("negotiatedFormat", () => {
  it("answers GeoJSON when asked for it first, or by format", () => {
    expect(negotiatedFormat(withAccept("application/geo+json"), undefined)).toBe("geojson");
    expect(
      negotiatedFormat(withAccept("application/geo+json, application/json;q=0.5"), undefined),
    ).toBe("geojson");
    expect(negotiatedFormat(withAccept("application/json, application/geo+json"), undefined)).toBe(
      "json",
    );
    expect(negotiatedFormat(withAccept("*/*"), undefined)).toBe("json");
    expect(negotiatedFormat(withAccept("application/geo+json"), "json")).toBe("json");
    expect(negotiatedFormat(withAccept(""), "geojson")).toBe("geojson");
  });
});

describe("ETags", () => {
  it("are the same for the same body and differ for another", () => {
    expect(entityTag("[1]")).toBe(entityTag("[1]"));
    expect(entityTag("[1]")).not.toBe(entityTag("[2]"));
    expect(entityTag("[1]")).toMatch(/^"[A-Za-z0-9_-]{32}"$/);
  });

  it("match If-None-Match lists, weak or strong, and *", () => {
    const tag = entityTag("x");
    expect(matchesIfNoneMatch(tag, tag)).toBe(true);
    expect(matchesIfNoneMatch(`"other", W/${tag}`, tag)).toBe(true);
    expect(matchesIfNoneMatch("*", tag)).toBe(true);
    expect(matchesIfNoneMatch('"other"', tag)).toBe(false);
    expect(matchesIfNoneMatch(null, tag)).toBe(false);
  });
});
