import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { insertMeadow, insertMeadows } from "../../db/factories/meadows";
import { insertMembers } from "../../db/factories/members";
import { meadows, photos, users } from "../../db/schema";
import { orientedJpegWithGps, png, webp } from "../../tests/fixtures/images/generate";
import { migratedDatabase, testEngines } from "../../tests/support/databases";
import { createDiskStorage, type ObjectStorage } from "~/adapters/storage.server";
import { PHOTO_CAPTION_MAX } from "~/lib/schemas/photo";
import { UnsupportedImageError } from "~/adapters/images.server";
import { ForbiddenError, NotFoundError } from "./meadows/errors";
import {
  addPhoto,
  deleteMeadowWithPhotos,
  deletePhoto,
  firstPhotos,
  listMeadowPhotos,
  MAX_PHOTOS_PER_MEADOW,
  MeadowPhotosFullError,
  photoImage,
  PHOTO_WIDTHS,
} from "./photos.server";
import { removeAccountFiles } from "./profiles.server";

/** A storage whose writes fail after `failAfter` puts, to see what a half-stored upload leaves. */
function failingStorage(inner: ObjectStorage, failAfter: number): ObjectStorage {
  let puts = 0;
  return {
    ...inner,
    kind: inner.kind,
    async put(key, bytes, type) {
      puts += 1;
      if (puts > failAfter) throw new Error("disk full");
      return inner.put(key, bytes, type);
    },
  };
}

