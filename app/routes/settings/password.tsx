import { parseWithZod } from "@conform-to/zod/v4";
import { useOutletContext } from "react-router";
import { SettingsPage, type SettingsData } from "~/components/settings/settings-page";
import { appContext } from "~/context";
import { changePasswordSchema } from "~/lib/schemas/account";
import { readForm } from "~/lib/read-form.server";
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
  const changed = await withCurrentPassword(submission, "currentPassword", PASSWORD_FIELDS, () =>
    auth.api.changePassword({
      body: {
        currentPassword: submission.value.currentPassword,
        newPassword: submission.value.password,
        revokeOtherSessions: true,
      },
      headers: request.headers,
      returnHeaders: true,
    }),
  );
  if ("wrongPassword" in changed) return refused(changed.wrongPassword);
  return backToSettings(
    request,
    config,
    { type: "success", key: "messages.passwordUpdated" },
    changed.done.headers.getSetCookie(),
  );
}

export default function PasswordSettings({ actionData }: Route.ComponentProps) {
  const settings = useOutletContext<SettingsData>();
  return <SettingsPage {...settings} answers={{ password: actionData?.result }} />;
}
