import { and, asc, count, eq, sql, type SQL } from "drizzle-orm";
import { meadows, photos, users, type Photo } from "../../db/schema";
import { preparedQuery, type Database } from "~/adapters/db.server";
import type { ObjectStorage } from "~/adapters/storage.server";
import { PHOTO_CAPTION_MAX } from "~/lib/schemas/photo";
import {
  deleteImage,
  imageSources,
  imageSrcSetByWidth,
  processImage,
  storeImage,
  type ImageInput,
  type ProcessedImage,
} from "~/adapters/images.server";
import { ForbiddenError, NotFoundError } from "./meadows/errors";
import { randomId } from "./random-id.server";
import { cutText } from "~/lib/cut-text";

/*
 * Photos of meadows: added by members, shown in upload order, removed by their author or the
 * meadow's owner. Files are content-addressed (the same picture shares its files), so every
 * step that writes or removes files of a key prefix holds a transaction lock on that prefix:
 * files are stored before the row commits, and removed only while no row refers to them.
 */

/** CSS pixel widths photos are shown at: gallery tiles, result cards, the full-size view. */
export const PHOTO_WIDTHS = { gallery: 320, card: 480, full: 1280 } as const;
const DISPLAY_WIDTHS = Object.values(PHOTO_WIDTHS);

/** Photos one meadow may hold: a page of them stays quick to load and to look through. */
export const MAX_PHOTOS_PER_MEADOW = 60;

/** The meadow already holds MAX_PHOTOS_PER_MEADOW photos. */
export class MeadowPhotosFullError extends Error {
  override name = "MeadowPhotosFullError";
}

function newPhotoId(): string {
  return randomId(12);
}

const PHOTO_ID_PATTERN = /^[0-9A-Za-z]{1,64}$/;

/** A transaction or the database itself: both run the same queries. */
type Queries = Pick<Database, "select" | "insert" | "delete" | "execute">;

/** Waits until no other transaction writes or removes files of `keyPrefix`; held until commit. */
async function lockKeyPrefix(tx: Queries, keyPrefix: string): Promise<void> {
  // Two-key form, so these locks never meet the migration's single-key lock.
  await tx.execute(sql`select pg_advisory_xact_lock(1734, hashtext(${keyPrefix}))`);
}

/**
 * Removes the files of `keyPrefix` unless a photo still refers to them. Run after the row that
 * used them is gone (or never committed); a failure here leaves files no row refers to, which
 * the orphan sweep removes later.
 */
export async function removeFilesUnlessReferenced(
  db: Database,
  storage: ObjectStorage,
  keyPrefix: string,
): Promise<void> {
  await db.transaction(async (tx) => {
    await lockKeyPrefix(tx, keyPrefix);
    const [used] = await tx
      .select({ id: photos.id })
      .from(photos)
      .where(eq(photos.keyPrefix, keyPrefix))
      .limit(1);
    if (!used) await deleteImage(storage, keyPrefix);
  });
}

export interface NewPhoto {
  meadowId: string;
  authorId: string;
  /** The upload's bytes, or the temporary file holding them. */
  bytes: ImageInput;
  caption?: string | null;
}

/**
 * Processes an upload and adds it to the meadow's gallery. Throws the image pipeline's
 * ImageError subclasses for files to refuse, NotFoundError when the meadow does not exist and
 * MeadowPhotosFullError when it holds the most photos it may.
 */
export async function addPhoto(
  db: Database,
  storage: ObjectStorage,
  upload: NewPhoto,
): Promise<Photo> {
  const caption = (upload.caption && cutText(upload.caption.trim(), PHOTO_CAPTION_MAX)) || null;
  // Cheap checks first, so a full meadow does not cost a decode.
  await assertRoomFor(db, upload.meadowId);
  const image = await processImage(upload.bytes, { namespace: "photos", widths: DISPLAY_WIDTHS });
  try {
    return await db.transaction(async (tx) => {
      await lockKeyPrefix(tx, image.keyPrefix);
      // The meadow's row lock: a meadow being deleted waits for this photo or is gone already,
      // and two uploads to one meadow count its photos one after the other.
      const [meadow] = await tx
        .select({ id: meadows.id })
        .from(meadows)
        .where(eq(meadows.id, upload.meadowId))
        .for("update");
      if (!meadow) throw new NotFoundError(`meadow ${upload.meadowId} does not exist`);
      await assertRoomFor(tx, upload.meadowId);
      await storeImage(storage, image);
      return insertPhoto(tx, upload, image, caption);
    });
  } catch (error) {
    await removeFilesUnlessReferenced(db, storage, image.keyPrefix);
    throw error;
  }
}

async function assertRoomFor(db: Queries, meadowId: string): Promise<void> {
  const [row] = await db
    .select({ total: count() })
    .from(photos)
    .where(eq(photos.meadowId, meadowId));
  if ((row?.total ?? 0) >= MAX_PHOTOS_PER_MEADOW) {
    throw new MeadowPhotosFullError(`meadow ${meadowId} holds ${MAX_PHOTOS_PER_MEADOW} photos`);
  }
}

