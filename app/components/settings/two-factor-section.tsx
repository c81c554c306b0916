import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { useTranslation } from "~/hooks/use-translation";
import { Form } from "react-router";
import { FormField } from "~/components/form-field";
import { SubmitButton } from "~/components/ui/button";
import { useLocalePath } from "~/hooks/use-shell-data";
import {
  passwordConfirmSchema,
  twoFactorVerifySchema,
  type TwoFactorIntent,
} from "~/lib/schemas/account";
import { SettingsSection } from "./settings-section";

/** The answer of one of the section's forms; turning it on answers with the app's setup. */
export interface TwoFactorAnswer {
  intent: TwoFactorIntent;
  result: SubmissionResult<string[]>;
  setup?: { qr: string; secretUri: string; backupCodes: string[] };
}

export function TwoFactorSection({
  enabled,
  answer,
}: {
  enabled: boolean;
  answer?: TwoFactorAnswer;
}) {
  const { t } = useTranslation();
  const action = useLocalePath()("/settings/two-factor");
  const setup = answer?.setup;
  const passwordIntent = enabled ? "two-factor-disable" : "two-factor-enable";
  const [passwordForm, passwordFields] = useForm({
    id: passwordIntent,
    lastResult: answer?.intent === passwordIntent && !setup ? answer.result : undefined,
    constraint: getZodConstraint(passwordConfirmSchema()),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: passwordConfirmSchema() }),
    shouldValidate: "onBlur",
  });
  const [verifyForm, verifyFields] = useForm({
    id: "two-factor-verify",
    lastResult: answer?.intent === "two-factor-verify" ? answer.result : undefined,
    constraint: getZodConstraint(twoFactorVerifySchema()),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: twoFactorVerifySchema() }),
    shouldValidate: "onBlur",
  });
  const showVerify = setup !== undefined || answer?.intent === "two-factor-verify";
  return (
    <SettingsSection
      id="two-factor"
      title={t("settings.twoFactorTitle")}
      description={enabled ? t("settings.twoFactorEnabled") : t("settings.twoFactorIntro")}
    >
      {setup ? (
        <div className="mb-6 grid gap-4">
          <p className="text-sm">{t("settings.twoFactorScan")}</p>
          <div
            className="w-48 rounded-lg bg-white p-2"
            role="img"
            aria-label={t("settings.twoFactorQr")}
            dangerouslySetInnerHTML={{ __html: setup.qr }}
          />
          <details className="text-sm">
            <summary className="cursor-pointer text-primary">
              {t("settings.twoFactorManual")}
            </summary>
            <code
              className="mt-2 block break-all rounded bg-muted p-2 text-xs"
              data-testid="totp-uri"
            >
              {setup.secretUri}
            </code>
          </details>
          <div>
            <p className="text-sm font-medium">{t("settings.backupCodes")}</p>
            <p className="text-sm text-muted-foreground">{t("settings.backupCodesHint")}</p>
            <ul
              className="mt-2 grid grid-cols-2 gap-1 font-mono text-sm"
              data-testid="backup-codes"
            >
              {setup.backupCodes.map((code) => (
                <li key={code}>{code}</li>
              ))}
            </ul>
          </div>
        </div>
      ) : null}
      {showVerify ? (
        <Form method="post" action={action} {...getFormProps(verifyForm)} className="grid gap-4">
          <input type="hidden" name="intent" value="two-factor-verify" />
          <FormField meta={verifyFields.code} label={t("auth.code")} autoComplete="one-time-code" />
          <SubmitButton className="justify-self-start">
            {t("settings.twoFactorActivate")}
          </SubmitButton>
        </Form>
      ) : (
        <Form method="post" action={action} {...getFormProps(passwordForm)} className="grid gap-4">
          <input type="hidden" name="intent" value={passwordIntent} />
          <FormField
            meta={passwordFields.password}
            label={t("auth.password")}
            type="password"
            autoComplete="current-password"
          />
          <SubmitButton variant={enabled ? "outline" : "default"} className="justify-self-start">
            {enabled ? t("settings.twoFactorDisable") : t("settings.twoFactorEnable")}
          </SubmitButton>
        </Form>
      )}
    </SettingsSection>
  );
}
