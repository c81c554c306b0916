-- The stored grid per crop and per month in season (ADR 42): as meadow_grid (migrations 0005 and
-- 0006), the meadows of each cell, level and country, counted under each key they have, so a map
-- filtered on one crop or on a month counts every match. Statement-level triggers keep it current.
CREATE TABLE "meadow_grid_keys" (
	"key" text NOT NULL,
	"level" smallint NOT NULL,
	"cx" integer NOT NULL,
	"cy" integer NOT NULL,
	"country" text NOT NULL,
	"count" integer NOT NULL,
	"lat_sum" double precision NOT NULL,
	"lng_sum" double precision NOT NULL,
	"sample_id" text,
	CONSTRAINT "meadow_grid_keys_key_level_cx_cy_country_pk" PRIMARY KEY("key","level","cx","cy","country")
);

--> statement-breakpoint
-- The keys a meadow counts under in meadow_grid_keys: 'crop:<id>' for each crop it grows and
-- 'month:<1-12>' for each month something is in season there (season_mask bit M-1).
CREATE OR REPLACE FUNCTION meadow_grid_keys_of(crops text[], season_mask smallint) RETURNS text[]
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$
    SELECT coalesce(array_agg(k ORDER BY k), '{}') FROM (
      SELECT 'crop:' || c AS k FROM unnest(crops) AS c
      UNION
      SELECT 'month:' || m FROM generate_series(1, 12) AS m WHERE season_mask & (1 << (m - 1)) <> 0
    ) AS keys
  $$;
