import { getFormProps, getInputProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { useTranslation } from "~/hooks/use-translation";
import { Form } from "react-router";
import { FormField, FormTextarea } from "~/components/form-field";
import { SubmitButton } from "~/components/ui/button";
import { useLocalePath } from "~/hooks/use-shell-data";
import { profileSchema } from "~/lib/schemas/account";
import type { SettingsAccount } from "./settings-page";
import { SettingsSection } from "./settings-section";

export function ProfileSection({
  account,
  result,
}: {
  account: SettingsAccount;
  result?: SubmissionResult<string[]>;
}) {
  const { t } = useTranslation();
  const localePath = useLocalePath();
  const [form, fields] = useForm({
    id: "profile",
    lastResult: result,
    constraint: getZodConstraint(profileSchema()),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: profileSchema() }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    defaultValue: {
      name: account.name,
      bio: account.bio ?? "",
      website: account.website ?? "",
      location: account.location ?? "",
      favoritesPublic: account.favoritesPublic ? "on" : undefined,
    },
  });
  return (
    <SettingsSection id="profile-info" title={t("settings.profileTitle")}>
      <Form
        method="post"
        action={localePath("/settings/profile")}
        {...getFormProps(form)}
        className="grid gap-4"
      >
        <FormField meta={fields.name} label={t("auth.fullName")} autoComplete="name" />
        <FormTextarea meta={fields.bio} label={t("settings.bio")} hint={t("settings.bioHint")} />
        <FormField
          meta={fields.website}
          label={t("settings.website")}
          type="url"
          autoComplete="url"
        />
        <FormField
          meta={fields.location}
          label={t("settings.location")}
          autoComplete="address-level2"
        />
        <div className="grid grid-cols-[auto_minmax(0,1fr)] items-start gap-x-2 gap-y-1">
          <input
            {...getInputProps(fields.favoritesPublic, { type: "checkbox" })}
            className="mt-0.5 size-4 accent-primary"
            aria-describedby={fields.favoritesPublic.descriptionId}
          />
          <label htmlFor={fields.favoritesPublic.id} className="text-sm font-medium">
            {t("settings.favoritesPublic")}
          </label>
          <p
            id={fields.favoritesPublic.descriptionId}
            className="col-start-2 text-sm text-muted-foreground"
          >
            {t("settings.favoritesPublicHint")}
          </p>
        </div>
        <SubmitButton className="justify-self-start">{t("common.save")}</SubmitButton>
      </Form>
    </SettingsSection>
  );
}
