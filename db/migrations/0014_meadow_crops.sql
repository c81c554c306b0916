-- What grows at a meadow (issue 22): the catalogue ids of its crops (app/lib/crops.ts) and, in the
-- same order, the months each is picked there as a 12-bit mask (bit 0 January), plus the union
-- of those masks, which "in season in month M" asks of (season_mask & (1 << (M - 1)) <> 0).
-- The records service writes all three together. New columns go at the end (ADR 11).
ALTER TABLE "meadows" ADD COLUMN "crops" text[] DEFAULT '{}' NOT NULL;
--> statement-breakpoint
ALTER TABLE "meadows" ADD COLUMN "crop_months" smallint[] DEFAULT '{}' NOT NULL;
--> statement-breakpoint
ALTER TABLE "meadows" ADD COLUMN "season_mask" smallint DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE "meadows" ADD CONSTRAINT "meadows_crop_months_match"
  CHECK (cardinality("crops") = cardinality("crop_months"));
--> statement-breakpoint
ALTER TABLE "meadows" ADD CONSTRAINT "meadows_season_mask_months"
  CHECK ("season_mask" between 0 and 4095);
--> statement-breakpoint
-- "Has one of these crops": crops && array[…] finds the meadows without reading the others.
CREATE INDEX "meadows_crops_idx" ON "meadows" USING gin ("crops");
