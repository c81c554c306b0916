-- radius-first: the page
with
  nearby as materialized (
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
      m.sort_name,
      m.search_text,
      m.crops,
      m.crop_months,
      m.season_mask,
      m.hours_syntax,
      m.open_minutes,
      m.closed_on_holidays,
      m.crop_seasons,
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
      earth_box (ll_to_earth ($8::float8, $9::float8), $10::float8) @> ll_to_earth (m.lat, m.lng)
      and (
        $11::float8 * asin(
          sqrt(
            power(sin((m.lat - $12::float8) * $13::float8), 2) + $14::float8 * cos(m.lat * $15::float8) * power(sin((m.lng - $16::float8) * $17::float8), 2)
          )
        )
      ) <= $18::float8
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
  m.distance_m,
  (
    select
      count(*)::int
    from
      (
        select
          1
        from
          nearby m
        limit
          $19
      ) as capped
  ) as matches
from
  nearby m
order by
  m.price_amount asc nulls last,
  m.id
limit
  $20
offset
  $21

-- $1 = 12756336
-- $2 = 52.09
-- $3 = 0.008726646259971648
-- $4 = 0.6144229118956999
-- $5 = 0.017453292519943295
-- $6 = 5.12
-- $7 = 0.008726646259971648
-- $8 = 52.09
-- $9 = 5.12
-- $10 = 25000
-- $11 = 12756336
-- $12 = 52.09
-- $13 = 0.008726646259971648
-- $14 = 0.6144229118956999
-- $15 = 0.017453292519943295
-- $16 = 5.12
-- $17 = 0.008726646259971648
-- $18 = 25000
-- $19 = 201
-- $20 = 21
-- $21 = 0

-- radius-first: the count past the last page
with
  nearby as materialized (
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
      m.sort_name,
      m.search_text,
      m.crops,
      m.crop_months,
      m.season_mask,
      m.hours_syntax,
      m.open_minutes,
      m.closed_on_holidays,
      m.crop_seasons,
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
      earth_box (ll_to_earth ($8::float8, $9::float8), $10::float8) @> ll_to_earth (m.lat, m.lng)
      and (
        $11::float8 * asin(
          sqrt(
            power(sin((m.lat - $12::float8) * $13::float8), 2) + $14::float8 * cos(m.lat * $15::float8) * power(sin((m.lng - $16::float8) * $17::float8), 2)
          )
        )
      ) <= $18::float8
  )
select
  (
    select
      count(*)::int
    from
      (
        select
          1
        from
          nearby m
        limit
          $19
      ) as capped
  )

-- $1 = 12756336
-- $2 = 52.09
-- $3 = 0.008726646259971648
-- $4 = 0.6144229118956999
-- $5 = 0.017453292519943295
-- $6 = 5.12
-- $7 = 0.008726646259971648
-- $8 = 52.09
-- $9 = 5.12
-- $10 = 25000
-- $11 = 12756336
-- $12 = 52.09
-- $13 = 0.008726646259971648
-- $14 = 0.6144229118956999
-- $15 = 0.017453292519943295
-- $16 = 5.12
-- $17 = 0.008726646259971648
-- $18 = 25000
-- $19 = 201
