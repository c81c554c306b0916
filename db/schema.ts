import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  check,
  customType,
  doublePrecision,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
} from "drizzle-orm/pg-core";

/*
 * Accounts: the tables Better Auth works with (user, session, account, verification, and its
 * two-factor plugin's), in its field names, plus our profile fields on users. Better Auth finds
 * each table by the key it has in the schema object (see app/adapters/auth.server.ts).
 */

export const users = pgTable("users", {
  id: text("id").primaryKey(),
  name: text("name").notNull(),
  email: text("email").notNull().unique(),
  emailVerified: boolean("email_verified").notNull().default(false),
  image: text("image"),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  twoFactorEnabled: boolean("two_factor_enabled").default(false),
  bio: text("bio"),
  website: text("website"),
  location: text("location"),
  /** Storage key prefix of the avatar's WebP variants; null shows initials. */
  avatarKey: text("avatar_key"),
  /** Pixel width of the square the avatar variants were made from (to know which exist). */
  avatarWidth: integer("avatar_width"),
  /** The language the member last used, so mails arrive in it. */
  locale: text("locale").notNull().default("en"),
  /** Whether others see the member's favorites on the profile; off unless the member says so. */
  favoritesPublic: boolean("favorites_public").notNull().default(false),
});

export const sessions = pgTable(
  "sessions",
  {
    id: text("id").primaryKey(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    token: text("token").notNull().unique(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    ipAddress: text("ip_address"),
    userAgent: text("user_agent"),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
  },
  (table) => [index("sessions_user_idx").on(table.userId)],
);

export const accounts = pgTable(
  "accounts",
  {
    id: text("id").primaryKey(),
    accountId: text("account_id").notNull(),
    providerId: text("provider_id").notNull(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    accessToken: text("access_token"),
    refreshToken: text("refresh_token"),
    idToken: text("id_token"),
    accessTokenExpiresAt: timestamp("access_token_expires_at", { withTimezone: true }),
    refreshTokenExpiresAt: timestamp("refresh_token_expires_at", { withTimezone: true }),
    scope: text("scope"),
    password: text("password"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("accounts_user_idx").on(table.userId)],
);

export const verifications = pgTable(
  "verifications",
  {
    id: text("id").primaryKey(),
    identifier: text("identifier").notNull(),
    value: text("value").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("verifications_identifier_idx").on(table.identifier)],
);

export const twoFactors = pgTable(
  "two_factors",
  {
    id: text("id").primaryKey(),
    secret: text("secret").notNull(),
    backupCodes: text("backup_codes").notNull(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    verified: boolean("verified").default(true),
    failedVerificationCount: integer("failed_verification_count").default(0),
    lockedUntil: timestamp("locked_until", { withTimezone: true }),
    /**
     * The 30-second step of the last authenticator code accepted: a code of that step or an
     * earlier one is refused, so an overheard code cannot be used again (RFC 6238 §5.2).
     */
    lastTotpStep: bigint("last_totp_step", { mode: "number" }),
  },
  (table) => [index("two_factors_user_idx").on(table.userId)],
);

/**
 * Fixed-window counters for rate limits, shared by every app process (see limits adapter). The
 * key is the only unique column: with a second one (migration 0010 dropped `id`), two processes
 * inserting the same new key at once could collide on the index the upsert does not arbitrate.
 */
export const rateLimits = pgTable("rate_limits", {
  key: text("key").primaryKey(),
  count: integer("count").notNull(),
  lastRequest: bigint("last_request", { mode: "number" }).notNull(),
});

/** PostgreSQL's multirange of integers, kept as its text form ("{[600,1080),[2040,2520)}"). */
const int4Multirange = customType<{ data: string; driverData: string }>({
  dataType: () => "int4multirange",
});

/**
 * A picking meadow. Text fields are kept as the member typed them; `priceAmount` is the number
 * parsed from the free-text price so lists can sort by it (null when it cannot be parsed).
 */
export const meadows = pgTable(
  "meadows",
  {
    // Columns in storage order (migration 0009): fixed-width ones first, then what the map and
    // the search read on every row they check, so PostgreSQL finds them without stepping over
    // the long texts before them.
    lat: doublePrecision("lat").notNull(),
    lng: doublePrecision("lng").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    isDemo: boolean("is_demo").notNull().default(false),
    /**
     * What text search matches: name and both descriptions, lower-cased and accent-folded.
     * Stored, so the trigram index's recheck and a scan compare plain text instead of running
     * unaccent() on every candidate row, which slows unselective searches many times over
     * (ADR 28). A trigger fills it (migration 0013, ADR 34); whatever a write gives is replaced.
     */
    searchText: text("search_text").notNull().default(""),
    id: text("id").primaryKey(),
    name: text("name").notNull(),
    city: text("city").notNull(),
    priceText: text("price_text").notNull(),
    country: text("country").notNull(),
    priceAmount: numeric("price_amount", { precision: 10, scale: 2, mode: "number" }),
    /** The name as lists sort it: lower-cased and accent-folded ('Édelweiss' between D and F). */
    sortName: text("sort_name")
      .notNull()
      .generatedAlwaysAs(sql`immutable_unaccent(lower(name))`),
    // Nullable: a member who deletes their account leaves their meadows behind, unowned.
    ownerId: text("owner_id").references(() => users.id, { onDelete: "set null" }),
    /** The description in English (see descriptionNl). */
    description: text("description").notNull().default(""),
    openingHours: text("opening_hours").notNull(),
    street: text("street").notNull(),
    houseNumber: text("house_number").notNull(),
    postalCode: text("postal_code").notNull(),
    addressExtra: text("address_extra"),
    website: text("website"),
    phone: text("phone"),
    instagram: text("instagram"),
    /**
     * The description in Dutch; `description` holds the English one. Either may be empty: the
     * page shows the visitor's language when there is a text in it, else the other (ADR 34).
     */
    descriptionNl: text("description_nl").notNull().default(""),
    /** Catalogue ids of what grows there (app/lib/crops.ts), in catalogue order. */
    crops: text("crops")
      .array()
      .notNull()
      .default(sql`'{}'`),
    /** The months each of `crops` is picked there, as 12-bit masks (bit 0 January). */
    cropMonths: smallint("crop_months")
      .array()
      .notNull()
      .default(sql`'{}'`),
    /** The union of `cropMonths`: "in season in month M" reads this bit alone. */
    seasonMask: smallint("season_mask").notNull().default(0),
    /**
     * The opening hours in OpenStreetMap's syntax, read by the `opening_hours` library; null when
     * the meadow has free-text hours only (`openingHours`, which then says it all).
     */
    hoursSyntax: text("hours_syntax"),
    /**
     * When the meadow is open, as minute keys (month - 1) * 10080 + minute of the week from
     * Monday 00:00 (app/lib/opening-hours.ts): "open now" is whether it contains the key (ADR 37).
     * Derived from `hoursSyntax` on every write; empty when never surely open.
     */
    openMinutes: int4Multirange("open_minutes")
      .notNull()
      .default(sql`'{}'`),
    /** Closed on the public holidays of its country ("PH off"). */
    closedOnHolidays: boolean("closed_on_holidays").notNull().default(false),
    /**
     * The version of the derivation that wrote the two columns above (HOURS_FORM_VERSION); rows
     * of an older one, and free-text hours not yet read, are derived again at start.
     */
    hoursForm: smallint("hours_form").notNull().default(0),
    /**
     * Each crop with each month it is in season, as 'dahlia:8' (migration 0018): "one of these
     * crops in season in month M" is `crop_seasons && array[…]`, answered by its GIN index.
     */
    cropSeasons: text("crop_seasons")
      .array()
      .notNull()
      .generatedAlwaysAs(sql`meadow_crop_seasons(crops, crop_months)`),
  },
  (table) => [
    // earthdistance's cube-based point: GiST answers radius (earth_box) and nearest-first (<->).
    index("meadows_earth_idx").using("gist", sql`ll_to_earth(${table.lat}, ${table.lng})`),
    // The map's bounding-box query: point(lng, lat) <@ box(…). Migration 0008 adds INCLUDE
    // columns to this index and the name and price ones (drizzle cannot declare them), so the
    // map's pins and walks along a sort order read the index alone; 0024 adds the hours to this
    // one, so a count within a distance with "open now" does too.
    index("meadows_point_idx").using("gist", sql`point(${table.lng}, ${table.lat})`),
    // Trigram index for "contains" search: LIKE '%…%' with three or more characters uses it.
    index("meadows_search_trgm_idx").using("gin", sql`${table.searchText} gin_trgm_ops`),
    // The names' trigrams alone (migration 0031): the suggestions look up every word of a name
    // there, where a word common in descriptions ("tulpen") is not (ADR 63).
    index("meadows_name_trgm_idx").using("gin", sql`${table.sortName} gin_trgm_ops`),
    // The same trigrams, each keyed by the map's grid cell at level 6 (migration 0011): a
    // filtered map view looks its words up in the cells it shows (ADR 15).
    index("meadows_area_trgm_idx").using(
      "gin",
      sql`meadow_area_trigrams(${table.lat}, ${table.lng}, ${table.searchText})`,
    ),
    // The first page by name without sorting; id breaks ties, so pages never overlap.
    index("meadows_name_sort_idx").on(table.sortName, table.id),
    // The same order carrying the crops, seasons and hours (migration 0022, ADR 37).
    index("meadows_name_crops_idx").on(table.sortName, table.id),
    index("meadows_price_idx").on(table.priceAmount.asc().nullsLast(), table.id),
    index("meadows_country_idx").on(table.country),
    index("meadows_owner_idx").on(table.ownerId),
    index("meadows_created_idx").on(table.createdAt, table.id),
    index("meadows_crops_idx").using("gin", table.crops),
    index("meadows_crop_seasons_idx").using("gin", table.cropSeasons),
    check(
      "meadows_crop_months_match",
      sql`cardinality(${table.crops}) = cardinality(${table.cropMonths})`,
    ),
    check("meadows_season_mask_months", sql`${table.seasonMask} between 0 and 4095`),
    // Each crop with the meadow's hours profile ('dahlia:1f3a9c0b', migration 0021): the map's
    // few pins of crops open now (ADR 42). The list checks "open now" on the rows other indexes
    // find (ADR 37).
    index("meadows_crop_hours_idx").using(
      "gin",
      sql`meadow_crop_hours(${table.crops}, ${table.openMinutes}, ${table.closedOnHolidays})`,
    ),
    // Each crop keyed by its meadow's grid cell at level 6 ('apple -4,33', migration 0023): the
    // map's few pins of a crop, read in the cells the stored grid found them in (ADR 42).
    index("meadows_crop_cells_idx").using(
      "gin",
      sql`meadow_crop_cells(${table.crops}, ${table.lat}, ${table.lng})`,
    ),
    // Each crop and each crop in each of its months keyed by its meadow's grid cell at level 9
    // ('kale 27,298', 'kale:11 27,298', migration 0025): the list's crops within a distance
    // (ADR 47).
    index("meadows_crop_season_cells_idx").using(
      "gin",
      sql`meadow_crop_season_cells(${table.crops}, ${table.cropSeasons}, ${table.lat}, ${table.lng})`,
    ),
    // Each three crops of a meadow growing three or more ('dahlia+sunflower+tulip', ids in byte
    // order, migration 0027): a map of several crops finds the few meadows growing three of them
    // in one lookup of their keys (ADR 42).
    index("meadows_crop_triples_idx")
      .using("gin", sql`meadow_crop_triples(${table.crops})`)
      .where(sql`cardinality(${table.crops}) >= 3`),
  ],
);

/**
 * The map's clusters for zoomed-out views, kept up to date by triggers on `meadows` (migration
 * 0006): for every zoom level below 12, the meadows of each grid cell of 90 / 2^level degrees
 * (a quarter of a map tile) and country, counted, with the sums of their coordinates for the
 * centroid and one meadow of the cell. A zoomed-out view then reads a few hundred rows instead of
 * every meadow in view.
 */
export const meadowGrid = pgTable("meadow_grid", gridCellColumns(), (table) => [
  primaryKey({ columns: [table.level, table.cx, table.cy, table.country] }),
]);

/**
 * The distinct words of the meadows' search texts (four letters or more), each with how many
 * meadows hold it, kept by triggers on `meadows` (migration 0032): a word of the box that no
 * meadow holds is looked up among these words for the one it is a slip from (closestWords),
 * rather than among every meadow's text.
 */
export const meadowWords = pgTable(
  "meadow_words",
  {
    word: text("word").primaryKey(),
    meadows: integer("meadows").notNull(),
  },
  (table) => [index("meadow_words_trgm_idx").using("gin", sql`${table.word} gin_trgm_ops`)],
);

/** A cell of a stored grid: where, how many meadows, their coordinates' sums and one of them. */
function gridCellColumns() {
  return {
    level: smallint("level").notNull(),
    cx: integer("cx").notNull(),
    cy: integer("cy").notNull(),
    country: text("country").notNull(),
    count: integer("count").notNull(),
    latSum: doublePrecision("lat_sum").notNull(),
    lngSum: doublePrecision("lng_sum").notNull(),
    sampleId: text("sample_id"),
  };
}

/**
 * The stored grid again, per crop, month and opening hours (migrations 0017 and 0020, ADR 42):
 * the meadows of each cell that grow one crop (`key` 'crop:<id>', `months` its months there),
 * are in season in one month ('month:<1-12>', `months` that month's bit) or have hours ('open'),
 * split by their hours (`hours`, a profile of meadow_hours_profiles, '' without), so a map
 * filtered on crops, a month or "open now", alone or together, counts every match at any zoom,
 * as an unfiltered map does. Triggers on `meadows` keep it current.
 */
export const meadowGridKeys = pgTable(
  "meadow_grid_keys",
  {
    key: text("key").notNull(),
    ...gridCellColumns(),
    months: smallint("months").notNull(),
    hours: text("hours").notNull(),
  },
  (table) => [
    primaryKey({
      columns: [
        table.key,
        table.level,
        table.cx,
        table.cy,
        table.country,
        table.months,
        table.hours,
      ],
    }),
  ],
);

/**
 * meadow_grid_keys' rows of every hours together (migration 0028, ADR 42): what a map of crops or
 * months that does not ask who is open reads, a row per cell, key, country and months instead of
 * one per hours profile besides. Kept current by meadow_grid_keys' own triggers.
 */
export const meadowGridKeysAllHours = pgTable(
  "meadow_grid_keys_all_hours",
  {
    key: text("key").notNull(),
    ...gridCellColumns(),
    months: smallint("months").notNull(),
  },
  (table) => [
    primaryKey({
      columns: [table.key, table.level, table.cx, table.cy, table.country, table.months],
    }),
  ],
);

/**
 * Each distinct weekly form of opening hours a meadow has had (`id`: an md5 of both columns, as
 * meadow_hours_profile computes it), so the stored grid can tell which of its rows are open at a
 * moment by the profile's hours rather than each meadow's (ADR 42). Written by the grid's
 * triggers; a profile no meadow has any more stays, unread.
 */
export const meadowHoursProfiles = pgTable("meadow_hours_profiles", {
  id: text("id").primaryKey(),
  openMinutes: int4Multirange("open_minutes").notNull(),
  closedOnHolidays: boolean("closed_on_holidays").notNull(),
});

/**
 * Answers of the HTTP geocoder, so the same address is asked once (Nominatim's usage policy asks
 * for that). `result` is null when the geocoder found nothing.
 */
export const geocodeCache = pgTable("geocode_cache", {
  key: text("key").primaryKey(),
  result: jsonb("result"),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Facts about the database itself that must outlive the rows they are about, such as "the demo
 * meadows were added once" (db/seed): a member who deletes them does not get them back.
 */
export const appState = pgTable("app_state", {
  key: text("key").primaryKey(),
  value: text("value").notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/** A member's favorite meadows; gone with the member or the meadow. */
export const favorites = pgTable(
  "favorites",
  {
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    meadowId: text("meadow_id")
      .notNull()
      .references(() => meadows.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.meadowId] }),
    index("favorites_meadow_idx").on(table.meadowId),
  ],
);

/**
 * A member's photo of a meadow. The files are WebP variants under `keyPrefix` (a content hash,
 * so the same picture uploaded twice shares its files); a row is only written once its files are
 * stored, and its files are removed only when no row refers to them any more.
 */
export const photos = pgTable(
  "photos",
  {
    id: text("id").primaryKey(),
    meadowId: text("meadow_id")
      .notNull()
      .references(() => meadows.id, { onDelete: "cascade" }),
    authorId: text("author_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    keyPrefix: text("key_prefix").notNull(),
    /** Upright pixel size of the source, for width and height in the markup. */
    width: integer("width").notNull(),
    height: integer("height").notNull(),
    /** The picture's dominant colour as `#rrggbb`, shown while the file loads. */
    placeholder: text("placeholder").notNull(),
    caption: text("caption"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    // The gallery in upload order, and the first photo of each meadow for cards.
    index("photos_meadow_created_idx").on(table.meadowId, table.createdAt, table.id),
    index("photos_author_idx").on(table.authorId),
    index("photos_key_prefix_idx").on(table.keyPrefix),
    // PHOTO_CAPTION_MAX in app/lib/schemas/photo.ts, which the forms check first.
    check("photos_caption_length", sql`char_length(${table.caption}) <= 200`),
    check("photos_size_positive", sql`${table.width} > 0 and ${table.height} > 0`),
  ],
);

export type Photo = typeof photos.$inferSelect;

export type Meadow = typeof meadows.$inferSelect;
export type NewMeadow = typeof meadows.$inferInsert;

export type User = typeof users.$inferSelect;
export type NewUser = typeof users.$inferInsert;

/** The tables under the model names Better Auth uses. */
export const authSchema = {
  user: users,
  session: sessions,
  account: accounts,
  verification: verifications,
  twoFactor: twoFactors,
};
