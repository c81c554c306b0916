import { data, type RouterContextProvider } from "react-router";
import type { PhotoDeleteReply } from "~/components/photo-delete";
import type { PhotoUploadReply } from "~/components/photo-upload";
import { appContext } from "~/context";
import { readUpload, uploadTempDir } from "~/lib/read-upload.server";
import {
  MAX_FILES_PER_FORM,
  photoDeleteSchema,
  photoUploadSchema,
  type PhotoRefusal,
} from "~/lib/schemas/photo";
import { LIMITS } from "~/services/account-limits";
import { MAX_UPLOADS_PER_MEMBER_AT_ONCE } from "~/services/upload-slots";
import { MAX_IMAGE_BYTES, MAX_IMAGE_PIXELS } from "~/adapters/images.server";
import { ForbiddenError, NotFoundError } from "~/services/meadows/errors";
import {
  assertMayDeletePhoto,
  deletePhoto,
  listMeadowPhotos,
  MAX_PHOTOS_PER_MEADOW,
  photoImage,
  PHOTO_WIDTHS,
} from "~/services/photos.server";
import { avatarSources } from "~/services/profiles.server";
import { redirectWithToast } from "~/cookies.server";
import {
  countPhoto,
  discardBody,
  peekPhotoLimit,
  statusOfRefusal,
  takeUploadSlot,
  uploadPhotos,
} from "./photo-upload.server";

/*
 * The meadow page's photo section on the server: the photos and limits its loader sends, and its
 * two forms, which the page's action tells apart by their `intent`.
 */

export type PhotoActionData = PhotoUploadReply | PhotoDeleteReply;

/** The meadow's photos as the gallery shows them, and the first one as the page's link preview. */
export async function galleryPhotos(
  context: Readonly<RouterContextProvider>,
  meadow: { id: string; ownerId: string | null },
  user: { id: string } | null,
) {
  const { db, storage, config } = context.get(appContext);
  const photoRows = await listMeadowPhotos(db, meadow.id);
  const photos = photoRows.map((photo) => ({
    id: photo.id,
    caption: photo.caption,
    addedOn: photo.createdAt.toISOString().slice(0, 10),
    image: photoImage(storage, photo, PHOTO_WIDTHS.gallery),
    fullSrc: photoImage(storage, photo, PHOTO_WIDTHS.full).src,
    author: {
      id: photo.author.id,
      name: photo.author.name,
      avatar: avatarSources(storage, photo.author, 32),
    },
    // A mirror of deletePhoto's rule, to offer the button; the action decides.
    canDelete: user !== null && (user.id === photo.author.id || user.id === meadow.ownerId),
  }));
  const firstPhoto = photoRows[0];
  const previewImage = firstPhoto
    ? new URL(photoImage(storage, firstPhoto, PHOTO_WIDTHS.full).src, config.appUrl).href
    : undefined;
  return { photos, previewImage };
}

/** The limits the upload form tells before a member picks files. */
export function photoLimits() {
  return {
    megabytes: MAX_IMAGE_BYTES / 1024 / 1024,
    megapixels: MAX_IMAGE_PIXELS / 1_000_000,
    perMeadow: MAX_PHOTOS_PER_MEADOW,
    perHour: LIMITS.photoUploadsPerMember.max,
    atOnce: MAX_UPLOADS_PER_MEMBER_AT_ONCE,
    filesPerForm: MAX_FILES_PER_FORM,
  };
}

/** One of the section's forms, as the page's action received it from a signed-in member. */
interface PhotoForm {
  context: Readonly<RouterContextProvider>;
  formData: FormData;
  meadowId: string;
  memberId: string;
  /** The meadow page in the request's language, where a form that worked goes back to. */
  detailPath: string;
}

