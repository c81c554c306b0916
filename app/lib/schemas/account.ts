import { textTooLong } from "~/lib/form-errors";
import { lazySchema, z } from "./zod";

/*
 * One schema per account form, used by the browser (Conform) and by the action. Messages are
 * catalogue keys; the Field component translates them. Each is built on its first use
 * (lazySchema): a page's scripts load this whole module for one of its forms.
 */

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;

const email = lazySchema(() =>
  z
    .string({ error: "validation.emailInvalid" })
    .trim()
    .max(254, { error: "validation.emailInvalid" })
    .pipe(z.email({ error: "validation.emailInvalid" }))
    .transform((value) => value.toLowerCase()),
);

const password = lazySchema(() =>
  z
    .string({ error: "validation.passwordMin" })
    .min(PASSWORD_MIN_LENGTH, { error: "validation.passwordMin" })
    .max(PASSWORD_MAX_LENGTH, { error: "validation.passwordMax" }),
);

const fullName = lazySchema(() =>
  z
    .string({ error: "validation.nameRequired" })
    .trim()
    .min(1, { error: "validation.nameRequired" })
    .max(100, { error: "validation.nameTooLong" }),
);

const passwordsMatch = { error: "validation.passwordsMatch", path: ["confirmPassword"] };

/** The password typed again. Left empty it is "" (forms send nothing), so two empty fields match
 * and only the password's own message shows. */
const confirmPassword = lazySchema(() => z.string().default(""));

function confirmed(value: { password: string; confirmPassword: string }) {
  return value.password === value.confirmPassword;
}

export const registerSchema = lazySchema(() =>
  z
    .object({
      name: fullName(),
      email: email(),
      password: password(),
      confirmPassword: confirmPassword(),
    })
    .refine(confirmed, passwordsMatch),
);

export const loginSchema = lazySchema(() =>
  z.object({
    email: email(),
    password: z
      .string({ error: "validation.passwordRequired" })
      .min(1, { error: "validation.passwordRequired" }),
    redirectTo: z.string().optional(),
  }),
);

export const emailOnlySchema = lazySchema(() => z.object({ email: email() }));

export const resetPasswordSchema = lazySchema(() =>
  z
    .object({
      token: z.string().min(1),
      password: password(),
      confirmPassword: confirmPassword(),
    })
    .refine(confirmed, passwordsMatch),
);

export const changePasswordSchema = lazySchema(() =>
  z
    .object({
      currentPassword: z
        .string({ error: "validation.passwordRequired" })
        .min(1, { error: "validation.passwordRequired" }),
      password: password(),
      confirmPassword: confirmPassword(),
    })
    .refine(confirmed, passwordsMatch),
);

/** A new address, and the current password: a session alone cannot move the account away. */
export const changeEmailSchema = lazySchema(() =>
  z.object({
    email: email(),
    currentPassword: z
      .string({ error: "validation.passwordRequired" })
      .min(1, { error: "validation.passwordRequired" }),
  }),
);

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, { error: textTooLong(max) })
    .optional()
    .transform((value) => (value ? value : null));

export const websiteSchema = lazySchema(() =>
  z
    .string()
    .trim()
    .max(500, { error: "validation.urlInvalid" })
    .optional()
    .transform((value) =>
      value ? (/^[a-z][a-z0-9+.-]*:/i.test(value) ? value : `https://${value}`) : null,
    )
    .refine(
      (value) => {
        if (value === null) return true;
        try {
          const url = new URL(value);
          return (
            (url.protocol === "https:" || url.protocol === "http:") && url.hostname.includes(".")
          );
        } catch {
          return false;
        }
      },
      { error: "validation.urlInvalid" },
    ),
);

export const profileSchema = lazySchema(() =>
  z.object({
    name: fullName(),
    bio: optionalText(1000),
    website: websiteSchema(),
    location: optionalText(100),
    // A checkbox: "on" when ticked, absent when not.
    favoritesPublic: z.boolean().default(false),
  }),
);

/**
 * The profile picture form: a file to upload, or the picture to remove. Whether the file is an
 * image the server can read is for the image service to say.
 */
export const avatarSchema = lazySchema(() =>
  z.discriminatedUnion("intent", [
    z.object({
      intent: z.literal("avatar-upload"),
      avatar: z
        .instanceof(File, { error: "settings.avatarMissing" })
        .refine((file) => file.size > 0, { error: "settings.avatarMissing" }),
    }),
    z.object({ intent: z.literal("avatar-remove") }),
  ]),
);

export const twoFactorCodeSchema = lazySchema(() =>
  z.object({
    code: z
      .string({ error: "validation.codeInvalid" })
      .trim()
      .regex(/^(\d{6}|[A-Za-z0-9-]{8,20})$/, { error: "validation.codeInvalid" }),
  }),
);

/** The two-step verification section's forms: start turning it on, finish, turn it off. */
export const TWO_FACTOR_INTENTS = [
  "two-factor-enable",
  "two-factor-verify",
  "two-factor-disable",
] as const;
export type TwoFactorIntent = (typeof TWO_FACTOR_INTENTS)[number];

export function isTwoFactorIntent(value: unknown): value is TwoFactorIntent {
  return TWO_FACTOR_INTENTS.some((intent) => intent === value);
}

export const passwordConfirmSchema = lazySchema(() =>
  z.object({
    intent: z.enum(["two-factor-enable", "two-factor-disable"]),
    password: z
      .string({ error: "validation.passwordRequired" })
      .min(1, { error: "validation.passwordRequired" }),
  }),
);

export const twoFactorVerifySchema = lazySchema(() =>
  z.object({
    intent: z.literal("two-factor-verify"),
    code: z
      .string({ error: "validation.codeInvalid" })
      .trim()
      .regex(/^\d{6}$/, { error: "validation.codeInvalid" }),
  }),
);

/** Deleting an account takes the password and typing the confirmation word of the page's language. */
export function deleteAccountSchema(confirmWord: string) {
  return z.object({
    password: z
      .string({ error: "validation.passwordRequired" })
      .min(1, { error: "validation.passwordRequired" }),
    confirm: z
      .string({ error: "validation.confirmWord" })
      .trim()
      .refine((value) => value.toLocaleLowerCase() === confirmWord.toLocaleLowerCase(), {
        error: "validation.confirmWord",
      }),
  });
}
