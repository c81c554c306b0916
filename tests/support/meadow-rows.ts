import type { Database } from "../../app/adapters/db.server";
import {
  cropColumns,
  newMeadowId,
  type MeadowInput,
} from "../../app/services/meadows/records.server";
import { meadows, users } from "../../db/schema";

/* Meadows and members for the meadow services' tests, written straight to the database. */

/** earthdistance's earth radius (earth()), so offsets below are exact distances for it. */
export const EARTH_RADIUS_M = 6_378_168;
export const UTRECHT = { lat: 52.0907, lng: 5.1214 };

/** The point `km` kilometres due north of `from`. */
export function north(from: { lat: number; lng: number }, km: number) {
  return { lat: from.lat + (((km * 1000) / EARTH_RADIUS_M) * 180) / Math.PI, lng: from.lng };
}

export function meadowInput(overrides: Partial<MeadowInput> = {}): MeadowInput {
  return {
    name: "Pluktuin De Hoeve",
    description: "Bloemen om zelf te plukken",
    priceText: "€0,50 per steel",
    openingHours: "Dagelijks 9:00–18:00",
    street: "Dorpsstraat",
    houseNumber: "1",
    postalCode: "3981 AB",
    city: "Bunnik",
    country: "NL",
    addressExtra: null,
    website: null,
    phone: null,
    instagram: null,
    ...UTRECHT,
    ...overrides,
  };
}

export async function addUser(db: Database, id: string, name: string) {
  await db.insert(users).values({ id, name, email: `${id}@example.org` });
}

export async function insertMany(db: Database, rows: Partial<MeadowInput>[]) {
  // In statements of 2,000 rows: a statement takes at most 65,535 parameters.
  for (let from = 0; from < rows.length; from += 2_000) {
    await db.insert(meadows).values(
      rows.slice(from, from + 2_000).map((row) => {
        const { crops, ...values } = meadowInput(row);
        return { ...values, ...cropColumns(crops ?? []), id: newMeadowId(), priceAmount: null };
      }),
    );
  }
}

/** `count` meadows spread over a square of `sizeDeg` degrees at `corner`, named by `name(i)`. */
export async function insertGrid(
  db: Database,
  count: number,
  corner: { lat: number; lng: number },
  sizeDeg: number,
  name: (i: number) => string,
) {
  const side = Math.ceil(Math.sqrt(count));
  await insertMany(
    db,
    Array.from({ length: count }, (_, i) => ({
      name: name(i),
      lat: corner.lat + ((i % side) / side) * sizeDeg,
      lng: corner.lng + (Math.floor(i / side) / side) * sizeDeg,
    })),
  );
}
