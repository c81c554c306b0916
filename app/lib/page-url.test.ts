import { describe, expect, it } from "vitest";
import { pageUrl } from "./page-url";

const page = (url: string) => {
  const result = pageUrl(new Request(url));
  return result.pathname + result.search;
};

describe("pageUrl", () => {
  it("is the page's own address for data requests", () => {
    expect(page("http://x/nl.data")).toBe("/nl");
    expect(page("http://x/_root.data")).toBe("/");
    expect(page("http://x/nl/about.data?_routes=root")).toBe("/nl/about");
    expect(page("http://x/meadows.data?q=tulp&_routes=routes%2Fmeadows")).toBe("/meadows?q=tulp");
  });

  it("leaves document requests alone", () => {
    expect(page("http://x/nl/settings?tab=1")).toBe("/nl/settings?tab=1");
  });
});
