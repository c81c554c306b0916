import { readForm } from "~/lib/read-form.server";
import { photoUploadSchema, type PhotoUploadOutcome } from "~/lib/schemas/photo";
import { getUser } from "~/session.server";
import type { Route } from "./+types/meadow-photos";
import { statusOfRefusal, uploadPhotos } from "~/routes/meadows/photo-upload.server";

const NO_STORE = { "Cache-Control": "no-store" };

/**
 * `POST /api/meadows/{id}/photos`: one photo (field `photo`, optional `caption`) from the meadow
 * page's upload with JavaScript, which shows the request's progress. Answers
 * `{ outcome: PhotoUploadOutcome }`: 201 when added, otherwise the refusal's status; the page
 * words the reason in its own language.
 */
export async function action({ request, context, params }: Route.ActionArgs) {
  const user = getUser(context);
  if (!user)
    return Response.json({ error: "sign-in required" }, { status: 401, headers: NO_STORE });
  const formData = await readForm(request);
  const file = formData.get("photo");
  const parsed = photoUploadSchema().safeParse({ caption: formData.get("caption") ?? undefined });
  if (!(file instanceof File) || file.size === 0 || !parsed.success) {
    return Response.json({ error: "a photo file is required" }, { status: 400, headers: NO_STORE });
  }
  const [outcome] = await uploadPhotos({
    context,
    meadowId: params.id,
    memberId: user.id,
    files: [file],
    caption: parsed.data.caption,
  });
  const answer = outcome as PhotoUploadOutcome;
  return Response.json(
    { outcome: answer },
    { status: answer.added ? 201 : statusOfRefusal(answer.reason), headers: NO_STORE },
  );
}
