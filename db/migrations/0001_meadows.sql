CREATE TABLE "meadows" (
	"id" text PRIMARY KEY NOT NULL,
	"owner_id" text,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"price_text" text NOT NULL,
	"price_amount" numeric(10, 2),
	"opening_hours" text NOT NULL,
	"street" text NOT NULL,
	"house_number" text NOT NULL,
	"postal_code" text NOT NULL,
	"city" text NOT NULL,
	"country" text NOT NULL,
	"address_extra" text,
	"website" text,
	"phone" text,
	"instagram" text,
	"lat" double precision NOT NULL,
	"lng" double precision NOT NULL,
	"is_demo" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "meadows_earth_idx" ON "meadows" USING gist (ll_to_earth("lat", "lng"));--> statement-breakpoint
CREATE INDEX "meadows_text_trgm_idx" ON "meadows" USING gin (immutable_unaccent(lower("name" || ' ' || "description")) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "meadows_country_idx" ON "meadows" USING btree ("country");--> statement-breakpoint
CREATE INDEX "meadows_owner_idx" ON "meadows" USING btree ("owner_id");--> statement-breakpoint
CREATE INDEX "meadows_created_idx" ON "meadows" USING btree ("created_at");