import { describe, expect, it } from "vitest";
import { totpStepOf } from "./totp-replay.server";

/** RFC 4226, appendix D: the secret "12345678901234567890" and its first codes. */
const KEY = Buffer.from("12345678901234567890");
const RFC_CODES = ["755224", "287082", "359152", "969429", "338314"];

describe("totpStepOf", () => {
  it("names the step of each of RFC 4226's codes", async () => {
    for (const [counter, code] of RFC_CODES.entries()) {
      expect(await totpStepOf(KEY, code, counter * 30_000)).toBe(counter);
    }
  });

  it("names the step of a code from the step before to the step after", async () => {
    const now = 2 * 30_000 + 10_000;
    expect(await totpStepOf(KEY, "287082", now)).toBe(1);
    expect(await totpStepOf(KEY, "359152", now)).toBe(2);
    expect(await totpStepOf(KEY, "969429", now)).toBe(3);
  });

  it("finds no step for codes outside that window or not codes at all", async () => {
    const now = 2 * 30_000 + 10_000;
    for (const code of ["755224", "338314", "00000", "2870820", ""]) {
      expect(await totpStepOf(KEY, code, now)).toBeUndefined();
    }
  });
});
