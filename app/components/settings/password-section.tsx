import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { useTranslation } from "~/hooks/use-translation";
import { Form } from "react-router";
import { FormField, NewPasswordFields } from "~/components/form-field";
import { SubmitButton } from "~/components/ui/button";
import { useLocalePath } from "~/hooks/use-shell-data";
import { changePasswordSchema } from "~/lib/schemas/account";
import { SettingsSection } from "./settings-section";

export function PasswordSection({ result }: { result?: SubmissionResult<string[]> }) {
  const { t } = useTranslation();
  const localePath = useLocalePath();
  const [form, fields] = useForm({
    id: "change-password",
    lastResult: result,
    constraint: getZodConstraint(changePasswordSchema()),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: changePasswordSchema() }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  return (
    <SettingsSection
      id="password"
      title={t("settings.passwordTitle")}
      description={t("settings.passwordIntro")}
    >
      <Form
        method="post"
        action={localePath("/settings/password")}
        {...getFormProps(form)}
        className="grid gap-4"
      >
        <FormField
          meta={fields.currentPassword}
          label={t("settings.currentPassword")}
          type="password"
          autoComplete="current-password"
        />
        <NewPasswordFields
          password={fields.password}
          confirmPassword={fields.confirmPassword}
          label={t("auth.newPassword")}
        />
        <SubmitButton className="justify-self-start">{t("settings.passwordButton")}</SubmitButton>
      </Form>
    </SettingsSection>
  );
}
