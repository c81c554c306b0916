import type { Database } from "../../app/adapters/db.server";
import { hoursColumns } from "../../app/services/meadows/hours.server";
import type { MeadowCrop } from "../../app/lib/crops";
import {
  cropColumns,
  newMeadowId,
  type MeadowInput,
} from "../../app/services/meadows/records.server";
import { parsePriceAmount } from "../../app/services/price";
import { meadows, type NewMeadow } from "../schema";

/*
 * Meadows for the tests, the demo seed and the benchmarks: `meadowInput` is what a member enters
 * (for the meadow services), `meadowRow` a row as the app stores it, `insertMeadows` writes rows
 * in batches. The generated meadows of the benchmarks are in ./generated-meadows.ts, the values a
 * member types into the form in ./meadow-form.ts.
 */

/** earthdistance's earth radius (earth()), so offsets made with `north` are exact distances. */
export const EARTH_RADIUS_M = 6_378_168;
export const UTRECHT = { lat: 52.0907, lng: 5.1214 };

/** The point `km` kilometres due north of `from`. */
export function north(from: { lat: number; lng: number }, km: number) {
  return { lat: from.lat + (((km * 1000) / EARTH_RADIUS_M) * 180) / Math.PI, lng: from.lng };
}

/** A meadow near Utrecht that passes every rule of the form, with `overrides`. */
export function meadowInput(overrides: Partial<MeadowInput> = {}): MeadowInput {
  return {
    name: "Pluktuin De Hoeve",
    description: "",
    descriptionNl: "Bloemen om zelf te plukken",
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

/**
 * A meadow row as the app stores it: `meadowInput`'s values, a new id, no owner, and the price
 * amount parsed from the price text unless `overrides` gives one.
 */
export function meadowRow(overrides: Partial<NewMeadow> = {}): NewMeadow & { id: string } {
  // The form's crops become columns through cropColumns; a row takes those as overrides.
  const { isDemo, crops: _crops, ...input } = meadowInput();
  const row = { ...input, isDemo: isDemo ?? false, ownerId: null, ...overrides };
  return {
    // The hours' columns as the records service derives them, unless given (deriving reads
    // two years of days).
    ...(overrides.openMinutes === undefined &&
      hoursColumns(row.hoursSyntax, row.openingHours, row.country)),
    ...row,
    id: overrides.id ?? newMeadowId(),
    priceAmount:
      overrides.priceAmount === undefined ? parsePriceAmount(row.priceText) : overrides.priceAmount,
  };
}

// A statement takes at most 65,535 parameters: 2,000 rows of every column stay below that.
const ROWS_PER_STATEMENT = 2_000;

/** Writes a `meadowRow` for each entry of `meadows`, in statements of many rows; returns them. */
export async function insertMeadows(db: Database, overrides: Partial<NewMeadow>[]) {
  const rows = overrides.map(meadowRow);
  for (let from = 0; from < rows.length; from += ROWS_PER_STATEMENT) {
    await db.insert(meadows).values(rows.slice(from, from + ROWS_PER_STATEMENT));
  }
  return rows;
}

export async function insertMeadow(db: Database, overrides: Partial<NewMeadow> = {}) {
  const row = meadowRow(overrides);
  await db.insert(meadows).values(row);
  return row;
}

/** Overrides for `count` meadows spread over a square of `sizeDeg` degrees at `corner`. */
export function meadowGrid(
  count: number,
  corner: { lat: number; lng: number },
  sizeDeg: number,
  name: (i: number) => string,
): Partial<NewMeadow>[] {
  const side = Math.ceil(Math.sqrt(count));
  return Array.from({ length: count }, (_, i) => ({
    name: name(i),
    lat: corner.lat + ((i % side) / side) * sizeDeg,
    lng: corner.lng + (Math.floor(i / side) / side) * sizeDeg,
  }));
}

/** Meadow rows with their crops given as a member picks them, stored as the app stores them. */
export function withCrops(
  list: (Omit<Partial<NewMeadow>, "crops"> & { crops?: MeadowCrop[] })[],
): Partial<NewMeadow>[] {
  return list.map(({ crops, ...row }) => ({ ...row, ...cropColumns(crops ?? []) }));
}
