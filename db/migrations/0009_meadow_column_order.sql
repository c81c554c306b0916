-- Rebuilds meadows with its columns in a new storage order (ADR 11): the fixed-width ones first,
-- then the search text and the pin's columns, then the long texts. PostgreSQL finds a column by
-- stepping over every text column stored before it; lat and lng came after sixteen of them, so a
-- scan checking rows for a map view spent most of its time there.
-- PostgreSQL cannot move a column, so the rows are copied into a new table, which then takes
-- over the old one's name, keys, indexes and triggers. The grid (meadow_grid) stays valid: the
-- same meadows, in the same places.
CREATE TABLE "meadows_reordered" (
	"lat" double precision NOT NULL,
	"lng" double precision NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"is_demo" boolean DEFAULT false NOT NULL,
	"search_text" text GENERATED ALWAYS AS (immutable_unaccent(lower(name || ' ' || description))) STORED NOT NULL,
	"id" text NOT NULL,
	"name" text NOT NULL,
	"city" text NOT NULL,
	"price_text" text NOT NULL,
	"country" text NOT NULL,
	"price_amount" numeric(10, 2),
	"sort_name" text GENERATED ALWAYS AS (immutable_unaccent(lower(name))) STORED NOT NULL,
	"owner_id" text,
	"description" text DEFAULT '' NOT NULL,
	"opening_hours" text NOT NULL,
	"street" text NOT NULL,
	"house_number" text NOT NULL,
	"postal_code" text NOT NULL,
	"address_extra" text,
	"website" text,
	"phone" text,
	"instagram" text
);
--> statement-breakpoint
-- In the old storage order, so a scan in storage order still meets the meadows spread as before.
INSERT INTO "meadows_reordered" ("lat", "lng", "created_at", "updated_at", "is_demo", "id",
  "name", "city", "price_text", "country", "price_amount", "owner_id", "description",
  "opening_hours", "street", "house_number", "postal_code", "address_extra", "website", "phone",
  "instagram")
SELECT "lat", "lng", "created_at", "updated_at", "is_demo", "id", "name", "city", "price_text",
  "country", "price_amount", "owner_id", "description", "opening_hours", "street",
  "house_number", "postal_code", "address_extra", "website", "phone", "instagram"
FROM "meadows" ORDER BY ctid;
--> statement-breakpoint
-- Takes the old table's indexes, triggers and the favorites' foreign key with it.
DROP TABLE "meadows" CASCADE;
--> statement-breakpoint
ALTER TABLE "meadows_reordered" RENAME TO "meadows";
--> statement-breakpoint
ALTER TABLE "meadows" ADD CONSTRAINT "meadows_pkey" PRIMARY KEY ("id");
--> statement-breakpoint
ALTER TABLE "meadows" ADD CONSTRAINT "meadows_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "favorites" ADD CONSTRAINT "favorites_meadow_id_meadows_id_fk" FOREIGN KEY ("meadow_id") REFERENCES "public"."meadows"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
-- The indexes as migrations 0001, 0005 and 0008 left them.
CREATE INDEX "meadows_earth_idx" ON "meadows" USING gist (ll_to_earth("lat", "lng"));
--> statement-breakpoint
CREATE INDEX "meadows_country_idx" ON "meadows" USING btree ("country");
--> statement-breakpoint
CREATE INDEX "meadows_owner_idx" ON "meadows" USING btree ("owner_id");
--> statement-breakpoint
CREATE INDEX "meadows_search_trgm_idx" ON "meadows" USING gin ("search_text" gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX "meadows_created_idx" ON "meadows" USING btree ("created_at", "id");
--> statement-breakpoint
CREATE INDEX "meadows_name_sort_idx" ON "meadows" USING btree ("sort_name", "id")
  INCLUDE ("search_text", "country", "lat", "lng");
--> statement-breakpoint
CREATE INDEX "meadows_price_idx" ON "meadows" USING btree ("price_amount", "id")
  INCLUDE ("country", "lat", "lng");
--> statement-breakpoint
CREATE INDEX "meadows_point_idx" ON "meadows" USING gist (point("lng", "lat"))
  INCLUDE ("lat", "lng", "id", "name", "city", "price_text", "country", "search_text");
--> statement-breakpoint
-- The grid's triggers as migration 0006 made them.
CREATE TRIGGER meadow_grid_insert AFTER INSERT ON meadows
  REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION meadow_grid_track();
--> statement-breakpoint
CREATE TRIGGER meadow_grid_update AFTER UPDATE ON meadows
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION meadow_grid_track();
--> statement-breakpoint
CREATE TRIGGER meadow_grid_delete AFTER DELETE ON meadows
  REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION meadow_grid_track();
--> statement-breakpoint
CREATE TRIGGER meadow_grid_truncate AFTER TRUNCATE ON meadows
  FOR EACH STATEMENT EXECUTE FUNCTION meadow_grid_track();
--> statement-breakpoint
ANALYZE "meadows";
