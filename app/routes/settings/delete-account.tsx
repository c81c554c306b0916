import { parseWithZod } from "@conform-to/zod/v4";
import { useOutletContext } from "react-router";
import { SettingsPage, type SettingsData } from "~/components/settings/settings-page";
import { appContext } from "~/context";
import { redirectWithToast } from "~/cookies.server";
import { getI18n, getLocale } from "~/i18n.server";
import { pathInLanguage, type Language } from "~/lib/i18n";
import { deleteAccountSchema } from "~/lib/schemas/account";
import { readForm } from "~/lib/read-form.server";
import { forwardCookies, passOnHeadersBelowLayout } from "~/route-headers";
import { requireUser } from "~/session.server";
import type { Route } from "./+types/delete-account";
import { refused, withCurrentPassword } from "./replies.server";

/**
 * Deleting the account, given the password and the confirmation word of the page's language.
 * Better Auth deletes the user after our hook removed their files (removeAccountFiles); the
 * member lands signed out on the home page of their language.
 */
export async function action({ request, context }: Route.ActionArgs) {
  requireUser(context, request);
  const { auth, config } = context.get(appContext);
  const { t } = getI18n(context);
  const schema = deleteAccountSchema(t("settings.deleteConfirmWord"));
  const submission = parseWithZod(await readForm(request), { schema });
  const hideFields = ["password"];
  if (submission.status !== "success") return refused(submission.reply({ hideFields }));
  const { password } = submission.value;
  const deleted = await withCurrentPassword(
    { request, context },
    submission,
    { field: "password", hideFields, password },
    () =>
      auth.api.deleteUser({ body: { password }, headers: request.headers, returnHeaders: true }),
  );
  if ("refusal" in deleted) {
    const { result, status, headers } = deleted.refusal;
    return refused(result, status, headers);
  }
  const headers = forwardCookies(deleted.done.headers);
  const toast = { type: "info", key: "settings.accountDeleted" } as const;
  const lang = getLocale(context) as Language;
  return redirectWithToast(pathInLanguage("/", lang), toast, config, { headers });
}

// A refusal for too many attempts says when to try again (Retry-After).
export const headers = passOnHeadersBelowLayout;

export default function DeleteAccountSettings({ actionData }: Route.ComponentProps) {
  const settings = useOutletContext<SettingsData>();
  return <SettingsPage {...settings} answers={{ deleteAccount: actionData?.result }} />;
}
