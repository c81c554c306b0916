-- meadow_grid_keys' rows of every hours together, so a map of crops or months that does not ask
-- who is open reads a row per cell, key, country and months instead of one per hours profile
-- besides (ADR 42): a view of eight crops at zoom 7 read 9,666 rows for 100,000 meadows of ten
-- hours profiles, of which 2,373 hold what it needs; meadows' own hours differ far more.
CREATE TABLE "meadow_grid_keys_all_hours" (
	"key" text NOT NULL,
	"level" smallint NOT NULL,
	"cx" integer NOT NULL,
	"cy" integer NOT NULL,
	"country" text NOT NULL,
	"count" integer NOT NULL,
	"lat_sum" double precision NOT NULL,
	"lng_sum" double precision NOT NULL,
	"sample_id" text,
	"months" smallint NOT NULL,
	CONSTRAINT "meadow_grid_keys_all_hours_key_level_cx_cy_country_months_pk" PRIMARY KEY("key","level","cx","cy","country","months")
);
--> statement-breakpoint
-- As meadow_grid_keys_apply (migration 0020) without the hours: one entry per meadow and key,
-- added (sign 1) or removed (sign -1) at its position on every level. A new sample may be any
-- meadow of the key and months in the cell, whatever its hours.
CREATE FUNCTION meadow_grid_keys_all_hours_apply(
  ids text[], lats float8[], lngs float8[], countries text[], keys text[],
  key_months smallint[], signs integer[]
) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO meadow_grid_keys_all_hours AS g
    (key, level, cx, cy, country, months, count, lat_sum, lng_sum, sample_id)
  SELECT d.key, l.level,
    floor(d.lng / meadow_grid_cell_size(l.level))::integer,
    floor(d.lat / meadow_grid_cell_size(l.level))::integer,
    d.country, d.months,
    sum(d.sign)::integer,
    sum(d.sign * d.lat),
    sum(d.sign * d.lng),
    min(d.id) FILTER (WHERE d.sign > 0)
  FROM unnest(ids, lats, lngs, countries, keys, key_months, signs)
      AS d(id, lat, lng, country, key, months, sign)
    CROSS JOIN generate_series(0, 11) AS l(level)
  GROUP BY 1, 2, 3, 4, 5, 6
  -- One lock order for every writer, this table before meadow_grid_keys.
  ORDER BY 1, 2, 3, 4, 5, 6
  ON CONFLICT (key, level, cx, cy, country, months) DO UPDATE SET
    count = g.count + excluded.count,
    lat_sum = g.lat_sum + excluded.lat_sum,
    lng_sum = g.lng_sum + excluded.lng_sum,
    sample_id = coalesce(g.sample_id, excluded.sample_id);

  IF NOT (-1 = ANY (signs)) THEN
    RETURN;
  END IF;
  DELETE FROM meadow_grid_keys_all_hours g
  USING (
    SELECT DISTINCT d.key, l.level,
      floor(d.lng / meadow_grid_cell_size(l.level))::integer AS cx,
      floor(d.lat / meadow_grid_cell_size(l.level))::integer AS cy,
      d.country, d.months
    FROM unnest(lats, lngs, countries, keys, key_months, signs)
        AS d(lat, lng, country, key, months, sign)
      CROSS JOIN generate_series(0, 11) AS l(level)
    WHERE d.sign < 0
  ) AS t
  WHERE (g.key, g.level, g.cx, g.cy, g.country, g.months)
      = (t.key, t.level, t.cx, t.cy, t.country, t.months)
    AND g.count <= 0;

  UPDATE meadow_grid_keys_all_hours g
  SET sample_id = (
    SELECT m.id FROM meadows m
    WHERE m.country = g.country
      AND point(m.lng, m.lat) <@ box(
        point(g.cx * meadow_grid_cell_size(g.level), g.cy * meadow_grid_cell_size(g.level)),
        point((g.cx + 1) * meadow_grid_cell_size(g.level), (g.cy + 1) * meadow_grid_cell_size(g.level)))
      AND floor(m.lng / meadow_grid_cell_size(g.level)) = g.cx
      AND floor(m.lat / meadow_grid_cell_size(g.level)) = g.cy
      AND (g.key, g.months) IN (
        SELECT k.key, k.months
        FROM meadow_grid_keys_of(m.crops, m.crop_months, m.season_mask,
          meadow_hours_profile(m.open_minutes, m.closed_on_holidays)) AS k)
    LIMIT 1)
  FROM (
    SELECT DISTINCT d.key, l.level,
      floor(d.lng / meadow_grid_cell_size(l.level))::integer AS cx,
      floor(d.lat / meadow_grid_cell_size(l.level))::integer AS cy,
      d.country, d.months
    FROM unnest(ids, lats, lngs, countries, keys, key_months, signs)
        AS d(id, lat, lng, country, key, months, sign)
      CROSS JOIN generate_series(0, 11) AS l(level)
    WHERE d.sign < 0
  ) AS t
  WHERE (g.key, g.level, g.cx, g.cy, g.country, g.months)
      = (t.key, t.level, t.cx, t.cy, t.country, t.months)
    AND g.sample_id = ANY (ids);
