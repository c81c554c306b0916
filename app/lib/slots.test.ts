import { describe, expect, it } from "vitest";
import { createSlots } from "./slots";

describe("createSlots", () => {
  it("gives a key at most its share, everyone together at most the whole, and takes slots back", () => {
    const slots = createSlots(2, 3);
    const a1 = slots.take("a");
    const a2 = slots.take("a");
    expect(slots.take("a")).toBe("tooManyAtOnce");
    const b1 = slots.take("b");
    expect(slots.take("c")).toBe("busy");
    expect(slots.load()).toEqual({ active: 3, keys: 2 });
    if (typeof a1 === "string" || typeof a2 === "string" || typeof b1 === "string") {
      throw new Error("a slot was refused");
    }
    a1.release();
    a1.release();
    expect(slots.load()).toEqual({ active: 2, keys: 2 });
    expect(typeof slots.take("c")).toBe("object");
    a2.release();
    b1.release();
    expect(slots.load()).toEqual({ active: 1, keys: 1 });
  });
});
