import { fc, test } from "@fast-check/vitest";
import { describe, expect, it } from "vitest";
import { decodeCursor, encodeCursor, InvalidCursorError } from "./cursor";

describe("the list's cursor", () => {
  it("comes back as it was made, microseconds and all", () => {
    const cursor = { createdUs: "1772721600123456", id: "demo-002" };
    const text = encodeCursor(cursor);
    expect(text).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(decodeCursor(text)).toEqual(cursor);
  });

  test.prop([fc.string({ maxLength: 80 })])("refuses what it did not make", (text) => {
    let decoded;
    try {
      decoded = decodeCursor(text);
    } catch (error) {
      expect(error).toBeInstanceOf(InvalidCursorError);
      return;
    }
    expect(encodeCursor(decoded)).toBe(text.replace(/=+$/, ""));
  });
});
