import { lazySchema, z } from "./zod";

/*
 * The photo forms of a meadow's page, for the browser and the server alike. Files are checked
 * by the image pipeline (by their content); these schemas check the fields around them. The
 * meadow's page loads this module for its limits and messages; the schemas are built on their
 * first use (lazySchema), which only the server's actions make.
 */

/** Longest caption (the database checks it as well). */
export const PHOTO_CAPTION_MAX = 200;
/** Files one form may send without JavaScript; with JavaScript each file is its own request. */
export const MAX_FILES_PER_FORM = 10;
/** What the file picker offers; the server recognises the formats by their content. */
export const PHOTO_ACCEPT = "image/jpeg,image/png,image/webp,image/avif";

export const photoCaptionSchema = lazySchema(() =>
  z
    .string()
    .trim()
    .max(PHOTO_CAPTION_MAX, { error: "photos.captionTooLong" })
    .optional()
    .transform((caption) => caption || null),
);

export const photoUploadSchema = lazySchema(() => z.object({ caption: photoCaptionSchema() }));

export const photoDeleteSchema = lazySchema(() =>
  z.object({
    photoId: z.string().regex(/^[0-9A-Za-z]{1,64}$/),
    /** Without JavaScript the first press asks, the second (with confirm=yes) deletes. */
    confirm: z.literal("yes").optional(),
  }),
);

/** Why a file was not added; each has its own message (`photos.refused.<reason>`). */
export const PHOTO_REFUSALS = [
  "unsupported",
  "tooLarge",
  "tooManyPixels",
  "undecodable",
  "meadowFull",
  "rateLimited",
  "meadowGone",
  "failed",
  "captionTooLong",
  "tooManyAtOnce",
  "busy",
] as const;
export type PhotoRefusal = (typeof PHOTO_REFUSALS)[number];

/** One file's outcome, as the page and the upload API report it. */
export type PhotoUploadOutcome =
  | { name: string; added: true; photoId: string }
  | { name: string; added: false; reason: PhotoRefusal };
