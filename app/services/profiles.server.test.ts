import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { favorites, meadows, users } from "../../db/schema";
import { png } from "../../tests/fixtures/images/generate";
import { testEngines } from "../../tests/support/databases";
import type { DatabaseHandle } from "~/adapters/db.server";
import { createDiskStorage } from "~/adapters/storage.server";
import {
  getPublicProfile,
  listFavorites,
  PROFILE_PAGE_SIZE,
  removeAccountFiles,
  setAvatar,
} from "./profiles.server";

describe.each(testEngines)("profiles on $name", (engine) => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await engine.open();
    await handle.migrate();
  });
  afterAll(() => handle.close());

  it("shows a member's meadows and favorites as cards, newest first, never the email", async () => {
    const { db } = handle;
    await db.insert(users).values({ id: "grower", name: "Gert Bloem", email: "gert@example.org" });
    const field = (id: string, name: string, days: number, isDemo = false) => ({
      id,
      ownerId: "grower",
      name,
      priceText: "€0,50 per steel",
      openingHours: "Dagelijks",
      street: "Laan",
      houseNumber: "1",
      postalCode: "3981 AB",
      city: "Bunnik",
      country: "NL",
      lat: 52.06,
      lng: 5.2,
      isDemo,
      createdAt: new Date(Date.now() - days * 86_400_000),
    });
    await db
      .insert(meadows)
      .values([field("oudveld", "Oud veld", 10), field("nieuwveld", "Nieuw veld", 1, true)]);
    await db.insert(favorites).values({ userId: "grower", meadowId: "oudveld" });

    const profile = await getPublicProfile(db, "grower");
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
      },
    ]);
    expect(profile?.favorites).toMatchObject({ total: 1, page: 1, pageCount: 1 });
    expect((await listFavorites(db, "grower")).items.map((meadow) => meadow.id)).toEqual([
      "oudveld",
    ]);
    expect(await getPublicProfile(db, "nobody")).toBeNull();
  });

  it("pages a member's meadows and favorites, newest first, also those added at one moment", async () => {
    const { db } = handle;
    await db.insert(users).values({ id: "prolific", name: "Piet Pluk", email: "piet@example.org" });
    // Thirty at one moment (as the demo data is loaded), twenty older ones a day apart.
    const now = new Date();
    await db.insert(meadows).values(
      Array.from({ length: 50 }, (_, i) => ({
        id: `veld-${String(i).padStart(2, "0")}`,
        ownerId: "prolific",
        name: `Veld ${i}`,
        priceText: "€1",
        openingHours: "Dagelijks",
        street: "Laan",
        houseNumber: String(i + 1),
        postalCode: "3981 AB",
        city: "Bunnik",
        country: "NL",
        lat: 52.06,
        lng: 5.2,
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
    const both = await getPublicProfile(db, "prolific", { page: 3, favoritesPage: 2 });
    expect(both?.meadows).toMatchObject({ page: 3, pageCount: 3 });
    expect(both?.favorites.items).toEqual(second.items);
  });

  it("removes avatar files and favorites, and keeps the member's meadows without owner", async () => {
    const { db } = handle;
    const storage = createDiskStorage(
      path.join(mkdtempSync(path.join(tmpdir(), "plukweide-")), "uploads"),
    );
    await db.insert(users).values({ id: "leaver", name: "Lea Vos", email: "lea@example.org" });
    await db.insert(meadows).values({
      id: "leaversveld",
      ownerId: "leaver",
      name: "Leas veld",
      priceText: "€1",
      openingHours: "Za 10–16",
      street: "Dorpsweg",
      houseNumber: "3",
      postalCode: "2161 AB",
      city: "Lisse",
      country: "NL",
      lat: 52.26,
      lng: 4.56,
    });
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
});