async function insertPhoto(
  tx: Queries,
  upload: NewPhoto,
  image: ProcessedImage,
  caption: string | null,
): Promise<Photo> {
  const [row] = await tx
    .insert(photos)
    .values({
      id: newPhotoId(),
      meadowId: upload.meadowId,
      authorId: upload.authorId,
      keyPrefix: image.keyPrefix,
      width: image.width,
      height: image.height,
      placeholder: image.placeholder,
      caption,
    })
    .returning();
  if (!row) throw new Error("insert returned no row");
  return row;
}

export interface MeadowPhoto {
  id: string;
  keyPrefix: string;
  width: number;
  height: number;
  placeholder: string;
  caption: string | null;
  createdAt: Date;
  author: { id: string; name: string; avatarKey: string | null; avatarWidth: number | null };
}

/** The meadow's photos in upload order (the id keeps photos of one moment in one order). */
export async function listMeadowPhotos(db: Database, meadowId: string): Promise<MeadowPhoto[]> {
  return photosOfMeadow(db).execute({ meadowId });
}

const photosOfMeadow = preparedQuery((db) =>
  db
    .select({
      id: photos.id,
      keyPrefix: photos.keyPrefix,
      width: photos.width,
      height: photos.height,
      placeholder: photos.placeholder,
      caption: photos.caption,
      createdAt: photos.createdAt,
      author: {
        id: users.id,
        name: users.name,
        avatarKey: users.avatarKey,
        avatarWidth: users.avatarWidth,
      },
    })
    .from(photos)
    .innerJoin(users, eq(users.id, photos.authorId))
    .where(eq(photos.meadowId, sql.placeholder("meadowId")))
    .orderBy(asc(photos.createdAt), asc(photos.id))
    .prepare("photos_of_meadow"),
);

export interface FirstPhoto {
  keyPrefix: string;
  width: number;
  height: number;
  placeholder: string;
}

/** Each meadow's first photo, for cards, the map's popups and link previews. */
export async function firstPhotos(
  db: Database,
  meadowIds: readonly string[],
): Promise<Map<string, FirstPhoto>> {
  const found = new Map<string, FirstPhoto>();
  if (meadowIds.length === 0) return found;
  const rows = await firstPhotoOfEach(db).execute({ meadowIds: [...new Set(meadowIds)] });
  for (const { meadowId, ...photo } of rows) found.set(meadowId, photo);
  return found;
}

const firstPhotoOfEach = preparedQuery((db) =>
  db
    .selectDistinctOn([photos.meadowId], {
      meadowId: photos.meadowId,
      keyPrefix: photos.keyPrefix,
      width: photos.width,
      height: photos.height,
      placeholder: photos.placeholder,
    })
    .from(photos)
    // One array value rather than a list of them: one statement for any number of meadows.
    .where(sql`${photos.meadowId} = any(${sql.placeholder("meadowIds")}::text[])`)
    .orderBy(photos.meadowId, asc(photos.createdAt), asc(photos.id))
    .prepare("first_photo_of_each"),
);

/**
 * A meadow's first photo (a FirstPhoto as JSON, null without one) as a column of a statement that
 * reads meadows: the same photo firstPhotos picks, read with the meadow's own row.
 */
export function firstPhotoColumn(meadowId: SQL): SQL {
  return sql`(select json_build_object('keyPrefix', ph.key_prefix, 'width', ph.width,
      'height', ph.height, 'placeholder', ph.placeholder)
    from photos ph where ph.meadow_id = ${meadowId} order by ph.created_at, ph.id limit 1)`;
}

/** What a page needs to show a stored photo at one of PHOTO_WIDTHS: src, srcset and size. */
export interface PhotoImage {
  src: string;
  srcSet: string;
  width: number;
  height: number;
  placeholder: string;
}

export function photoImage(
  storage: Pick<ObjectStorage, "publicUrl">,
  photo: FirstPhoto,
  displayWidth: (typeof DISPLAY_WIDTHS)[number],
): PhotoImage {
  return {
    src: imageSources(storage, photo, displayWidth).src,
    srcSet: imageSrcSetByWidth(storage, photo, DISPLAY_WIDTHS),
    width: photo.width,
    height: photo.height,
    placeholder: photo.placeholder,
  };
}

/** The photo's author and the meadow's owner may delete it; throws for anyone else. */
async function findDeletablePhoto(
  tx: Queries,
  actorId: string,
  meadowId: string,
  photoId: string,
  lock: boolean,
): Promise<{ keyPrefix: string }> {
  if (!PHOTO_ID_PATTERN.test(photoId)) throw new NotFoundError(`no photo ${photoId}`);
  const query = tx
    .select({ authorId: photos.authorId, keyPrefix: photos.keyPrefix, ownerId: meadows.ownerId })
    .from(photos)
    .innerJoin(meadows, eq(meadows.id, photos.meadowId))
    .where(and(eq(photos.id, photoId), eq(photos.meadowId, meadowId)));
  const [photo] = lock ? await query.for("update", { of: photos }) : await query;
  if (!photo) throw new NotFoundError(`no photo ${photoId} on meadow ${meadowId}`);
  if (photo.authorId !== actorId && photo.ownerId !== actorId) {
    throw new ForbiddenError(`photo ${photoId} is not ${actorId}'s to delete`);
  }
  return photo;
}

