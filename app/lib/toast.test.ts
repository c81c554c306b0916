import { describe, expect, it } from "vitest";
import { parseToast } from "./toast";

describe("parseToast", () => {
  it("accepts a typed catalogue key", () => {
    expect(parseToast({ type: "success", key: "messages.meadowAdded" })).toEqual({
      type: "success",
      key: "messages.meadowAdded",
    });
  });

  it.each([
    { type: "success", key: "<script>" },
    { type: "loud", key: "messages.meadowAdded" },
    { type: "info" },
    "messages.meadowAdded",
    null,
  ])("refuses %j", (value) => {
    expect(parseToast(value)).toBeUndefined();
  });
});
