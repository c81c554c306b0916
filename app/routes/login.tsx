import { getFormProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { useTranslation } from "~/hooks/use-translation";
import { data, Form, Link, redirect, useActionData, useSearchParams } from "react-router";
import { AuthCard } from "~/components/auth-card";
import { FormField, useTranslatedErrors } from "~/components/form-field";
import { SubmitButton } from "~/components/ui/button";
import { ErrorList } from "~/components/ui/field";
import { appContext, pageWritesContext, clientIpContext } from "~/context";
import { useLocalePath } from "~/hooks/use-shell-data";
import { getI18n, getLocale } from "~/i18n.server";
import { splitPrefix, withPrefix, type Language } from "~/lib/i18n";
import { safeRedirectPath } from "~/lib/redirect-path";
import { pageMeta } from "~/lib/page-meta";
import { loginSchema } from "~/lib/schemas/account";
import { readDeviceCookie, serializeDeviceCookie } from "~/cookies.server";
import { createSignInThrottle } from "~/services/sign-in-throttle.server";
import { authErrorCode } from "~/services/auth-errors";
import { setMailLanguage } from "~/services/profiles.server";
import { getUser } from "~/session.server";
import type { Route } from "./+types/login";
import { pageUrl } from "~/lib/page-url";
import { forwardCookies, passOnHeaders } from "~/route-headers";
import { readForm } from "~/lib/read-form.server";

export function loader({ context, request }: Route.LoaderArgs) {
  const url = pageUrl(request);
  const { prefix } = splitPrefix(url.pathname);
  // Already signed in: nothing to do here.
  if (getUser(context)) {
    throw redirect(safeRedirectPath(url.searchParams.get("redirectTo"), withPrefix(prefix, "/")));
  }
  const { t } = getI18n(context);
  return {
    meta: { title: `${t("auth.signInTitle")} · Plukweide`, description: t("auth.signInIntro") },
  };
}

export const headers = passOnHeaders;

export const meta: Route.MetaFunction = ({ loaderData }) => pageMeta(loaderData?.meta);

export async function action({ request, context }: Route.ActionArgs) {
  const { auth, limits, db, mailer, logger, config } = context.get(appContext);
  // Signing in or out changes no page a visitor sees: the cached pages stay (ADR 26).
  context.get(pageWritesContext).changedOnly([]);
  const ip = context.get(clientIpContext);
  const lang = getLocale(context) as Language;
  const { prefix } = splitPrefix(pageUrl(request).pathname);
  const formData = await readForm(request);
  const submission = parseWithZod(formData, { schema: loginSchema() });
  if (submission.status !== "success") {
    return data(submission.reply({ hideFields: ["password"] }), { status: 400 });
  }
  const { email, password } = submission.value;
  const redirectTo = safeRedirectPath(submission.value.redirectTo, withPrefix(prefix, "/"));
  const throttle = createSignInThrottle({ db, limits, mailer, logger, appUrl: config.appUrl });
  const gate = await throttle.admit({
    ip,
    email,
    device: await readDeviceCookie(request, config),
  });
  if (!gate.allowed) {
    const message = gate.reason === "account" ? "auth.signInLocked" : "auth.tooManyAttempts";
    return data(submission.reply({ formErrors: [message], hideFields: ["password"] }), {
      status: 429,
      headers: { "Retry-After": String(gate.retryAfter) },
    });
  }
  const wrongPassword = async () => {
    await throttle.failed(gate);
    return data(
      submission.reply({ formErrors: ["auth.invalidCredentials"], hideFields: ["password"] }),
      { status: 401 },
    );
  };
  // Checked here first, the same way for every address, so an address without an account
  // answers no faster; Better Auth checks it again when it is right.
  if (!(await throttle.passwordMatches(gate, password))) return wrongPassword();

  try {
    const { headers, response } = await auth.api.signInEmail({
      body: { email, password, rememberMe: true },
      headers: request.headers,
      returnHeaders: true,
    });
    await throttle.succeeded(gate);
    const responseHeaders = forwardCookies(headers);
    if ("twoFactorRedirect" in response && response.twoFactorRedirect) {
      // The device cookie comes once the second step is done (two-factor.tsx).
      const next = new URLSearchParams({ redirectTo });
      return redirect(`${withPrefix(prefix, "/two-factor")}?${next}`, { headers: responseHeaders });
    }
    const device = await throttle.deviceSignedIn(response.user.id, gate.device);
    responseHeaders.append("Set-Cookie", await serializeDeviceCookie(device, config));
    // Mails follow the language the member uses.
    await setMailLanguage(db, email, lang);
    return redirect(redirectTo, { headers: responseHeaders });
  } catch (error) {
    const code = authErrorCode(error);
    if (code === "EMAIL_NOT_VERIFIED") {
      // Better Auth has just sent a fresh link; the notice says so and offers another.
      const next = new URLSearchParams({ email });
      return redirect(`${withPrefix(prefix, "/verify-email")}?${next}`);
    }
    // The password changed between the two checks.
    if (code === "INVALID_EMAIL_OR_PASSWORD") return wrongPassword();
    throw error;
  }
}

export default function Login() {
  const { t } = useTranslation();
  const lastResult = useActionData<typeof action>();
  const [searchParams] = useSearchParams();
  const localePath = useLocalePath();
  const [form, fields] = useForm({
    id: "login",
    lastResult,
    constraint: getZodConstraint(loginSchema()),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: loginSchema() }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    defaultValue: { redirectTo: searchParams.get("redirectTo") ?? "" },
  });
  const formErrors = useTranslatedErrors(form.errors);
  const reason = searchParams.get("reason");
  const registerLink = `${localePath("/register")}${searchParams.size ? `?${searchParams}` : ""}`;
  return (
    <AuthCard
      title={t("auth.signInTitle")}
      intro={t("auth.signInIntro")}
      footer={
        <>
          {t("auth.noAccount")}{" "}
          <Link to={registerLink} className="font-medium text-primary underline underline-offset-4">
            {t("auth.registerLink")}
          </Link>
        </>
      }
    >
      {reason === "favorites" ? (
        <p role="status" className="mb-4 rounded-md bg-accent p-3 text-sm text-accent-foreground">
          {t("messages.signInForFavorites")}
        </p>
      ) : null}
      <Form method="post" {...getFormProps(form)} className="grid gap-4">
        <input
          type="hidden"
          name={fields.redirectTo.name}
          value={fields.redirectTo.initialValue ?? ""}
        />
        <FormField meta={fields.email} label={t("auth.email")} type="email" autoComplete="email" />
        <FormField
          meta={fields.password}
          label={t("auth.password")}
          type="password"
          autoComplete="current-password"
        />
        <ErrorList id={form.errorId} errors={formErrors} />
        <SubmitButton className="w-full">{t("auth.signInButton")}</SubmitButton>
        <Link
          to={localePath("/forgot-password")}
          className="justify-self-center text-sm text-primary underline underline-offset-4"
        >
          {t("auth.forgotLink")}
        </Link>
      </Form>
    </AuthCard>
  );
}
