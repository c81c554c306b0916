import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { meadows, users } from "../../../db/schema";
import { meadowInput, north, UTRECHT } from "../../../db/factories/meadows";
import { insertMember, insertMembers } from "../../../db/factories/members";
import { migratedDatabase, testEngines } from "../../../tests/support/databases";
import type { Database } from "~/adapters/db.server";
import { createDiskStorage } from "~/adapters/storage.server";
import { deleteMeadowWithPhotos } from "~/services/photos.server";
import { monthRange } from "~/lib/crops";
import { ForbiddenError, NotFoundError } from "./errors";
import { createMeadow, getMeadow, isMeadowId, updateMeadow } from "./records.server";

/** Where deleted meadows' photo files would go; these meadows have none. */
const storage = createDiskStorage(mkdtempSync(path.join(tmpdir(), "plukweide-meadows-")));

describe.each(testEngines)("meadow records on $name", (engine) => {
  const database = migratedDatabase(engine);
  let db: Database;

  beforeAll(async () => {
    db = database.db;
    await insertMembers(db, [
      { id: "anna", name: "Anna de Vries" },
      { id: "bram", name: "Bram Peeters" },
    ]);
  });

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
      await insertMember(db, { id: "cees", name: "Cees" });
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
