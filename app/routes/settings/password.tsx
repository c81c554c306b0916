import { parseWithZod } from "@conform-to/zod/v4";
import { useOutletContext } from "react-router";
import { SettingsPage, type SettingsData } from "~/components/settings/settings-page";
import { appContext } from "~/context";
import { changePasswordSchema } from "~/lib/schemas/account";
import { readForm } from "~/lib/read-form.server";
import { passOnHeadersBelowLayout } from "~/route-headers";
import { requireUser } from "~/session.server";
import type { Route } from "./+types/password";
import { backToSettings, refused, withCurrentPassword } from "./replies.server";

const PASSWORD_FIELDS = ["currentPassword", "password", "confirmPassword"];

/** A new password, given the current one; the member's other sessions end. */
export async function action({ request, context }: Route.ActionArgs) {
  requireUser(context, request);
  const { auth, config } = context.get(appContext);
  const submission = parseWithZod(await readForm(request), { schema: changePasswordSchema() });
  if (submission.status !== "success") {
    return refused(submission.reply({ hideFields: PASSWORD_FIELDS }));
  }
  const { currentPassword } = submission.value;
  const changed = await withCurrentPassword(
    { request, context },
    submission,
    { field: "currentPassword", hideFields: PASSWORD_FIELDS, password: currentPassword },
    () =>
      auth.api.changePassword({
        body: {
          currentPassword,
          newPassword: submission.value.password,
          revokeOtherSessions: true,
        },
        headers: request.headers,
        returnHeaders: true,
      }),
  );
  if ("refusal" in changed) {
    const { result, status, headers } = changed.refusal;
    return refused(result, status, headers);
  }
  return backToSettings(
    request,
    config,
    { type: "success", key: "messages.passwordUpdated" },
    changed.done.headers.getSetCookie(),
  );
}

// A refusal for too many attempts says when to try again (Retry-After).
export const headers = passOnHeadersBelowLayout;

export default function PasswordSettings({ actionData }: Route.ComponentProps) {
  const settings = useOutletContext<SettingsData>();
  return <SettingsPage {...settings} answers={{ password: actionData?.result }} />;
}
