import { getFormProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { useTranslation } from "~/hooks/use-translation";
import { data, Form, Link, redirect, useActionData, useSearchParams } from "react-router";
import { AuthCard } from "~/components/auth-card";
import { FormField, useTranslatedErrors, NewPasswordFields } from "~/components/form-field";
import { SubmitButton } from "~/components/ui/button";
import { ErrorList } from "~/components/ui/field";
import { appContext, clientIpContext } from "~/context";
import { useLocalePath } from "~/hooks/use-shell-data";
import { getI18n, getLocale } from "~/i18n.server";
import { splitPrefix, withPrefix } from "~/lib/i18n";
import { pageMeta } from "~/lib/page-meta";
import { splitAtTag } from "~/lib/tagged-text";
import { registerSchema } from "~/lib/schemas/account";
import { LIMITS } from "~/services/account-limits";
import { getUser } from "~/session.server";
import type { Route } from "./+types/register";
import { pagePath, pageUrl } from "~/lib/page-url";
import { passOnHeaders } from "~/route-headers";
import { readForm } from "~/lib/read-form.server";

export function loader({ context, request }: Route.LoaderArgs) {
  if (getUser(context)) throw redirect(pagePath(request, "/"));
  const { t } = getI18n(context);
  return {
    meta: { title: `${t("auth.registerTitle")} · Plukweide`, description: t("auth.registerIntro") },
  };
}

export const headers = passOnHeaders;

export const meta: Route.MetaFunction = ({ loaderData }) => pageMeta(loaderData?.meta);

export async function action({ request, context }: Route.ActionArgs) {
  const { auth, limits } = context.get(appContext);
  const ip = context.get(clientIpContext);
  const lang = getLocale(context);
  const { prefix } = splitPrefix(pageUrl(request).pathname);
  const submission = parseWithZod(await readForm(request), { schema: registerSchema() });
  if (submission.status !== "success") {
    return data(submission.reply({ hideFields: ["password", "confirmPassword"] }), { status: 400 });
  }
  const limit = await limits.hit(`register:ip:${ip}`, LIMITS.registrationsPerIp);
  if (!limit.allowed) {
    return data(
      submission.reply({
        formErrors: ["auth.tooManyAttempts"],
        hideFields: ["password", "confirmPassword"],
      }),
      { status: 429, headers: { "Retry-After": String(limit.retryAfter) } },
    );
  }
  const { name, email, password } = submission.value;
  // A new address and one already registered get the same answer: nobody learns who is a member.
  // Better Auth mails the owner of an existing address instead (see services/auth.server.ts).
  await auth.api.signUpEmail({
    body: { name, email, password, locale: lang },
    headers: request.headers,
  });
  return redirect(
    `${withPrefix(prefix, "/verify-email")}?${new URLSearchParams({ email, sent: "1" })}`,
  );
}

export default function Register() {
  const { t } = useTranslation();
  const lastResult = useActionData<typeof action>();
  const [searchParams] = useSearchParams();
  const localePath = useLocalePath();
  const [termsBefore, termsLink, termsAfter] = splitAtTag(t("auth.agreeTerms"), "terms");
  const [form, fields] = useForm({
    id: "register",
    lastResult,
    constraint: getZodConstraint(registerSchema()),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: registerSchema() }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  const formErrors = useTranslatedErrors(form.errors);
  return (
    <AuthCard
      title={t("auth.registerTitle")}
      intro={t("auth.registerIntro")}
      footer={
        <>
          {t("auth.haveAccount")}{" "}
          <Link
            to={`${localePath("/login")}${searchParams.size ? `?${searchParams}` : ""}`}
            className="font-medium text-primary underline underline-offset-4"
          >
            {t("auth.signInLink")}
          </Link>
        </>
      }
    >
      <Form method="post" {...getFormProps(form)} className="grid gap-4">
        <FormField meta={fields.name} label={t("auth.fullName")} autoComplete="name" />
        <FormField meta={fields.email} label={t("auth.email")} type="email" autoComplete="email" />
        <NewPasswordFields
          password={fields.password}
          confirmPassword={fields.confirmPassword}
          label={t("auth.password")}
        />
        <ErrorList id={form.errorId} errors={formErrors} />
        <SubmitButton className="w-full">{t("auth.registerButton")}</SubmitButton>
        <p className="text-center text-xs text-muted-foreground">
          {termsBefore}
          <Link to={localePath("/terms")} className="underline underline-offset-4">
            {termsLink}
          </Link>
          {termsAfter}
        </p>
      </Form>
    </AuthCard>
  );
}
