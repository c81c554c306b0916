import { getFormProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { useTranslation } from "~/hooks/use-translation";
import { Form, useActionData } from "react-router";
import { AuthCard, BackToSignIn } from "~/components/auth-card";
import { FormField, useTranslatedErrors } from "~/components/form-field";
import { SubmitButton } from "~/components/ui/button";
import { ErrorList } from "~/components/ui/field";
import { appContext } from "~/context";
import { getI18n } from "~/i18n.server";
import { pageMeta } from "~/lib/page-meta";
import { emailOnlySchema } from "~/lib/schemas/account";
import type { Route } from "./+types/forgot-password";
import { passOnHeaders } from "~/route-headers";
import { answerMailLimitedForm } from "./mail-limited-form.server";
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
  const { auth, logger } = context.get(appContext);
  return answerMailLimitedForm({ request, context }, { resetForm: true }, (email) =>
    // Better Auth does different work for known and unknown addresses (a token and a mail for the
    // first only): all of it happens after the answer, which is then the same for both (ADR 58).
    afterAnswer(() =>
      auth.api
        .requestPasswordReset({ body: { email } })
        .catch((error: unknown) => logger.error({ err: error }, "password reset request failed")),
    ),
  );
}

export default function ForgotPassword() {
  const { t } = useTranslation();
  const actionData = useActionData<typeof action>();
  const [form, fields] = useForm({
    id: "forgot-password",
    lastResult: actionData?.result,
    constraint: getZodConstraint(emailOnlySchema()),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: emailOnlySchema() }),
    shouldValidate: "onBlur",
  });
  const formErrors = useTranslatedErrors(form.errors);
  return (
    <AuthCard title={t("auth.forgotTitle")} intro={t("auth.forgotIntro")} footer={<BackToSignIn />}>
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
