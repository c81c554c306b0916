-- nearest, streamed: the page
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
    $1::float8 * asin(
      sqrt(
        power(sin((m.lat - $2::float8) * $3::float8), 2) + $4::float8 * cos(m.lat * $5::float8) * power(sin((m.lng - $6::float8) * $7::float8), 2)
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
            immutable_unaccent (lower($8::text))
          ) > 0
          and (
            point(m.lng, m.lat) <@ box(
              point($9::float8, $10::float8),
              point($11::float8, $12::float8)
            )
          )
          and (
            $13::float8 * asin(
              sqrt(
                power(sin((m.lat - $14::float8) * $15::float8), 2) + $16::float8 * cos(m.lat * $17::float8) * power(sin((m.lng - $18::float8) * $19::float8), 2)
              )
            )
          ) <= $20::float8
        limit
          $21
      ) as capped
  ) as matches
from
  meadows m
where
  strpos(
    m.search_text,
    immutable_unaccent (lower($22::text))
  ) > 0
  and earth_box (
    ll_to_earth ($23::float8, $24::float8),
    $25::float8
  ) @> ll_to_earth (m.lat, m.lng)
  and (
    $26::float8 * asin(
      sqrt(
        power(sin((m.lat - $27::float8) * $28::float8), 2) + $29::float8 * cos(m.lat * $30::float8) * power(sin((m.lng - $31::float8) * $32::float8), 2)
      )
    )
  ) <= $33::float8
order by
  ll_to_earth (m.lat, m.lng) <-> ll_to_earth ($34::float8, $35::float8)
limit
  $36
offset
  $37

-- $1 = 12756336
-- $2 = 52.09
-- $3 = 0.008726646259971648
-- $4 = 0.6144229118956999
-- $5 = 0.017453292519943295
-- $6 = 5.12
-- $7 = 0.008726646259971648
-- $8 = "tulp"
-- $9 = 4.754488438516704
-- $10 = 51.86542227027268
-- $11 = 5.485511561483296
-- $12 = 52.314577729727326
-- $13 = 12756336
-- $14 = 52.09
-- $15 = 0.008726646259971648
-- $16 = 0.6144229118956999
-- $17 = 0.017453292519943295
-- $18 = 5.12
-- $19 = 0.008726646259971648
-- $20 = 25000
-- $21 = 201
-- $22 = "tulp"
-- $23 = 52.09
-- $24 = 5.12
-- $25 = 25000
-- $26 = 12756336
-- $27 = 52.09
-- $28 = 0.008726646259971648
-- $29 = 0.6144229118956999
-- $30 = 0.017453292519943295
-- $31 = 5.12
-- $32 = 0.008726646259971648
-- $33 = 25000
-- $34 = 52.09
-- $35 = 5.12
-- $36 = 21
-- $37 = 0

-- nearest: the count past the last page
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