/** Throws NotFoundError or ForbiddenError unless `actorId` may delete the photo. */
export async function assertMayDeletePhoto(
  db: Database,
  actorId: string,
  meadowId: string,
  photoId: string,
): Promise<void> {
  await findDeletablePhoto(db, actorId, meadowId, photoId, false);
}

/** Each meadow's first photo as a result card shows it, for the meadows that have one. */
export async function cardPhotos(
  db: Database,
  storage: Pick<ObjectStorage, "publicUrl">,
  meadowIds: readonly string[],
): Promise<Map<string, PhotoImage>> {
  const found = await firstPhotos(db, meadowIds);
  return new Map(
    [...found].map(([meadowId, photo]) => [
      meadowId,
      photoImage(storage, photo, PHOTO_WIDTHS.card),
    ]),
  );
}

/**
 * Search results, which carry each meadow's first photo, with it as a result card shows it (null
 * without one): what withCardPhotos adds, without asking the database again.
 */
export function withCardImages<Meadow extends { firstPhoto: FirstPhoto | null }>(
  storage: Pick<ObjectStorage, "publicUrl">,
  meadows: readonly Meadow[],
): (Omit<Meadow, "firstPhoto"> & { photo: PhotoImage | null })[] {
  return meadows.map(({ firstPhoto, ...meadow }) => ({
    ...meadow,
    photo: firstPhoto ? photoImage(storage, firstPhoto, PHOTO_WIDTHS.card) : null,
  }));
}

/** A page of meadows with each one's first photo added (null without one), for card grids. */
export async function withCardPhotos<Meadow extends { id: string }>(
  db: Database,
  storage: Pick<ObjectStorage, "publicUrl">,
  meadows: Meadow[],
): Promise<(Meadow & { photo: PhotoImage | null })[]> {
  const photos = await cardPhotos(
    db,
    storage,
    meadows.map((meadow) => meadow.id),
  );
  return meadows.map((meadow) => ({ ...meadow, photo: photos.get(meadow.id) ?? null }));
}

/**
 * Removes a photo: its author or the meadow's owner may. Throws NotFoundError when there is no
 * such photo on that meadow, ForbiddenError for anyone else. Its files go once no row uses them.
 */
export async function deletePhoto(
  db: Database,
  storage: ObjectStorage,
  actorId: string,
  meadowId: string,
  photoId: string,
): Promise<void> {
  const keyPrefix = await db.transaction(async (tx) => {
    const photo = await findDeletablePhoto(tx, actorId, meadowId, photoId, true);
    await tx.delete(photos).where(eq(photos.id, photoId));
    return photo.keyPrefix;
  });
  await removeFilesUnlessReferenced(db, storage, keyPrefix);
}

/**
 * Deletes a meadow (only its owner may) with its photos' rows, then their files. Favorites go
 * with the meadow by the foreign key's cascade.
 */
export async function deleteMeadowWithPhotos(
  db: Database,
  storage: ObjectStorage,
  actorId: string,
  meadowId: string,
): Promise<void> {
  const keyPrefixes = await db.transaction(async (tx) => {
    // Locked first: an upload waiting for this row finds the meadow gone and cleans up after
    // itself; one that got it first is counted here.
    const [meadow] = await tx
      .select({ ownerId: meadows.ownerId })
      .from(meadows)
      .where(eq(meadows.id, meadowId))
      .for("update");
    if (!meadow) throw new NotFoundError(`meadow ${meadowId} does not exist`);
    if (meadow.ownerId === null || meadow.ownerId !== actorId) {
      throw new ForbiddenError(`meadow ${meadowId} belongs to someone else`);
    }
    const removed = await tx
      .delete(photos)
      .where(eq(photos.meadowId, meadowId))
      .returning({ keyPrefix: photos.keyPrefix });
    await tx.delete(meadows).where(eq(meadows.id, meadowId));
    return [...new Set(removed.map((row) => row.keyPrefix))];
  });
  for (const keyPrefix of keyPrefixes) await removeFilesUnlessReferenced(db, storage, keyPrefix);
}

/**
 * Before an account is deleted: every photo the member took, rows then files. Photos others
 * took of the member's meadows stay, with the meadows.
 */
export async function removeMemberPhotos(
  db: Database,
  storage: ObjectStorage,
  userId: string,
): Promise<void> {
  const removed = await db
    .delete(photos)
    .where(eq(photos.authorId, userId))
    .returning({ keyPrefix: photos.keyPrefix });
  for (const keyPrefix of new Set(removed.map((row) => row.keyPrefix))) {
    await removeFilesUnlessReferenced(db, storage, keyPrefix);
  }
}