END
$$;
--> statement-breakpoint
-- As migration 0020's, first applying each entry to the rows of all hours.
CREATE OR REPLACE FUNCTION meadow_grid_keys_apply(
  ids text[], lats float8[], lngs float8[], countries text[], keys text[],
  key_months smallint[], key_hours text[], signs integer[]
) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF ids IS NULL THEN
    RETURN;
  END IF;
  PERFORM meadow_grid_keys_all_hours_apply(ids, lats, lngs, countries, keys, key_months, signs);
  INSERT INTO meadow_grid_keys AS g
    (key, level, cx, cy, country, months, hours, count, lat_sum, lng_sum, sample_id)
  SELECT d.key, l.level,
    floor(d.lng / meadow_grid_cell_size(l.level))::integer,
    floor(d.lat / meadow_grid_cell_size(l.level))::integer,
    d.country, d.months, d.hours,
    sum(d.sign)::integer,
    sum(d.sign * d.lat),
    sum(d.sign * d.lng),
    min(d.id) FILTER (WHERE d.sign > 0)
  FROM unnest(ids, lats, lngs, countries, keys, key_months, key_hours, signs)
      AS d(id, lat, lng, country, key, months, hours, sign)
    CROSS JOIN generate_series(0, 11) AS l(level)
  GROUP BY 1, 2, 3, 4, 5, 6, 7
  -- One lock order for every writer, so two statements changing meadows cannot deadlock here.
  ORDER BY 1, 2, 3, 4, 5, 6, 7
  ON CONFLICT (key, level, cx, cy, country, months, hours) DO UPDATE SET
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
      d.country, d.months, d.hours
    FROM unnest(lats, lngs, countries, keys, key_months, key_hours, signs)
        AS d(lat, lng, country, key, months, hours, sign)
      CROSS JOIN generate_series(0, 11) AS l(level)
    WHERE d.sign < 0
  ) AS t
  WHERE (g.key, g.level, g.cx, g.cy, g.country, g.months, g.hours)
      = (t.key, t.level, t.cx, t.cy, t.country, t.months, t.hours)
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
      AND meadow_hours_profile(m.open_minutes, m.closed_on_holidays) = g.hours
      AND (g.key, g.months) IN (
        SELECT k.key, k.months
        FROM meadow_grid_keys_of(m.crops, m.crop_months, m.season_mask, g.hours) AS k)
    LIMIT 1)
  FROM (
    SELECT DISTINCT d.key, l.level,
      floor(d.lng / meadow_grid_cell_size(l.level))::integer AS cx,
      floor(d.lat / meadow_grid_cell_size(l.level))::integer AS cy,
      d.country, d.months, d.hours
    FROM unnest(ids, lats, lngs, countries, keys, key_months, key_hours, signs)
        AS d(id, lat, lng, country, key, months, hours, sign)
      CROSS JOIN generate_series(0, 11) AS l(level)
    WHERE d.sign < 0
  ) AS t
  WHERE (g.key, g.level, g.cx, g.cy, g.country, g.months, g.hours)
      = (t.key, t.level, t.cx, t.cy, t.country, t.months, t.hours)
    AND g.sample_id = ANY (ids);
