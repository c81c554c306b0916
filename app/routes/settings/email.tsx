import { parseWithZod } from "@conform-to/zod/v4";
import { data, useOutletContext } from "react-router";
import { SettingsPage, type SettingsData } from "~/components/settings/settings-page";
import { appContext, clientIpContext } from "~/context";
import { readDeviceCookie } from "~/cookies.server";
import { changeEmailSchema } from "~/lib/schemas/account";
import { readForm } from "~/lib/read-form.server";
import { passOnHeaders } from "~/route-headers";
import { requestEmailChange } from "~/services/email-change.server";
import { requireUser } from "~/session.server";
import type { Route } from "./+types/email";
import { refused } from "./replies.server";

const PASSWORD_FIELDS = ["currentPassword"];

/** The settings page's own headers, and the action's Retry-After on a 429. */
export const headers: Route.HeadersFunction = (args) => {
  const merged = new Headers(args.parentHeaders);
  new Headers(passOnHeaders(args)).forEach((value, name) => merged.set(name, value));
  return merged;
};

/** A new email address: a link goes to it, and the address changes when the link is followed. */
export async function action({ request, context }: Route.ActionArgs) {
  const user = requireUser(context, request);
  const { auth, config, db, limits, mailer, logger } = context.get(appContext);
  const submission = parseWithZod(await readForm(request), { schema: changeEmailSchema() });
  if (submission.status !== "success") {
    return refused(submission.reply({ hideFields: PASSWORD_FIELDS }));
  }
  const { email: newEmail, currentPassword } = submission.value;
  if (newEmail === user.email) {
    return refused(
      submission.reply({
        hideFields: PASSWORD_FIELDS,
        fieldErrors: { email: ["settings.emailSame"] },
      }),
    );
  }
  const asked = await requestEmailChange(
    {
      auth,
      db,
      limits,
      mailer,
      config,
      logger,
    },
    {
      user,
      ip: context.get(clientIpContext),
      device: await readDeviceCookie(request, config),
      newEmail,
      currentPassword,
      headers: request.headers,
    },
  );
  if (asked.outcome === "wrong-password") {
    return refused(
      submission.reply({
        hideFields: PASSWORD_FIELDS,
        fieldErrors: { currentPassword: ["settings.currentPasswordWrong"] },
      }),
    );
  }
  if (asked.outcome === "too-many") {
    return data(
      {
        result: submission.reply({
          hideFields: PASSWORD_FIELDS,
          formErrors: ["auth.tooManyAttempts"],
        }),
      },
      { status: 429, headers: { "Retry-After": String(asked.retryAfter) } },
    );
  }
  // Taken and free addresses get this same answer (see requestEmailChange).
  return data({ result: submission.reply({ resetForm: true }), sentTo: newEmail });
}

export default function EmailSettings({ actionData }: Route.ComponentProps) {
  const settings = useOutletContext<SettingsData>();
  return <SettingsPage {...settings} answers={{ email: actionData }} />;
}
