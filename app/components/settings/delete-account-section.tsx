import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { useTranslation } from "~/hooks/use-translation";
import { Form } from "react-router";
import { FormField } from "~/components/form-field";
import { SubmitButton } from "~/components/ui/button";
import { useLocalePath } from "~/hooks/use-shell-data";
import { deleteAccountSchema } from "~/lib/schemas/account";
import { SettingsSection } from "./settings-section";

export function DeleteAccountSection({
  confirmWord,
  result,
}: {
  confirmWord: string;
  result?: SubmissionResult<string[]>;
}) {
  const { t } = useTranslation();
  const localePath = useLocalePath();
  const schema = deleteAccountSchema(confirmWord);
  const [form, fields] = useForm({
    id: "delete-account",
    lastResult: result,
    constraint: getZodConstraint(schema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
    shouldValidate: "onBlur",
  });
  return (
    <SettingsSection
      id="danger"
      title={t("settings.dangerTitle")}
      description={t("settings.deleteIntro")}
      danger
    >
      <Form
        method="post"
        action={localePath("/settings/delete-account")}
        {...getFormProps(form)}
        className="grid gap-4"
      >
        <FormField
          meta={fields.confirm}
          label={t("settings.deleteConfirm", { word: confirmWord })}
          autoComplete="off"
        />
        <FormField
          meta={fields.password}
          label={t("auth.password")}
          type="password"
          autoComplete="current-password"
        />
        <SubmitButton variant="destructive" className="justify-self-start">
          {t("settings.deleteButton")}
        </SubmitButton>
      </Form>
    </SettingsSection>
  );
}
