import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { meadows, users } from "../../../db/schema";
import { testEngines } from "../../../tests/support/databases";
import { addUser, meadowInput, north, UTRECHT } from "../../../tests/support/meadow-rows";
import type { Database, DatabaseHandle } from "~/adapters/db.server";
import { createDiskStorage } from "~/adapters/storage.server";
import { deleteMeadowWithPhotos } from "~/services/photos.server";
import { monthRange } from "~/lib/crops";
import { ForbiddenError, NotFoundError } from "./errors";
import { createMeadow, getMeadow, isMeadowId, updateMeadow } from "./records.server";

/** Where deleted meadows' photo files would go; these meadows have none. */
const storage = createDiskStorage(mkdtempSync(path.join(tmpdir(), "plukweide-meadows-")));

describe.each(testEngines)("meadow records on $name", (engine) => {
  let handle: DatabaseHandle;
  let db: Database;

  beforeAll(async () => {
    handle = await engine.open();
    await handle.migrate();
    db = handle.db;
    await addUser(db, "anna", "Anna de Vries");
    await addUser(db, "bram", "Bram Peeters");
  });
  afterAll(() => handle?.close());

  beforeEach(async () => {
    await db.delete(meadows);
  });

  describe("adding, changing and removing", () => {
    it("keeps the crops, their months and the union of their months with every write", async () => {
      const created = await createMeadow(
        db,
        "anna",
        meadowInput({
          crops: [
            { id: "holly", months: monthRange(11, 1) },
            { id: "dahlia", months: monthRange(7, 10) },
          ],
        }),
      );
      expect(created).toMatchObject({
        crops: ["dahlia", "holly"],
        cropMonths: [monthRange(7, 10), monthRange(11, 1)],
        seasonMask: monthRange(7, 1),
      });
      const updated = await updateMeadow(
        db,
        "anna",
        created.id,
        meadowInput({ crops: [{ id: "tulip", months: monthRange(4, 5) }] }),
      );
      expect(updated).toMatchObject({
        crops: ["tulip"],
        cropMonths: [monthRange(4, 5)],
        seasonMask: monthRange(4, 5),
      });
      const cleared = await updateMeadow(db, "anna", created.id, meadowInput());
      expect(cleared).toMatchObject({ crops: [], cropMonths: [], seasonMask: 0 });
    });

    it("adds a meadow with a short id, a parsed price and its owner", async () => {
      const created = await createMeadow(
        db,
        "anna",
        meadowInput({ priceText: "3 stelen voor €1" }),
      );
      expect(isMeadowId(created.id)).toBe(true);
      expect(created.priceAmount).toBe(0.33);
      const detail = await getMeadow(db, created.id);
      expect(detail).toMatchObject({
        name: "Pluktuin De Hoeve",
        ownerId: "anna",
        owner: { id: "anna", name: "Anna de Vries" },
      });
      expect(await getMeadow(db, "nothere123")).toBeNull();
      expect(await getMeadow(db, "../../etc")).toBeNull();
    });

    it("lets only the owner change and delete a meadow", async () => {
      const { id } = await createMeadow(db, "anna", meadowInput());
      const change = meadowInput({ name: "Tulpenveld", priceText: "Gratis", ...north(UTRECHT, 3) });

      await expect(updateMeadow(db, "bram", id, change)).rejects.toBeInstanceOf(ForbiddenError);
      await expect(deleteMeadowWithPhotos(db, storage, "bram", id)).rejects.toBeInstanceOf(
        ForbiddenError,
      );
      expect((await getMeadow(db, id))?.name).toBe("Pluktuin De Hoeve");

      const updated = await updateMeadow(db, "anna", id, change);
      expect(updated).toMatchObject({ name: "Tulpenveld", priceAmount: 0, ownerId: "anna" });
      expect(updated.updatedAt.getTime()).toBeGreaterThanOrEqual(updated.createdAt.getTime());

      await deleteMeadowWithPhotos(db, storage, "anna", id);
      expect(await getMeadow(db, id)).toBeNull();
      await expect(updateMeadow(db, "anna", id, change)).rejects.toBeInstanceOf(NotFoundError);
      await expect(deleteMeadowWithPhotos(db, storage, "anna", id)).rejects.toBeInstanceOf(
        NotFoundError,
      );
    });

    it("keeps a meadow without owner when the owner's account goes", async () => {
      await addUser(db, "cees", "Cees");
      const { id } = await createMeadow(db, "cees", meadowInput());
      await db.delete(users).where(eq(users.id, "cees"));
      const detail = await getMeadow(db, id);
      expect(detail).toMatchObject({ id, ownerId: null, owner: null });
      // Nobody owns it any more, so nobody can change it.
      await expect(deleteMeadowWithPhotos(db, storage, "cees", id)).rejects.toBeInstanceOf(
        ForbiddenError,
      );
    });
  });
});
