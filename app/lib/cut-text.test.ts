import { describe, expect, it } from "vitest";
import { cutText } from "./cut-text";

describe("cutText", () => {
  it("leaves text within the limit as it is", () => {
    expect(cutText("tulpen", 6)).toBe("tulpen");
    expect(cutText("🌷🌷", 4)).toBe("🌷🌷");
  });

  it("cuts at the limit, or one unit before it rather than inside an emoji", () => {
    expect(cutText("tulpenveld", 6)).toBe("tulpen");
    // "a🌷" is three code units: a cut at two would keep half the tulip.
    expect(cutText("a🌷b", 2)).toBe("a");
    expect(cutText("a🌷b", 3)).toBe("a🌷");
    expect(cutText(`${"x".repeat(199)}🌻.jpg`, 200)).toBe("x".repeat(199));
    for (let max = 0; max < 12; max++)
      expect(cutText("🌻zonnebloem🌻", max).isWellFormed(), String(max)).toBe(true);
  });
});