describe.each(testEngines)("photos on $name", (engine) => {
  const database = migratedDatabase(engine);
  let storage: ObjectStorage;
  let storageDir: string;
  beforeAll(async () => {
    storageDir = mkdtempSync(path.join(tmpdir(), "plukweide-photos-"));
    storage = createDiskStorage(storageDir);
    await insertMembers(
      database.db,
      ["owner", "author", "stranger", "leaver"].map((id) => ({ id, name: `Member ${id}` })),
    );
  });

  it("adds photos in upload order with author, size and placeholder, and lists them", async () => {
    const { db } = database;
    await insertMeadow(db, { id: "gallery01", ownerId: "owner" });
    const first = await addPhoto(db, storage, {
      meadowId: "gallery01",
      authorId: "author",
      bytes: await orientedJpegWithGps(),
      caption: "  Tulpen in april  ",
    });
    const second = await addPhoto(db, storage, {
      meadowId: "gallery01",
      authorId: "owner",
      bytes: await png(900, 600),
    });
    // Cut to its longest, but never through an emoji's two halves.
    const long = await addPhoto(db, storage, {
      meadowId: "gallery01",
      authorId: "owner",
      bytes: await png(90, 60),
      caption: `${"x".repeat(PHOTO_CAPTION_MAX - 1)}🌷 en meer`,
    });
    expect(long.caption).toBe("x".repeat(PHOTO_CAPTION_MAX - 1));
    // The EXIF orientation is applied: 100x50 stored, 50x100 upright.
    expect(first).toMatchObject({ width: 50, height: 100, caption: "Tulpen in april" });
    expect(first.placeholder).toMatch(/^#[0-9a-f]{6}$/);
    expect(second.caption).toBeNull();
    const listed = await listMeadowPhotos(db, "gallery01");
    expect(listed.map((photo) => photo.id)).toEqual([first.id, second.id, long.id]);
    expect(listed[0]?.author).toEqual({
      id: "author",
      name: "Member author",
      avatarKey: null,
      avatarWidth: null,
    });
    expect(await storage.list(second.keyPrefix)).toEqual([
      `${second.keyPrefix}/1280w-1x.webp`,
      `${second.keyPrefix}/320w-1x.webp`,
      `${second.keyPrefix}/320w-2x.webp`,
      `${second.keyPrefix}/480w-1x.webp`,
      `${second.keyPrefix}/480w-2x.webp`,
    ]);

    const first_ = await firstPhotos(db, ["gallery01", "elsewhere"]);
    expect([...first_.keys()]).toEqual(["gallery01"]);
    const image = photoImage(storage, first_.get("gallery01")!, PHOTO_WIDTHS.card);
    expect(image).toMatchObject({ width: 50, height: 100, placeholder: first.placeholder });
    // A 50-pixel source yields one file per display width, each 50 pixels wide: one candidate.
    expect(image.srcSet).toBe(`/images/${first.keyPrefix}/320w-1x.webp 50w`);
    const wide = photoImage(storage, second, PHOTO_WIDTHS.gallery);
    expect(wide.src).toBe(`/images/${second.keyPrefix}/320w-1x.webp`);
    expect(wide.srcSet).toBe(
      [
        `/images/${second.keyPrefix}/320w-1x.webp 320w`,
        `/images/${second.keyPrefix}/480w-1x.webp 480w`,
        `/images/${second.keyPrefix}/320w-2x.webp 640w`,
        `/images/${second.keyPrefix}/480w-2x.webp 900w`,
      ].join(", "),
    );
  });

  it("refuses files that are not images, and photos for meadows that do not exist", async () => {
    const { db } = database;
    await expect(
      addPhoto(db, storage, {
        meadowId: "gallery01",
        authorId: "author",
        bytes: Buffer.from("not a picture"),
      }),
    ).rejects.toBeInstanceOf(UnsupportedImageError);
    await expect(
      addPhoto(db, storage, { meadowId: "nowhere", authorId: "author", bytes: await webp() }),
    ).rejects.toBeInstanceOf(NotFoundError);
    // The refused upload's files were removed again: no row refers to them.
    const keys = await storage.list("photos");
    const rows = await db.select({ keyPrefix: photos.keyPrefix }).from(photos);
    const referenced = new Set(rows.map((row) => row.keyPrefix));
    expect(keys.filter((key) => !referenced.has(key.split("/").slice(0, 2).join("/")))).toEqual([]);
  });

  it("removes the files again when storing them fails halfway", async () => {
    const { db } = database;
    await insertMeadow(db, { id: "halfway01", ownerId: "owner" });
    const bytes = await png(700, 500);
    await expect(
      addPhoto(db, failingStorage(storage, 2), {
        meadowId: "halfway01",
        authorId: "author",
        bytes,
      }),
    ).rejects.toThrow("disk full");
    expect(await listMeadowPhotos(db, "halfway01")).toEqual([]);
    const stored = await addPhoto(db, storage, {
      meadowId: "halfway01",
      authorId: "author",
      bytes,
    });
    await db.delete(photos).where(eq(photos.id, stored.id));
    // Any other upload of the same picture would have stored it again; none is left over now.
    await expect(
      addPhoto(db, failingStorage(storage, 0), {
        meadowId: "halfway01",
        authorId: "author",
        bytes,
      }),
    ).rejects.toThrow("disk full");
    expect(await storage.list(stored.keyPrefix)).toEqual([]);
  });

  it(`holds at most ${MAX_PHOTOS_PER_MEADOW} photos per meadow`, async () => {
    const { db } = database;
    await insertMeadow(db, { id: "full0001", ownerId: "owner" });
    const template = await addPhoto(db, storage, {
      meadowId: "full0001",
      authorId: "author",
      bytes: await png(40, 30),
    });
    await db.insert(photos).values(
      Array.from({ length: MAX_PHOTOS_PER_MEADOW - 1 }, (_, i) => ({
        ...template,
        id: `filler${i}`,
      })),
    );
    await expect(
      addPhoto(db, storage, { meadowId: "full0001", authorId: "author", bytes: await png(41, 30) }),
    ).rejects.toBeInstanceOf(MeadowPhotosFullError);
  });

  it("lets the author and the meadow's owner delete a photo, nobody else", async () => {
    const { db } = database;
    await insertMeadow(db, { id: "delete01", ownerId: "owner" });
    const add = async (width: number) =>
      addPhoto(db, storage, {
        meadowId: "delete01",
        authorId: "author",
        bytes: await png(width, 200),
      });
    const byAuthor = await add(301);
    const byOwner = await add(302);
    await expect(
      deletePhoto(db, storage, "stranger", "delete01", byAuthor.id),
    ).rejects.toBeInstanceOf(ForbiddenError);
    // The right photo id under another meadow's address is no photo at all.
    await expect(
      deletePhoto(db, storage, "author", "gallery01", byAuthor.id),
    ).rejects.toBeInstanceOf(NotFoundError);
    await expect(deletePhoto(db, storage, "author", "delete01", "x'--")).rejects.toBeInstanceOf(
      NotFoundError,
    );
    await deletePhoto(db, storage, "author", "delete01", byAuthor.id);
    await deletePhoto(db, storage, "owner", "delete01", byOwner.id);
    expect(await listMeadowPhotos(db, "delete01")).toEqual([]);
    expect(await storage.list(byAuthor.keyPrefix)).toEqual([]);
    expect(await storage.list(byOwner.keyPrefix)).toEqual([]);
    // Deleting again: the photo is gone.
    await expect(
      deletePhoto(db, storage, "author", "delete01", byAuthor.id),
    ).rejects.toBeInstanceOf(NotFoundError);
  });

  it("keeps files another photo shares until the last one goes", async () => {
    const { db } = database;
    await insertMeadows(db, [
      { id: "shared01", ownerId: "owner" },
      { id: "shared02", ownerId: "owner" },
    ]);
    const bytes = await png(303, 200);
    const one = await addPhoto(db, storage, { meadowId: "shared01", authorId: "author", bytes });
    const two = await addPhoto(db, storage, { meadowId: "shared02", authorId: "owner", bytes });
    expect(two.keyPrefix).toBe(one.keyPrefix);
    await deletePhoto(db, storage, "author", "shared01", one.id);
    expect(await storage.list(one.keyPrefix)).not.toEqual([]);
    await deletePhoto(db, storage, "owner", "shared02", two.id);
    expect(await storage.list(one.keyPrefix)).toEqual([]);
  });

  it("deletes a meadow's photos and their files with the meadow, only for its owner", async () => {
    const { db } = database;
    await insertMeadow(db, { id: "gone0001", ownerId: "owner" });
    const photo = await addPhoto(db, storage, {
      meadowId: "gone0001",
      authorId: "author",
      bytes: await png(304, 200),
    });
    await expect(deleteMeadowWithPhotos(db, storage, "author", "gone0001")).rejects.toBeInstanceOf(
      ForbiddenError,
    );
    expect(await storage.list(photo.keyPrefix)).not.toEqual([]);
    await deleteMeadowWithPhotos(db, storage, "owner", "gone0001");
    expect(await db.select().from(meadows).where(eq(meadows.id, "gone0001"))).toEqual([]);
    expect(await db.select().from(photos).where(eq(photos.meadowId, "gone0001"))).toEqual([]);
    expect(await storage.list(photo.keyPrefix)).toEqual([]);
    await expect(deleteMeadowWithPhotos(db, storage, "owner", "gone0001")).rejects.toBeInstanceOf(
      NotFoundError,
    );
  });

  it("removes a leaving member's photos and files, and keeps others' photos of their meadow", async () => {
    const { db } = database;
    await insertMeadow(db, { id: "leaver01", ownerId: "leaver" });
    const theirs = await addPhoto(db, storage, {
      meadowId: "leaver01",
      authorId: "leaver",
      bytes: await png(305, 200),
    });
    const someoneElses = await addPhoto(db, storage, {
      meadowId: "leaver01",
      authorId: "author",
      bytes: await png(306, 200),
    });
    await removeAccountFiles(db, storage, "leaver");
    await db.delete(users).where(eq(users.id, "leaver"));
    expect((await listMeadowPhotos(db, "leaver01")).map((photo) => photo.id)).toEqual([
      someoneElses.id,
    ]);
    expect(await storage.list(theirs.keyPrefix)).toEqual([]);
    expect(await storage.list(someoneElses.keyPrefix)).not.toEqual([]);
  });

  it("never leaves a row without files when uploads and deletes of one picture overlap", async () => {
    const { db } = database;
    await insertMeadow(db, { id: "race0001", ownerId: "owner" });
    const bytes = await png(700, 201);
    const kept = await addPhoto(db, storage, { meadowId: "race0001", authorId: "author", bytes });
    await Promise.all([
      deletePhoto(db, storage, "author", "race0001", kept.id),
      addPhoto(db, storage, { meadowId: "race0001", authorId: "owner", bytes }),
      addPhoto(db, storage, { meadowId: "race0001", authorId: "author", bytes }),
    ]);
    const left = await listMeadowPhotos(db, "race0001");
    expect(left).toHaveLength(2);
    expect(await storage.list(kept.keyPrefix)).toHaveLength(5);
  });
});
