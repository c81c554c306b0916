import { describe, expect, it } from "vitest";
import { metaDescription, pageMeta } from "./page-meta";

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

describe("metaDescription", () => {
  it("keeps a short text whole, on one line", () => {
    expect(metaDescription("Tulips in rows.\n\nBring a knife.")).toBe(
      "Tulips in rows. Bring a knife.",
    );
  });

  it("cuts a long text after a whole word and says so with an ellipsis", () => {
    const text =
      "Kale and Brussels sprouts, holly for the door and Christmas roses from the frames.";
    expect(metaDescription(text, 40)).toBe("Kale and Brussels sprouts, holly for…");
    expect(metaDescription(text, 27)).toBe("Kale and Brussels sprouts…");
    for (const max of [20, 40, 60, 80])
      expect(metaDescription(text, max).length).toBeLessThanOrEqual(max);
  });

  it("cuts one long word where it must, never inside a character", () => {
    expect(metaDescription(`See ${"x".repeat(50)}`, 20)).toBe(`See ${"x".repeat(15)}…`);
    const flowers = "🌷".repeat(30);
    const cut = metaDescription(flowers, 20);
    expect(cut).toBe(`${"🌷".repeat(9)}…`);
    expect(cut.isWellFormed()).toBe(true);
  });
});
