import { describe, expect, it } from "vitest";
import { pageItems, pagesHref } from "./pagination";

describe("pagesHref", () => {
  it("gives each list's page in the address, and leaves page 1 out", () => {
    expect(pagesHref("/nl/profile/x", { page: 2, favorites: 3 })).toBe(
      "/nl/profile/x?page=2&favorites=3",
    );
    expect(pagesHref("/nl/profile/x", { page: 1, favorites: 3 })).toBe("/nl/profile/x?favorites=3");
    expect(pagesHref("/favorites", { page: 1 })).toBe("/favorites");
  });
});

describe("pageItems", () => {
  it("shows every page of a short list", () => {
    expect(pageItems(1, 2, true)).toEqual([1, 2]);
    expect(pageItems(2, 3, true)).toEqual([1, 2, 3]);
    expect(pageItems(1, 5, true)).toEqual([1, 2, "gap", 5]);
  });

  it("keeps the first, the last and the pages either side, with gaps between", () => {
    expect(pageItems(5, 10, true)).toEqual([1, "gap", 4, 5, 6, "gap", 10]);
    expect(pageItems(10, 10, false)).toEqual([1, "gap", 9, 10]);
  });

  it("shows a single page left out as its number, not as a gap", () => {
    expect(pageItems(4, 10, true)).toEqual([1, 2, 3, 4, 5, "gap", 10]);
    expect(pageItems(7, 10, true)).toEqual([1, "gap", 6, 7, 8, 9, 10]);
  });

  it("ends in a gap when the pages are not all counted", () => {
    expect(pageItems(1, undefined, true)).toEqual([1, 2, "gap"]);
    expect(pageItems(6, undefined, true)).toEqual([1, "gap", 5, 6, 7, "gap"]);
    expect(pageItems(6, undefined, false)).toEqual([1, "gap", 5, 6]);
  });

  it("shows the pages there are when the address asks for one past the end", () => {
    expect(pageItems(99, 3, false)).toEqual([1, 2, 3]);
  });
});