/** The upload form: several files in one request (the form without JavaScript). */
export async function uploadPhotosFromForm(
  form: Omit<PhotoForm, "formData"> & { request: Request },
) {
  const { context, request, meadowId, memberId } = form;
  const intent = "upload-photos";
  const reply = (body: PhotoActionData, status: number, retryAfter?: number) =>
    data(body, { status, headers: retryAfter ? { "Retry-After": String(retryAfter) } : undefined });
  const refuseUnread = (error: FormRefusal, status: number, retryAfter: number) => {
    discardBody(request);
    return reply({ intent, error }, status, retryAfter);
  };
  const taken = takeUploadSlot(memberId);
  if ("refusal" in taken) {
    return refuseUnread(
      taken.refusal === "busy" ? "photos.uploadsBusy" : "photos.uploadsAtOnce",
      statusOfRefusal(taken.refusal),
      taken.retryAfter,
    );
  }
  try {
    // The form's files are counted one by one as they arrive; one over the limit already is
    // refused here, unread.
    const limit = await peekPhotoLimit(context, memberId);
    if (!limit.allowed) return refuseUnread("photos.uploadsRateLimited", 429, limit.retryAfter);
    const options = {
      tempDir: uploadTempDir(context.get(appContext).config.dataDir),
      fileFields: ["photos"],
      maxFiles: MAX_FILES_PER_FORM,
      maxFileBytes: MAX_IMAGE_BYTES,
      admit: async () => (await countPhoto(context, memberId)).refusal,
    };
    return await readUpload<PhotoRefusal, Response | ReturnType<typeof reply>>(
      request,
      options,
      async (upload) => {
        if (upload.fields.get("intent") !== intent) throw data("Unknown form", { status: 400 });
        const parsed = photoUploadSchema().safeParse({ caption: upload.fields.get("caption") });
        if (!parsed.success) return reply({ intent, error: "photos.captionTooLong" }, 400);
        if (upload.tooManyFiles) return reply({ intent, error: "photos.tooManyFiles" }, 400);
        if (upload.files.length === 0) return reply({ intent, error: "photos.noFiles" }, 400);
        const outcomes = await uploadPhotos({
          context,
          meadowId,
          memberId,
          files: upload.files,
          caption: parsed.data.caption,
        });
        const refused = outcomes.find((outcome) => !outcome.added);
        if (!refused) return backToPhotos(form, "photos.added");
        const someAdded = outcomes.some((outcome) => outcome.added);
        return reply({ intent, outcomes }, someAdded ? 200 : statusOfRefusal(refused.reason));
      },
    );
  } finally {
    taken.slot.release();
  }
}

type FormRefusal = "photos.uploadsBusy" | "photos.uploadsAtOnce" | "photos.uploadsRateLimited";

/** The delete form: the dialog's confirmed press, or without JavaScript a first press that asks. */
export async function deletePhotoFromForm(form: PhotoForm) {
  const { context, formData, meadowId, memberId } = form;
  const intent = "delete-photo";
  const { db, storage } = context.get(appContext);
  const parsed = photoDeleteSchema().safeParse({
    photoId: formData.get("photoId"),
    confirm: formData.get("confirm") ?? undefined,
  });
  if (!parsed.success) throw data("Bad request", { status: 400 });
  const { photoId, confirm } = parsed.data;
  try {
    if (confirm !== "yes") {
      // Without JavaScript there is no dialog: the first press asks, the second deletes.
      await assertMayDeletePhoto(db, memberId, meadowId, photoId);
      return data<PhotoActionData>({ intent, confirm: photoId });
    }
    await deletePhoto(db, storage, memberId, meadowId, photoId);
  } catch (error) {
    if (error instanceof ForbiddenError) {
      return data<PhotoActionData>({ intent, error: "photos.notYours", photoId }, { status: 403 });
    }
    if (error instanceof NotFoundError) {
      return data<PhotoActionData>({ intent, error: "photos.notFound", photoId }, { status: 404 });
    }
    throw error;
  }
  return backToPhotos(form, "photos.deleted");
}

/** Back to the photos on the meadow page, with a toast that says what was done. */
function backToPhotos(
  { context, detailPath }: Pick<PhotoForm, "context" | "detailPath">,
  key: "photos.added" | "photos.deleted",
) {
  const { config } = context.get(appContext);
  return redirectWithToast(`${detailPath}#photos`, { type: "success", key }, config);
}
