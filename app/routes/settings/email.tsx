import { parseWithZod } from "@conform-to/zod/v4";
import { data, useOutletContext } from "react-router";
import { SettingsPage, type SettingsData } from "~/components/settings/settings-page";
import { appContext } from "~/context";
import { changeEmailSchema } from "~/lib/schemas/account";
import { readForm } from "~/lib/read-form.server";
import { requireUser } from "~/session.server";
import type { Route } from "./+types/email";
import { refused } from "./replies.server";

/** A new email address: a link goes to it, and the address changes when the link is followed. */
export async function action({ request, context }: Route.ActionArgs) {
  const user = requireUser(context, request);
  const { auth } = context.get(appContext);
  const submission = parseWithZod(await readForm(request), { schema: changeEmailSchema() });
  if (submission.status !== "success") return refused(submission.reply());
  const newEmail = submission.value.email;
  if (newEmail === user.email) {
    return refused(submission.reply({ fieldErrors: { email: ["settings.emailSame"] } }));
  }
  // A taken address gets the same answer (Better Auth sends nothing then): no enumeration.
  await auth.api.changeEmail({ body: { newEmail }, headers: request.headers });
  return data({ result: submission.reply({ resetForm: true }), sentTo: newEmail });
}

export default function EmailSettings({ actionData }: Route.ComponentProps) {
  const settings = useOutletContext<SettingsData>();
  return <SettingsPage {...settings} answers={{ email: actionData }} />;
}
