-- Each crop a meadow grows with its hours profile (meadow_hours_profile, migration 0020), cut to
-- eight characters ('dahlia:1f3a9c0b'), so the map's pins of crops open now, when the stored
-- grid says they are few, are read from a GIN index as the crops of the profiles open now (ADR
-- 42). Two profiles sharing the eight characters only add rows that the exact "open now"
-- condition, always checked too, rules out. Schema-qualified: PostgreSQL 17 builds an index with
-- only pg_catalog on the search_path.
CREATE FUNCTION meadow_crop_hours(crops text[], open_minutes int4multirange,
  closed_on_holidays boolean)
  RETURNS text[] LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$
    SELECT coalesce(array_agg(c || ':' || left(p.id, 8)), '{}')
    FROM public.meadow_hours_profile(open_minutes, closed_on_holidays) AS p(id)
      CROSS JOIN unnest(crops) AS c
    WHERE p.id <> ''
  $$;
--> statement-breakpoint
CREATE INDEX "meadows_crop_hours_idx" ON "meadows" USING gin (meadow_crop_hours("crops", "open_minutes", "closed_on_holidays"));
