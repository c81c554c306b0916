-- planner: the page
with
  page as (
    select
      m.id,
      row_number() over (
        order by
          m.created_at desc,
          m.id desc
      ) as ord
    from
      meadows m
    where
      m.crops && $1::text[]
    order by
      m.created_at desc,
      m.id desc
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
  $4::int as matches
from
  page p
  join meadows m on m.id = p.id
order by
  p.ord

-- $1 = "{dahlia}"
-- $2 = 21
-- $3 = 0
-- $4 = 201

-- planner: the count past the last page
select
  $1::int

-- $1 = 201
