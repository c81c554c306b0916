-- Keeps meadow_grid (the map's clusters for zoom levels 0-11, see db/schema.ts) in step with
-- meadows. Statement-level triggers with transition tables, so a bulk insert or delete touches
-- each cell once rather than once per meadow.

-- The cell size of a grid level in degrees: a quarter of a 256-pixel map tile at that zoom.
-- app/services/meadows.server.ts computes the same (clusterCellSize).
CREATE OR REPLACE FUNCTION meadow_grid_cell_size(level integer) RETURNS double precision
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$ SELECT 90.0::float8 / (1 << level) $$;
--> statement-breakpoint
-- Adds (sign 1) or removes (sign -1) meadows at their positions, on every level.
CREATE OR REPLACE FUNCTION meadow_grid_apply(
  ids text[], lats float8[], lngs float8[], countries text[], signs integer[]
) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF ids IS NULL THEN
    RETURN;
  END IF;
  INSERT INTO meadow_grid AS g (level, cx, cy, country, count, lat_sum, lng_sum, sample_id)
  SELECT l.level,
    floor(d.lng / meadow_grid_cell_size(l.level))::integer,
    floor(d.lat / meadow_grid_cell_size(l.level))::integer,
    d.country,
    sum(d.sign)::integer,
    sum(d.sign * d.lat),
    sum(d.sign * d.lng),
    min(d.id) FILTER (WHERE d.sign > 0)
  FROM unnest(ids, lats, lngs, countries, signs) AS d(id, lat, lng, country, sign)
    CROSS JOIN generate_series(0, 11) AS l(level)
  GROUP BY 1, 2, 3, 4
  -- One lock order for every writer, so two statements changing meadows cannot deadlock here.
  ORDER BY 1, 2, 3, 4
  ON CONFLICT (level, cx, cy, country) DO UPDATE SET
    count = g.count + excluded.count,
    lat_sum = g.lat_sum + excluded.lat_sum,
    lng_sum = g.lng_sum + excluded.lng_sum,
    sample_id = coalesce(g.sample_id, excluded.sample_id);

  IF NOT (-1 = ANY (signs)) THEN
    RETURN;
  END IF;
  -- Cells that lost meadows: the empty ones go, the others get a new sample if theirs left.
  DELETE FROM meadow_grid g
  USING (
    SELECT DISTINCT l.level,
      floor(d.lng / meadow_grid_cell_size(l.level))::integer AS cx,
      floor(d.lat / meadow_grid_cell_size(l.level))::integer AS cy,
      d.country
    FROM unnest(lats, lngs, countries, signs) AS d(lat, lng, country, sign)
      CROSS JOIN generate_series(0, 11) AS l(level)
    WHERE d.sign < 0
  ) AS t
  WHERE (g.level, g.cx, g.cy, g.country) = (t.level, t.cx, t.cy, t.country) AND g.count <= 0;

  UPDATE meadow_grid g
  SET sample_id = (
    SELECT m.id FROM meadows m
    WHERE m.country = g.country
      AND point(m.lng, m.lat) <@ box(
        point(g.cx * meadow_grid_cell_size(g.level), g.cy * meadow_grid_cell_size(g.level)),
        point((g.cx + 1) * meadow_grid_cell_size(g.level), (g.cy + 1) * meadow_grid_cell_size(g.level)))
      AND floor(m.lng / meadow_grid_cell_size(g.level)) = g.cx
      AND floor(m.lat / meadow_grid_cell_size(g.level)) = g.cy
    LIMIT 1)
  FROM (
    SELECT DISTINCT l.level,
      floor(d.lng / meadow_grid_cell_size(l.level))::integer AS cx,
      floor(d.lat / meadow_grid_cell_size(l.level))::integer AS cy,
      d.country
    FROM unnest(ids, lats, lngs, countries, signs) AS d(id, lat, lng, country, sign)
      CROSS JOIN generate_series(0, 11) AS l(level)
    WHERE d.sign < 0
  ) AS t
  WHERE (g.level, g.cx, g.cy, g.country) = (t.level, t.cx, t.cy, t.country)
    AND g.sample_id = ANY (ids);
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION meadow_grid_track() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM meadow_grid_apply(array_agg(n.id), array_agg(n.lat), array_agg(n.lng),
      array_agg(n.country), array_agg(1))
    FROM new_rows n;
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM meadow_grid_apply(array_agg(o.id), array_agg(o.lat), array_agg(o.lng),
      array_agg(o.country), array_agg(-1))
    FROM old_rows o;
  ELSIF TG_OP = 'UPDATE' THEN
    -- Only meadows that moved or changed country; an edited description leaves the grid alone.
    PERFORM meadow_grid_apply(array_agg(c.id), array_agg(c.lat), array_agg(c.lng),
      array_agg(c.country), array_agg(c.sign))
    FROM (
      SELECT n.id, n.lat, n.lng, n.country, 1 AS sign
      FROM new_rows n JOIN old_rows o ON o.id = n.id
      WHERE (n.lat, n.lng, n.country) IS DISTINCT FROM (o.lat, o.lng, o.country)
      UNION ALL
      SELECT o.id, o.lat, o.lng, o.country, -1
      FROM old_rows o JOIN new_rows n ON n.id = o.id
      WHERE (n.lat, n.lng, n.country) IS DISTINCT FROM (o.lat, o.lng, o.country)
    ) AS c;
  ELSE
    DELETE FROM meadow_grid;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
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
-- Meadows that exist already (demo data).
SELECT meadow_grid_apply(array_agg(id), array_agg(lat), array_agg(lng), array_agg(country),
  array_agg(1))
FROM meadows;
