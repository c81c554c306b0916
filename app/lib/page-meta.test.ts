import { describe, expect, it } from "vitest";
import { pageMeta } from "./page-meta";

describe("pageMeta", () => {
  const meta = { title: "Instellingen · Plukweide", description: "Je profiel en account." };

  it("gives the title, description and Open Graph tags, to be indexed", () => {
    expect(pageMeta(meta)).toEqual([
      { title: meta.title },
      { name: "description", content: meta.description },
      { property: "og:title", content: meta.title },
      { property: "og:description", content: meta.description },
      { property: "og:type", content: "website" },
      { property: "og:site_name", content: "Plukweide" },
    ]);
  });

  it("asks search engines to leave out a page not to be indexed, with or without its tags", () => {
    const robots = { name: "robots", content: "noindex" };
    expect(pageMeta(meta, { index: false })).toContainEqual(robots);
    expect(pageMeta(meta, { index: false })).toHaveLength(7);
    expect(pageMeta(undefined, { index: false })).toEqual([robots]);
    expect(pageMeta(undefined)).toEqual([]);
  });
});
