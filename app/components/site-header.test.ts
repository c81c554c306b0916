import { describe, expect, it } from "vitest";
import { inMeadows } from "./site-header";

describe("the header's Meadows item", () => {
  it("is current on the list and on a meadow's page, in either language", () => {
    for (const path of [
      "/meadows",
      "/meadows/",
      "/meadows/demo-007",
      "/nl/meadows",
      "/nl/meadows/x",
    ]) {
      expect(inMeadows(path), path).toBe(true);
    }
  });

  it("is not current on the add form, an edit form or another page", () => {
    for (const path of ["/meadows/add", "/nl/meadows/add", "/meadows/demo-007/edit", "/map", "/"]) {
      expect(inMeadows(path), path).toBe(false);
    }
  });
});
