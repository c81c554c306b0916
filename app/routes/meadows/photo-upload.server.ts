import type { RouterContextProvider } from "react-router";
import { appContext } from "~/context";
import type { PhotoRefusal, PhotoUploadOutcome } from "~/lib/schemas/photo";
import type { ReceivedFile } from "~/lib/read-upload.server";
import { LIMITS } from "~/services/account-limits";
import { ImageError, ImageTooLargeError, MAX_IMAGE_BYTES } from "~/adapters/images.server";
import { NotFoundError } from "~/services/meadows/errors";
import { addPhoto, MeadowPhotosFullError } from "~/services/photos.server";
import { cutText } from "~/lib/cut-text";
import type { Slot, SlotRefusal } from "~/lib/slots";
import { UPLOAD_SLOT_RETRY_SECONDS, uploadSlots } from "~/services/upload-slots";

/*
 * The upload flow the page's form (several files, without JavaScript) and the upload API (one
 * file per request, with progress) share. Before a body is read, the request takes one of the
 * member's upload slots and the member's hourly limit is counted (the API) or looked at (the
 * form, which counts each file as it arrives); the body goes to temporary files (readUpload),
 * and each file is added or refused on its own, so one bad file never stops the others.
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
  /** Files as readUpload kept them, each already counted against the member's limit. */
  files: ReceivedFile<PhotoRefusal>[];
  caption: string | null;
}): Promise<PhotoUploadOutcome[]> {
  const { db, storage, logger } = context.get(appContext);
  const outcomes: PhotoUploadOutcome[] = [];
  for (const file of files) {
    const name = cutText(file.name, 200);
    const refuse = (reason: PhotoRefusal) => outcomes.push({ name, added: false, reason });
    if (file.refusal !== undefined) {
      refuse(file.refusal);
      continue;
    }
    if (file.tooLarge || file.size > MAX_IMAGE_BYTES) {
      refuse("tooLarge");
      continue;
    }
    if (file.path === undefined) continue;
    try {
      const photo = await addPhoto(db, storage, {
        meadowId,
        authorId: memberId,
        bytes: { path: file.path },
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

/** Counts one photo against the member's hourly limit: undefined when it may be added. */
export async function countPhoto(
  context: Readonly<RouterContextProvider>,
  memberId: string,
): Promise<{ refusal?: "rateLimited"; retryAfter: number }> {
  const { limits } = context.get(appContext);
  const limit = await limits.hit(`photos:member:${memberId}`, LIMITS.photoUploadsPerMember);
  return limit.allowed
    ? { retryAfter: 0 }
    : { refusal: "rateLimited", retryAfter: limit.retryAfter };
}

/** Whether the member is over the hourly limit already, without counting. */
export async function peekPhotoLimit(
  context: Readonly<RouterContextProvider>,
  memberId: string,
): Promise<{ allowed: boolean; retryAfter: number }> {
  const { limits } = context.get(appContext);
  return limits.peek(`photos:member:${memberId}`, LIMITS.photoUploadsPerMember);
}

/**
 * Takes one of the member's upload slots before the body is read (upload-slots.ts), or says
 * why not and how many seconds to wait.
 */
export function takeUploadSlot(
  memberId: string,
): { slot: Slot } | { refusal: SlotRefusal; retryAfter: number } {
  const taken = uploadSlots.take(memberId);
  if (typeof taken === "string") return { refusal: taken, retryAfter: UPLOAD_SLOT_RETRY_SECONDS };
  return { slot: taken };
}

/**
 * Reads and throws away the rest of a body the answer did not need, so the connection stays
 * usable and a browser still sending gets the answer. Nothing of it is kept.
 */
export function discardBody(request: Request): void {
  if (!request.body || request.bodyUsed) return;
  void request.body.pipeTo(new WritableStream()).catch(() => undefined);
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
    case "tooManyAtOnce":
      return 429;
    case "captionTooLong":
      return 400;
    case "busy":
      return 503;
    case "meadowGone":
      return 404;
    // The store or the database did not take it: the server's trouble, to try again later.
    case "failed":
      return 503;
  }
}
