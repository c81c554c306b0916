import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import QRCode from "qrcode";
import { useTranslation } from "react-i18next";
import { data, Form, redirect, useActionData, useLoaderData } from "react-router";
import {
  FormField,
  FormTextarea,
  useTranslatedErrors,
  NewPasswordFields,
} from "~/components/form-field";
import { Avatar } from "~/components/ui/avatar";
import { SubmitButton } from "~/components/ui/button";
import { ErrorList } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { appContext } from "~/context";
import { serializeToast } from "~/cookies.server";
import { useShellData } from "~/hooks/use-shell-data";
import { getI18n, getLocale } from "~/i18n.server";
import { withPrefix, type Language } from "~/lib/i18n";
import { pageMeta } from "~/lib/page-meta";
import {
  changeEmailSchema,
  changePasswordSchema,
  deleteAccountSchema,
  passwordConfirmSchema,
  profileSchema,
  twoFactorVerifySchema,
} from "~/lib/schemas/account";
import type { ToastMessage } from "~/lib/toast";
import { authErrorCode } from "~/services/auth-errors";
import { ImageError, ImageTooLargeError, MAX_IMAGE_BYTES } from "~/services/images";
import {
  avatarSources,
  getAccountSettings,
  removeAvatar,
  setAvatar,
  updateProfile,
} from "~/services/profiles.server";
import { requireUser } from "~/session.server";
import type { Route } from "./+types/settings";
import { pagePath } from "~/lib/page-url";
import { forwardCookies, passOnHeaders } from "~/route-headers";
import { readForm } from "~/lib/read-form.server";
import { PHOTO_ACCEPT } from "~/lib/schemas/photo";

