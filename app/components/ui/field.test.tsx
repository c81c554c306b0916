// @vitest-environment happy-dom
import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, test } from "vitest";
import { describedBy } from "../../../tests/support/described-by";
import { ErrorList, Field, TextareaField } from "./field";

afterEach(cleanup);

describe("Field", () => {
  test("labels the input and leaves it valid without errors", () => {
    render(<Field labelProps={{ children: "Name" }} inputProps={{ name: "name" }} />);
    const input = screen.getByRole("textbox", { name: "Name" });
    expect(input.hasAttribute("aria-invalid")).toBe(false);
    expect(input.hasAttribute("aria-describedby")).toBe(false);
    expect(screen.queryByRole("alert")).toBeNull();
  });

  test("describes the input by its hint", () => {
    render(
      <Field
        labelProps={{ children: "Name" }}
        inputProps={{ id: "meadow-name", name: "name" }}
        hint="At least 3 characters."
      />,
    );
    const input = screen.getByRole("textbox", { name: "Name" });
    expect(input.getAttribute("aria-describedby")).toBe("meadow-name-hint");
    expect(describedBy(input)).toEqual(["At least 3 characters."]);
    expect(input.hasAttribute("aria-invalid")).toBe(false);
  });

  test("marks the input invalid and describes it by its hint and errors", () => {
    render(
      <Field
        labelProps={{ children: "Name" }}
        inputProps={{ id: "meadow-name", name: "name" }}
        hint="At least 3 characters."
        errors={["Name is too short.", "Name is taken."]}
      />,
    );
    const input = screen.getByRole("textbox", { name: "Name" });
    expect(input.getAttribute("aria-invalid")).toBe("true");
    expect(input.getAttribute("aria-describedby")).toBe("meadow-name-hint meadow-name-error");
    expect(describedBy(input)).toEqual([
      "At least 3 characters.",
      "Name is too short.Name is taken.",
    ]);
    const alert = screen.getByRole("alert");
    expect(alert.id).toBe("meadow-name-error");
    expect(screen.getAllByRole("listitem").map((item) => item.textContent)).toEqual([
      "Name is too short.",
      "Name is taken.",
    ]);
  });

  test("treats an empty error list as no errors", () => {
    render(<Field labelProps={{ children: "Name" }} inputProps={{}} errors={[]} />);
    const input = screen.getByRole("textbox", { name: "Name" });
    expect(input.hasAttribute("aria-invalid")).toBe(false);
    expect(input.hasAttribute("aria-describedby")).toBe(false);
  });

  test("uses ids given from outside, as Conform provides them, keeping the caller's own", () => {
    render(
      <Field
        labelProps={{ children: "Email" }}
        inputProps={{ id: "f-email", type: "email", "aria-describedby": "f-email-error extra" }}
        hint="We never share it."
        hintId="f-email-description"
        errorId="f-email-error"
        errors={["Enter an email address."]}
      />,
    );
    const input = screen.getByRole("textbox", { name: "Email" });
    expect(input.getAttribute("aria-describedby")).toBe("f-email-error extra f-email-description");
    expect(screen.getByText("We never share it.").id).toBe("f-email-description");
  });

  test("generates an id when none is given", () => {
    render(<Field labelProps={{ children: "City" }} inputProps={{}} errors={["Required."]} />);
    const input = screen.getByRole("textbox", { name: "City" });
    expect(input.id).not.toBe("");
    expect(describedBy(input)).toEqual(["Required."]);
  });
});

describe("TextareaField", () => {
  test("wires the text area the same way", () => {
    render(
      <TextareaField
        labelProps={{ children: "Description" }}
        textareaProps={{ id: "description" }}
        hint="Tell visitors what grows here."
        errors={["Too long."]}
      />,
    );
    const textarea = screen.getByRole("textbox", { name: "Description" });
    expect(textarea.tagName).toBe("TEXTAREA");
    expect(textarea.getAttribute("aria-invalid")).toBe("true");
    expect(textarea.getAttribute("aria-describedby")).toBe("description-hint description-error");
  });
});

describe("ErrorList", () => {
  test("renders nothing without errors", () => {
    const { container } = render(<ErrorList id="form-error" errors={undefined} />);
    expect(container.innerHTML).toBe("");
  });

  test("lists form-level errors in an alert", () => {
    render(<ErrorList id="form-error" errors={["Something went wrong."]} />);
    expect(screen.getByRole("alert").id).toBe("form-error");
    expect(screen.getByRole("listitem").textContent).toBe("Something went wrong.");
  });
});
