-- crops-near: the matches in the circle's cells, sorted
with
  found as materialized (
    select
      m.id,
      (
        $1::float8 * asin(
          sqrt(
            power(sin((m.lat - $2::float8) * $3::float8), 2) + $4::float8 * cos(m.lat * $5::float8) * power(sin((m.lng - $6::float8) * $7::float8), 2)
          )
        )
      ) as distance_m
    from
      meadows m
    where
      meadow_crop_season_cells (m.crops, m.crop_seasons, m.lat, m.lng) && $8::text[]
      and (m.crops && $9::text[]) is true
      and (
        $10::float8 * asin(
          sqrt(
            power(sin((m.lat - $11::float8) * $12::float8), 2) + $13::float8 * cos(m.lat * $14::float8) * power(sin((m.lng - $15::float8) * $16::float8), 2)
          )
        )
      ) <= $17::float8
    limit
      $18
  ),
  counted as (
    select
      count(*)::int as n
    from
      found
  ),
  page as (
    select
      f.id,
      f.distance_m
    from
      found f
    where
      (
        select
          n
        from
          counted
      ) <= $19
    order by
      f.distance_m,
      f.id
    limit
      $20
    offset
      $21
  )
select
  m.id,
  m.name,
  m.city,
  m.country,
  m.price_text,
  m.price_amount,
  m.lat,
  m.lng,
  m.is_demo,
  m.created_at,
  m.crops,
  m.crop_months,
  m.hours_syntax,
  (
    select
      json_build_object(
        'keyPrefix',
        ph.key_prefix,
        'width',
        ph.width,
        'height',
        ph.height,
        'placeholder',
        ph.placeholder
      )
    from
      photos ph
    where
      ph.meadow_id = m.id
    order by
      ph.created_at,
      ph.id
    limit
      1
  ) as first_photo,
  p.distance_m,
  c.n as found
from
  counted c
  left join page p on true
  left join meadows m on m.id = p.id
order by
  p.distance_m,
  p.id

-- $1 = 12756336
-- $2 = 52.09
-- $3 = 0.008726646259971648
-- $4 = 0.6144229118956999
-- $5 = 0.017453292519943295
-- $6 = 5.12
-- $7 = 0.008726646259971648
-- $8 = "{\"dahlia 28,295\",\"dahlia 28,296\",\"dahlia 29,295\",\"dahlia 29,296\",\"sunflower 28,295\",\"sunflower 28,296\",\"sunflower 29,295\",\"sunflower 29,296\"}"
-- $9 = "{dahlia,sunflower}"
-- $10 = 12756336
-- $11 = 52.09
-- $12 = 0.008726646259971648
-- $13 = 0.6144229118956999
-- $14 = 0.017453292519943295
-- $15 = 5.12
-- $16 = 0.008726646259971648
-- $17 = 10000
-- $18 = 2001
-- $19 = 2000
-- $20 = 21
-- $21 = 0

-- crops-near: the nearest walked first, where matches are common
with
  walked as materialized (
    select
      w.id,
      w.distance_m
    from
      (
        select
          m.id,
          (
            $1::float8 * asin(
              sqrt(
                power(sin((m.lat - $2::float8) * $3::float8), 2) + $4::float8 * cos(m.lat * $5::float8) * power(sin((m.lng - $6::float8) * $7::float8), 2)
              )
            )
          ) as distance_m,
          (
            (m.crops && $8::text[]) is true
            and (
              $9::float8 * asin(
                sqrt(
                  power(sin((m.lat - $10::float8) * $11::float8), 2) + $12::float8 * cos(m.lat * $13::float8) * power(sin((m.lng - $14::float8) * $15::float8), 2)
                )
              )
            ) <= $16::float8
          ) as ok
        from
          meadows m
        where
          earth_box (
            ll_to_earth ($17::float8, $18::float8),
            $19::float8
          ) @> ll_to_earth (m.lat, m.lng)
        order by
          ll_to_earth (m.lat, m.lng) <-> ll_to_earth ($20::float8, $21::float8)
        limit
          $22
      ) w
    where
      w.ok
    limit
      $23
  )
select
  m.id,
  m.name,
  m.city,
  m.country,
  m.price_text,
  m.price_amount,
  m.lat,
  m.lng,
  m.is_demo,
  m.created_at,
  m.crops,
  m.crop_months,
  m.hours_syntax,
  (
    select
      json_build_object(
        'keyPrefix',
        ph.key_prefix,
        'width',
        ph.width,
        'height',
        ph.height,
        'placeholder',
        ph.placeholder
      )
    from
      photos ph
    where
      ph.meadow_id = m.id
    order by
      ph.created_at,
      ph.id
    limit
      1
  ) as first_photo,
  w.distance_m
from
  walked w
  join meadows m on m.id = w.id
order by
  w.distance_m,
  w.id

-- $1 = 12756336
-- $2 = 52.09
-- $3 = 0.008726646259971648
-- $4 = 0.6144229118956999
-- $5 = 0.017453292519943295
-- $6 = 5.12
-- $7 = 0.008726646259971648
-- $8 = "{dahlia,sunflower}"
-- $9 = 12756336
-- $10 = 52.09
-- $11 = 0.008726646259971648
-- $12 = 0.6144229118956999
-- $13 = 0.017453292519943295
-- $14 = 5.12
-- $15 = 0.008726646259971648
-- $16 = 10000
-- $17 = 52.09
-- $18 = 5.12
-- $19 = 10000
-- $20 = 52.09
-- $21 = 5.12
-- $22 = 420
-- $23 = 21
