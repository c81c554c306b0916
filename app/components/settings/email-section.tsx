import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { useTranslation } from "~/hooks/use-translation";
import { Form } from "react-router";
import { FormField, useTranslatedErrors } from "~/components/form-field";
import { ErrorList } from "~/components/ui/field";
import { SubmitButton } from "~/components/ui/button";
import { useLocalePath } from "~/hooks/use-shell-data";
import { changeEmailSchema } from "~/lib/schemas/account";
import { SettingsSection } from "./settings-section";

export function EmailSection({
  email,
  result,
  sentTo,
}: {
  email: string;
  result?: SubmissionResult<string[]>;
  sentTo?: string;
}) {
  const { t } = useTranslation();
  const localePath = useLocalePath();
  const [form, fields] = useForm({
    id: "change-email",
    lastResult: result,
    constraint: getZodConstraint(changeEmailSchema()),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: changeEmailSchema() }),
    shouldValidate: "onBlur",
  });
  const formErrors = useTranslatedErrors(form.errors);
  return (
    <SettingsSection
      id="email"
      title={t("settings.emailTitle")}
      description={t("settings.emailCurrent", { email })}
    >
      <p className="-mt-2 mb-4 text-sm text-muted-foreground">{t("settings.emailNotice")}</p>
      {sentTo ? (
        <p
          role="status"
          className="mb-4 rounded-md border border-success/40 p-3 text-sm font-medium text-success"
        >
          {t("settings.emailSent", { email: sentTo })}
        </p>
      ) : null}
      <Form
        method="post"
        action={localePath("/settings/email")}
        {...getFormProps(form)}
        className="grid gap-4"
      >
        <FormField
          meta={fields.email}
          label={t("settings.newEmail")}
          type="email"
          autoComplete="email"
        />
        <FormField
          meta={fields.currentPassword}
          label={t("settings.currentPassword")}
          type="password"
          autoComplete="current-password"
        />
        <ErrorList id={form.errorId} errors={formErrors} />
        <SubmitButton className="justify-self-start">{t("settings.emailButton")}</SubmitButton>
      </Form>
    </SettingsSection>
  );
}
