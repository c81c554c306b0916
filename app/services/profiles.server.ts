import { asc, count, desc, eq, sql } from "drizzle-orm";
import { favorites, meadows, users } from "../../db/schema";
import type { Database } from "~/adapters/db.server";
import type { ObjectStorage } from "~/adapters/storage.server";
import { deleteImage, imageSources, processImage, storeImage } from "~/adapters/images.server";
import type { LatLng } from "./meadows/geo-sql.server";
import type { Language } from "~/lib/i18n";
import { cropsFromColumns } from "~/lib/crops";
import { encodeTimeline } from "~/lib/hours-text";
import { toMeadowCard, type MeadowCardData, type MeadowCardPage } from "~/lib/meadow-card";
import { hoursTimeline } from "./meadows/hours.server";
import { CARD_HOURS_MS } from "./meadows/search.server";
import { removeMemberPhotos } from "./photos.server";

/** Sizes avatars are shown at: the header and lists (32 px), profile and settings (96 px). */
export const AVATAR_WIDTHS = [32, 96] as const;
export type AvatarWidth = (typeof AVATAR_WIDTHS)[number];

export interface Avatar {
  src: string;
  srcSet: string;
}

export function avatarSources(
  storage: Pick<ObjectStorage, "publicUrl">,
  user: { avatarKey: string | null; avatarWidth: number | null },
  displayWidth: AvatarWidth,
): Avatar | null {
  if (!user.avatarKey || !user.avatarWidth) return null;
  return imageSources(
    storage,
    { keyPrefix: user.avatarKey, width: user.avatarWidth },
    displayWidth,
  );
}

export interface ProfileUpdate {
  name: string;
  bio: string | null;
  website: string | null;
  location: string | null;
  /** Whether others see the member's favorites on the profile. */
  favoritesPublic: boolean;
}

/** Members change only their own profile: the id comes from the session, never from the form. */
export async function updateProfile(
  db: Database,
  userId: string,
  update: ProfileUpdate,
): Promise<void> {
  await db
    .update(users)
    .set({ ...update, updatedAt: new Date() })
    .where(eq(users.id, userId));
}

/** The language a member's mails are written in: the one they last signed in with. */
export async function setMailLanguage(db: Database, email: string, lang: Language): Promise<void> {
  await db.update(users).set({ locale: lang }).where(eq(users.email, email));
}

/** Processes an uploaded picture into square WebP avatars and replaces the old one. */
export async function setAvatar(
  db: Database,
  storage: ObjectStorage,
  userId: string,
  bytes: Buffer,
): Promise<void> {
  const image = await processImage(bytes, {
    namespace: "avatars",
    widths: AVATAR_WIDTHS,
    cropToSquare: true,
  });
  await storeImage(storage, image);
  const [previous] = await db
    .select({ avatarKey: users.avatarKey })
    .from(users)
    .where(eq(users.id, userId));
  await db
    .update(users)
    .set({ avatarKey: image.keyPrefix, avatarWidth: image.width, updatedAt: new Date() })
    .where(eq(users.id, userId));
  // Content-addressed keys: the same picture uploaded again keeps its files.
  if (previous?.avatarKey && previous.avatarKey !== image.keyPrefix) {
    await removeAvatarFilesUnlessShared(db, storage, previous.avatarKey);
  }
}

export async function removeAvatar(
  db: Database,
  storage: ObjectStorage,
  userId: string,
): Promise<void> {
  const [previous] = await db
    .select({ avatarKey: users.avatarKey })
    .from(users)
    .where(eq(users.id, userId));
  await db
    .update(users)
    .set({ avatarKey: null, avatarWidth: null, updatedAt: new Date() })
    .where(eq(users.id, userId));
  if (previous?.avatarKey) await removeAvatarFilesUnlessShared(db, storage, previous.avatarKey);
}

/** Two members may upload the same picture (same hash): its files go when nobody uses them. */
async function removeAvatarFilesUnlessShared(
  db: Database,
  storage: ObjectStorage,
  keyPrefix: string,
) {
  const users_ = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.avatarKey, keyPrefix))
    .limit(1);
  if (users_.length === 0) await deleteImage(storage, keyPrefix);
}

/**
 * Before an account is deleted: its photos (rows and files) and its avatar files. Sessions,
 * favorites and two-factor rows go with the user row (cascades); meadows stay, their owner set
 * to null.
 */
export async function removeAccountFiles(
  db: Database,
  storage: ObjectStorage,
  userId: string,
): Promise<void> {
  await removeMemberPhotos(db, storage, userId);
  await removeAvatar(db, storage, userId);
}

export interface PublicProfile {
  id: string;
  name: string;
  bio: string | null;
  website: string | null;
  location: string | null;
  avatarKey: string | null;
  avatarWidth: number | null;
  memberSince: Date;
  /** One page of the meadows the member added, newest first. */
  meadows: MeadowCardPage;
  /** Whether the member shows the favorites to others. */
  favoritesPublic: boolean;
  /**
   * One page of their favorites, the newest saved first: for everyone when the member shows
   * them, else for the member alone; null for the others.
   */
  favorites: MeadowCardPage | null;
}

/** Meadows per page of a profile's lists and of the favorites: rows of two and three fill up. */
export const PROFILE_PAGE_SIZE = 24;

/** The columns of a card (MeadowCardData) as they are selected. */
const cardColumns = {
  id: meadows.id,
  name: meadows.name,
  city: meadows.city,
  country: meadows.country,
  priceText: meadows.priceText,
  isDemo: meadows.isDemo,
  crops: meadows.crops,
  cropMonths: meadows.cropMonths,
  hoursSyntax: meadows.hoursSyntax,
};

