import { getInputProps, type FieldMetadata } from "@conform-to/react";
import { useTranslation } from "~/hooks/use-translation";
import { Field, TextareaField } from "~/components/ui/field";
import { readFormError } from "~/lib/form-errors";
import { formatNumber } from "~/lib/format";
import type { Language } from "~/lib/i18n";
import { getTextareaProps } from "@conform-to/react";

/** Conform's errors are catalogue keys (see app/lib/schemas); this shows them translated. */
export function useTranslatedErrors(errors: string[] | undefined): string[] | undefined {
  const { t, i18n } = useTranslation();
  const lang = i18n.language as Language;
  return errors?.map((error) => {
    const { key, values } = readFormError(error);
    if (!i18n.exists(key)) return error;
    // Limits as numbers are written: "5,000" in English, "5.000" in Dutch.
    const shown = Object.fromEntries(
      Object.entries(values).map(([name, value]) => [
        name,
        /^\d+$/.test(value) ? formatNumber(Number(value), lang) : value,
      ]),
    );
    return String(t(key as never, shown as never));
  });
}

type InputType = "text" | "email" | "password" | "url" | "search" | "tel";

/** A Conform-managed input with its label, hint and translated errors. */
export function FormField({
  meta,
  label,
  type = "text",
  hint,
  autoComplete,
  className,
}: {
  meta: FieldMetadata<string | null | undefined>;
  label: string;
  type?: InputType;
  hint?: string;
  autoComplete?: string;
  className?: string;
}) {
  const errors = useTranslatedErrors(meta.errors);
  return (
    <Field
      className={className}
      labelProps={{ children: label }}
      hint={hint}
      hintId={meta.descriptionId}
      errorId={meta.errorId}
      errors={errors}
      inputProps={{ ...getInputProps(meta, { type, ariaAttributes: false }), autoComplete }}
    />
  );
}

export function FormTextarea({
  meta,
  label,
  hint,
  rows = 4,
  lang,
}: {
  meta: FieldMetadata<string | null | undefined>;
  label: string;
  hint?: string;
  rows?: number;
  /** The language the member writes in, when the field asks for one (for spelling checks). */
  lang?: string;
}) {
  const errors = useTranslatedErrors(meta.errors);
  return (
    <TextareaField
      labelProps={{ children: label }}
      hint={hint}
      hintId={meta.descriptionId}
      errorId={meta.errorId}
      errors={errors}
      textareaProps={{ ...getTextareaProps(meta, { ariaAttributes: false }), rows, lang }}
    />
  );
}

/** The new password and its confirmation, as every form that sets a password asks for them. */
export function NewPasswordFields({
  password,
  confirmPassword,
  label,
}: {
  password: FieldMetadata<string | null | undefined>;
  confirmPassword: FieldMetadata<string | null | undefined>;
  label: string;
}) {
  const { t } = useTranslation();
  return (
    <>
      <FormField
        meta={password}
        label={label}
        type="password"
        autoComplete="new-password"
        hint={t("auth.passwordHint")}
      />
      <FormField
        meta={confirmPassword}
        label={t("auth.confirmPassword")}
        type="password"
        autoComplete="new-password"
      />
    </>
  );
}
