import { parseWithZod } from "@conform-to/zod/v4";
import { useOutletContext } from "react-router";
import { SettingsPage, type SettingsData } from "~/components/settings/settings-page";
import { appContext } from "~/context";
import { profileSchema } from "~/lib/schemas/account";
import { readForm } from "~/lib/read-form.server";
import { updateProfile } from "~/services/profiles.server";
import { requireUser } from "~/session.server";
import type { Route } from "./+types/profile";
import { backToSettings, refused } from "./replies.server";

/** The settings page's profile form: name, bio, website and place, shown on the public profile. */
export async function action({ request, context }: Route.ActionArgs) {
  const user = requireUser(context, request);
  const { config, db } = context.get(appContext);
  const submission = parseWithZod(await readForm(request), { schema: profileSchema() });
  if (submission.status !== "success") return refused(submission.reply());
  await updateProfile(db, user.id, submission.value);
  return backToSettings(request, config, { type: "success", key: "settings.profileSaved" });
}

export default function ProfileSettings({ actionData }: Route.ComponentProps) {
  const settings = useOutletContext<SettingsData>();
  return <SettingsPage {...settings} answers={{ profile: actionData?.result }} />;
}
