// @vitest-environment happy-dom
import { beforeEach, describe, expect, it } from "vitest";
import { hasUnsavedInput } from "./dirty-forms";

describe("hasUnsavedInput", () => {
  beforeEach(() => {
    document.body.innerHTML = `
      <form>
        <input name="name" value="Tulpenveld" />
        <input type="hidden" name="redirectTo" value="/" />
        <input type="checkbox" name="free" />
        <textarea name="description">Tulips</textarea>
        <select name="country"><option value="NL">NL</option><option value="BE">BE</option></select>
      </form>`;
  });

  it("is false for a form as it was rendered", () => {
    expect(hasUnsavedInput()).toBe(false);
  });

  it.each([
    [
      "a text field",
      () => (document.querySelector<HTMLInputElement>("[name=name]")!.value = "Dahlia"),
    ],
    ["a checkbox", () => (document.querySelector<HTMLInputElement>("[name=free]")!.checked = true)],
    ["a textarea", () => (document.querySelector("textarea")!.value = "Dahlias")],
    ["a select", () => (document.querySelector("select")!.value = "BE")],
  ])("notices a changed %s", (_, change) => {
    change();
    expect(hasUnsavedInput()).toBe(true);
  });

  it("ignores hidden fields", () => {
    document.querySelector<HTMLInputElement>("[name=redirectTo]")!.value = "/about";
    expect(hasUnsavedInput()).toBe(false);
  });
});
