import { describe, expect, it } from "vitest";
import { Kept } from "./kept";

describe("Kept", () => {
  it("works an answer out once and then gives it back", () => {
    const kept = new Kept<string, number>(10);
    let made = 0;
    const make = () => ++made;
    expect(kept.get("a", make)).toBe(1);
    expect(kept.get("a", make)).toBe(1);
    expect(kept.get("b", make)).toBe(2);
    expect(made).toBe(2);
  });

  it("keeps undefined answers too", () => {
    const kept = new Kept<string, number | undefined>(10);
    let made = 0;
    kept.get("a", () => (made++, undefined));
    kept.get("a", () => (made++, undefined));
    expect(made).toBe(1);
  });

  it("does not keep an answer `keep` refuses", () => {
    const kept = new Kept<string, string>(10);
    let made = 0;
    const make = () => `${++made}`;
    kept.get("a", make, () => false);
    expect(kept.get("a", make, () => false)).toBe("2");
  });

  it("forgets everything when full, and stays at its limit", () => {
    const kept = new Kept<number, number>(2);
    let made = 0;
    const make = () => ++made;
    kept.get(1, make);
    kept.get(2, make);
    kept.get(3, make); // full: forgets 1 and 2
    expect(kept.get(3, make)).toBe(3);
    expect(kept.get(1, make)).toBe(4);
  });
});
