import { describe, expect, it } from "vitest";
import { pagePath, pageUrl } from "./page-url";

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

describe("pagePath", () => {
  const path = (url: string, to: string) => pagePath(new Request(url), to);

  it("keeps the language prefix of the page the request is for", () => {
    expect(path("http://x/nl/meadows/abc/edit", "/meadows")).toBe("/nl/meadows");
    expect(path("http://x/en/settings", "/settings")).toBe("/en/settings");
    expect(path("http://x/meadows/add", "/meadows/abc")).toBe("/meadows/abc");
  });

  it("reads the page's address from data requests", () => {
    expect(path("http://x/nl/meadows/add.data?_routes=x", "/meadows/abc")).toBe("/nl/meadows/abc");
    expect(path("http://x/_root.data", "/settings")).toBe("/settings");
  });
});
