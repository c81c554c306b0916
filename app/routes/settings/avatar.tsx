import { parseWithZod } from "@conform-to/zod/v4";
import { useOutletContext } from "react-router";
import { SettingsPage, type SettingsData } from "~/components/settings/settings-page";
import { appContext } from "~/context";
import { avatarSchema } from "~/lib/schemas/account";
import { readForm } from "~/lib/read-form.server";
import { ImageError, ImageTooLargeError, MAX_IMAGE_BYTES } from "~/adapters/images.server";
import { removeAvatar, setAvatar } from "~/services/profiles.server";
import { requireUser } from "~/session.server";
import type { Route } from "./+types/avatar";
import { backToSettings, refused } from "./replies.server";

/** The profile picture: a new one uploaded (any image the photo form takes), or removed. */
export async function action({ request, context }: Route.ActionArgs) {
  const user = requireUser(context, request);
  const { config, db, storage } = context.get(appContext);
  const submission = parseWithZod(await readForm(request), { schema: avatarSchema() });
  if (submission.status !== "success") return refused(submission.reply());
  if (submission.value.intent === "avatar-remove") {
    await removeAvatar(db, storage, user.id);
    return backToSettings(request, config, { type: "success", key: "settings.avatarRemoved" });
  }
  const refuse = (key: string, status: number) =>
    refused(submission.reply({ fieldErrors: { avatar: [key] } }), status);
  const file = submission.value.avatar;
  if (file.size > MAX_IMAGE_BYTES) return refuse("settings.avatarTooLarge", 413);
  try {
    await setAvatar(db, storage, user.id, Buffer.from(await file.arrayBuffer()));
  } catch (error) {
    if (!(error instanceof ImageError)) throw error;
    return error instanceof ImageTooLargeError
      ? refuse("settings.avatarTooLarge", 413)
      : refuse("settings.avatarUnsupported", 415);
  }
  return backToSettings(request, config, { type: "success", key: "settings.avatarSaved" });
}

export default function AvatarSettings({ actionData }: Route.ComponentProps) {
  const settings = useOutletContext<SettingsData>();
  return <SettingsPage {...settings} answers={{ avatar: actionData?.result }} />;
}
