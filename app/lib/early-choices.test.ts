// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from "vitest";
import { giveBackEarlyChoices, noteEarlyChoices } from "./early-choices";

function page(html: string) {
  document.body.innerHTML = html;
  const select = document.querySelector("select")!;
  const heard: string[] = [];
  select.addEventListener("change", () => heard.push(select.value));
  return { select, heard };
}

const COUNTRIES = `<select name="country"><option value="" selected>All</option>
  <option value="NL">Netherlands</option><option value="BE">Belgium</option></select>`;

describe("early choices", () => {
  afterEach(() => giveBackEarlyChoices());

  it("gives back a choice made before the script ran, after a render undid it", () => {
    const { select, heard } = page(COUNTRIES);
    select.value = "NL";
    noteEarlyChoices();
    select.value = ""; // hydration renders the select with its own value
    giveBackEarlyChoices();
    expect(select.value).toBe("NL");
    expect(heard).toEqual(["NL"]);
  });

  it("gives back a choice changed while the page hydrated", () => {
    const { select, heard } = page(COUNTRIES);
    noteEarlyChoices();
    select.value = "BE";
    select.dispatchEvent(new Event("change", { bubbles: true }));
    select.value = "";
    giveBackEarlyChoices();
    expect(select.value).toBe("BE");
    expect(heard).toEqual(["BE", "BE"]);
  });

  it("leaves untouched selects alone, and notes nothing after the page has hydrated", () => {
    const { select, heard } = page(COUNTRIES);
    noteEarlyChoices();
    giveBackEarlyChoices();
    select.value = "NL";
    select.dispatchEvent(new Event("change", { bubbles: true }));
    select.value = "";
    giveBackEarlyChoices();
    expect(select.value).toBe("");
    expect(heard).toEqual(["NL"]);
  });
});
