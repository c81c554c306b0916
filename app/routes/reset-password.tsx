import { getFormProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { useTranslation } from "~/hooks/use-translation";
import { data, Form, useActionData, useLoaderData } from "react-router";
import { AuthCard, BackToSignIn } from "~/components/auth-card";
import { ExpiredLink } from "~/components/expired-link";
import { NewPasswordFields, useTranslatedErrors } from "~/components/form-field";
import { SubmitButton } from "~/components/ui/button";
import { ErrorList } from "~/components/ui/field";
import { appContext, clientIpContext } from "~/context";
import { redirectWithToast } from "~/cookies.server";
import { useLocalePath } from "~/hooks/use-shell-data";
import { getI18n } from "~/i18n.server";
import { splitPrefix, withPrefix } from "~/lib/i18n";
import { pageMeta } from "~/lib/page-meta";
import { resetPasswordSchema } from "~/lib/schemas/account";
import { LIMITS } from "~/services/account-limits";
import { authErrorCode } from "~/services/auth-errors";
import { isResetTokenValid } from "~/services/email-links.server";
import type { Route } from "./+types/reset-password";
import { pageUrl } from "~/lib/page-url";
import { passOnHeaders } from "~/route-headers";
import { readForm } from "~/lib/read-form.server";

export async function loader({ context, request }: Route.LoaderArgs) {
  const { db } = context.get(appContext);
  const { t } = getI18n(context);
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const valid = await isResetTokenValid(db, token);
  return data(
    {
      token: valid ? token : "",
      valid,
      meta: { title: `${t("auth.resetTitle")} · Plukweide`, description: t("auth.resetIntro") },
    },
    // The token is in this page's address: keep it out of caches and Referer headers.
    {
      status: valid ? 200 : 410,
      headers: { "Cache-Control": "no-store", "Referrer-Policy": "no-referrer" },
    },
  );
}

export const headers = passOnHeaders;

export const meta: Route.MetaFunction = ({ loaderData }) =>
  pageMeta(loaderData?.meta, { index: false });

export async function action({ request, context }: Route.ActionArgs) {
  const { auth, config, limits } = context.get(appContext);
  const ip = context.get(clientIpContext);
  const { prefix } = splitPrefix(pageUrl(request).pathname);
  const submission = parseWithZod(await readForm(request), { schema: resetPasswordSchema() });
  if (submission.status !== "success") {
    return data(submission.reply({ hideFields: ["password", "confirmPassword"] }), { status: 400 });
  }
  const limit = await limits.hit(`reset:ip:${ip}`, LIMITS.mailsPerIp);
  if (!limit.allowed) {
    return data(
      submission.reply({
        formErrors: ["auth.tooManyAttempts"],
        hideFields: ["password", "confirmPassword"],
      }),
      {
        status: 429,
        headers: { "Retry-After": String(limit.retryAfter) },
      },
    );
  }
  try {
    // Better Auth signs the member out everywhere (revokeSessionsOnPasswordReset).
    await auth.api.resetPassword({
      body: { newPassword: submission.value.password, token: submission.value.token },
    });
  } catch (error) {
    if (authErrorCode(error) === "INVALID_TOKEN") {
      return data(
        submission.reply({
          formErrors: ["auth.linkExpired"],
          hideFields: ["password", "confirmPassword"],
        }),
        {
          status: 410,
        },
      );
    }
    throw error;
  }
  return redirectWithToast(
    withPrefix(prefix, "/login"),
    { type: "success", key: "messages.passwordUpdated" },
    config,
  );
}

export default function ResetPassword() {
  const { t } = useTranslation();
  const { token, valid } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const localePath = useLocalePath();
  const [form, fields] = useForm({
    id: "reset-password",
    lastResult,
    constraint: getZodConstraint(resetPasswordSchema()),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: resetPasswordSchema() }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    defaultValue: { token },
  });
  const formErrors = useTranslatedErrors(form.errors);
  if (!valid)
    return (
      <ExpiredLink again={localePath("/forgot-password")} againLabel={t("auth.requestNewReset")} />
    );
  return (
    <AuthCard title={t("auth.resetTitle")} intro={t("auth.resetIntro")} footer={<BackToSignIn />}>
      <Form method="post" {...getFormProps(form)} className="grid gap-4">
        <input type="hidden" name={fields.token.name} value={token} />
        <NewPasswordFields
          password={fields.password}
          confirmPassword={fields.confirmPassword}
          label={t("auth.newPassword")}
        />
        <ErrorList id={form.errorId} errors={formErrors} />
        <SubmitButton className="w-full">{t("auth.resetButton")}</SubmitButton>
      </Form>
    </AuthCard>
  );
}