/** A row of cardColumns. */
interface CardRow {
  id: string;
  name: string;
  city: string;
  country: string;
  priceText: string;
  isDemo: boolean;
  crops: string[];
  cropMonths: number[];
  hoursSyntax: string | null;
  distanceKm?: number;
}

/**
 * A selected card row as the list's cards have it: what its drawing needs, what is in season
 * and what its hours say from `now` on.
 */
function toCard({ crops, cropMonths, hoursSyntax, ...row }: CardRow, now: Date): MeadowCardData {
  const hours = hoursTimeline(hoursSyntax, row.country, now, CARD_HOURS_MS);
  const card = toMeadowCard(
    {
      ...row,
      crops: cropsFromColumns(crops, cropMonths),
      ...(hours ? { hours: encodeTimeline(hours, { zone: false }) } : {}),
    },
    now,
  );
  // The photo, if any, is the card's own business (withCardPhotos).
  const { photo: _photo, ...rest } = card;
  return rest;
}

/**
 * What anyone may see of a member: never the email address. `page` and `favoritesPage` (1-based)
 * pick the pages of their meadows and favorites; past the last page, `items` is empty.
 */
export async function getPublicProfile(
  db: Database,
  userId: string,
  {
    page = 1,
    favoritesPage = 1,
    viewerId,
    now = new Date(),
  }: {
    page?: number;
    favoritesPage?: number;
    /** The moment the cards' season and hours are told for. */
    now?: Date;
    /** Who looks: the member sees their own favorites even while they are private. */
    viewerId?: string;
  } = {},
): Promise<PublicProfile | null> {
  const [user] = await db
    .select({
      id: users.id,
      name: users.name,
      bio: users.bio,
      website: users.website,
      location: users.location,
      avatarKey: users.avatarKey,
      avatarWidth: users.avatarWidth,
      memberSince: users.createdAt,
      favoritesPublic: users.favoritesPublic,
    })
    .from(users)
    .where(eq(users.id, userId));
  if (!user) return null;
  const favoritesShown = user.favoritesPublic || viewerId === userId;
  const [created, [counted], favorited] = await Promise.all([
    db
      .select(cardColumns)
      .from(meadows)
      .where(eq(meadows.ownerId, userId))
      // The id keeps meadows added at one moment (by an import, say) in one order across pages.
      .orderBy(desc(meadows.createdAt), desc(meadows.id))
      .limit(PROFILE_PAGE_SIZE)
      .offset(pageOffset(page)),
    db.select({ total: count() }).from(meadows).where(eq(meadows.ownerId, userId)),
    favoritesShown ? listFavorites(db, userId, { page: favoritesPage, now }) : null,
  ]);
  return {
    ...user,
    meadows: meadowPage(
      created.map((row) => toCard(row, now)),
      counted?.total ?? 0,
      page,
    ),
    favorites: favorited,
  };
}

function pageOffset(page: number): number {
  return (page - 1) * PROFILE_PAGE_SIZE;
}

function meadowPage(items: MeadowCardData[], total: number, page: number): MeadowCardPage {
  return { items, total, page, pageCount: Math.max(1, Math.ceil(total / PROFILE_PAGE_SIZE)) };
}

export async function getAccountSettings(db: Database, userId: string) {
  const [user] = await db
    .select({
      id: users.id,
      name: users.name,
      email: users.email,
      bio: users.bio,
      website: users.website,
      location: users.location,
      avatarKey: users.avatarKey,
      avatarWidth: users.avatarWidth,
      twoFactorEnabled: users.twoFactorEnabled,
      favoritesPublic: users.favoritesPublic,
    })
    .from(users)
    .where(eq(users.id, userId));
  return user ?? null;
}

/**
 * One page (1-based) of a member's favorites, the newest saved first; with `near`, the nearest
 * first, each with its distance.
 */
export async function listFavorites(
  db: Database,
  userId: string,
  {
    page = 1,
    near,
    now = new Date(),
  }: {
    page?: number;
    near?: LatLng;
    /** The moment the cards' season and hours are told for. */
    now?: Date;
  } = {},
): Promise<MeadowCardPage & { items: Array<MeadowCardData & { distanceKm?: number }> }> {
  // A member keeps tens of meadows, not thousands: measuring each is cheaper than an index walk.
  const distanceKm = near
    ? sql<number>`earth_distance(ll_to_earth(${meadows.lat}, ${meadows.lng}), ll_to_earth(${near.lat}::float8, ${near.lng}::float8)) / 1000`
    : undefined;
  const [items, [counted]] = await Promise.all([
    db
      .select(distanceKm ? { ...cardColumns, distanceKm } : cardColumns)
      .from(favorites)
      .innerJoin(meadows, eq(meadows.id, favorites.meadowId))
      .where(eq(favorites.userId, userId))
      .orderBy(
        ...(distanceKm ? [asc(distanceKm)] : []),
        desc(favorites.createdAt),
        desc(favorites.meadowId),
      )
      .limit(PROFILE_PAGE_SIZE)
      .offset(pageOffset(page)),
    // Favorites go with their meadow (on delete cascade), so none is counted without one.
    db.select({ total: count() }).from(favorites).where(eq(favorites.userId, userId)),
  ]);
  const found = items.map((item) =>
    toCard("distanceKm" in item ? { ...item, distanceKm: Number(item.distanceKm) } : item, now),
  );
  return { ...meadowPage(found, counted?.total ?? 0, page), items: found };
}
