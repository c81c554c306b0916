import { describe, expect, it } from "vitest";
import { isColourMode, nextColourMode } from "./colour-mode";

describe("colour mode", () => {
  it("cycles light, dark, system", () => {
    expect(nextColourMode("light")).toBe("dark");
    expect(nextColourMode("dark")).toBe("system");
    expect(nextColourMode("system")).toBe("light");
  });

  it("accepts only the three modes", () => {
    expect(isColourMode("dark")).toBe(true);
    expect(isColourMode("sepia")).toBe(false);
    expect(isColourMode(undefined)).toBe(false);
  });
});
