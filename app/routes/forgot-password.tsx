import { getFormProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { useTranslation } from "~/hooks/use-translation";
import { data, Form, Link, useActionData } from "react-router";
import { AuthCard } from "~/components/auth-card";
import { FormField, useTranslatedErrors } from "~/components/form-field";
import { SubmitButton } from "~/components/ui/button";
import { ErrorList } from "~/components/ui/field";
import { appContext, clientIpContext } from "~/context";
import { useLocalePath } from "~/hooks/use-shell-data";
import { getI18n } from "~/i18n.server";
import { pageMeta } from "~/lib/page-meta";
import { emailOnlySchema } from "~/lib/schemas/account";
import { hitMailLimits } from "~/services/account-limits";
import type { Route } from "./+types/forgot-password";
import { passOnHeaders } from "~/route-headers";
import { readForm } from "~/lib/read-form.server";
import { afterAnswer } from "~/lib/after-answer.server";

export function loader({ context }: Route.LoaderArgs) {
  const { t } = getI18n(context);
  return {
    meta: { title: `${t("auth.forgotTitle")} · Plukweide`, description: t("auth.forgotIntro") },
  };
}

export const headers = passOnHeaders;

export const meta: Route.MetaFunction = ({ loaderData }) => pageMeta(loaderData?.meta);

export async function action({ request, context }: Route.ActionArgs) {
  const { auth, limits, logger } = context.get(appContext);
  const ip = context.get(clientIpContext);
  const submission = parseWithZod(await readForm(request), { schema: emailOnlySchema() });
  if (submission.status !== "success")
    return data({ result: submission.reply(), sent: false }, { status: 400 });
  const { email } = submission.value;
  const limit = await hitMailLimits(limits, ip, email);
  if (!limit.allowed) {
    return data(
      { result: submission.reply({ formErrors: ["auth.tooManyAttempts"] }), sent: false },
      {
        status: 429,
        headers: { "Retry-After": String(limit.retryAfter) },
      },
    );
  }
  // Better Auth does different work for known and unknown addresses (a token and a mail for the
  // first only): all of it happens after the answer, which is then the same for both (ADR 58).
  afterAnswer(() =>
    auth.api
      .requestPasswordReset({ body: { email } })
      .catch((error: unknown) => logger.error({ err: error }, "password reset request failed")),
  );
  return { result: submission.reply({ resetForm: true }), sent: true };
}

export default function ForgotPassword() {
  const { t } = useTranslation();
  const actionData = useActionData<typeof action>();
  const localePath = useLocalePath();
  const [form, fields] = useForm({
    id: "forgot-password",
    lastResult: actionData?.result,
    constraint: getZodConstraint(emailOnlySchema()),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: emailOnlySchema() }),
    shouldValidate: "onBlur",
  });
  const formErrors = useTranslatedErrors(form.errors);
  return (
    <AuthCard
      title={t("auth.forgotTitle")}
      intro={t("auth.forgotIntro")}
      footer={
        <Link
          to={localePath("/login")}
          className="font-medium text-primary underline underline-offset-4"
        >
          {t("auth.backToSignIn")}
        </Link>
      }
    >
      {actionData?.sent ? (
        <p
          role="status"
          className="mb-4 rounded-md border border-success/40 p-3 text-sm font-medium text-success"
        >
          {t("messages.resetSent")}
        </p>
      ) : null}
      <Form method="post" {...getFormProps(form)} className="grid gap-4">
        <FormField meta={fields.email} label={t("auth.email")} type="email" autoComplete="email" />
        <ErrorList id={form.errorId} errors={formErrors} />
        <SubmitButton className="w-full">{t("auth.sendResetButton")}</SubmitButton>
      </Form>
    </AuthCard>
  );
}
