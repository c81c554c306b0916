-- Each crop of a meadow with each month it is in season there ('dahlia:8'), so "one of these crops
-- in season in month M" is an array overlap that a GIN index answers (ADR 36), instead of a check
-- of every row growing one of the crops. Kept by PostgreSQL from the two columns it is made of.
CREATE OR REPLACE FUNCTION meadow_crop_seasons(crops text[], crop_months smallint[]) RETURNS text[]
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$
    SELECT coalesce(array_agg(c.id || ':' || m ORDER BY c.ord, m), '{}')
    FROM unnest(crops, crop_months) WITH ORDINALITY AS c(id, months, ord)
      CROSS JOIN generate_series(1, 12) AS m
    WHERE c.months & (1 << (m - 1)) <> 0
  $$;
--> statement-breakpoint
ALTER TABLE "meadows" ADD COLUMN "crop_seasons" text[] GENERATED ALWAYS AS (meadow_crop_seasons(crops, crop_months)) STORED NOT NULL;
--> statement-breakpoint
CREATE INDEX "meadows_crop_seasons_idx" ON "meadows" USING gin ("crop_seasons");
