import { describe, expect, it } from "vitest";
import { withLowPriorityScriptPreloads } from "./script-preloads.server";

describe("script preloads", () => {
  it("asks for every script preload at low priority, and leaves the rest of the page as it is", () => {
    const head =
      '<head><link rel="stylesheet" href="/a.css"/>' +
      '<link rel="modulepreload" href="/assets/entry.client-1.js" nonce="n1"/>' +
      '<link rel="modulepreload" href="/assets/chunk-2.js" nonce="n1"/>' +
      "<title>Plukweide — tulpen plukken</title></head>";
    const html = withLowPriorityScriptPreloads(Buffer.from(head)).toString();
    expect(html.match(/<link rel="modulepreload" fetchpriority="low" href=/g)).toHaveLength(2);
    expect(html.replaceAll(' fetchpriority="low"', "")).toBe(head);
  });

  it("hands on a chunk without preloads untouched", () => {
    const chunk = Buffer.from("<p>later</p>");
    expect(withLowPriorityScriptPreloads(chunk)).toBe(chunk);
  });
});
