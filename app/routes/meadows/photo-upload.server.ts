import type { RouterContextProvider } from "react-router";
import { appContext } from "~/context";
import type { PhotoRefusal, PhotoUploadOutcome } from "~/lib/schemas/photo";
import { LIMITS } from "~/services/account-limits";
import { ImageError, ImageTooLargeError, MAX_IMAGE_BYTES } from "~/services/images";
import { NotFoundError } from "~/services/meadows/errors";
import { addPhoto, MeadowPhotosFullError } from "~/services/photos.server";
import { cutText } from "~/lib/cut-text";

/*
 * The upload flow the page's form (several files, without JavaScript) and the upload API (one
 * file per request, with progress) share: each file is counted against the member's rate limit,
 * then added or refused on its own, so one bad file never stops the others.
 */

function refusalOf(error: unknown): PhotoRefusal | undefined {
  if (error instanceof ImageTooLargeError) {
    return error.limit === "bytes" ? "tooLarge" : "tooManyPixels";
  }
  if (error instanceof ImageError)
    return error.reason === "unsupported" ? "unsupported" : "undecodable";
  if (error instanceof MeadowPhotosFullError) return "meadowFull";
  if (error instanceof NotFoundError) return "meadowGone";
  return undefined;
}

export async function uploadPhotos({
  context,
  meadowId,
  memberId,
  files,
  caption,
}: {
  context: Readonly<RouterContextProvider>;
  meadowId: string;
  memberId: string;
  files: File[];
  caption: string | null;
}): Promise<PhotoUploadOutcome[]> {
  const { db, storage, limits, logger } = context.get(appContext);
  const outcomes: PhotoUploadOutcome[] = [];
  for (const file of files) {
    const name = cutText(file.name, 200);
    const refuse = (reason: PhotoRefusal) => outcomes.push({ name, added: false, reason });
    if (file.size > MAX_IMAGE_BYTES) {
      refuse("tooLarge");
      continue;
    }
    const limit = await limits.hit(`photos:member:${memberId}`, LIMITS.photoUploadsPerMember);
    if (!limit.allowed) {
      refuse("rateLimited");
      continue;
    }
    try {
      const photo = await addPhoto(db, storage, {
        meadowId,
        authorId: memberId,
        bytes: Buffer.from(await file.arrayBuffer()),
        caption,
      });
      outcomes.push({ name, added: true, photoId: photo.id });
    } catch (error) {
      const reason = refusalOf(error);
      if (reason === undefined) logger.error({ err: error, meadowId }, "photo upload failed");
      refuse(reason ?? "failed");
    }
  }
  return outcomes;
}

/** The status a request answers when no file was added: the first refusal's. */
export function statusOfRefusal(reason: PhotoRefusal): number {
  switch (reason) {
    case "tooLarge":
    case "tooManyPixels":
      return 413;
    case "unsupported":
    case "undecodable":
      return 415;
    case "meadowFull":
      return 409;
    case "rateLimited":
      return 429;
    case "meadowGone":
      return 404;
    // The store or the database did not take it: the server's trouble, to try again later.
    case "failed":
      return 503;
  }
}