END
$$;
--> statement-breakpoint
-- As migration 0020's, emptying the rows of all hours too when meadows is truncated.
CREATE OR REPLACE FUNCTION meadow_grid_keys_track() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO meadow_hours_profiles (id, open_minutes, closed_on_holidays)
    SELECT DISTINCT ON (p.id) p.id, n.open_minutes, coalesce(n.closed_on_holidays, false)
    FROM new_rows n CROSS JOIN meadow_hours_profile(n.open_minutes, n.closed_on_holidays) AS p(id)
    WHERE p.id <> ''
    ORDER BY p.id
    ON CONFLICT (id) DO NOTHING;
  END IF;
  IF TG_OP = 'INSERT' THEN
    PERFORM meadow_grid_keys_apply(array_agg(n.id), array_agg(n.lat), array_agg(n.lng),
      array_agg(n.country), array_agg(k.key), array_agg(k.months), array_agg(p.hours),
      array_agg(1))
    FROM new_rows n
      CROSS JOIN meadow_hours_profile(n.open_minutes, n.closed_on_holidays) AS p(hours)
      CROSS JOIN meadow_grid_keys_of(n.crops, n.crop_months, n.season_mask, p.hours) AS k;
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM meadow_grid_keys_apply(array_agg(o.id), array_agg(o.lat), array_agg(o.lng),
      array_agg(o.country), array_agg(k.key), array_agg(k.months), array_agg(p.hours),
      array_agg(-1))
    FROM old_rows o
      CROSS JOIN meadow_hours_profile(o.open_minutes, o.closed_on_holidays) AS p(hours)
      CROSS JOIN meadow_grid_keys_of(o.crops, o.crop_months, o.season_mask, p.hours) AS k;
  ELSIF TG_OP = 'UPDATE' THEN
    -- Only meadows that moved, changed country, what grows when, or their hours; an edited
    -- description leaves the grid alone.
    PERFORM meadow_grid_keys_apply(array_agg(c.id), array_agg(c.lat), array_agg(c.lng),
      array_agg(c.country), array_agg(c.key), array_agg(c.months), array_agg(c.hours),
      array_agg(c.sign))
    FROM (
      SELECT n.id, n.lat, n.lng, n.country, k.key, k.months, p.hours, 1 AS sign
      FROM new_rows n JOIN old_rows o ON o.id = n.id
        CROSS JOIN meadow_hours_profile(n.open_minutes, n.closed_on_holidays) AS p(hours)
        CROSS JOIN meadow_grid_keys_of(n.crops, n.crop_months, n.season_mask, p.hours) AS k
      WHERE (n.lat, n.lng, n.country, n.crops, n.crop_months, n.season_mask, n.open_minutes,
          n.closed_on_holidays)
        IS DISTINCT FROM (o.lat, o.lng, o.country, o.crops, o.crop_months, o.season_mask,
          o.open_minutes, o.closed_on_holidays)
      UNION ALL
      SELECT o.id, o.lat, o.lng, o.country, k.key, k.months, p.hours, -1
      FROM old_rows o JOIN new_rows n ON n.id = o.id
        CROSS JOIN meadow_hours_profile(o.open_minutes, o.closed_on_holidays) AS p(hours)
        CROSS JOIN meadow_grid_keys_of(o.crops, o.crop_months, o.season_mask, p.hours) AS k
      WHERE (n.lat, n.lng, n.country, n.crops, n.crop_months, n.season_mask, n.open_minutes,
          n.closed_on_holidays)
        IS DISTINCT FROM (o.lat, o.lng, o.country, o.crops, o.crop_months, o.season_mask,
          o.open_minutes, o.closed_on_holidays)
    ) AS c;
  ELSE
    DELETE FROM meadow_grid_keys_all_hours;
    DELETE FROM meadow_grid_keys;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- The meadows that exist already, from their rows per hours.
INSERT INTO meadow_grid_keys_all_hours
  (key, level, cx, cy, country, months, count, lat_sum, lng_sum, sample_id)
SELECT key, level, cx, cy, country, months, sum(count)::integer, sum(lat_sum), sum(lng_sum),
  min(sample_id)
FROM meadow_grid_keys
GROUP BY key, level, cx, cy, country, months
ORDER BY key, level, cx, cy, country, months;
