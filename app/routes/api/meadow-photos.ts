import { appContext } from "~/context";
import { readUpload, uploadTempDir } from "~/lib/read-upload.server";
import { photoUploadSchema, type PhotoRefusal, type PhotoUploadOutcome } from "~/lib/schemas/photo";
import { getUser } from "~/session.server";
import { MAX_IMAGE_BYTES } from "~/adapters/images.server";
import type { Route } from "./+types/meadow-photos";
import {
  countPhoto,
  discardBody,
  statusOfRefusal,
  takeUploadSlot,
  uploadPhotos,
} from "~/routes/meadows/photo-upload.server";

const NO_STORE = { "Cache-Control": "no-store" };

/**
 * `POST /api/meadows/{id}/photos`: one photo (field `photo`, optional `caption`) from the meadow
 * page's upload with JavaScript, which shows the request's progress. Answers
 * `{ outcome: PhotoUploadOutcome }`: 201 when added, otherwise the refusal's status; the page
 * words the reason in its own language. An upload over the member's limits is answered before
 * its body is read, with Retry-After.
 */
export async function action({ request, context, params }: Route.ActionArgs) {
  const user = getUser(context);
  if (!user)
    return Response.json({ error: "sign-in required" }, { status: 401, headers: NO_STORE });
  const refuse = (reason: PhotoRefusal, retryAfter?: number, name = "") => {
    discardBody(request);
    const outcome: PhotoUploadOutcome = { name, added: false, reason };
    return Response.json(
      { error: reason, outcome },
      {
        status: statusOfRefusal(reason),
        headers: retryAfter ? { ...NO_STORE, "Retry-After": String(retryAfter) } : NO_STORE,
      },
    );
  };
  const taken = takeUploadSlot(user.id);
  if ("refusal" in taken) return refuse(taken.refusal, taken.retryAfter);
  try {
    const counted = await countPhoto(context, user.id);
    if (counted.refusal) return refuse(counted.refusal, counted.retryAfter);
    const options = {
      tempDir: uploadTempDir(context.get(appContext).config.dataDir),
      fileFields: ["photo"],
      maxFiles: 1,
      maxFileBytes: MAX_IMAGE_BYTES,
    };
    return await readUpload<PhotoRefusal, Response>(request, options, async (upload) => {
      const [file] = upload.files;
      const parsed = photoUploadSchema().safeParse({ caption: upload.fields.get("caption") });
      if (!parsed.success) return refuse("captionTooLong", undefined, file?.name);
      if (!file) {
        return Response.json(
          { error: "a photo file is required" },
          { status: 400, headers: NO_STORE },
        );
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
    });
  } finally {
    taken.slot.release();
  }
}
