-- Each crop a meadow grows, and each crop in each of its months (its crop_seasons), keyed by the
-- map's grid cell of level 9 it lies in ('kale 27,298', 'kale:11 27,298': 0.17578125 degrees,
-- about 20 by 12 km here), so the list's crops within a distance are looked up in the cells of the
-- circle (ADR 47). The crops' own indexes ANDed with the GiST index's bitmap of the circle passed
-- every meadow in it: 107,000 within 25 km of Amsterdam at 1,000,000 meadows, most of a 75 ms
-- read on PGlite.
-- Schema-qualified: indexes are built with only pg_catalog on the search_path.
CREATE FUNCTION meadow_crop_season_cells(crops text[], crop_seasons text[], lat double precision,
  lng double precision)
  RETURNS text[] LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$
    SELECT coalesce(pg_catalog.array_agg(c || ' ' || pg_catalog.floor(lng / 0.17578125::float8)::int
      || ',' || pg_catalog.floor(lat / 0.17578125::float8)::int), '{}')
    FROM pg_catalog.unnest(pg_catalog.array_cat(crops, crop_seasons)) AS c
  $$;
--> statement-breakpoint
CREATE INDEX "meadows_crop_season_cells_idx" ON "meadows" USING gin (meadow_crop_season_cells("crops", "crop_seasons", "lat", "lng"));
