import { and, eq, getTableColumns, inArray, sql } from "drizzle-orm";
import { meadows, users, type Meadow } from "../../../db/schema";
import { preparedQuery, type Database } from "~/adapters/db.server";
import {
  cropsFromColumns,
  cropsInSeason,
  currentMonth,
  inCatalogueOrder,
  seasonMask,
  type MeadowCrop,
} from "~/lib/crops";
import type { MeadowFormValues } from "~/lib/schemas/meadow";
import { parsePriceAmount } from "~/services/price";
import { randomId } from "~/services/random-id.server";
import { ForbiddenError, NotFoundError } from "./errors";
import { hoursColumns } from "./hours.server";

/*
 * Meadows as records: adding and changing them (only by the member who added them) and the detail
 * with its owner.
 */

/** What a member enters: the form's values with the pin position they confirmed. */
export type MeadowInput = Omit<
  MeadowFormValues,
  "lat" | "lng" | "locatedAddress" | "crops" | "cropMonths" | "hoursSyntax"
> & {
  /** The hours in OpenStreetMap's syntax; none when left out (free text only). */
  hoursSyntax?: string | null;
  lat: number;
  lng: number;
  /** What grows there, with the months of each (see meadowCrops); none when left out. */
  crops?: MeadowCrop[];
  isDemo?: boolean;
};

/**
 * The crop columns of a meadow: ids and month masks in catalogue order, and their union, which
 * the month filters read. Written with every change, so the three never disagree.
 */
export function cropColumns(crops: readonly MeadowCrop[]) {
  const ordered = inCatalogueOrder(crops);
  return {
    crops: ordered.map((crop) => crop.id),
    cropMonths: ordered.map((crop) => crop.months),
    seasonMask: seasonMask(ordered),
  };
}

/** Looser than what newMeadowId makes, so ids given by hand (seed data) still resolve. */
const ID_PATTERN = /^[0-9A-Za-z_-]{1,64}$/;

/** A short random id for links: 10 characters of [0-9A-Za-z], about 59 bits. */
export function newMeadowId(): string {
  return randomId(10);
}

/** Whether `id` could be a meadow id at all; anything else is a 404 without asking the database. */
export function isMeadowId(id: string): boolean {
  return ID_PATTERN.test(id);
}

function columnsFrom(input: MeadowInput) {
  return {
    name: input.name,
    description: input.description,
    descriptionNl: input.descriptionNl,
    priceText: input.priceText,
    priceAmount: parsePriceAmount(input.priceText),
    openingHours: input.openingHours,
    street: input.street,
    houseNumber: input.houseNumber,
    postalCode: input.postalCode,
    city: input.city,
    country: input.country,
    addressExtra: input.addressExtra,
    website: input.website,
    phone: input.phone,
    instagram: input.instagram,
    lat: input.lat,
    lng: input.lng,
    ...cropColumns(input.crops ?? []),
    ...hoursColumns(input.hoursSyntax, input.openingHours, input.country),
  };
}

export async function createMeadow(
  db: Database,
  ownerId: string,
  input: MeadowInput,
): Promise<Meadow> {
  const [row] = await db
    .insert(meadows)
    .values({
      id: newMeadowId(),
      ownerId,
      ...columnsFrom(input),
      isDemo: input.isDemo ?? false,
    })
    .returning();
  if (!row) throw new Error("insert returned no row");
  return row;
}

/** Throws NotFoundError or ForbiddenError when `actorId` may not change meadow `id`. */
async function assertOwner(db: Database, actorId: string, id: string): Promise<never> {
  const [row] = await db
    .select({ ownerId: meadows.ownerId })
    .from(meadows)
    .where(eq(meadows.id, id));
  if (!row) throw new NotFoundError(`meadow ${id} does not exist`);
  throw new ForbiddenError(`meadow ${id} belongs to someone else`);
}

/** The owner changes every field; the ownership check and the change are one statement. */
export async function updateMeadow(
  db: Database,
  actorId: string,
  id: string,
  input: MeadowInput,
): Promise<Meadow> {
  const [row] = await db
    .update(meadows)
    .set({ ...columnsFrom(input), updatedAt: new Date() })
    .where(and(eq(meadows.id, id), eq(meadows.ownerId, actorId)))
    .returning();
  return row ?? assertOwner(db, actorId, id);
}

export interface MeadowOwner {
  id: string;
  name: string;
  avatarKey: string | null;
  avatarWidth: number | null;
}

export type MeadowDetail = Meadow & { owner: MeadowOwner | null };

/** The meadow with the member who added it (null once they deleted their account). */
export async function getMeadow(db: Database, id: string): Promise<MeadowDetail | null> {
  if (!isMeadowId(id)) return null;
  const [row] = await meadowById(db).execute({ id });
  return row ?? null;
}

const meadowById = preparedQuery((db) =>
  db
    .select({
      ...getTableColumns(meadows),
      owner: {
        id: users.id,
        name: users.name,
        avatarKey: users.avatarKey,
        avatarWidth: users.avatarWidth,
      },
    })
    .from(meadows)
    .leftJoin(users, eq(users.id, meadows.ownerId))
    .where(eq(meadows.id, sql.placeholder("id")))
    .prepare("meadow_by_id"),
);

/**
 * The ids of each meadow's crops in season at `now` (at the meadow's own clock), for the map's
 * pins, whose popups say what is in season; meadows with none are left out.
 */
export async function cropsInSeasonOf(
  db: Database,
  ids: readonly string[],
  now: Date,
): Promise<Map<string, string[]>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({
      id: meadows.id,
      country: meadows.country,
      crops: meadows.crops,
      cropMonths: meadows.cropMonths,
    })
    .from(meadows)
    .where(inArray(meadows.id, [...ids]));
  const found = new Map<string, string[]>();
  for (const row of rows) {
    const month = currentMonth(now, row.country);
    const inSeason = cropsInSeason(cropsFromColumns(row.crops, row.cropMonths), month);
    if (inSeason.length > 0)
      found.set(
        row.id,
        inSeason.map((crop) => crop.id),
      );
  }
  return found;
}
