import { sql } from "drizzle-orm";
import {
  boolean,
  doublePrecision,
  index,
  numeric,
  pgTable,
  text,
  timestamp,
} from "drizzle-orm/pg-core";

/**
 * A picking meadow. Text fields are kept as the member typed them; `priceAmount` is the number
 * parsed from the free-text price so lists can sort by it (null when it cannot be parsed).
 */
export const meadows = pgTable(
  "meadows",
  {
    id: text("id").primaryKey(),
    // Nullable: a member who deletes their account leaves their meadows behind, unowned.
    ownerId: text("owner_id"),
    name: text("name").notNull(),
    description: text("description").notNull().default(""),
    priceText: text("price_text").notNull(),
    priceAmount: numeric("price_amount", { precision: 10, scale: 2, mode: "number" }),
    openingHours: text("opening_hours").notNull(),
    street: text("street").notNull(),
    houseNumber: text("house_number").notNull(),
    postalCode: text("postal_code").notNull(),
    city: text("city").notNull(),
    country: text("country").notNull(),
    addressExtra: text("address_extra"),
    website: text("website"),
    phone: text("phone"),
    instagram: text("instagram"),
    lat: doublePrecision("lat").notNull(),
    lng: doublePrecision("lng").notNull(),
    isDemo: boolean("is_demo").notNull().default(false),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    // earthdistance's cube-based point: GiST answers radius (earth_box) and nearest-first (<->).
    index("meadows_earth_idx").using("gist", sql`ll_to_earth(${table.lat}, ${table.lng})`),
    // Trigram index over the accent-folded, lower-cased text that search matches against.
    index("meadows_text_trgm_idx").using(
      "gin",
      sql`immutable_unaccent(lower(${table.name} || ' ' || ${table.description})) gin_trgm_ops`,
    ),
    index("meadows_country_idx").on(table.country),
    index("meadows_owner_idx").on(table.ownerId),
    index("meadows_created_idx").on(table.createdAt),
  ],
);

export type Meadow = typeof meadows.$inferSelect;
export type NewMeadow = typeof meadows.$inferInsert;