export async function loader({ context, request }: Route.LoaderArgs) {
  const user = requireUser(context, request);
  const { db, storage } = context.get(appContext);
  const { t } = getI18n(context);
  const account = await getAccountSettings(db, user.id);
  if (!account) throw data("Account not found", { status: 404 });
  return data(
    {
      account: { ...account, avatar: avatarSources(storage, account, 96) },
      confirmWord: t("settings.deleteConfirmWord"),
      meta: { title: `${t("nav.settings")} · Plukweide`, description: t("settings.intro") },
    },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}

export const headers = passOnHeaders;

export const meta: Route.MetaFunction = ({ loaderData }) =>
  pageMeta(loaderData?.meta, { index: false });

type ActionResult =
  | {
      intent: string;
      result: SubmissionResult<string[]>;
      emailSent?: string;
      twoFactorSetup?: undefined;
    }
  | {
      intent: "two-factor-enable";
      result: SubmissionResult<string[]>;
      twoFactorSetup: { qr: string; secretUri: string; backupCodes: string[] };
    };

export async function action({ request, context }: Route.ActionArgs) {
  const user = requireUser(context, request);
  const { auth, config, db, storage } = context.get(appContext);
  const { t } = getI18n(context);
  const lang = getLocale(context) as Language;
  const settingsPath = pagePath(request, "/settings");
  const formData = await readForm(request);
  const intent = String(formData.get("intent") ?? "");

  const done = async (toast: ToastMessage, extraCookies: string[] = []) => {
    const headers = new Headers();
    for (const cookie of extraCookies) headers.append("Set-Cookie", cookie);
    headers.append("Set-Cookie", await serializeToast(toast, config));
    return redirect(settingsPath, { headers });
  };
  const fail = (result: SubmissionResult<string[]>, status = 400) =>
    data({ intent, result } satisfies ActionResult, { status });

  switch (intent) {
    case "avatar-upload": {
      const file = formData.get("avatar");
      if (!(file instanceof File) || file.size === 0) {
        return fail({ status: "error", error: { "": ["settings.avatarMissing"] } });
      }
      if (file.size > MAX_IMAGE_BYTES)
        return fail({ status: "error", error: { "": ["settings.avatarTooLarge"] } }, 413);
      try {
        await setAvatar(db, storage, user.id, Buffer.from(await file.arrayBuffer()));
      } catch (error) {
        if (!(error instanceof ImageError)) throw error;
        const key =
          error instanceof ImageTooLargeError
            ? "settings.avatarTooLarge"
            : "settings.avatarUnsupported";
        return fail(
          { status: "error", error: { "": [key] } },
          error instanceof ImageTooLargeError ? 413 : 415,
        );
      }
      return done({ type: "success", key: "settings.avatarSaved" });
    }
    case "avatar-remove": {
      await removeAvatar(db, storage, user.id);
      return done({ type: "success", key: "settings.avatarRemoved" });
    }
    case "profile": {
      const submission = parseWithZod(formData, { schema: profileSchema });
      if (submission.status !== "success") return fail(submission.reply());
      const { intent: _, ...update } = submission.value;
      await updateProfile(db, user.id, update);
      return done({ type: "success", key: "settings.profileSaved" });
    }
    case "change-password": {
      const submission = parseWithZod(formData, { schema: changePasswordSchema });
      const hidden = { hideFields: ["currentPassword", "password", "confirmPassword"] };
      if (submission.status !== "success") return fail(submission.reply(hidden));
      try {
        const { headers } = await auth.api.changePassword({
          body: {
            currentPassword: submission.value.currentPassword,
            newPassword: submission.value.password,
            revokeOtherSessions: true,
          },
          headers: request.headers,
          returnHeaders: true,
        });
        return done({ type: "success", key: "messages.passwordUpdated" }, headers.getSetCookie());
      } catch (error) {
        if (authErrorCode(error) !== "INVALID_PASSWORD") throw error;
        return fail(
          submission.reply({
            ...hidden,
            fieldErrors: { currentPassword: ["settings.currentPasswordWrong"] },
          }),
        );
      }
    }
    case "change-email": {
      const submission = parseWithZod(formData, { schema: changeEmailSchema });
      if (submission.status !== "success") return fail(submission.reply());
      const newEmail = submission.value.email;
      if (newEmail === user.email) {
        return fail(submission.reply({ fieldErrors: { email: ["settings.emailSame"] } }));
      }
      // A taken address gets the same answer (Better Auth sends nothing then): no enumeration.
      await auth.api.changeEmail({ body: { newEmail }, headers: request.headers });
      return data({
        intent,
        result: submission.reply({ resetForm: true }),
        emailSent: newEmail,
      } satisfies ActionResult);
    }
    case "two-factor-enable": {
      const submission = parseWithZod(formData, { schema: passwordConfirmSchema });
      if (submission.status !== "success")
        return fail(submission.reply({ hideFields: ["password"] }));
      try {
        const enabled = await auth.api.enableTwoFactor({
          body: { password: submission.value.password },
          headers: request.headers,
        });
        if (enabled.method !== "totp") throw new Error("two-factor: expected a TOTP setup");
        const { totpURI, backupCodes } = enabled;
        const qr = await QRCode.toString(totpURI, { type: "svg", margin: 1, width: 192 });
        return data({
          intent: "two-factor-enable",
          result: submission.reply({ resetForm: true }),
          twoFactorSetup: { qr, secretUri: totpURI, backupCodes },
        } satisfies ActionResult);
      } catch (error) {
        if (authErrorCode(error) !== "INVALID_PASSWORD") throw error;
        return fail(
          submission.reply({
            hideFields: ["password"],
            fieldErrors: { password: ["settings.currentPasswordWrong"] },
          }),
        );
      }
    }
    case "two-factor-verify": {
      const submission = parseWithZod(formData, { schema: twoFactorVerifySchema });
      if (submission.status !== "success") return fail(submission.reply());
      // Turning two-factor on or off replaces the session: its new cookie must reach the browser.
      let renewed: Headers;
      try {
        ({ headers: renewed } = await auth.api.verifyTOTP({
          body: { code: submission.value.code },
          headers: request.headers,
          returnHeaders: true,
        }));
      } catch (error) {
        if (authErrorCode(error) === undefined) throw error;
        return fail(submission.reply({ fieldErrors: { code: ["auth.codeWrong"] } }));
      }
      return done({ type: "success", key: "settings.twoFactorOn" }, renewed.getSetCookie());
    }
    case "two-factor-disable": {
      const submission = parseWithZod(formData, { schema: passwordConfirmSchema });
      if (submission.status !== "success")
        return fail(submission.reply({ hideFields: ["password"] }));
      let renewed: Headers;
      try {
        ({ headers: renewed } = await auth.api.disableTwoFactor({
          body: { password: submission.value.password },
          headers: request.headers,
          returnHeaders: true,
        }));
      } catch (error) {
        if (authErrorCode(error) !== "INVALID_PASSWORD") throw error;
        return fail(
          submission.reply({
            hideFields: ["password"],
            fieldErrors: { password: ["settings.currentPasswordWrong"] },
          }),
        );
      }
      return done({ type: "success", key: "settings.twoFactorOff" }, renewed.getSetCookie());
    }
    case "delete-account": {
      const submission = parseWithZod(formData, {
        schema: deleteAccountSchema(t("settings.deleteConfirmWord")),
      });
      if (submission.status !== "success")
        return fail(submission.reply({ hideFields: ["password"] }));
      try {
        const { headers } = await auth.api.deleteUser({
          body: { password: submission.value.password },
          headers: request.headers,
          returnHeaders: true,
        });
        const redirectHeaders = forwardCookies(headers);
        redirectHeaders.append(
          "Set-Cookie",
          await serializeToast({ type: "info", key: "settings.accountDeleted" }, config),
        );
        return redirect(withPrefix(lang === "en" ? "" : lang, "/"), { headers: redirectHeaders });
      } catch (error) {
        if (authErrorCode(error) !== "INVALID_PASSWORD") throw error;
        return fail(
          submission.reply({
            hideFields: ["password"],
            fieldErrors: { password: ["settings.currentPasswordWrong"] },
          }),
        );
      }
    }
    default:
      throw data("Unknown form", { status: 400 });
  }
}

function Section({
  id,
  title,
  description,
  children,
  danger,
}: {
  id: string;
  title: string;
  description?: string;
  children: React.ReactNode;
  danger?: boolean;
}) {
  return (
    <section
      aria-labelledby={id}
      className={`rounded-2xl border bg-card p-6 text-card-foreground shadow-sm ${danger ? "border-destructive/50" : "border-border"}`}
    >
      <h2 id={id} className={`text-lg font-semibold ${danger ? "text-destructive" : ""}`}>
        {title}
      </h2>
      {description ? <p className="mt-1 text-sm text-muted-foreground">{description}</p> : null}
      <div className="mt-4">{children}</div>
    </section>
  );
}

export default function Settings() {
  const { t } = useTranslation();
  const { account, confirmWord } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>() as ActionResult | undefined;
  const resultFor = (intent: string) =>
    actionData?.intent === intent ? actionData.result : undefined;

  return (
    <main id="main" className="mx-auto grid max-w-2xl gap-6 px-4 py-10 sm:py-12">
      <div>
        <h1 className="text-3xl font-bold tracking-tight">{t("nav.settings")}</h1>
        <p className="mt-2 text-muted-foreground">{t("settings.intro")}</p>
      </div>
      <AvatarSection account={account} result={resultFor("avatar-upload")} />
      <ProfileSection account={account} result={resultFor("profile")} />
      <PasswordSection result={resultFor("change-password")} />
      <EmailSection
        email={account.email}
        result={resultFor("change-email")}
        sentTo={actionData && "emailSent" in actionData ? actionData.emailSent : undefined}
      />
      <TwoFactorSection
        enabled={Boolean(account.twoFactorEnabled)}
        actionData={actionData?.intent?.startsWith("two-factor") ? actionData : undefined}
      />
      <DeleteSection confirmWord={confirmWord} result={resultFor("delete-account")} />
    </main>
  );
}

type Account = ReturnType<typeof useLoaderData<typeof loader>>["account"];

function AvatarSection({
  account,
  result,
}: {
  account: Account;
  result?: SubmissionResult<string[]>;
}) {
  const { t } = useTranslation();
  const { lang } = useShellData();
  const errors = useTranslatedErrors(result?.error?.[""] ?? undefined);
  return (
    <Section id="avatar" title={t("settings.avatarTitle")} description={t("settings.avatarHint")}>
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
          encType="multipart/form-data"
          className="flex flex-wrap items-end gap-2"
        >
          <input type="hidden" name="intent" value="avatar-upload" />
          <div className="grid gap-1.5">
            <Label htmlFor="avatar-file">{t("settings.avatarChoose")}</Label>
            <Input
              id="avatar-file"
              name="avatar"
              type="file"
              accept={PHOTO_ACCEPT}
              required
              aria-describedby={errors?.length ? "avatar-error" : undefined}
              aria-invalid={errors?.length ? true : undefined}
              className="max-w-64"
            />
          </div>
          <SubmitButton variant="secondary">{t("settings.avatarUpload")}</SubmitButton>
        </Form>
        {account.avatar ? (
          <Form method="post">
            <input type="hidden" name="intent" value="avatar-remove" />
            <SubmitButton variant="ghost">{t("settings.avatarRemove")}</SubmitButton>
          </Form>
        ) : null}
      </div>
      <ErrorList id="avatar-error" errors={errors} className="mt-2" />
    </Section>
  );
}

function ProfileSection({
  account,
  result,
}: {
  account: Account;
  result?: SubmissionResult<string[]>;
}) {
  const { t } = useTranslation();
  const [form, fields] = useForm({
    id: "profile",
    lastResult: result,
    constraint: getZodConstraint(profileSchema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: profileSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    defaultValue: {
      name: account.name,
      bio: account.bio ?? "",
      website: account.website ?? "",
      location: account.location ?? "",
    },
  });
  return (
    <Section id="profile-info" title={t("settings.profileTitle")}>
      <Form method="post" {...getFormProps(form)} className="grid gap-4">
        <input type="hidden" name="intent" value="profile" />
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
        <SubmitButton className="justify-self-start">{t("common.save")}</SubmitButton>
      </Form>
    </Section>
  );
}

function PasswordSection({ result }: { result?: SubmissionResult<string[]> }) {
  const { t } = useTranslation();
  const [form, fields] = useForm({
    id: "change-password",
    lastResult: result,
    constraint: getZodConstraint(changePasswordSchema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: changePasswordSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  return (
    <Section
      id="password"
      title={t("settings.passwordTitle")}
      description={t("settings.passwordIntro")}
    >
      <Form method="post" {...getFormProps(form)} className="grid gap-4">
        <input type="hidden" name="intent" value="change-password" />
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
    </Section>
  );
}

function EmailSection({
  email,
  result,
  sentTo,
}: {
  email: string;
  result?: SubmissionResult<string[]>;
  sentTo?: string;
}) {
  const { t } = useTranslation();
  const [form, fields] = useForm({
    id: "change-email",
    lastResult: result,
    constraint: getZodConstraint(changeEmailSchema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: changeEmailSchema }),
    shouldValidate: "onBlur",
  });
  return (
    <Section
      id="email"
      title={t("settings.emailTitle")}
      description={t("settings.emailCurrent", { email })}
    >
      {sentTo ? (
        <p
          role="status"
          className="mb-4 rounded-md border border-success/40 p-3 text-sm font-medium text-success"
        >
          {t("settings.emailSent", { email: sentTo })}
        </p>
      ) : null}
      <Form method="post" {...getFormProps(form)} className="grid gap-4">
        <input type="hidden" name="intent" value="change-email" />
        <FormField
          meta={fields.email}
          label={t("settings.newEmail")}
          type="email"
          autoComplete="email"
        />
        <SubmitButton className="justify-self-start">{t("settings.emailButton")}</SubmitButton>
      </Form>
    </Section>
  );
}

function TwoFactorSection({
  enabled,
  actionData,
}: {
  enabled: boolean;
  actionData?: ActionResult;
}) {
  const { t } = useTranslation();
  const setup = actionData?.intent === "two-factor-enable" ? actionData.twoFactorSetup : undefined;
  const passwordIntent = enabled ? "two-factor-disable" : "two-factor-enable";
  const [passwordForm, passwordFields] = useForm({
    id: passwordIntent,
    lastResult: actionData?.intent === passwordIntent && !setup ? actionData.result : undefined,
    constraint: getZodConstraint(passwordConfirmSchema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: passwordConfirmSchema }),
    shouldValidate: "onBlur",
  });
  const [verifyForm, verifyFields] = useForm({
    id: "two-factor-verify",
    lastResult: actionData?.intent === "two-factor-verify" ? actionData.result : undefined,
    constraint: getZodConstraint(twoFactorVerifySchema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: twoFactorVerifySchema }),
    shouldValidate: "onBlur",
  });
  const showVerify = setup !== undefined || actionData?.intent === "two-factor-verify";
  return (
    <Section
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
        <Form method="post" {...getFormProps(verifyForm)} className="grid gap-4">
          <input type="hidden" name="intent" value="two-factor-verify" />
          <FormField meta={verifyFields.code} label={t("auth.code")} autoComplete="one-time-code" />
          <SubmitButton className="justify-self-start">
            {t("settings.twoFactorActivate")}
          </SubmitButton>
        </Form>
      ) : (
        <Form method="post" {...getFormProps(passwordForm)} className="grid gap-4">
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
    </Section>
  );
}

function DeleteSection({
  confirmWord,
  result,
}: {
  confirmWord: string;
  result?: SubmissionResult<string[]>;
}) {
  const { t } = useTranslation();
  const schema = deleteAccountSchema(confirmWord);
  const [form, fields] = useForm({
    id: "delete-account",
    lastResult: result,
    constraint: getZodConstraint(schema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
    shouldValidate: "onBlur",
  });
  return (
    <Section
      id="danger"
      title={t("settings.dangerTitle")}
      description={t("settings.deleteIntro")}
      danger
    >
      <Form method="post" {...getFormProps(form)} className="grid gap-4">
        <input type="hidden" name="intent" value="delete-account" />
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
    </Section>
  );
}
