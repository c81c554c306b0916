import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertMeadow } from "../../db/factories/meadows";
import { insertMember } from "../../db/factories/members";
import { users } from "../../db/schema";
import { png } from "../../tests/fixtures/images/generate";
import { migratedDatabase, testEngines } from "../../tests/support/databases";
import { startS3Server, type TestS3Server } from "../../tests/support/s3-server";
import { startImageSweep } from "../../server/image-sweep";
import { createLogger } from "~/adapters/logger.server";
import { createDiskStorage, createS3Storage, type ObjectStorage } from "~/adapters/storage.server";
import { ORPHAN_MIN_AGE_MS, sweepOrphanedImages } from "./image-sweep.server";
import { processImage, storeImage } from "~/adapters/images.server";
import { addPhoto, deletePhoto } from "./photos.server";
import { setAvatar } from "./profiles.server";

const later = () => new Date(Date.now() + ORPHAN_MIN_AGE_MS + 60_000);

/** Files as an upload leaves them when its process stops before the row commits. */
async function storeWithoutRow(
  storage: ObjectStorage,
  bytes: Buffer,
  namespace: "photos" | "avatars",
) {
  const image = await processImage(bytes, { namespace, widths: [320] });
  await storeImage(storage, image);
  return image.keyPrefix;
}

const stores: {
  name: string;
  open(): Promise<{ storage: ObjectStorage; close(): Promise<void> }>;
}[] = [
  {
    name: "disk",
    open: async () => ({
      storage: createDiskStorage(mkdtempSync(path.join(tmpdir(), "plukweide-sweep-"))),
      close: async () => {},
    }),
  },
  {
    name: "S3",
    open: async () => {
      const server: TestS3Server = await startS3Server();
      return {
        storage: createS3Storage({ ...server, publicUrl: undefined }),
        close: () => server.close(),
      };
    },
  },
];

describe.each(testEngines)("the orphaned image sweep on $name", (engine) => {
  describe.each(stores)("with $name storage", (store) => {
    const database = migratedDatabase(engine);
    let storage: ObjectStorage;
    let close: () => Promise<void>;
    beforeAll(async () => {
      ({ storage, close } = await store.open());
      await insertMember(database.db, { id: "member", name: "Member" });
      await insertMeadow(database.db, { id: "sweep0001", ownerId: "member", name: "Veld" });
    });
    afterAll(() => close());

    it("removes old files no row refers to, photos and avatars, and keeps every other", async () => {
      const { db } = database;
      const kept = await addPhoto(db, storage, {
        meadowId: "sweep0001",
        authorId: "member",
        bytes: await png(400, 300),
      });
      await setAvatar(db, storage, "member", await png(200, 200));
      const [member] = await db
        .select({ avatarKey: users.avatarKey })
        .from(users)
        .where(eq(users.id, "member"));
      const orphanPhoto = await storeWithoutRow(storage, await png(401, 300), "photos");
      const orphanAvatar = await storeWithoutRow(storage, await png(201, 200), "avatars");

      // Too young: an upload may still be on its way to its row.
      expect(await sweepOrphanedImages(db, storage)).toEqual({ removed: [], files: 0 });
      expect(await storage.list(orphanPhoto)).not.toEqual([]);

      const swept = await sweepOrphanedImages(db, storage, later());
      expect(swept.removed.sort()).toEqual([orphanAvatar, orphanPhoto].sort());
      expect(swept.files).toBe(3);
      expect(await storage.list(orphanPhoto)).toEqual([]);
      expect(await storage.list(orphanAvatar)).toEqual([]);
      expect(await storage.list(kept.keyPrefix)).not.toEqual([]);
      expect(await storage.list(member!.avatarKey!)).not.toEqual([]);
      expect(await sweepOrphanedImages(db, storage, later())).toEqual({ removed: [], files: 0 });
      // Deleting the photo takes its files along, in whichever store.
      await deletePhoto(db, storage, "member", "sweep0001", kept.id);
      expect(await storage.list(kept.keyPrefix)).toEqual([]);
    });

    it("runs after start and logs what it removed", async () => {
      const orphan = await storeWithoutRow(storage, await png(402, 300), "photos");
      const lines: { msg: string; removed?: string[]; files?: number }[] = [];
      const logger = createLogger("info", {
        write: (line: string) => void lines.push(JSON.parse(line)),
      });
      // An hour is too long to wait for: the sweep's clock runs ahead instead.
      const sweep = startImageSweep(database.db, storage, logger, {
        firstRunMs: 10,
        everyMs: 60_000,
        now: later,
      });
      await sleep(500);
      await sweep.stop();
      expect(lines.filter((line) => line.msg === "orphaned image files removed")).toEqual([
        expect.objectContaining({ removed: [orphan], files: 2 }),
      ]);
      expect(await storage.list(orphan)).toEqual([]);
    });
  });
});
