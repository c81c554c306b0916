import { describe, expect, it } from "vitest";
import { pagesHref } from "./pagination";

describe("pagesHref", () => {
  it("gives each list's page in the address, and leaves page 1 out", () => {
    expect(pagesHref("/nl/profile/x", { page: 2, favorites: 3 })).toBe(
      "/nl/profile/x?page=2&favorites=3",
    );
    expect(pagesHref("/nl/profile/x", { page: 1, favorites: 3 })).toBe("/nl/profile/x?favorites=3");
    expect(pagesHref("/favorites", { page: 1 })).toBe("/favorites");
  });
});