--> statement-breakpoint
-- As meadow_grid_apply (migration 0006), one entry per meadow and key: adds (sign 1) or removes
-- (sign -1) the meadow at its position under that key, on every level.
CREATE OR REPLACE FUNCTION meadow_grid_keys_apply(
  ids text[], lats float8[], lngs float8[], countries text[], keys text[], signs integer[]
) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF ids IS NULL THEN
    RETURN;
  END IF;
  INSERT INTO meadow_grid_keys AS g (key, level, cx, cy, country, count, lat_sum, lng_sum, sample_id)
  SELECT d.key, l.level,
    floor(d.lng / meadow_grid_cell_size(l.level))::integer,
    floor(d.lat / meadow_grid_cell_size(l.level))::integer,
    d.country,
    sum(d.sign)::integer,
    sum(d.sign * d.lat),
    sum(d.sign * d.lng),
    min(d.id) FILTER (WHERE d.sign > 0)
  FROM unnest(ids, lats, lngs, countries, keys, signs) AS d(id, lat, lng, country, key, sign)
    CROSS JOIN generate_series(0, 11) AS l(level)
  GROUP BY 1, 2, 3, 4, 5
  -- One lock order for every writer, so two statements changing meadows cannot deadlock here.
  ORDER BY 1, 2, 3, 4, 5
  ON CONFLICT (key, level, cx, cy, country) DO UPDATE SET
    count = g.count + excluded.count,
    lat_sum = g.lat_sum + excluded.lat_sum,
    lng_sum = g.lng_sum + excluded.lng_sum,
    sample_id = coalesce(g.sample_id, excluded.sample_id);

  IF NOT (-1 = ANY (signs)) THEN
    RETURN;
  END IF;
  -- Cells that lost meadows: the empty ones go, the others get a new sample if theirs left.
  DELETE FROM meadow_grid_keys g
  USING (
    SELECT DISTINCT d.key, l.level,
      floor(d.lng / meadow_grid_cell_size(l.level))::integer AS cx,
      floor(d.lat / meadow_grid_cell_size(l.level))::integer AS cy,
      d.country
    FROM unnest(lats, lngs, countries, keys, signs) AS d(lat, lng, country, key, sign)
      CROSS JOIN generate_series(0, 11) AS l(level)
    WHERE d.sign < 0
  ) AS t
  WHERE (g.key, g.level, g.cx, g.cy, g.country) = (t.key, t.level, t.cx, t.cy, t.country)
    AND g.count <= 0;

  UPDATE meadow_grid_keys g
  SET sample_id = (
    SELECT m.id FROM meadows m
    WHERE m.country = g.country
      AND point(m.lng, m.lat) <@ box(
        point(g.cx * meadow_grid_cell_size(g.level), g.cy * meadow_grid_cell_size(g.level)),
        point((g.cx + 1) * meadow_grid_cell_size(g.level), (g.cy + 1) * meadow_grid_cell_size(g.level)))
      AND floor(m.lng / meadow_grid_cell_size(g.level)) = g.cx
      AND floor(m.lat / meadow_grid_cell_size(g.level)) = g.cy
      AND g.key = ANY (meadow_grid_keys_of(m.crops, m.season_mask))
    LIMIT 1)
  FROM (
    SELECT DISTINCT d.key, l.level,
      floor(d.lng / meadow_grid_cell_size(l.level))::integer AS cx,
      floor(d.lat / meadow_grid_cell_size(l.level))::integer AS cy,
      d.country
    FROM unnest(ids, lats, lngs, countries, keys, signs) AS d(id, lat, lng, country, key, sign)
      CROSS JOIN generate_series(0, 11) AS l(level)
    WHERE d.sign < 0
  ) AS t
  WHERE (g.key, g.level, g.cx, g.cy, g.country) = (t.key, t.level, t.cx, t.cy, t.country)
    AND g.sample_id = ANY (ids);
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION meadow_grid_keys_track() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM meadow_grid_keys_apply(array_agg(n.id), array_agg(n.lat), array_agg(n.lng),
      array_agg(n.country), array_agg(k.key), array_agg(1))
    FROM new_rows n CROSS JOIN unnest(meadow_grid_keys_of(n.crops, n.season_mask)) AS k(key);
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM meadow_grid_keys_apply(array_agg(o.id), array_agg(o.lat), array_agg(o.lng),
      array_agg(o.country), array_agg(k.key), array_agg(-1))
    FROM old_rows o CROSS JOIN unnest(meadow_grid_keys_of(o.crops, o.season_mask)) AS k(key);
  ELSIF TG_OP = 'UPDATE' THEN
    -- Only meadows that moved, changed country or changed what grows when; an edited
    -- description leaves the grid alone.
    PERFORM meadow_grid_keys_apply(array_agg(c.id), array_agg(c.lat), array_agg(c.lng),
      array_agg(c.country), array_agg(c.key), array_agg(c.sign))
    FROM (
      SELECT n.id, n.lat, n.lng, n.country, k.key, 1 AS sign
      FROM new_rows n JOIN old_rows o ON o.id = n.id
        CROSS JOIN unnest(meadow_grid_keys_of(n.crops, n.season_mask)) AS k(key)
      WHERE (n.lat, n.lng, n.country, n.crops, n.season_mask)
        IS DISTINCT FROM (o.lat, o.lng, o.country, o.crops, o.season_mask)
      UNION ALL
      SELECT o.id, o.lat, o.lng, o.country, k.key, -1
      FROM old_rows o JOIN new_rows n ON n.id = o.id
        CROSS JOIN unnest(meadow_grid_keys_of(o.crops, o.season_mask)) AS k(key)
      WHERE (n.lat, n.lng, n.country, n.crops, n.season_mask)
        IS DISTINCT FROM (o.lat, o.lng, o.country, o.crops, o.season_mask)
    ) AS c;
  ELSE
    DELETE FROM meadow_grid_keys;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER meadow_grid_keys_insert AFTER INSERT ON meadows
  REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION meadow_grid_keys_track();
--> statement-breakpoint
CREATE TRIGGER meadow_grid_keys_update AFTER UPDATE ON meadows
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION meadow_grid_keys_track();
--> statement-breakpoint
CREATE TRIGGER meadow_grid_keys_delete AFTER DELETE ON meadows
  REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION meadow_grid_keys_track();
--> statement-breakpoint
CREATE TRIGGER meadow_grid_keys_truncate AFTER TRUNCATE ON meadows
  FOR EACH STATEMENT EXECUTE FUNCTION meadow_grid_keys_track();
--> statement-breakpoint
-- Meadows that exist already.
SELECT meadow_grid_keys_apply(array_agg(m.id), array_agg(m.lat), array_agg(m.lng),
  array_agg(m.country), array_agg(k.key), array_agg(1))
FROM meadows m CROSS JOIN unnest(meadow_grid_keys_of(m.crops, m.season_mask)) AS k(key);
