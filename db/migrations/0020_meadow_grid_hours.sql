-- The stored grid per crop and month also per opening hours (ADR 42): every row is split by the
-- meadows' hours, a crop's also by its months at each meadow, and an 'open' key counts the
-- meadows with hours, so a crop in a month, "open now", and either with a crop or a month count
-- every match from the grid. Hours are a profile (an md5 of the weekly form) whose hours the
-- grid's rows are checked by, at the moment asked about.
CREATE TABLE "meadow_hours_profiles" (
	"id" text PRIMARY KEY NOT NULL,
	"open_minutes" "int4multirange" NOT NULL,
	"closed_on_holidays" boolean NOT NULL
);
--> statement-breakpoint
DROP TRIGGER meadow_grid_keys_insert ON meadows;
--> statement-breakpoint
DROP TRIGGER meadow_grid_keys_update ON meadows;
--> statement-breakpoint
DROP TRIGGER meadow_grid_keys_delete ON meadows;
--> statement-breakpoint
DROP TRIGGER meadow_grid_keys_truncate ON meadows;
--> statement-breakpoint
DROP FUNCTION meadow_grid_keys_track();
--> statement-breakpoint
DROP FUNCTION meadow_grid_keys_apply(text[], float8[], float8[], text[], text[], integer[]);
--> statement-breakpoint
DROP FUNCTION meadow_grid_keys_of(text[], smallint);
--> statement-breakpoint
-- Refilled below from the meadows, in the new keys.
TRUNCATE "meadow_grid_keys";
--> statement-breakpoint
ALTER TABLE "meadow_grid_keys" DROP CONSTRAINT "meadow_grid_keys_key_level_cx_cy_country_pk";
--> statement-breakpoint
ALTER TABLE "meadow_grid_keys" ADD COLUMN "months" smallint NOT NULL;
--> statement-breakpoint
ALTER TABLE "meadow_grid_keys" ADD COLUMN "hours" text NOT NULL;
--> statement-breakpoint
ALTER TABLE "meadow_grid_keys" ADD CONSTRAINT "meadow_grid_keys_key_level_cx_cy_country_months_hours_pk" PRIMARY KEY("key","level","cx","cy","country","months","hours");
--> statement-breakpoint
-- A meadow's hours profile: '' when it is never surely open, else an md5 of its weekly form.
CREATE FUNCTION meadow_hours_profile(open_minutes int4multirange, closed_on_holidays boolean)
  RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$
    SELECT CASE WHEN open_minutes IS NULL OR isempty(open_minutes) THEN ''
      ELSE md5(open_minutes::text || ' ' || coalesce(closed_on_holidays, false)::text) END
  $$;
--> statement-breakpoint
-- The keys a meadow counts under in meadow_grid_keys, each with its months: 'crop:<id>' for each
-- crop it grows (the months it is picked there), 'month:<1-12>' for each month something is in
-- season there (that month's bit), and 'open' when it has hours (`hours` its profile).
CREATE FUNCTION meadow_grid_keys_of(crops text[], crop_months smallint[], season_mask smallint,
  hours text)
  RETURNS TABLE (key text, months smallint) LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$
    SELECT 'crop:' || c.id, c.months FROM unnest(crops, crop_months) AS c(id, months)
    UNION ALL
    SELECT 'month:' || m, (1 << (m - 1))::smallint FROM generate_series(1, 12) AS m
    WHERE season_mask & (1 << (m - 1)) <> 0
    UNION ALL
    SELECT 'open', 0::smallint WHERE hours <> ''
  $$;
--> statement-breakpoint
-- As meadow_grid_apply (migration 0006), one entry per meadow and key: adds (sign 1) or removes
-- (sign -1) the meadow at its position under that key, its months and hours, on every level.
CREATE FUNCTION meadow_grid_keys_apply(
  ids text[], lats float8[], lngs float8[], countries text[], keys text[],
  key_months smallint[], key_hours text[], signs integer[]
) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF ids IS NULL THEN
    RETURN;
  END IF;
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
-- The entries of `rows` (a meadow each, as the trigger's transition tables hold them) for
-- meadow_grid_keys_apply, with `sign`; their hours profiles are stored on the way.
CREATE FUNCTION meadow_grid_keys_track() RETURNS trigger LANGUAGE plpgsql AS $$
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
INSERT INTO meadow_hours_profiles (id, open_minutes, closed_on_holidays)
SELECT DISTINCT ON (p.id) p.id, m.open_minutes, coalesce(m.closed_on_holidays, false)
FROM meadows m CROSS JOIN meadow_hours_profile(m.open_minutes, m.closed_on_holidays) AS p(id)
WHERE p.id <> ''
ORDER BY p.id;
--> statement-breakpoint
SELECT meadow_grid_keys_apply(array_agg(m.id), array_agg(m.lat), array_agg(m.lng),
  array_agg(m.country), array_agg(k.key), array_agg(k.months), array_agg(p.hours), array_agg(1))
FROM meadows m
  CROSS JOIN meadow_hours_profile(m.open_minutes, m.closed_on_holidays) AS p(hours)
  CROSS JOIN meadow_grid_keys_of(m.crops, m.crop_months, m.season_mask, p.hours) AS k;
