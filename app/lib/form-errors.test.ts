import { describe, expect, it } from "vitest";
import { formError, readFormError, textTooLong } from "./form-errors";

describe("form errors", () => {
  it("carry the values their message names beside the key", () => {
    expect(textTooLong(200)).toBe("validation.textTooLong?max=200");
    expect(readFormError(textTooLong(200))).toEqual({
      key: "validation.textTooLong",
      values: { max: "200" },
    });
    expect(readFormError(formError("a.b", { text: "x&y=?" }))).toEqual({
      key: "a.b",
      values: { text: "x&y=?" },
    });
  });

  it("read a plain key as a key without values", () => {
    expect(readFormError("validation.nameRequired")).toEqual({
      key: "validation.nameRequired",
      values: {},
    });
  });
});
