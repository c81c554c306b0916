import { getFormProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { useTranslation } from "~/hooks/use-translation";
import { Form, useActionData, useLoaderData } from "react-router";
import { AuthCard, BackToSignIn } from "~/components/auth-card";
import { FormField, useTranslatedErrors } from "~/components/form-field";
import { SubmitButton } from "~/components/ui/button";
import { ErrorList } from "~/components/ui/field";
import { appContext } from "~/context";
import { getI18n } from "~/i18n.server";
import { pageMeta } from "~/lib/page-meta";
import { emailOnlySchema } from "~/lib/schemas/account";
import type { Route } from "./+types/verify-email";
import { passOnHeaders } from "~/route-headers";
import { answerMailLimitedForm } from "./mail-limited-form.server";

export function loader({ context, request }: Route.LoaderArgs) {
  const { t } = getI18n(context);
  const email = new URL(request.url).searchParams.get("email") ?? "";
  return {
    email: email.length <= 254 ? email : "",
    meta: { title: `${t("auth.verifyTitle")} · Plukweide`, description: t("auth.verifyIntro") },
  };
}

export const headers = passOnHeaders;

export const meta: Route.MetaFunction = ({ loaderData }) => pageMeta(loaderData?.meta);

/** Sends a new verification link. Answers the same whether or not the address has an account. */
export async function action({ request, context }: Route.ActionArgs) {
  const { auth } = context.get(appContext);
  return answerMailLimitedForm({ request, context }, { resetForm: false }, async (email) => {
    try {
      await auth.api.sendVerificationEmail({ body: { email } });
    } catch {
      // Unknown or already verified addresses: the same answer, so nothing leaks.
    }
  });
}

export default function VerifyEmail() {
  const { t } = useTranslation();
  const { email } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const [form, fields] = useForm({
    id: "resend-verification",
    lastResult: actionData?.result,
    constraint: getZodConstraint(emailOnlySchema()),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: emailOnlySchema() }),
    shouldValidate: "onBlur",
    defaultValue: { email },
  });
  const formErrors = useTranslatedErrors(form.errors);
  return (
    <AuthCard title={t("auth.verifyTitle")} intro={t("auth.verifyIntro")} footer={<BackToSignIn />}>
      <div className="mb-6 flex items-start gap-3 rounded-lg bg-accent p-4 text-accent-foreground">
        <MailIcon />
        <p className="text-sm">
          {email ? t("auth.verifySentTo", { email }) : t("auth.verifySent")}
        </p>
      </div>
      {actionData?.sent ? (
        <p
          role="status"
          className="mb-4 rounded-md border border-success/40 p-3 text-sm font-medium text-success"
        >
          {t("messages.verificationSent")}
        </p>
      ) : null}
      <Form method="post" {...getFormProps(form)} className="grid gap-4">
        <p className="text-sm text-muted-foreground">{t("auth.verifyResendIntro")}</p>
        <FormField meta={fields.email} label={t("auth.email")} type="email" autoComplete="email" />
        <ErrorList id={form.errorId} errors={formErrors} />
        <SubmitButton variant="secondary" className="w-full">
          {t("auth.resendButton")}
        </SubmitButton>
      </Form>
    </AuthCard>
  );
}

function MailIcon() {
  return (
    <svg
      viewBox="0 0 24 24"
      className="mt-0.5 size-5 shrink-0"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      aria-hidden="true"
    >
      <rect x="2" y="4" width="20" height="16" rx="2" />
      <path d="m22 7-10 6L2 7" />
    </svg>
  );
}
