// @vitest-environment happy-dom
import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, test } from "vitest";
import { Avatar, initials } from "./avatar";

afterEach(cleanup);

describe("initials", () => {
  test.each([
    ["Anna de Vries", "AD"],
    ["anna", "A"],
    ["", "?"],
    ["   ", "?"],
    ["  anna \t  de\nvries ", "AD"],
    ["émile zola", "ÉZ"],
    ["E\u0301mile Zola", "ÉZ"],
    ["Øyvind Ås", "ØÅ"],
    ["Владимир Петров", "ВП"],
    ["山田 太郎", "山太"],
    ["(Anna) Bakker", "AB"],
    ["Anna & Bert", "AB"],
    ["🌷", "?"],
  ])("%j → %j", (alt, expected) => {
    expect(initials(alt)).toBe(expected);
  });

  test("upper-cases for the given locale", () => {
    expect(initials("ilse", "tr")).toBe("İ");
    expect(initials("ilse", "en")).toBe("I");
  });
});

describe("Avatar", () => {
  test("shows the initials of the alt text, named by it, when there is no picture", () => {
    render(<Avatar alt="Anna de Vries" />);
    const fallback = screen.getByRole("img", { name: "Anna de Vries" });
    expect(fallback.textContent).toBe("AD");
  });

  test("shows the initials while the picture has not loaded", () => {
    render(<Avatar alt="Bert" src="/images/avatar/bert.webp" />);
    expect(screen.getByRole("img", { name: "Bert" }).textContent).toBe("B");
  });

  test("hides a decorative avatar from assistive technology", () => {
    const { container } = render(<Avatar alt="" />);
    expect(screen.queryByRole("img")).toBeNull();
    expect(container.querySelector('[data-slot="avatar-fallback"]')?.textContent).toBe("?");
  });
});
