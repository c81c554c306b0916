CREATE TABLE "meadow_grid" (
	"level" smallint NOT NULL,
	"cx" integer NOT NULL,
	"cy" integer NOT NULL,
	"country" text NOT NULL,
	"count" integer NOT NULL,
	"lat_sum" double precision NOT NULL,
	"lng_sum" double precision NOT NULL,
	"sample_id" text,
	CONSTRAINT "meadow_grid_level_cx_cy_country_pk" PRIMARY KEY("level","cx","cy","country")
);
--> statement-breakpoint
DROP INDEX "meadows_text_trgm_idx";--> statement-breakpoint
DROP INDEX "meadows_created_idx";--> statement-breakpoint
ALTER TABLE "meadows" ADD COLUMN "search_text" text GENERATED ALWAYS AS (immutable_unaccent(lower(name || ' ' || description))) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "meadows" ADD COLUMN "sort_name" text GENERATED ALWAYS AS (immutable_unaccent(lower(name))) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "meadows_point_idx" ON "meadows" USING gist (point("lng", "lat"));--> statement-breakpoint
CREATE INDEX "meadows_search_trgm_idx" ON "meadows" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "meadows_name_sort_idx" ON "meadows" USING btree ("sort_name","id");--> statement-breakpoint
CREATE INDEX "meadows_price_idx" ON "meadows" USING btree ("price_amount","id");--> statement-breakpoint
CREATE INDEX "meadows_created_idx" ON "meadows" USING btree ("created_at","id");