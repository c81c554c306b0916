import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { insertMeadow, insertMeadows } from "../../db/factories/meadows";
import { insertMember, insertMembers } from "../../db/factories/members";
import { favorites, users } from "../../db/schema";
import { migratedDatabase, testEngines } from "../../tests/support/databases";
import {
  addFavorite,
  countFor,
  favoritesOf,
  isFavorite,
  meadowExists,
  removeFavorite,
  setFavorite,
} from "./favorites.server";
import { NotFoundError } from "./meadows/errors";
import { listFavorites } from "./profiles.server";
import { createDiskStorage } from "~/adapters/storage.server";
import { deleteMeadowWithPhotos } from "./photos.server";

/** Where deleted meadows' photo files would go; these meadows have none. */
const storage = createDiskStorage(mkdtempSync(path.join(tmpdir(), "plukweide-favorites-")));

describe.each(testEngines)("favorites on $name", (engine) => {
  const database = migratedDatabase(engine);
  beforeAll(async () => {
    await insertMembers(database.db, [
      { id: "anna", name: "Anna" },
      { id: "bram", name: "Bram" },
      { id: "cees", name: "Cees" },
    ]);
    await insertMeadows(database.db, [
      { id: "tulpen" },
      { id: "dahlias" },
      { id: "zonnebloemen", ownerId: "cees" },
    ]);
  });

  const rowsOf = (userId: string) =>
    database.db.select().from(favorites).where(eq(favorites.userId, userId));

  it("adds, reports and removes a favorite, and setting it twice changes nothing", async () => {
    const { db } = database;
    expect(await isFavorite(db, "anna", "tulpen")).toBe(false);
    await addFavorite(db, "anna", "tulpen");
    await addFavorite(db, "anna", "tulpen");
    await setFavorite(db, "anna", "tulpen", true);
    expect(await isFavorite(db, "anna", "tulpen")).toBe(true);
    expect(await rowsOf("anna")).toHaveLength(1);

    await setFavorite(db, "anna", "tulpen", false);
    await removeFavorite(db, "anna", "tulpen");
    expect(await isFavorite(db, "anna", "tulpen")).toBe(false);
    expect(await rowsOf("anna")).toEqual([]);
  });

  it("leaves one row when two requests add the same favorite at once", async () => {
    const { db } = database;
    await Promise.all(Array.from({ length: 6 }, () => addFavorite(db, "bram", "dahlias")));
    expect(await rowsOf("bram")).toHaveLength(1);
    await Promise.all([
      setFavorite(db, "bram", "tulpen", true),
      setFavorite(db, "bram", "tulpen", true),
    ]);
    expect((await rowsOf("bram")).map((row) => row.meadowId).sort()).toEqual(["dahlias", "tulpen"]);
  });

  it("refuses a favorite of a meadow that does not exist", async () => {
    const { db } = database;
    await expect(addFavorite(db, "anna", "nosuchmeadow")).rejects.toBeInstanceOf(NotFoundError);
    await expect(addFavorite(db, "anna", "'; drop table--")).rejects.toBeInstanceOf(NotFoundError);
    await expect(setFavorite(db, "anna", "nosuchmeadow", false)).rejects.toBeInstanceOf(
      NotFoundError,
    );
    expect(await meadowExists(db, "nosuchmeadow")).toBe(false);
    expect(await meadowExists(db, "tulpen")).toBe(true);
    expect(await rowsOf("anna")).toEqual([]);
  });

  it("tells which meadows of a page a member keeps, in one answer", async () => {
    const { db } = database;
    await addFavorite(db, "cees", "tulpen");
    await addFavorite(db, "cees", "zonnebloemen");
    expect(await favoritesOf(db, "cees", ["tulpen", "dahlias", "zonnebloemen"])).toEqual(
      new Set(["tulpen", "zonnebloemen"]),
    );
    expect(await favoritesOf(db, undefined, ["tulpen"])).toEqual(new Set());
    expect(await favoritesOf(db, "cees", [])).toEqual(new Set());
  });

  it("counts the members who keep a meadow", async () => {
    const { db } = database;
    await insertMeadow(db, { id: "telveld" });
    expect(await countFor(db, "telveld")).toBe(0);
    for (const userId of ["anna", "bram", "cees"]) await addFavorite(db, userId, "telveld");
    await addFavorite(db, "anna", "telveld");
    expect(await countFor(db, "telveld")).toBe(3);
    await removeFavorite(db, "bram", "telveld");
    expect(await countFor(db, "telveld")).toBe(2);
  });

  it("lists a member's favorites newest first, or nearest first with their distance", async () => {
    const { db } = database;
    await insertMember(db, { id: "eva", name: "Eva" });
    await insertMeadows(db, [
      { id: "utrecht", lat: 52.09, lng: 5.12 },
      { id: "groningen", lat: 53.22, lng: 6.57 },
      { id: "leiden", lat: 52.16, lng: 4.49 },
    ]);
    const saved = Date.now();
    for (const [index, id] of ["groningen", "utrecht", "leiden"].entries()) {
      await db
        .insert(favorites)
        .values({ userId: "eva", meadowId: id, createdAt: new Date(saved + index * 1000) });
    }
    const newest = await listFavorites(db, "eva");
    expect(newest.items.map((item) => item.id)).toEqual(["leiden", "utrecht", "groningen"]);
    expect(newest.items[0]).not.toHaveProperty("distanceKm");

    // From Utrecht: Utrecht, Leiden (~45 km), Groningen (~155 km); not the order they were saved.
    const nearest = await listFavorites(db, "eva", { near: { lat: 52.09, lng: 5.12 } });
    expect(nearest.items.map((item) => item.id)).toEqual(["utrecht", "leiden", "groningen"]);
    const fromGroningen = await listFavorites(db, "eva", { near: { lat: 53.2, lng: 6.5 } });
    expect(fromGroningen.items.map((item) => item.id)).toEqual(["groningen", "utrecht", "leiden"]);
    expect(fromGroningen.items[0]!.distanceKm).toBeGreaterThan(0);
    expect(fromGroningen.items[0]!.distanceKm).toBeLessThan(10);
    expect(fromGroningen.items[2]!.distanceKm).toBeGreaterThan(150);
  });

  it("lets favorites go with their meadow and with the member's account", async () => {
    const { db } = database;
    await insertMember(db, { id: "dirk", name: "Dirk" });
    await insertMeadows(db, [{ id: "weg", ownerId: "dirk" }, { id: "blijft" }]);
    await addFavorite(db, "anna", "weg");
    await addFavorite(db, "dirk", "blijft");
    await addFavorite(db, "dirk", "weg");

    await deleteMeadowWithPhotos(db, storage, "dirk", "weg");
    expect(await countFor(db, "weg")).toBe(0);
    expect(await isFavorite(db, "anna", "weg")).toBe(false);
    expect((await rowsOf("dirk")).map((row) => row.meadowId)).toEqual(["blijft"]);

    await db.delete(users).where(eq(users.id, "dirk"));
    expect(await rowsOf("dirk")).toEqual([]);
    expect(await countFor(db, "blijft")).toBe(0);
  });
});
