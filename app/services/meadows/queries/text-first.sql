-- text-first: the page
with
  found as materialized (
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
      m.crop_seasons
    from
      meadows m
    where
      m.search_text like '%' || immutable_unaccent (lower($1::text)) || '%'
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
    select
      count(*)::int
    from
      (
        select
          1
        from
          found m
        limit
          $2
      ) as capped
  ) as matches
from
  found m
order by
  (
    strpos(
      split_part(m.search_text, chr(31), 1),
      immutable_unaccent (lower($3::text))
    ) > 0
  ) desc,
  m.sort_name,
  m.id
limit
  $4
offset
  $5

-- $1 = "kleinood"
-- $2 = 201
-- $3 = "kleinood"
-- $4 = 21
-- $5 = 0

-- text-first: the count past the last page
with
  found as materialized (
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
      m.crop_seasons
    from
      meadows m
    where
      m.search_text like '%' || immutable_unaccent (lower($1::text)) || '%'
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
          found m
        limit
          $2
      ) as capped
  )

-- $1 = "kleinood"
-- $2 = 201
