-- The stored grid also counts the meadows growing each two of their crops, under
-- 'crops:<a>+<b>' (the ids in byte order, `months` the months both are picked there), so a map
-- of two crops counts each meadow once: those of one, plus those of the other, less those of
-- both (ADR 42). Before, a cell counted its larger crop, a lower bound where both grew.
CREATE FUNCTION meadow_crop_pairs_of(crops text[], crop_months smallint[])
  RETURNS TABLE (key text, months smallint) LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$
    SELECT 'crops:' || a.id || '+' || b.id, (a.months & b.months)::smallint
    FROM unnest(crops, crop_months) AS a(id, months)
      JOIN unnest(crops, crop_months) AS b(id, months) ON a.id COLLATE "C" < b.id COLLATE "C"
  $$;
--> statement-breakpoint
-- As migration 0020's, with the pairs of crops.
CREATE OR REPLACE FUNCTION meadow_grid_keys_of(crops text[], crop_months smallint[],
  season_mask smallint, hours text)
  RETURNS TABLE (key text, months smallint) LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$
    SELECT 'crop:' || c.id, c.months FROM unnest(crops, crop_months) AS c(id, months)
    UNION ALL
    SELECT p.key, p.months FROM meadow_crop_pairs_of(crops, crop_months) AS p
    UNION ALL
    SELECT 'month:' || m, (1 << (m - 1))::smallint FROM generate_series(1, 12) AS m
    WHERE season_mask & (1 << (m - 1)) <> 0
    UNION ALL
    SELECT 'open', 0::smallint WHERE hours <> ''
  $$;
--> statement-breakpoint
-- The pairs of the meadows that exist already; their other keys are in the grid.
SELECT meadow_grid_keys_apply(array_agg(m.id), array_agg(m.lat), array_agg(m.lng),
  array_agg(m.country), array_agg(k.key), array_agg(k.months), array_agg(p.hours), array_agg(1))
FROM meadows m
  CROSS JOIN meadow_hours_profile(m.open_minutes, m.closed_on_holidays) AS p(hours)
  CROSS JOIN meadow_crop_pairs_of(m.crops, m.crop_months) AS k;
