-- along-order, streamed: the page
with
  page as (
    select
      m.id,
      row_number() over (
        order by
          m.sort_name,
          m.id
      ) as ord
    from
      meadows m
    where
      strpos(
        m.search_text,
        immutable_unaccent (lower($1::text))
      ) > 0
      and (
        $2::float8 * asin(
          sqrt(
            power(sin((m.lat - $3::float8) * $4::float8), 2) + $5::float8 * cos(m.lat * $6::float8) * power(sin((m.lng - $7::float8) * $8::float8), 2)
          )
        )
      ) <= $9::float8
    order by
      m.sort_name,
      m.id
    limit
      $10
    offset
      $11
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
  (
    $12::float8 * asin(
      sqrt(
        power(sin((m.lat - $13::float8) * $14::float8), 2) + $15::float8 * cos(m.lat * $16::float8) * power(sin((m.lng - $17::float8) * $18::float8), 2)
      )
    )
  ) as distance_m,
  (
    select
      count(*)::int
    from
      (
        select
          1
        from
          meadows m
        where
          strpos(
            m.search_text,
            immutable_unaccent (lower($19::text))
          ) > 0
          and (
            point(m.lng, m.lat) <@ box(
              point($20::float8, $21::float8),
              point($22::float8, $23::float8)
            )
          )
          and (
            $24::float8 * asin(
              sqrt(
                power(sin((m.lat - $25::float8) * $26::float8), 2) + $27::float8 * cos(m.lat * $28::float8) * power(sin((m.lng - $29::float8) * $30::float8), 2)
              )
            )
          ) <= $31::float8
        limit
          $32
      ) as capped
  ) as matches
from
  page p
  join meadows m on m.id = p.id
order by
  p.ord

-- $1 = "tulp"
-- $2 = 12756336
-- $3 = 52.09
-- $4 = 0.008726646259971648
-- $5 = 0.6144229118956999
-- $6 = 0.017453292519943295
-- $7 = 5.12
-- $8 = 0.008726646259971648
-- $9 = 25000
-- $10 = 21
-- $11 = 0
-- $12 = 12756336
-- $13 = 52.09
-- $14 = 0.008726646259971648
-- $15 = 0.6144229118956999
-- $16 = 0.017453292519943295
-- $17 = 5.12
-- $18 = 0.008726646259971648
-- $19 = "tulp"
-- $20 = 4.754488438516704
-- $21 = 51.86542227027268
-- $22 = 5.485511561483296
-- $23 = 52.314577729727326
-- $24 = 12756336
-- $25 = 52.09
-- $26 = 0.008726646259971648
-- $27 = 0.6144229118956999
-- $28 = 0.017453292519943295
-- $29 = 5.12
-- $30 = 0.008726646259971648
-- $31 = 25000
-- $32 = 201

-- along-order: the count past the last page
select
  (
    select
      count(*)::int
    from
      (
        select
          1
        from
          meadows m
        where
          strpos(
            m.search_text,
            immutable_unaccent (lower($1::text))
          ) > 0
          and (
            point(m.lng, m.lat) <@ box(
              point($2::float8, $3::float8),
              point($4::float8, $5::float8)
            )
          )
          and (
            $6::float8 * asin(
              sqrt(
                power(sin((m.lat - $7::float8) * $8::float8), 2) + $9::float8 * cos(m.lat * $10::float8) * power(sin((m.lng - $11::float8) * $12::float8), 2)
              )
            )
          ) <= $13::float8
        limit
          $14
      ) as capped
  )

-- $1 = "tulp"
-- $2 = 4.754488438516704
-- $3 = 51.86542227027268
-- $4 = 5.485511561483296
-- $5 = 52.314577729727326
-- $6 = 12756336
-- $7 = 52.09
-- $8 = 0.008726646259971648
-- $9 = 0.6144229118956999
-- $10 = 0.017453292519943295
-- $11 = 5.12
-- $12 = 0.008726646259971648
-- $13 = 25000
-- $14 = 201
