import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { insertMeadow, insertMeadows } from "../../db/factories/meadows";
import { insertMember } from "../../db/factories/members";
import { favorites, meadows, users } from "../../db/schema";
import { png } from "../../tests/fixtures/images/generate";
import { migratedDatabase, testEngines } from "../../tests/support/databases";
import { createDiskStorage } from "~/adapters/storage.server";
import { cropById } from "~/lib/crops";
import { cropColumns } from "./meadows/records.server";
import {
  getPublicProfile,
  listFavorites,
  PROFILE_PAGE_SIZE,
  removeAccountFiles,
  setAvatar,
  setMailLanguage,
  updateProfile,
} from "./profiles.server";

describe.each(testEngines)("profiles on $name", (engine) => {
  const database = migratedDatabase(engine);

  it("shows a member's meadows and favorites as cards, newest first, never the email", async () => {
    const { db } = database;
    await insertMember(db, { id: "grower", name: "Gert Bloem" });
    const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000);
    // The factory's meadows are in Bunnik at €0,50 per steel.
    const grown = (...ids: string[]) =>
      cropColumns(ids.map((id) => ({ id, months: cropById(id)?.season ?? 0 })));
    await insertMeadows(db, [
      {
        id: "oudveld",
        ownerId: "grower",
        name: "Oud veld",
        createdAt: daysAgo(10),
        ...grown("strawberry", "apple", "pear"),
      },
      {
        id: "nieuwveld",
        ownerId: "grower",
        name: "Nieuw veld",
        createdAt: daysAgo(1),
        isDemo: true,
      },
    ]);
    await db.insert(favorites).values({ userId: "grower", meadowId: "oudveld" });

    // In January none of these crops is in season: the cards say nothing of it.
    const january = new Date("2026-01-15T12:00:00Z");
    const profile = await getPublicProfile(db, "grower", { viewerId: "grower", now: january });
    expect(profile).not.toHaveProperty("email");
    expect(profile?.meadows).toMatchObject({ total: 2, page: 1, pageCount: 1 });
    expect(profile?.meadows.items).toEqual([
      {
        id: "nieuwveld",
        name: "Nieuw veld",
        city: "Bunnik",
        country: "NL",
        priceText: "€0,50 per steel",
        isDemo: true,
      },
      {
        id: "oudveld",
        name: "Oud veld",
        city: "Bunnik",
        country: "NL",
        priceText: "€0,50 per steel",
        isDemo: false,
        // Without a photo the card draws its first crop in the catalogue's order, with the next
        // one of the same kind: a strawberry field, not the orchard.
        drawnCrops: ["strawberry"],
      },
    ]);
    expect(profile?.favorites).toMatchObject({ total: 1, page: 1, pageCount: 1 });
    expect((await listFavorites(db, "grower")).items.map((meadow) => meadow.id)).toEqual([
      "oudveld",
    ]);
    expect(await getPublicProfile(db, "nobody")).toBeNull();
  });

  it("pages a member's meadows and favorites, newest first, also those added at one moment", async () => {
    const { db } = database;
    await insertMember(db, { id: "prolific", name: "Piet Pluk" });
    // Thirty at one moment (as the demo data is loaded), twenty older ones a day apart.
    const now = new Date();
    await insertMeadows(
      db,
      Array.from({ length: 50 }, (_, i) => ({
        id: `veld-${String(i).padStart(2, "0")}`,
        ownerId: "prolific",
        name: `Veld ${i}`,
        createdAt: i < 30 ? now : new Date(now.getTime() - (i - 29) * 86_400_000),
      })),
    );
    const pages = [];
    for (const page of [1, 2, 3]) {
      const profile = await getPublicProfile(db, "prolific", { page });
      expect(profile?.meadows).toMatchObject({ total: 50, page, pageCount: 3 });
      pages.push(profile?.meadows.items.map((meadow) => meadow.id) ?? []);
    }
    expect(pages.map((ids) => ids.length)).toEqual([PROFILE_PAGE_SIZE, PROFILE_PAGE_SIZE, 2]);
    // Every meadow once, the thirty newest first, then the older ones from the newest down.
    const ids = pages.flat();
    expect(new Set(ids).size).toBe(50);
    expect(ids.slice(30)).toEqual(Array.from({ length: 20 }, (_, i) => `veld-${30 + i}`));
    expect((await getPublicProfile(db, "prolific", { page: 4 }))?.meadows.items).toEqual([]);

    // Favorites page the same way, the newest saved first, beside the meadows' own pages.
    const saved = Date.now();
    await db.insert(favorites).values(
      Array.from({ length: 30 }, (_, i) => ({
        userId: "prolific",
        meadowId: `veld-${String(i).padStart(2, "0")}`,
        createdAt: new Date(saved - i * 60_000),
      })),
    );
    const second = await listFavorites(db, "prolific", { page: 2 });
    expect(second).toMatchObject({ total: 30, page: 2, pageCount: 2 });
    expect(second.items.map((meadow) => meadow.id)).toEqual(
      Array.from({ length: 6 }, (_, i) => `veld-${24 + i}`),
    );
    const both = await getPublicProfile(db, "prolific", {
      page: 3,
      favoritesPage: 2,
      viewerId: "prolific",
    });
    expect(both?.meadows).toMatchObject({ page: 3, pageCount: 3 });
    expect(both?.favorites?.items).toEqual(second.items);
  });

  it("tells on each favorite's card what is in season and what its hours say, as the list does", async () => {
    const { db } = database;
    await insertMember(db, { id: "seasonal", name: "Sien Seizoen" });
    await insertMeadows(db, [
      {
        id: "dahliaveld",
        name: "Dahliaveld",
        hoursSyntax: "Mo-Su 10:00-17:00",
        ...cropColumns([{ id: "dahlia", months: cropById("dahlia")!.season }]),
      },
    ]);
    await db.insert(favorites).values({ userId: "seasonal", meadowId: "dahliaveld" });
    // A Wednesday in August, at noon in the Netherlands.
    const august = new Date("2026-08-12T10:00:00Z");
    const [card] = (await listFavorites(db, "seasonal", { now: august })).items;
    expect(card).toMatchObject({ id: "dahliaveld", inSeason: ["dahlia"] });
    expect(card?.hours).toEqual(expect.any(String));
    const own = await getPublicProfile(db, "seasonal", { viewerId: "seasonal", now: august });
    expect(own?.favorites?.items[0]).toEqual(card);
  });

  it("keeps a member's favorites to the member until the member shows them", async () => {
    const { db } = database;
    await insertMember(db, { id: "keeper", name: "Kees Kamp" });
    await insertMember(db, { id: "neighbour", name: "Nel Buur" });
    await insertMeadows(db, [{ id: "kampveld", ownerId: "neighbour", name: "Kampveld" }]);
    await db.insert(favorites).values({ userId: "keeper", meadowId: "kampveld" });

    // Private from the start: visitors and other members see the profile without them.
    for (const viewerId of [undefined, "neighbour"]) {
      const seen = await getPublicProfile(db, "keeper", { viewerId });
      expect(seen).toMatchObject({ name: "Kees Kamp", favoritesPublic: false, favorites: null });
    }
    const own = await getPublicProfile(db, "keeper", { viewerId: "keeper" });
    expect(own?.favorites).toMatchObject({ total: 1 });

    const profile = { name: "Kees Kamp", bio: null, website: null, location: null };
    await updateProfile(db, "keeper", { ...profile, favoritesPublic: true });
    const shown = await getPublicProfile(db, "keeper");
    expect(shown?.favoritesPublic).toBe(true);
    expect(shown?.favorites?.items.map((meadow) => meadow.id)).toEqual(["kampveld"]);

    await updateProfile(db, "keeper", { ...profile, favoritesPublic: false });
    expect((await getPublicProfile(db, "keeper", { viewerId: "neighbour" }))?.favorites).toBeNull();
  });

  it("removes avatar files and favorites, and keeps the member's meadows without owner", async () => {
    const { db } = database;
    const storage = createDiskStorage(
      path.join(mkdtempSync(path.join(tmpdir(), "plukweide-")), "uploads"),
    );
    await insertMember(db, { id: "leaver", name: "Lea Vos" });
    await insertMeadow(db, { id: "leaversveld", ownerId: "leaver", name: "Leas veld" });
    await db.insert(favorites).values({ userId: "leaver", meadowId: "leaversveld" });
    await setAvatar(db, storage, "leaver", await png(200, 120));
    const [withAvatar] = await db.select().from(users).where(eq(users.id, "leaver"));
    const keyPrefix = withAvatar!.avatarKey!;
    expect(await storage.list(keyPrefix)).not.toEqual([]);

    // What Better Auth's deleteUser runs before it deletes the row, then the delete itself.
    await removeAccountFiles(db, storage, "leaver");
    await db.delete(users).where(eq(users.id, "leaver"));

    expect(await storage.list(keyPrefix)).toEqual([]);
    expect(await db.select().from(favorites).where(eq(favorites.userId, "leaver"))).toEqual([]);
    const [meadow] = await db.select().from(meadows).where(eq(meadows.id, "leaversveld"));
    expect(meadow?.ownerId).toBeNull();
  });

  it("writes a member's mails in the language they last signed in with, and no one else's", async () => {
    const { db } = database;
    await insertMember(db, { id: "speaker", email: "speaker@example.com", locale: "en" });
    await insertMember(db, { id: "other", email: "other@example.com", locale: "en" });
    await setMailLanguage(db, "speaker@example.com", "nl");
    const locales = await db.select({ id: users.id, locale: users.locale }).from(users);
    expect(Object.fromEntries(locales.map((row) => [row.id, row.locale]))).toMatchObject({
      speaker: "nl",
      other: "en",
    });
  });
});
