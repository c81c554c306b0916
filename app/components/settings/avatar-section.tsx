import type { SubmissionResult } from "@conform-to/react";
import { useTranslation } from "~/hooks/use-translation";
import { Form } from "react-router";
import { useTranslatedErrors } from "~/components/form-field";
import { PictureFileField } from "~/components/picture-file-field";
import { Avatar } from "~/components/ui/avatar";
import { SubmitButton } from "~/components/ui/button";
import { ErrorList } from "~/components/ui/field";
import { useLocalePath, useShellData } from "~/hooks/use-shell-data";
import type { SettingsAccount } from "./settings-page";
import { SettingsSection } from "./settings-section";

export function AvatarSection({
  account,
  result,
}: {
  account: SettingsAccount;
  result?: SubmissionResult<string[]>;
}) {
  const { t } = useTranslation();
  const { lang } = useShellData();
  const action = useLocalePath()("/settings/avatar");
  const errors = useTranslatedErrors(result?.error?.avatar ?? undefined);
  return (
    <SettingsSection
      id="avatar"
      title={t("settings.avatarTitle")}
      description={t("settings.avatarHint")}
    >
      <div className="flex flex-wrap items-center gap-4">
        <Avatar
          alt={account.name}
          src={account.avatar?.src}
          srcSet={account.avatar?.srcSet}
          size="lg"
          locale={lang}
        />
        <Form
          method="post"
          action={action}
          encType="multipart/form-data"
          className="flex flex-wrap items-end gap-2"
        >
          <input type="hidden" name="intent" value="avatar-upload" />
          <PictureFileField
            id="avatar-file"
            name="avatar"
            label={t("settings.avatarChoose")}
            describedBy={errors?.length ? "avatar-error" : undefined}
            invalid={Boolean(errors?.length)}
            className="max-w-64"
          />
          <SubmitButton variant="secondary">{t("settings.avatarUpload")}</SubmitButton>
        </Form>
        {account.avatar ? (
          <Form method="post" action={action}>
            <input type="hidden" name="intent" value="avatar-remove" />
            <SubmitButton variant="ghost">{t("settings.avatarRemove")}</SubmitButton>
          </Form>
        ) : null}
      </div>
      <ErrorList id="avatar-error" errors={errors} className="mt-2" />
    </SettingsSection>
  );
}
