import { describe, expect, it } from "vitest";
import { changePasswordSchema, registerSchema } from "./account";

/** Each field's messages, as the form shows them beside it. */
function messages(result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) {
  const shown: Record<string, string[]> = {};
  for (const issue of result.error?.issues ?? []) {
    (shown[issue.path.join(".")] ??= []).push(issue.message);
  }
  return shown;
}

const member = { name: "Anna", email: "anna@example.com" };

describe("the password typed twice", () => {
  it("asks only for a password when both fields are empty", () => {
    // Forms send no value for an empty field.
    expect(messages(registerSchema().safeParse(member))).toEqual({
      password: ["validation.passwordMin"],
    });
    expect(
      messages(changePasswordSchema().safeParse({ currentPassword: "oud-wachtwoord" })),
    ).toEqual({ password: ["validation.passwordMin"] });
  });

  it("says the passwords must match when the second is missing or differs", () => {
    expect(
      messages(registerSchema().safeParse({ ...member, password: "tulpen-in-april" })),
    ).toEqual({
      confirmPassword: ["validation.passwordsMatch"],
    });
    expect(
      messages(
        registerSchema().safeParse({ ...member, password: "kort", confirmPassword: "anders" }),
      ),
    ).toEqual({
      password: ["validation.passwordMin"],
      confirmPassword: ["validation.passwordsMatch"],
    });
  });

  it("takes two equal passwords", () => {
    const password = "tulpen-in-april";
    expect(
      registerSchema().safeParse({ ...member, password, confirmPassword: password }).success,
    ).toBe(true);
  });
});
