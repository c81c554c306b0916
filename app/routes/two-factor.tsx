import { getFormProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { useTranslation } from "~/hooks/use-translation";
import { data, Form, redirect, useActionData } from "react-router";
import { AuthCard } from "~/components/auth-card";
import { FormField, useTranslatedErrors } from "~/components/form-field";
import { SubmitButton } from "~/components/ui/button";
import { ErrorList } from "~/components/ui/field";
import { appContext, clientIpContext } from "~/context";
import { getI18n } from "~/i18n.server";
import { splitPrefix, withPrefix } from "~/lib/i18n";
import { safeRedirectPath } from "~/lib/redirect-path";
import { pageMeta } from "~/lib/page-meta";
import { twoFactorCodeSchema } from "~/lib/schemas/account";
import { LIMITS } from "~/services/account-limits";
import { readDeviceCookie, serializeDeviceCookie } from "~/cookies.server";
import { createSignInThrottle } from "~/services/sign-in-throttle.server";
import { authErrorCode } from "~/services/auth-errors";
import type { Route } from "./+types/two-factor";
import { pageUrl } from "~/lib/page-url";
import { forwardCookies, passOnHeaders } from "~/route-headers";
import { readForm } from "~/lib/read-form.server";

export function loader({ context }: Route.LoaderArgs) {
  const { t } = getI18n(context);
  return {
    meta: {
      title: `${t("auth.twoFactorTitle")} · Plukweide`,
      description: t("auth.twoFactorIntro"),
    },
  };
}

export const headers = passOnHeaders;

export const meta: Route.MetaFunction = ({ loaderData }) =>
  pageMeta(loaderData?.meta, { index: false });

/** The second step of signing in for members with two-factor on: a code from their app, or a backup code. */
export async function action({ request, context }: Route.ActionArgs) {
  const { auth, limits, db, mailer, logger, config } = context.get(appContext);
  const ip = context.get(clientIpContext);
  const url = pageUrl(request);
  const { prefix } = splitPrefix(url.pathname);
  const submission = parseWithZod(await readForm(request), { schema: twoFactorCodeSchema() });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  const limit = await limits.hit(`two-factor:ip:${ip}`, LIMITS.twoFactorAttemptsPerIp);
  if (!limit.allowed) {
    return data(submission.reply({ formErrors: ["auth.tooManyAttempts"] }), {
      status: 429,
      headers: { "Retry-After": String(limit.retryAfter) },
    });
  }
  const code = submission.value.code;
  try {
    const { headers, response } = /^\d{6}$/.test(code)
      ? await auth.api.verifyTOTP({ body: { code }, headers: request.headers, returnHeaders: true })
      : await auth.api.verifyBackupCode({
          body: { code },
          headers: request.headers,
          returnHeaders: true,
        });
    const responseHeaders = forwardCookies(headers);
    // Signed in at last: this browser is now one of the account's own (see login.tsx).
    const throttle = createSignInThrottle({ db, limits, mailer, logger, appUrl: config.appUrl });
    const device = await throttle.deviceSignedIn(
      response.user.id,
      await readDeviceCookie(request, config),
    );
    responseHeaders.append("Set-Cookie", await serializeDeviceCookie(device, config));
    return redirect(safeRedirectPath(url.searchParams.get("redirectTo"), withPrefix(prefix, "/")), {
      headers: responseHeaders,
    });
  } catch (error) {
    if (authErrorCode(error) === undefined) throw error;
    return data(submission.reply({ formErrors: ["auth.codeWrong"] }), { status: 401 });
  }
}

export default function TwoFactor() {
  const { t } = useTranslation();
  const lastResult = useActionData<typeof action>();
  const [form, fields] = useForm({
    id: "two-factor",
    lastResult,
    constraint: getZodConstraint(twoFactorCodeSchema()),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: twoFactorCodeSchema() }),
    shouldValidate: "onBlur",
  });
  const formErrors = useTranslatedErrors(form.errors);
  return (
    <AuthCard title={t("auth.twoFactorTitle")} intro={t("auth.twoFactorIntro")}>
      <Form method="post" {...getFormProps(form)} className="grid gap-4">
        <FormField
          meta={fields.code}
          label={t("auth.code")}
          autoComplete="one-time-code"
          hint={t("auth.codeHint")}
        />
        <ErrorList id={form.errorId} errors={formErrors} />
        <SubmitButton className="w-full">{t("auth.verifyButton")}</SubmitButton>
      </Form>
    </AuthCard>
  );
}
