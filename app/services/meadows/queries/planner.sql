-- planner: the page
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
      m.search_text like '%' || immutable_unaccent (lower($1::text)) || '%'
    order by
      m.sort_name,
      m.id
    limit
      $2
    offset
      $3
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
          meadows m
        where
          m.search_text like '%' || immutable_unaccent (lower($4::text)) || '%'
        limit
          $5
      ) as capped
  ) as matches
from
  page p
  join meadows m on m.id = p.id
order by
  p.ord

-- $1 = "tulp"
-- $2 = 21
-- $3 = 0
-- $4 = "tulp"
-- $5 = 201

-- planner: the count past the last page
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
          m.search_text like '%' || immutable_unaccent (lower($1::text)) || '%'
        limit
          $2
      ) as capped
  )

-- $1 = "tulp"
-- $2 = 201
