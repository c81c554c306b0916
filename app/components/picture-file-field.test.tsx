// @vitest-environment happy-dom
import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, test } from "vitest";
import { describedBy } from "../../tests/support/described-by";
import { PHOTO_ACCEPT } from "~/lib/schemas/photo";
import { PictureFileField } from "./picture-file-field";

afterEach(cleanup);

describe("PictureFileField", () => {
  test("asks for one picture of the types the server takes, under its label", () => {
    render(<PictureFileField id="avatar-file" name="avatar" label="Choose a picture" />);
    const input = screen.getByLabelText<HTMLInputElement>("Choose a picture");
    expect(input.type).toBe("file");
    expect(input.name).toBe("avatar");
    expect(input.accept).toBe(PHOTO_ACCEPT);
    expect(input.required).toBe(true);
    expect(input.multiple).toBe(false);
    expect(input.hasAttribute("aria-describedby")).toBe(false);
    expect(input.hasAttribute("aria-invalid")).toBe(false);
  });

  test("takes several pictures, described by the section's hint and then its own", () => {
    render(
      <>
        <p id="upload-hint">Up to 15 MB each.</p>
        <PictureFileField
          id="photo-files"
          name="photos"
          label="Choose photos"
          multiple
          describedBy="upload-hint"
          hint="At most 10 files at once."
        />
      </>,
    );
    const input = screen.getByLabelText<HTMLInputElement>("Choose photos");
    expect(input.multiple).toBe(true);
    expect(describedBy(input)).toEqual(["Up to 15 MB each.", "At most 10 files at once."]);
  });

  test("is marked invalid and read with its error when the server refused the picture", () => {
    render(
      <>
        <PictureFileField
          id="avatar-file"
          name="avatar"
          label="Choose a picture"
          describedBy="avatar-error"
          invalid
        />
        <p id="avatar-error">This file is not a picture.</p>
      </>,
    );
    const input = screen.getByLabelText("Choose a picture");
    expect(input.getAttribute("aria-invalid")).toBe("true");
    expect(describedBy(input)).toEqual(["This file is not a picture."]);
  });
});
